// A project that completed or failed is delivered to its company's integrations.
import type { Subscription } from '@trainwright/platform';
import { ProjectStatusChanged } from '@trainwright/proto/trainwright/events/v1/events';
import type { IntegrationDeps } from '../services/deps.js';
import { deliverFact } from '../services/deliveries.js';
import { projectStatusFact } from '../services/facts.js';

export function projectStatusSubscription(deps: IntegrationDeps, webUrl: string): Subscription {
  return {
    name: 'integration-project-status',
    subject: 'project.status_changed',
    handle: async (event) => {
      const fact = projectStatusFact(event.id, ProjectStatusChanged.decode(event.data), webUrl);
      if (fact) await deliverFact(deps, fact);
    },
  };
}
