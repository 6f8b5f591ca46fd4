// Counted downloads (the plan's download limit).
import { sql, type Kysely } from 'kysely';
import type { DownloadCounter } from '../services/download.service.js';
import type { MediaDatabase } from './database.js';

export class DownloadRepository implements DownloadCounter {
  constructor(private readonly db: Kysely<MediaDatabase>) {}

  /**
   * Counts a download unless the owner's plan limit is reached (under an advisory lock per owner,
   * so parallel downloads cannot pass it). `limit` -1 is unlimited.
   */
  async countDownload(d: { ownerUserId: string; companyId: string; projectId: string; userId: string; format: string }, limit: number, since: Date): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtext(${`downloads:${d.ownerUserId}`}))`.execute(trx);
      if (limit !== -1) {
        const { n } = await trx
          .selectFrom('downloads')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('owner_user_id', '=', d.ownerUserId)
          .where('created_at', '>=', since)
          .executeTakeFirstOrThrow();
        if (Number(n) >= limit) return false;
      }
      await trx
        .insertInto('downloads')
        .values({ owner_user_id: d.ownerUserId, company_id: d.companyId, project_id: d.projectId, user_id: d.userId, format: d.format })
        .execute();
      return true;
    });
  }
}
