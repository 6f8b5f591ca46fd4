// A deleted project's packages and interactive video go with it.
import type { Subscription } from '@trainwright/platform';
import { ProjectChanged } from '@trainwright/proto/trainwright/events/v1/events';
import type { InteractiveOperations } from '../services/interactive/videos.js';
import type { PackageOperations } from '../services/packages.js';

export function projectDeletedSubscription(packages: Pick<PackageOperations, 'forgetProject'>, interactive: Pick<InteractiveOperations, 'forgetProject'>): Subscription {
  return {
    name: 'scorm-project-deleted',
    subject: 'project.deleted',
    handle: async (event) => {
      const { projectId } = ProjectChanged.decode(event.data);
      await packages.forgetProject(projectId);
      await interactive.forgetProject(projectId);
    },
  };
}
