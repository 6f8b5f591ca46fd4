import { COMMENT_MESSAGES, catalogueMessage } from '@trainwright/catalogue';
import { AppError, isUuid } from '@trainwright/platform';
import { loadProject } from '../projects/access.js';
import type { CommentDeps } from './deps.js';
import { commentChanged } from './events.js';

/** Deletes a comment of the caller's own (a thread's first comment takes its replies). */
export async function deleteComment(deps: CommentDeps, userId: string, input: { projectId: string; commentId: string }): Promise<void> {
  const { row, company } = await loadProject(deps, userId, input.projectId, 'project.comment');
  const comment = isUuid(input.commentId) ? await deps.comments.find(row.id, input.commentId) : undefined;
  if (!comment) throw AppError.notFound(catalogueMessage(COMMENT_MESSAGES, 'notFound'));
  if (comment.authorId !== userId) throw AppError.forbidden(catalogueMessage(COMMENT_MESSAGES, 'notYours'));
  if (!(await deps.comments.delete(row.id, comment.id, [commentChanged(company.companyId, comment, 'deleted')]))) throw AppError.notFound(catalogueMessage(COMMENT_MESSAGES, 'notFound'));
  deps.afterWrite();
}
