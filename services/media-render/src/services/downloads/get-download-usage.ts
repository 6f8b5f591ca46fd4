import { AppError } from '@trainwright/platform';
import type { DownloadDeps } from './deps.js';
import { downloadPeriod } from './period.js';

/** The downloads counted against a plan in its current period (the billing page's usage). */
export interface DownloadUsage {
  used: number;
  limit: number;
  since: Date;
}

/**
 * The downloads counted against the caller's own plan (the plan of the companies they own) in
 * its current period, as openDownload counts them against the limit. NOT_FOUND when they own no company.
 */
export async function getDownloadUsage(deps: Pick<DownloadDeps, 'plans' | 'downloads' | 'clock'>, userId: string): Promise<DownloadUsage> {
  const tier = (await deps.plans.ownedCompany(userId))?.ownerTier;
  if (!tier) throw AppError.notFound('Company not found');
  const { limit, since } = downloadPeriod(tier, deps.clock());
  return { used: await deps.downloads.countedSince(userId, since), limit, since };
}
