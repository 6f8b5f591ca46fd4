// A project's comment changes on the bus: project.comment_changed, written with the change.
import { occurredNow, type OutboxEvent } from '@trainwright/platform';
import { CommentChanged } from '@trainwright/proto/trainwright/events/v1/events';
import type { CommentRow } from './deps.js';

export type CommentChange = 'added' | 'resolved' | 'reopened' | 'deleted';

/** How much of a comment's text an added comment's event carries (the mention email quotes it). */
export const EXCERPT_CHARS = 300;

/** `added`: the new comment with its project's title, for the members it mentions (auth emails them). */
export function commentChanged(
  companyId: string,
  c: Pick<CommentRow, 'id' | 'projectId' | 'threadId'>,
  change: CommentChange,
  added?: { comment: Pick<CommentRow, 'mentions' | 'authorId' | 'authorName' | 'body'>; projectTitle: string },
): OutboxEvent {
  const mention = added
    ? { mentions: added.comment.mentions, authorId: added.comment.authorId, authorName: added.comment.authorName, excerpt: [...added.comment.body].slice(0, EXCERPT_CHARS).join(''), projectTitle: added.projectTitle }
    : {};
  return {
    subject: 'project.comment_changed',
    payload: CommentChanged.encode(CommentChanged.fromPartial({ projectId: c.projectId, companyId, commentId: c.id, threadId: c.threadId ?? '', change, occurredAt: occurredNow(), ...mention })).finish(),
  };
}
