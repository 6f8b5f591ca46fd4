// A deleted project's rendered files and kept logos go with it.
import type { Subscription } from '@trainwright/platform';
import { ProjectChanged } from '@trainwright/proto/trainwright/events/v1/events';
import type { LogoDeps } from '../services/logos/deps.js';
import { forgetProjectLogos } from '../services/logos/forget-project-logos.js';
import type { RenderDeps } from '../services/renders/deps.js';
import { forgetProjectRenders } from '../services/renders/forget-renders.js';

export function projectDeletedSubscription(renders: Pick<RenderDeps, 'files' | 'storage'>, logos: Pick<LogoDeps, 'logos'>): Subscription {
  return {
    name: 'media-project-deleted',
    subject: 'project.deleted',
    handle: async (event) => {
      const { projectId } = ProjectChanged.decode(event.data);
      await forgetProjectRenders(renders, projectId);
      await forgetProjectLogos(logos, projectId);
    },
  };
}
