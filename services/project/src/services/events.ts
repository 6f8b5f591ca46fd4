// The project service's facts, encoded as their proto messages for the outbox.
import { ProjectChanged, ProjectStatusChanged } from '@trainwright/proto/trainwright/events/v1/events';
import type { OutboxEvent } from '@trainwright/platform';

const now = () => new Date().toISOString();

export const projectEvents = {
  changed: (
    subject: 'project.created' | 'project.updated' | 'project.deleted',
    e: { projectId: string; companyId: string; ownerUserId: string; countsTowardLimit?: boolean },
  ): OutboxEvent => ({
    subject,
    payload: ProjectChanged.encode({ ...e, countsTowardLimit: e.countsTowardLimit ?? true, occurredAt: now() }).finish(),
  }),
  statusChanged: (e: { projectId: string; companyId: string; status: string; progress: Record<string, number>; error: string }): OutboxEvent => ({
    subject: 'project.status_changed',
    payload: ProjectStatusChanged.encode({ ...e, occurredAt: now() }).finish(),
  }),
};
