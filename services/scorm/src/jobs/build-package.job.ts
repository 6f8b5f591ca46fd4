// The `scorm` queue's job: one package built from its project's current content. A service away
// is retried with backoff; a BuildError that is not retryable (the last attempt's failure, or a
// refusal) ends it at once and is the package's.
import { BUILD_SCORM_PACKAGE_JOB, handleJob } from '@trainwright/platform';
import type { PackageOperations } from '../services/packages.js';

export function buildPackageJob(deps: { packages: Pick<PackageOperations, 'build' | 'abandon'> }) {
  return handleJob(BUILD_SCORM_PACKAGE_JOB, async ({ packageId }, job) => deps.packages.build(packageId, { last: job.attempt >= job.maxAttempts }), {
    abandoned: async ({ packageId }) => deps.packages.abandon(packageId),
  });
}
