// The view downloads read of each project, kept from the project service's events: created and
// updated carry the project as committed, status_changed its status, deleted leaves a tombstone.
// One consumer of project.* keeps the project's events in the order they were published.
import type { Subscription } from '@trainwright/platform';
import { ProjectChanged, ProjectStatusChanged } from '@trainwright/proto/trainwright/events/v1/events';
import type { DownloadDeps } from '../services/downloads/deps.js';
import { applyProjectChange, markProjectDeleted } from '../services/downloads/project-changes.js';

/** occurred_at (RFC 3339, microseconds or fewer digits) as microseconds since the epoch; 0 when unreadable. */
export function microsOf(occurredAt: string): number {
  const m = /^(.*T\d{2}:\d{2}:\d{2})(?:\.(\d+))?(Z|[+-]\d{2}:\d{2})$/.exec(occurredAt);
  if (!m) return 0;
  const seconds = Date.parse(`${m[1]}${m[3]}`);
  if (Number.isNaN(seconds)) return 0;
  return seconds * 1000 + Number((m[2] ?? '').padEnd(6, '0').slice(0, 6));
}

export function projectViewsSubscription(deps: Pick<DownloadDeps, 'views'>): Subscription {
  return {
    name: 'media-project-views',
    subject: 'project.*',
    handle: async (event) => {
      if (event.subject === 'project.status_changed') {
        const e = ProjectStatusChanged.decode(event.data);
        await applyProjectChange(deps, { projectId: e.projectId, companyId: e.companyId, at: microsOf(e.occurredAt), status: e.status });
        return;
      }
      if (event.subject !== 'project.created' && event.subject !== 'project.updated' && event.subject !== 'project.deleted') return;
      const e = ProjectChanged.decode(event.data);
      if (event.subject === 'project.deleted') return markProjectDeleted(deps, e.projectId, e.companyId);
      // An event from before the view's fields tells nothing to keep: a miss asks the project service.
      if (e.contentVersion < 1) return;
      await applyProjectChange(deps, {
        projectId: e.projectId,
        companyId: e.companyId,
        at: microsOf(e.occurredAt),
        state: { status: e.status, visualFormat: e.visualFormat, hasContent: e.hasContent, contentVersion: e.contentVersion },
        title: e.title,
      });
    },
  };
}
