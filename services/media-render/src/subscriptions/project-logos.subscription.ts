// A project's logo is fetched when media-render learns of its URL: project.created and
// project.updated carry the branding's logo URL as committed. Its own consumer, so a slow logo
// server holds up no other view of projects.
import type { Subscription } from '@trainwright/platform';
import { ProjectChanged } from '@trainwright/proto/trainwright/events/v1/events';
import type { LogoDeps } from '../services/logos/deps.js';
import { learnProjectLogo } from '../services/logos/learn-project-logo.js';

export function projectLogosSubscription(deps: Pick<LogoDeps, 'logos'>): Subscription {
  return {
    name: 'media-project-logos',
    subject: 'project.*',
    handle: async (event) => {
      if (event.subject !== 'project.created' && event.subject !== 'project.updated') return;
      const e = ProjectChanged.decode(event.data);
      // An event from before the field says nothing about the logo: the first render or view fetches it.
      if (e.logoUrl === undefined) return;
      await learnProjectLogo(deps, { projectId: e.projectId, companyId: e.companyId, url: e.logoUrl });
    },
  };
}
