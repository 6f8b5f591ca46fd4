// media-render's video.status_changed applied to the project: the pay-per-use narrated video's
// status and percent (and, when it failed, why: video_error and its catalogue message), in the order the events were decided (occurred_at, microseconds), and only
// for the project's current content version or a newer one; an older event changes nothing. An
// edit that makes a new version resets the status to '' (update-project.ts): its render decides again.
import type { MessageRef } from '@trainwright/platform';
import type { ProjectDeps } from './deps.js';

export const VIDEO_STATUSES = ['payment_required', 'queued', 'rendering', 'ready', 'failed'] as const;
export type VideoStatus = (typeof VIDEO_STATUSES)[number];

export interface VideoStatusEvent {
  projectId: string;
  status: string;
  percent: number;
  contentVersion: number;
  /** RFC 3339 with microseconds. */
  occurredAt: string;
  /** failed: why (the payment's reason, safe to show) and the catalogue message it is, when it is one. */
  error?: string;
  errorMessage?: MessageRef | null;
}

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/;

/** True when the status was written (false: unknown status, no such project, a newer version or a newer event). */
export async function applyVideoStatus(deps: Pick<ProjectDeps, 'projects'>, event: VideoStatusEvent): Promise<boolean> {
  if (!(VIDEO_STATUSES as readonly string[]).includes(event.status) || !RFC3339.test(event.occurredAt)) return false;
  const status = event.status as VideoStatus;
  const percent = status === 'ready' ? 100 : status === 'rendering' ? Math.max(0, Math.min(100, Math.round(event.percent))) : 0;
  // Kept only with 'failed' (video_error, video_error_message): any other status clears them.
  const failed = status === 'failed';
  return deps.projects.applyVideoStatus({
    projectId: event.projectId,
    status,
    percent,
    contentVersion: event.contentVersion,
    at: event.occurredAt,
    error: failed ? (event.error ?? '') : '',
    errorMessage: failed ? (event.errorMessage ?? null) : null,
  });
}
