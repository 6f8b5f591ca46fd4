// A project's comment changes on the bus: project.comment_changed, written with the change.
import { occurredNow, type OutboxEvent } from '@trainwright/platform';
import { CommentChanged } from '@trainwright/proto/trainwright/events/v1/events';
import type { CommentRow } from './deps.js';

export type CommentChange = 'added' | 'resolved' | 'reopened' | 'deleted';

export function commentChanged(companyId: string, c: Pick<CommentRow, 'id' | 'projectId' | 'threadId'>, change: CommentChange): OutboxEvent {
  return {
    subject: 'project.comment_changed',
    payload: CommentChanged.encode({ projectId: c.projectId, companyId, commentId: c.id, threadId: c.threadId ?? '', change, occurredAt: occurredNow() }).finish(),
  };
}
