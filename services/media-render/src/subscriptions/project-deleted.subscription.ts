// A deleted project's rendered files go with it.
import type { Subscription } from '@trainwright/platform';
import { ProjectChanged } from '@trainwright/proto/trainwright/events/v1/events';
import type { RenderService } from '../services/render.service.js';

export function projectDeletedSubscription(renders: Pick<RenderService, 'forgetProject'>): Subscription {
  return {
    name: 'media-project-deleted',
    subject: 'project.deleted',
    handle: async (event) => renders.forgetProject(ProjectChanged.decode(event.data).projectId),
  };
}
