// Billing's scheduled upkeep (main.ts schedules it every BILLING_MAINTENANCE_EVERY_MS).
import { BILLING_MAINTENANCE_JOB, handleJob } from '@trainwright/platform';
import type { BillingDeps } from '../services/billing/deps.js';
import { runMaintenance } from '../services/billing/maintenance.js';

export function billingMaintenanceJob(deps: BillingDeps) {
  return handleJob(BILLING_MAINTENANCE_JOB, () => runMaintenance(deps));
}
