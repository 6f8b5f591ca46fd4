// The `analytics` queue's daily upkeep: this month's and the next two months' statement partitions
// exist before a statement needs them (a service that runs for months never writes into the
// default partition).
import { handleJob, XAPI_PARTITIONS_JOB } from '@trainwright/platform';
import type { XapiStatementRepository } from '../repositories/xapi-statement.repository.js';

export function xapiPartitionsJob(statements: Pick<XapiStatementRepository, 'ensurePartitions'>) {
  return handleJob(XAPI_PARTITIONS_JOB, async () => {
    await statements.ensurePartitions(new Date());
  });
}
