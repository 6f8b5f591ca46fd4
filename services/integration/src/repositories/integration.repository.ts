// A company's integrations (schema integration): the settings as given, the secrets sealed
// (secret-box.ts) and opened only here, and the status deliveries keep up to date.
import { createHash } from 'node:crypto';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { CatalogueMessage, IntegrationStatus, IntegrationType } from '@trainwright/catalogue';
import type { IntegrationRow, IntegrationStore, NewIntegration } from '../services/deps.js';
import type { IntegrationDatabase, IntegrationsTable } from './database.js';
import type { SecretBox } from './secret-box.js';

type Row = Selectable<IntegrationsTable> & { last_delivery_at: Date | null; last_delivery_status: string | null };

/** How an api_key is found without keeping it readable: its SHA-256. */
const apiKeyHash = (apiKey: string) => createHash('sha256').update(apiKey).digest('hex');

/** PostgreSQL's unique violation, on the api_key index. */
const apiKeyTaken = (error: unknown) => (error as { code?: string; constraint?: string }).code === '23505' && (error as { constraint?: string }).constraint === 'integrations_api_key';

export class IntegrationRepository implements IntegrationStore {
  constructor(
    private readonly db: Kysely<IntegrationDatabase>,
    private readonly box: SecretBox,
  ) {}

  private select() {
    // The last delivery, read once per integration (deliveries_integration's order).
    return this.db
      .selectFrom('integrations as i')
      .leftJoinLateral(
        (eb) => eb.selectFrom('deliveries as d').select(['d.created_at as last_delivery_at', 'd.status as last_delivery_status']).whereRef('d.integration_id', '=', 'i.id').orderBy('d.created_at', 'desc').limit(1).as('last'),
        (join) => join.onTrue(),
      )
      .selectAll('i')
      .select(['last.last_delivery_at', 'last.last_delivery_status']);
  }

  private toRow(row: Row, now: Date): IntegrationRow {
    const signingSecrets = [row.signing_secret, row.previous_valid_until && row.previous_valid_until > now ? row.previous_signing_secret : null]
      .filter((s): s is Buffer => s !== null)
      .map((s) => this.box.open(s, row.id));
    return {
      id: row.id,
      companyId: row.company_id,
      createdBy: row.created_by,
      type: row.integration_type as IntegrationType,
      status: row.status as IntegrationStatus,
      statusMessage: row.status_message,
      settings: row.settings,
      secrets: JSON.parse(this.box.open(row.secrets, row.id)) as Record<string, string>,
      signingSecrets,
      failingSince: row.failing_since,
      createdAt: row.created_at,
      lastDelivery: row.last_delivery_at ? { at: row.last_delivery_at, status: row.last_delivery_status ?? '' } : null,
    };
  }

  async insertWithin(limit: number, integration: NewIntegration): Promise<IntegrationRow | 'limit' | 'api_key_in_use'> {
    try {
      return await this.insertChecked(limit, integration);
    } catch (error) {
      if (apiKeyTaken(error)) return 'api_key_in_use';
      throw error;
    }
  }

  private insertChecked(limit: number, integration: NewIntegration): Promise<IntegrationRow | 'limit'> {
    return this.db.transaction().execute(async (trx) => {
      // Two setups at once cannot both pass the limit: the company's count is taken under its lock.
      await sql`select pg_advisory_xact_lock(hashtext(${`integrations:${integration.companyId}`}))`.execute(trx);
      const { n } = await trx.selectFrom('integrations').select((eb) => eb.fn.countAll<number>().as('n')).where('company_id', '=', integration.companyId).executeTakeFirstOrThrow();
      if (Number(n) >= limit) return 'limit' as const;
      await trx
        .insertInto('integrations')
        .values({
          id: integration.id,
          company_id: integration.companyId,
          created_by: integration.createdBy,
          integration_type: integration.type,
          status_message: null,
          settings: JSON.stringify(integration.settings),
          secrets: this.box.seal(JSON.stringify(integration.secrets), integration.id),
          signing_secret: integration.signingSecret ? this.box.seal(integration.signingSecret, integration.id) : null,
          api_key_hash: integration.secrets.api_key ? apiKeyHash(integration.secrets.api_key) : null,
        })
        .execute();
      const now = new Date();
      return this.toRow({ ...(await trx.selectFrom('integrations').selectAll().where('id', '=', integration.id).executeTakeFirstOrThrow()), last_delivery_at: null, last_delivery_status: null }, now);
    });
  }

  async findByApiKey(apiKey: string, now: Date): Promise<IntegrationRow | undefined> {
    const row = await this.select().where('i.api_key_hash', '=', apiKeyHash(apiKey)).executeTakeFirst();
    return row ? this.toRow(row, now) : undefined;
  }

  async find(id: string, now: Date): Promise<IntegrationRow | undefined> {
    const row = await this.select().where('i.id', '=', id).executeTakeFirst();
    return row ? this.toRow(row, now) : undefined;
  }

  async listOfCompany(companyId: string, now: Date): Promise<IntegrationRow[]> {
    const rows = await this.select().where('i.company_id', '=', companyId).orderBy('i.created_at', 'asc').execute();
    return rows.map((r) => this.toRow(r, now));
  }

  async receiving(companyId: string, now: Date): Promise<IntegrationRow[]> {
    const rows = await this.select().where('i.company_id', '=', companyId).where('i.status', '<>', 'error').orderBy('i.created_at', 'asc').execute();
    return rows.map((r) => this.toRow(r, now));
  }

  async remove(id: string): Promise<void> {
    await this.db.deleteFrom('integrations').where('id', '=', id).execute();
  }

  async markReached(id: string): Promise<void> {
    await this.db.updateTable('integrations').set({ status: 'connected', status_message: null, failing_since: null, updated_at: new Date() }).where('id', '=', id).execute();
  }

  async markFailing(id: string, at: Date): Promise<Date> {
    const row = await this.db
      .updateTable('integrations')
      .set({ failing_since: sql<Date>`coalesce(failing_since, ${at})`, updated_at: new Date() })
      .where('id', '=', id)
      .returning('failing_since')
      .executeTakeFirst();
    return row?.failing_since ?? at;
  }

  async pause(id: string, reason: CatalogueMessage): Promise<void> {
    await this.db.updateTable('integrations').set({ status: 'error', status_message: JSON.stringify(reason), updated_at: new Date() }).where('id', '=', id).execute();
  }

  async rotateSigningSecret(id: string, secret: string, previousValidUntil: Date): Promise<void> {
    await this.db
      .updateTable('integrations')
      .set({ previous_signing_secret: sql<Buffer>`signing_secret`, previous_valid_until: previousValidUntil, signing_secret: this.box.seal(secret, id), updated_at: new Date() })
      .where('id', '=', id)
      .execute();
  }
}
