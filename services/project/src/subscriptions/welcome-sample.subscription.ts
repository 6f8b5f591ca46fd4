// Every new account starts with the completed "Welcome Training" sample in its company.
import type { Logger, Subscription } from '@trainwright/platform';
import { UserRegistered } from '@trainwright/proto/trainwright/events/v1/events';
import { createWelcomeSample } from '../services/projects/create-welcome-sample.js';
import type { ProjectDeps } from '../services/projects/deps.js';

export function welcomeSampleSubscription(deps: ProjectDeps, logger: Logger): Subscription {
  return {
    name: 'project-welcome-sample',
    subject: 'user.registered',
    handle: async (event) => {
      const e = UserRegistered.decode(event.data);
      const outcome = await createWelcomeSample(deps, { eventId: event.id, redelivered: event.redelivered, userId: e.userId, companyId: e.companyId });
      if (outcome === 'refused') logger.warn({ userId: e.userId }, 'welcome sample not created');
    },
  };
}
