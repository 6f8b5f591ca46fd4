// Transport of the comment methods of ProjectService: proto <-> domain, and their lines of the
// access table.
import type { AccessTable, UnaryHandlers } from '@trainwright/platform';
import type { Comment, ProjectServiceService } from '@trainwright/proto/trainwright/project/v1/project';
import { addComment } from '../services/comments/add-comment.js';
import { deleteComment } from '../services/comments/delete-comment.js';
import type { CommentDeps, CommentRow } from '../services/comments/deps.js';
import { listComments } from '../services/comments/list-comments.js';
import { resolveThread } from '../services/comments/resolve-thread.js';

type CommentMethods = Pick<typeof ProjectServiceService, 'listComments' | 'addComment' | 'resolveThread' | 'deleteComment'>;

export const commentAccess: AccessTable<CommentMethods> = {
  listComments: { action: 'project.read' },
  addComment: { action: 'project.comment' },
  resolveThread: { action: 'project.comment' },
  deleteComment: { action: 'project.comment' },
};

export function toProtoComment(c: CommentRow): Comment {
  return {
    id: c.id,
    projectId: c.projectId,
    threadId: c.threadId ?? '',
    authorId: c.authorId,
    authorName: c.authorName,
    body: c.body,
    mentions: c.mentions,
    anchor: { kind: c.anchor.kind, slide: c.anchor.slide ?? 0, seconds: c.anchor.seconds ?? 0 },
    resolvedAt: c.resolvedAt?.toISOString() ?? '',
    resolvedBy: c.resolvedBy ?? '',
    createdAt: c.createdAt.toISOString(),
  };
}

export function createCommentHandlers(deps: CommentDeps): UnaryHandlers<CommentMethods> {
  return {
    listComments: async (req) => ({
      threads: (await listComments(deps, req.userId, req.projectId)).map((t) => ({ comment: toProtoComment(t.comment), replies: t.replies.map(toProtoComment) })),
    }),
    addComment: async (req) =>
      toProtoComment(
        await addComment(deps, req.userId, {
          projectId: req.projectId,
          body: req.body,
          threadId: req.threadId,
          anchor: { kind: req.anchor?.kind ?? '', slide: req.anchor?.slide ?? 0, seconds: req.anchor?.seconds ?? 0 },
          mentions: req.mentions,
          authorName: req.authorName,
        }),
      ),
    resolveThread: async (req) => toProtoComment(await resolveThread(deps, req.userId, { projectId: req.projectId, commentId: req.commentId, resolved: req.resolved })),
    deleteComment: async (req) => {
      await deleteComment(deps, req.userId, { projectId: req.projectId, commentId: req.commentId });
      return {};
    },
  };
}
