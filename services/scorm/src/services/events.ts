// The scorm service's facts (PackageChanged), encoded for the outbox or the bus.
import { occurredNow, type OutboxEvent } from '@trainwright/platform';
import { PackageChanged } from '@trainwright/proto/trainwright/events/v1/events';
import type { PackageRecord } from './types.js';

export type PackageSubject = 'scorm.progress' | 'scorm.ready' | 'scorm.failed';

export function packageEvent(subject: PackageSubject, p: PackageRecord): OutboxEvent {
  return {
    subject,
    payload: PackageChanged.encode({
      packageId: p.id,
      projectId: p.projectId,
      companyId: p.companyId,
      status: p.status,
      progress: p.progress,
      error: p.error,
      occurredAt: occurredNow(),
    }).finish(),
  };
}
