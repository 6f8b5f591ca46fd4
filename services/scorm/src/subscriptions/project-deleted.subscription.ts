// A deleted project's packages and interactive video go with it, and its senders' LRS credentials
// stop working (its statements stay: the company's learner history).
import type { Subscription } from '@trainwright/platform';
import { ProjectChanged } from '@trainwright/proto/trainwright/events/v1/events';
import type { InteractiveDeps } from '../services/interactive/deps.js';
import { forgetProjectInteractiveVideo } from '../services/interactive/forget-project-interactive-video.js';
import type { PackageDeps } from '../services/packages/deps.js';
import { forgetProjectPackages } from '../services/packages/forget-project-packages.js';
import type { SenderCredentials } from '../services/xapi/sender-credentials.js';

export function projectDeletedSubscription(deps: { packages: Pick<PackageDeps, 'store' | 'assembler'>; interactive: Pick<InteractiveDeps, 'store' | 'media'>; senders: Pick<SenderCredentials, 'forgetProject'> }): Subscription {
  return {
    name: 'scorm-project-deleted',
    subject: 'project.deleted',
    handle: async (event) => {
      const { projectId } = ProjectChanged.decode(event.data);
      await forgetProjectPackages(deps.packages, projectId);
      await forgetProjectInteractiveVideo(deps.interactive, projectId);
      await deps.senders.forgetProject(projectId);
    },
  };
}
