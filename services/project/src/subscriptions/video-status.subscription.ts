// media-render's pay-per-use narrated video (video.status_changed) kept on the project row, so
// GetProject and the list show it (video_status, video_progress, and a failure's video_error with
// its catalogue message). The gateway streams the same
// events to the browser itself.
import { messageFromProto, type Subscription } from '@trainwright/platform';
import { VideoStatusChanged } from '@trainwright/proto/trainwright/events/v1/events';
import { applyVideoStatus } from '../services/projects/apply-video-status.js';
import type { ProjectDeps } from '../services/projects/deps.js';

export function videoStatusSubscription(deps: Pick<ProjectDeps, 'projects'>): Subscription {
  return {
    name: 'project-video-status',
    subject: 'video.status_changed',
    handle: async (event) => {
      const e = VideoStatusChanged.decode(event.data);
      // The project row shows the project's own video; a translation's video (e.language) is not it.
      if (e.language) return;
      // Ordered by occurred_at: a redelivered or late event is a no-op.
      await applyVideoStatus(deps, {
        projectId: e.projectId,
        status: e.status,
        percent: e.percent,
        contentVersion: e.contentVersion,
        occurredAt: e.occurredAt,
        error: e.error,
        errorMessage: messageFromProto(e.errorMessage),
      });
    },
  };
}
