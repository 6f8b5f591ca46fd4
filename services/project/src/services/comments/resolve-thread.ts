import { COMMENT_MESSAGES, catalogueMessage } from '@trainwright/catalogue';
import { AppError, isUuid } from '@trainwright/platform';
import { loadProject } from '../projects/access.js';
import type { CommentDeps, CommentRow } from './deps.js';
import { commentChanged } from './events.js';

/** Resolves or reopens the thread `commentId` starts (or, for a reply, the thread it belongs to). */
export async function resolveThread(deps: CommentDeps, userId: string, input: { projectId: string; commentId: string; resolved: boolean }): Promise<CommentRow> {
  const { row, company } = await loadProject(deps, userId, input.projectId, 'project.comment');
  const comment = isUuid(input.commentId) ? await deps.comments.find(row.id, input.commentId) : undefined;
  if (!comment) throw AppError.notFound(catalogueMessage(COMMENT_MESSAGES, 'notFound'));
  const threadId = comment.threadId ?? comment.id;
  const first = { id: threadId, projectId: row.id, threadId: null };
  const resolved = await deps.comments.resolve(row.id, threadId, input.resolved ? userId : null, deps.clock(), [commentChanged(company.companyId, first, input.resolved ? 'resolved' : 'reopened')]);
  if (!resolved) throw AppError.notFound(catalogueMessage(COMMENT_MESSAGES, 'notFound'));
  deps.afterWrite();
  return resolved;
}

