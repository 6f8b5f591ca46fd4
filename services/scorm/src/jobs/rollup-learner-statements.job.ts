// The `analytics` queue's job: a company's new learner statements read into sessions and answers.
import { handleJob, ROLLUP_LEARNER_STATEMENTS_JOB } from '@trainwright/platform';
import { rollupCompany, type RollupDeps } from '../services/analytics/rollup.js';

export function rollupLearnerStatementsJob(deps: RollupDeps) {
  return handleJob(ROLLUP_LEARNER_STATEMENTS_JOB, async ({ companyId }) => {
    await rollupCompany(deps, companyId);
  });
}
