// The `scorm` queue's job: one package built from its project's current content. A service away
// is retried with backoff; a BuildError that is not retryable (the last attempt's failure, or a
// refusal) ends it at once and is the package's.
import { BUILD_SCORM_PACKAGE_JOB, handleJob } from '@trainwright/platform';
import { abandonPackage } from '../services/packages/abandon-package.js';
import { buildQueuedPackage } from '../services/packages/build-queued-package.js';
import type { PackageDeps } from '../services/packages/deps.js';

export function buildPackageJob(deps: PackageDeps) {
  return handleJob(BUILD_SCORM_PACKAGE_JOB, async ({ packageId }, job) => buildQueuedPackage(deps, packageId, { last: job.attempt >= job.maxAttempts }), {
    abandoned: async ({ packageId }) => abandonPackage(deps, packageId),
  });
}
