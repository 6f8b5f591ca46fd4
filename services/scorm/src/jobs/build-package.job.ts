// The `scorm` queue's job: one package built from its project's current content. A service away
// is retried with backoff; the last attempt's failure (or any refusal) is the package's.
import { BUILD_SCORM_PACKAGE_JOB, handleJob, JobError } from '@trainwright/platform';
import { BuildError, type PackageOperations } from '../services/packages.js';

export function buildPackageJob(deps: { packages: Pick<PackageOperations, 'build' | 'abandon'> }) {
  return handleJob(
    BUILD_SCORM_PACKAGE_JOB,
    async ({ packageId }, job) => {
      try {
        return await deps.packages.build(packageId, { last: job.attempt >= job.maxAttempts });
      } catch (error) {
        if (error instanceof BuildError && !error.retryable) throw new JobError(error.message);
        throw error;
      }
    },
    { abandoned: async ({ packageId }) => deps.packages.abandon(packageId) },
  );
}
