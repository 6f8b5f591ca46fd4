// Billing's scheduled upkeep (main.ts schedules it every BILLING_MAINTENANCE_EVERY_MS).
import { BILLING_MAINTENANCE_JOB, handleJob } from '@trainwright/platform';
import type { MaintenanceReport } from '../services/maintenance.js';

export function billingMaintenanceJob(run: () => Promise<MaintenanceReport>) {
  return handleJob(BILLING_MAINTENANCE_JOB, () => run());
}
