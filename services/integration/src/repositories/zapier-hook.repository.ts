// Zapier REST hooks (schema integration): target URLs sealed like every credential.
import { sql, type Kysely, type Selectable } from 'kysely';
import type { ZapierHook, ZapierHookStore } from '../services/deps.js';
import type { IntegrationDatabase, ZapierHooksTable } from './database.js';
import type { SecretBox } from './secret-box.js';

export class ZapierHookRepository implements ZapierHookStore {
  constructor(
    private readonly db: Kysely<IntegrationDatabase>,
    private readonly box: SecretBox,
  ) {}

  private toHook(row: Selectable<ZapierHooksTable>): ZapierHook {
    return { id: row.id, integrationId: row.integration_id, companyId: row.company_id, event: row.event, targetUrl: this.box.open(row.target_url, row.id) };
  }

  async addWithin(limit: number, hook: ZapierHook): Promise<ZapierHook | 'limit'> {
    return this.db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtext(${`zapier-hooks:${hook.integrationId}`}))`.execute(trx);
      const { n } = await trx.selectFrom('zapier_hooks').select((eb) => eb.fn.countAll<number>().as('n')).where('integration_id', '=', hook.integrationId).executeTakeFirstOrThrow();
      if (Number(n) >= limit) return 'limit' as const;
      await trx.insertInto('zapier_hooks').values({ id: hook.id, integration_id: hook.integrationId, company_id: hook.companyId, event: hook.event, target_url: this.box.seal(hook.targetUrl, hook.id) }).execute();
      return hook;
    });
  }

  async find(id: string): Promise<ZapierHook | undefined> {
    const row = await this.db.selectFrom('zapier_hooks').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? this.toHook(row) : undefined;
  }

  async remove(id: string): Promise<void> {
    await this.db.deleteFrom('zapier_hooks').where('id', '=', id).execute();
  }

  async forEvent(integrationIds: string[], event: string): Promise<ZapierHook[]> {
    if (integrationIds.length === 0) return [];
    const rows = await this.db.selectFrom('zapier_hooks').selectAll().where('integration_id', 'in', integrationIds).where('event', '=', event).orderBy('created_at').execute();
    return rows.map((r) => this.toHook(r));
  }
}
