// A deleted project's rendered files and kept logos go with it.
import type { Subscription } from '@trainwright/platform';
import { ProjectChanged } from '@trainwright/proto/trainwright/events/v1/events';
import type { LogoService } from '../services/logo.service.js';
import type { RenderService } from '../services/render.service.js';

export function projectDeletedSubscription(renders: Pick<RenderService, 'forgetProject'>, logos: Pick<LogoService, 'forgetProject'>): Subscription {
  return {
    name: 'media-project-deleted',
    subject: 'project.deleted',
    handle: async (event) => {
      const { projectId } = ProjectChanged.decode(event.data);
      await renders.forgetProject(projectId);
      await logos.forgetProject(projectId);
    },
  };
}
