// The `integration` queue's job: one attempt of a delivery (services/deliveries.ts).
import { DELIVER_INTEGRATION_EVENT_JOB, handleJob } from '@trainwright/platform';
import type { IntegrationDeps } from '../services/deps.js';
import { attemptDelivery } from '../services/deliveries.js';

export function deliverJob(deps: IntegrationDeps) {
  return handleJob(DELIVER_INTEGRATION_EVENT_JOB, async (payload) => {
    const outcome = await attemptDelivery(deps, payload);
    return outcome ? { status: outcome.responseStatus, ok: outcome.ok } : { skipped: true };
  });
}
