// The learning record store's credentials (schema scorm, table lrs_keys).
import { sql, type Kysely, type Selectable } from 'kysely';
import type { LrsKeysTable, ScormDatabase } from './database.js';

export type LrsKeyRow = Selectable<LrsKeysTable>;

export class LrsKeyRepository {
  constructor(private readonly db: Kysely<ScormDatabase>) {}

  /** Inserts unless the company already keeps `max` live credentials (counted under a lock on the company). */
  async insertWithin(max: number, key: { companyId: string; name: string; key: string; secretHash: string; scopes: string[]; createdBy: string }): Promise<LrsKeyRow | 'limit'> {
    return this.db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtext(${`lrs:${key.companyId}`}))`.execute(trx);
      const { n } = await trx.selectFrom('lrs_keys').select((eb) => eb.fn.countAll<string>().as('n')).where('company_id', '=', key.companyId).where('source', '=', 'owner').where('revoked_at', 'is', null).executeTakeFirstOrThrow();
      if (Number(n) >= max) return 'limit' as const;
      return trx
        .insertInto('lrs_keys')
        .values({ company_id: key.companyId, name: key.name, key: key.key, secret_hash: key.secretHash, scopes: key.scopes, created_by: key.createdBy })
        .returningAll()
        .executeTakeFirstOrThrow();
    });
  }

  /** The company's live credentials made by its Owner, newest first (senders' are not listed). */
  live(companyId: string): Promise<LrsKeyRow[]> {
    return this.db.selectFrom('lrs_keys').selectAll().where('company_id', '=', companyId).where('source', '=', 'owner').where('revoked_at', 'is', null).orderBy('created_at', 'desc').orderBy('id').execute();
  }

  /** A sender's live credential, made the first time it is asked for (the caller supplies the new key and secret). */
  async sender(input: { companyId: string; source: 'interactive' | 'share_link' | 'package'; sourceId: string; activityId: string; fresh: () => Promise<{ key: string; secret: string; secretHash: string }> }): Promise<LrsKeyRow> {
    const find = () => this.db.selectFrom('lrs_keys').selectAll().where('source', '=', input.source).where('source_id', '=', input.sourceId).where('revoked_at', 'is', null).executeTakeFirst();
    const existing = await find();
    if (existing) return existing;
    const { key, secret, secretHash } = await input.fresh();
    await this.db
      .insertInto('lrs_keys')
      .values({ company_id: input.companyId, name: `${input.source} ${input.sourceId}`.slice(0, 100), key, secret_hash: secretHash, scopes: ['statements/write'], created_by: null, source: input.source, source_id: input.sourceId, activity_id: input.activityId, public_secret: secret })
      .onConflict((oc) => oc.column('source').column('source_id').where('source', '<>', 'owner').where('revoked_at', 'is', null).doNothing())
      .execute();
    return (await find())!;
  }

  find(id: string): Promise<LrsKeyRow | undefined> {
    return this.db.selectFrom('lrs_keys').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** A live credential by its key (the HTTP Basic user name). */
  findLive(key: string): Promise<LrsKeyRow | undefined> {
    return this.db.selectFrom('lrs_keys').selectAll().where('key', '=', key).where('revoked_at', 'is', null).executeTakeFirst();
  }

  async touch(id: string, at: Date): Promise<void> {
    await this.db.updateTable('lrs_keys').set({ last_used_at: at }).where('id', '=', id).execute();
  }

  /** Revokes the senders' live credentials of an activity (its project went), or of these sources; returns their keys. */
  async revokeSenders(which: { activityId: string } | { source: 'share_link' | 'package' | 'interactive'; sourceIds: string[] }): Promise<string[]> {
    let q = this.db.updateTable('lrs_keys').set({ revoked_at: new Date() }).where('source', '<>', 'owner').where('revoked_at', 'is', null);
    q = 'activityId' in which ? q.where('activity_id', '=', which.activityId) : q.where('source', '=', which.source).where('source_id', 'in', which.sourceIds);
    const rows = await q.returning('key').execute();
    return rows.map((r) => r.key);
  }

  async revoke(id: string): Promise<void> {
    await this.db.updateTable('lrs_keys').set({ revoked_at: new Date() }).where('id', '=', id).where('revoked_at', 'is', null).execute();
  }
}
