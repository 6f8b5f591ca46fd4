// The project service's events: titles learned from project.created and project.updated (and
// forgotten on project.deleted), so messages name projects; a project that completed or failed is
// delivered to its company's integrations. One consumer, so a title is known before the project's
// later events are delivered.
import type { Subscription } from '@trainwright/platform';
import { ProjectChanged, ProjectStatusChanged } from '@trainwright/proto/trainwright/events/v1/events';
import type { IntegrationDeps } from '../services/deps.js';
import { deliverFact } from '../services/deliveries.js';
import { projectStatusFact } from '../services/facts.js';

export function projectsSubscription(deps: IntegrationDeps): Subscription {
  return {
    name: 'integration-projects',
    subject: 'project.*',
    handle: async (event) => {
      if (event.subject === 'project.created' || event.subject === 'project.updated') {
        const e = ProjectChanged.decode(event.data);
        if (e.title !== undefined) await deps.titles.learn({ projectId: e.projectId, companyId: e.companyId, title: e.title, occurredAt: e.occurredAt });
      } else if (event.subject === 'project.deleted') {
        await deps.titles.forget(ProjectChanged.decode(event.data).projectId);
      } else if (event.subject === 'project.status_changed') {
        const e = ProjectStatusChanged.decode(event.data);
        const fact = projectStatusFact(deps.options, event.id, e, await deps.titles.titleOf(e.projectId));
        if (fact) await deliverFact(deps, fact);
      }
    },
  };
}
