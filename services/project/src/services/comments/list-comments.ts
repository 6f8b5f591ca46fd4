// A project's comment threads (docs/teams.md): read by any member (project.read); written, replied
// to, resolved and reopened by Commenters and up (project.comment); a comment deleted by its author.
import { loadProject } from '../projects/access.js';
import type { CommentDeps, CommentRow } from './deps.js';

export interface CommentThread {
  comment: CommentRow;
  replies: CommentRow[];
}

/** The project's threads, oldest first, each with its replies (oldest first). */
export async function listComments(deps: CommentDeps, userId: string, projectId: string): Promise<CommentThread[]> {
  await loadProject(deps, userId, projectId, 'project.read');
  const rows = await deps.comments.list(projectId);
  const threads = new Map<string, CommentThread>();
  for (const row of rows) if (!row.threadId) threads.set(row.id, { comment: row, replies: [] });
  for (const row of rows) if (row.threadId) threads.get(row.threadId)?.replies.push(row);
  return [...threads.values()];
}

