// Counted downloads (the plan's download limit).
import { sql, type Kysely, type Transaction } from 'kysely';
import type { CountResult, DownloadCounter, DownloadRecord } from '../services/downloads/deps.js';
import type { MediaDatabase } from './database.js';

export class DownloadRepository implements DownloadCounter {
  constructor(private readonly db: Kysely<MediaDatabase>) {}

  /**
   * Counts a download unless the owner's plan limit is reached (under an advisory lock per owner,
   * so parallel downloads cannot pass it). `limit` -1 is unlimited. With `continuesSince`, a
   * download of the same file by the same user counted since then lets it through uncounted
   * ('continued'): a byte range that continues a download.
   */
  async countDownload(d: DownloadRecord, limit: number, since: Date, continuesSince?: Date): Promise<CountResult> {
    return this.db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtext(${`downloads:${d.ownerUserId}`}))`.execute(trx);
      if (continuesSince) {
        const counted = await trx
          .selectFrom('downloads')
          .select('id')
          .where('user_id', '=', d.userId)
          .where('storage_key', '=', d.storageKey)
          .where('project_id', '=', d.projectId)
          .where('format', '=', d.format)
          .where('created_at', '>=', continuesSince)
          .limit(1)
          .executeTakeFirst();
        if (counted) return 'continued';
      }
      if (limit !== -1 && (await countedSince(trx, d.ownerUserId, since)) >= limit) return 'refused';
      await trx
        .insertInto('downloads')
        .values({ owner_user_id: d.ownerUserId, company_id: d.companyId, project_id: d.projectId, user_id: d.userId, format: d.format, storage_key: d.storageKey })
        .execute();
      return 'counted';
    });
  }

  /** The downloads counted against the owner since `since`, as countDownload counts them against the limit. */
  countedSince(ownerUserId: string, since: Date): Promise<number> {
    return countedSince(this.db, ownerUserId, since);
  }
}

/** The one count of an owner's downloads: what the limit is checked against, and what their usage shows. */
async function countedSince(db: Kysely<MediaDatabase> | Transaction<MediaDatabase>, ownerUserId: string, since: Date): Promise<number> {
  const { n } = await db
    .selectFrom('downloads')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('owner_user_id', '=', ownerUserId)
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(n);
}
