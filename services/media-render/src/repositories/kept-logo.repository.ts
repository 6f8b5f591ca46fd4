// The logos kept per (project, logo URL) (table project_logos). A URL is fetched once: the first
// caller holds a transaction-scoped advisory lock on the pair while it fetches and records, so a
// render and an event (or two replicas) arriving together wait and then read its row. A URL whose
// logo could not be used is tried again once its answer is older than `retryFailedAfterMs` (the
// site may have been down), never more often.
import { sql, type Kysely } from 'kysely';
import type { KeptLogo, KeptLogos } from '../services/logos/deps.js';
import type { MediaDatabase } from './database.js';

type Reader = Pick<Kysely<MediaDatabase>, 'selectFrom'>;

export class KeptLogoRepository implements KeptLogos {
  constructor(
    private readonly db: Kysely<MediaDatabase>,
    private readonly retryFailedAfterMs = 10 * 60_000,
  ) {}

  async once(projectId: string, url: string, fetch: () => Promise<KeptLogo>): Promise<KeptLogo> {
    const kept = await this.current(this.db, projectId, url);
    if (kept) return kept;
    return this.db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtextextended(${`project_logos ${projectId} ${url}`}, 0))`.execute(trx);
      const keptMeanwhile = await this.current(trx, projectId, url);
      if (keptMeanwhile) return keptMeanwhile;
      const logo = await fetch();
      const values = {
        company_id: logo.companyId,
        mime: logo.mime,
        width: logo.width,
        height: logo.height,
        size: logo.size,
        storage_key: logo.storageKey,
        problem: logo.problem,
        fetched_at: new Date(),
      };
      await trx
        .insertInto('project_logos')
        .values({ project_id: projectId, url, ...values })
        .onConflict((oc) => oc.columns(['project_id', 'url']).doUpdateSet(values))
        .execute();
      return logo;
    });
  }

  /** The kept logo, unless there is none or it is a failure old enough to try again. */
  private async current(db: Reader, projectId: string, url: string): Promise<KeptLogo | null> {
    const row = await find(db, projectId, url);
    if (row && !row.storageKey && Date.now() - row.fetchedAt.getTime() >= this.retryFailedAfterMs) return null;
    return row;
  }

  async forget(projectId: string, exceptUrl?: string): Promise<string[]> {
    let query = this.db.deleteFrom('project_logos').where('project_id', '=', projectId);
    if (exceptUrl !== undefined) query = query.where('url', '<>', exceptUrl);
    const rows = await query.returning('storage_key').execute();
    return rows.flatMap((r) => (r.storage_key ? [r.storage_key] : []));
  }
}

async function find(db: Reader, projectId: string, url: string): Promise<(KeptLogo & { fetchedAt: Date }) | null> {
  const row = await db.selectFrom('project_logos').selectAll().where('project_id', '=', projectId).where('url', '=', url).executeTakeFirst();
  if (!row) return null;
  return {
    projectId: row.project_id,
    companyId: row.company_id,
    url: row.url,
    mime: row.mime,
    width: row.width,
    height: row.height,
    size: Number(row.size),
    storageKey: row.storage_key,
    problem: row.problem,
    fetchedAt: row.fetched_at,
  };
}
