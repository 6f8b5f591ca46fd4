// A project's comment threads (docs/teams.md): read by its members; written, replied to, resolved
// and reopened by Commenters and up; a comment deleted by its author. The project service decides.
import { Type } from 'typebox';
import { COMMENT_ANCHORS, COMMENT_LIMITS } from '@trainwright/catalogue';
import type { Comment } from '@trainwright/proto/trainwright/project/v1/project';
import type { GatewayContext } from '../../context.js';
import { Str, errorResponses } from '../../schemas/common.js';
import { signedIn } from '../../lib/signed-in.js';

const ProjectParams = Type.Object({ id: Str(100) });
const CommentParams = Type.Object({ id: Str(100), commentId: Str(100) });
const Anchor = Type.Object(
  {
    kind: Type.Union(COMMENT_ANCHORS.map((k) => Type.Literal(k))),
    slide: Type.Optional(Type.Integer({ minimum: 1, maximum: COMMENT_LIMITS.slide })),
    seconds: Type.Optional(Type.Number({ minimum: 0, maximum: COMMENT_LIMITS.seconds })),
  },
  { additionalProperties: false },
);
const AddBody = Type.Object(
  {
    body: Str(COMMENT_LIMITS.body * 2),
    thread_id: Type.Optional(Str(100)),
    anchor: Type.Optional(Anchor),
    mentions: Type.Optional(Type.Array(Str(100), { maxItems: COMMENT_LIMITS.mentions * 2 })),
  },
  { additionalProperties: false },
);
const ResolveBody = Type.Object({ resolved: Type.Boolean() }, { additionalProperties: false });

const CommentJson = Type.Object({
  id: Type.String(),
  project_id: Type.String(),
  thread_id: Type.Union([Type.String(), Type.Null()]),
  author_id: Type.String(),
  author_name: Type.String(),
  body: Type.String(),
  mentions: Type.Array(Type.String()),
  anchor: Type.Object({ kind: Type.String(), slide: Type.Union([Type.Integer(), Type.Null()]), seconds: Type.Union([Type.Number(), Type.Null()]) }),
  resolved_at: Type.Union([Type.String(), Type.Null()]),
  resolved_by: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String(),
});
const ThreadsJson = Type.Object({ threads: Type.Array(Type.Object({ comment: CommentJson, replies: Type.Array(CommentJson) })) });

const commentJson = (c: Comment) => ({
  id: c.id,
  project_id: c.projectId,
  thread_id: c.threadId || null,
  author_id: c.authorId,
  author_name: c.authorName,
  body: c.body,
  mentions: c.mentions,
  anchor: {
    kind: c.anchor?.kind ?? 'project',
    slide: c.anchor?.kind === 'slide' ? c.anchor.slide : null,
    seconds: c.anchor?.kind === 'video' ? c.anchor.seconds : null,
  },
  resolved_at: c.resolvedAt || null,
  resolved_by: c.resolvedBy || null,
  created_at: c.createdAt,
});

export function commentRoutes({ app, clients }: GatewayContext) {
  app.get(
    '/api/projects/:id/comments',
    { schema: { tags: ['projects'], summary: "A project's comment threads, oldest first", params: ProjectParams, response: { 200: ThreadsJson, ...errorResponses } } },
    async (request) => {
      const { userId, call } = signedIn(request);
      const { id } = request.params as Type.Static<typeof ProjectParams>;
      const answer = await clients.project.listComments({ userId, projectId: id }, call);
      return { threads: answer.threads.map((t) => ({ comment: commentJson(t.comment!), replies: t.replies.map(commentJson) })) };
    },
  );

  app.post(
    '/api/projects/:id/comments',
    {
      schema: {
        tags: ['projects'],
        summary: 'Comment on the project, a slide or a moment of its video, or reply to a thread (Commenters and up)',
        params: ProjectParams,
        body: AddBody,
        response: { 201: CommentJson, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { userId, call } = signedIn(request);
      const { id } = request.params as Type.Static<typeof ProjectParams>;
      const b = request.body as Type.Static<typeof AddBody>;
      // The author's name as auth knows the caller (kept with the comment).
      const me = await clients.auth.getMe({ userId }, call);
      const comment = await clients.project.addComment(
        {
          userId,
          projectId: id,
          body: b.body,
          threadId: b.thread_id ?? '',
          anchor: { kind: b.anchor?.kind ?? 'project', slide: b.anchor?.slide ?? 0, seconds: b.anchor?.seconds ?? 0 },
          mentions: b.mentions ?? [],
          authorName: me.name,
        },
        call,
      );
      return reply.status(201).send(commentJson(comment));
    },
  );

  app.patch(
    '/api/projects/:id/comments/:commentId',
    { schema: { tags: ['projects'], summary: 'Resolve or reopen the thread of a comment', params: CommentParams, body: ResolveBody, response: { 200: CommentJson, ...errorResponses } } },
    async (request) => {
      const { userId, call } = signedIn(request);
      const p = request.params as Type.Static<typeof CommentParams>;
      const b = request.body as Type.Static<typeof ResolveBody>;
      return commentJson(await clients.project.resolveThread({ userId, projectId: p.id, commentId: p.commentId, resolved: b.resolved }, call));
    },
  );

  app.delete(
    '/api/projects/:id/comments/:commentId',
    { schema: { tags: ['projects'], summary: 'Delete your own comment (a thread takes its replies)', params: CommentParams, response: { 204: Type.Null(), ...errorResponses } } },
    async (request, reply) => {
      const { userId, call } = signedIn(request);
      const p = request.params as Type.Static<typeof CommentParams>;
      await clients.project.deleteComment({ userId, projectId: p.id, commentId: p.commentId }, call);
      return reply.status(204).send();
    },
  );
}
