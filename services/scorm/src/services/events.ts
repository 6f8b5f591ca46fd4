// The scorm service's facts (PackageChanged, InteractiveVideoChanged), encoded for the outbox or the bus.
import { messageToProto, occurredNow, type OutboxEvent } from '@trainwright/platform';
import { InteractiveVideoChanged, PackageChanged } from '@trainwright/proto/trainwright/events/v1/events';
import type { InteractiveVideoRecord } from './interactive/types.js';
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
      errorMessage: messageToProto(p.errorMessage),
      occurredAt: occurredNow(),
    }).finish(),
  };
}

export type InteractiveVideoSubject = 'interactive_video.progress' | 'interactive_video.ready' | 'interactive_video.failed';

/** The state of a video's current version. */
export function interactiveVideoEvent(subject: InteractiveVideoSubject, v: InteractiveVideoRecord): OutboxEvent {
  return {
    subject,
    payload: InteractiveVideoChanged.encode({
      interactiveVideoId: v.id,
      projectId: v.projectId,
      companyId: v.companyId,
      version: v.currentVersion,
      status: v.status,
      progress: v.progress,
      error: v.error,
      errorMessage: messageToProto(v.errorMessage),
      occurredAt: occurredNow(),
    }).finish(),
  };
}
