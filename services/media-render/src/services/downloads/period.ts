import { TIERS, type TierId } from '@trainwright/catalogue';

/** The period a plan's downloads are counted in, and its limit (-1: none). */
export interface DownloadPeriod {
  limit: number;
  since: Date;
  trial: boolean;
}

/** The trial counts all its downloads; paid plans count per calendar month (UTC). */
export function downloadPeriod(ownerTier: TierId, now: Date): DownloadPeriod {
  const trial = ownerTier === 'free-trial';
  const since = trial ? new Date(0) : new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  return { limit: TIERS[ownerTier].limits.downloadLimit, since, trial };
}
