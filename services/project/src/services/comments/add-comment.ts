import { COMMENT_ANCHORS, COMMENT_LIMITS, COMMENT_MESSAGES, catalogueMessage, type CommentAnchorKind } from '@trainwright/catalogue';
import { AppError, isUuid } from '@trainwright/platform';
import { loadProject } from '../projects/access.js';
import type { CommentAnchor, CommentDeps, CommentRow } from './deps.js';
import { commentChanged } from './events.js';

function anchorOf(input: { kind: string; slide: number; seconds: number }): CommentAnchor {
  const kind = input.kind || 'project';
  const invalid = () => AppError.validation('anchor', catalogueMessage(COMMENT_MESSAGES, 'anchorInvalid'));
  if (!(COMMENT_ANCHORS as readonly string[]).includes(kind)) throw invalid();
  if (kind === 'slide') {
    if (!Number.isInteger(input.slide) || input.slide < 1 || input.slide > COMMENT_LIMITS.slide) throw invalid();
    return { kind, slide: input.slide, seconds: null };
  }
  if (kind === 'video') {
    if (!Number.isFinite(input.seconds) || input.seconds < 0 || input.seconds > COMMENT_LIMITS.seconds) throw invalid();
    return { kind, slide: null, seconds: Math.round(input.seconds * 1000) / 1000 };
  }
  return { kind: kind as CommentAnchorKind, slide: null, seconds: null };
}

/** Starts a thread at its anchor, or replies to one (`threadId`), mentioning members of the company. */
export async function addComment(
  deps: CommentDeps,
  userId: string,
  input: { projectId: string; body: string; threadId: string; anchor: { kind: string; slide: number; seconds: number }; mentions: string[]; authorName: string },
): Promise<CommentRow> {
  const { row, company } = await loadProject(deps, userId, input.projectId, 'project.comment');
  const body = input.body.trim();
  if (!body) throw AppError.validation('body', catalogueMessage(COMMENT_MESSAGES, 'bodyRequired'));
  if (body.length > COMMENT_LIMITS.body) throw AppError.validation('body', catalogueMessage(COMMENT_MESSAGES, 'bodyTooLong', COMMENT_LIMITS.body));
  const mentions = [...new Set(input.mentions)];
  if (mentions.length > COMMENT_LIMITS.mentions) throw AppError.validation('mentions', catalogueMessage(COMMENT_MESSAGES, 'tooManyMentions', COMMENT_LIMITS.mentions));
  for (const mentioned of mentions) {
    if (!isUuid(mentioned) || !(await deps.members.find(mentioned, company.companyId))) throw AppError.validation('mentions', catalogueMessage(COMMENT_MESSAGES, 'mentionNotMember'));
  }
  const threadId = input.threadId || null;
  if (threadId && !isUuid(threadId)) throw AppError.notFound(catalogueMessage(COMMENT_MESSAGES, 'threadNotFound'));
  // A reply sits where its thread does.
  const anchor = threadId ? { kind: 'project' as const, slide: null, seconds: null } : anchorOf(input.anchor);
  const outcome = await deps.comments.add(
    { projectId: row.id, threadId, authorId: userId, authorName: input.authorName.trim().slice(0, 200), body, mentions, anchor },
    { threads: COMMENT_LIMITS.threads, replies: COMMENT_LIMITS.replies },
    (comment) => [commentChanged(company.companyId, comment, 'added', { comment, projectTitle: row.title })],
  );
  if (outcome.kind === 'no_thread') throw AppError.notFound(catalogueMessage(COMMENT_MESSAGES, 'threadNotFound'));
  if (outcome.kind === 'too_many_threads') throw new AppError('PLAN_LIMIT_REACHED', catalogueMessage(COMMENT_MESSAGES, 'tooManyThreads', COMMENT_LIMITS.threads));
  if (outcome.kind === 'too_many_replies') throw new AppError('PLAN_LIMIT_REACHED', catalogueMessage(COMMENT_MESSAGES, 'tooManyReplies', COMMENT_LIMITS.replies));
  deps.afterWrite();
  return outcome.comment;
}

