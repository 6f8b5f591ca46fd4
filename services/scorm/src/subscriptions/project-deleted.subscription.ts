// A deleted project's packages go with it.
import type { Subscription } from '@trainwright/platform';
import { ProjectChanged } from '@trainwright/proto/trainwright/events/v1/events';
import type { PackageOperations } from '../services/packages.js';

export function projectDeletedSubscription(packages: Pick<PackageOperations, 'forgetProject'>): Subscription {
  return {
    name: 'scorm-project-deleted',
    subject: 'project.deleted',
    handle: async (event) => packages.forgetProject(ProjectChanged.decode(event.data).projectId),
  };
}
