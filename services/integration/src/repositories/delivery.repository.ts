// Deliveries and their attempts (schema integration): one delivery per integration and event
// (unique), each attempt a row of the log.
import type { Kysely, Selectable } from 'kysely';
import type { DeliveryAttempt, DeliveryRow, DeliveryStatus, DeliveryStore, NewDelivery } from '../services/deps.js';
import type { DeliveriesTable, IntegrationDatabase } from './database.js';

export class DeliveryRepository implements DeliveryStore {
  constructor(private readonly db: Kysely<IntegrationDatabase>) {}

  private async withAttempts(rows: Array<Selectable<DeliveriesTable>>): Promise<DeliveryRow[]> {
    if (rows.length === 0) return [];
    const attempts = await this.db.selectFrom('delivery_attempts').selectAll().where('delivery_id', 'in', rows.map((r) => r.id)).orderBy('attempt', 'asc').execute();
    return rows.map((r) => ({
      id: r.id,
      integrationId: r.integration_id,
      companyId: r.company_id,
      event: r.event,
      eventId: r.event_id,
      payload: r.payload,
      occurredAt: r.occurred_at,
      status: r.status as DeliveryStatus,
      attempts: r.attempts,
      nextAttemptAt: r.next_attempt_at,
      hookId: r.hook_id,
      createdAt: r.created_at,
      attemptLog: attempts
        .filter((a) => a.delivery_id === r.id)
        .map((a): DeliveryAttempt => ({ attempt: a.attempt, at: a.at, responseStatus: a.response_status, latencyMs: a.latency_ms, error: a.error, responseExcerpt: a.response_excerpt })),
    }));
  }

  async createNew(deliveries: NewDelivery[]): Promise<DeliveryRow[]> {
    if (deliveries.length === 0) return [];
    const rows = await this.db
      .insertInto('deliveries')
      .values(deliveries.map((d) => ({ integration_id: d.integrationId, hook_id: d.hookId ?? null, company_id: d.companyId, event: d.event, event_id: d.eventId, payload: JSON.stringify(d.payload), occurred_at: d.occurredAt })))
      // deliveries_once: one per integration, hook and event.
      .onConflict((oc) => oc.doNothing())
      .returningAll()
      .execute();
    return this.withAttempts(rows);
  }

  async find(id: string): Promise<DeliveryRow | undefined> {
    const row = await this.db.selectFrom('deliveries').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? (await this.withAttempts([row]))[0] : undefined;
  }

  async recordAttempt(id: string, attempt: DeliveryAttempt, next: { status: DeliveryStatus; nextAttemptAt: Date | null }): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('delivery_attempts')
        .values({ delivery_id: id, attempt: attempt.attempt, at: attempt.at, response_status: attempt.responseStatus, latency_ms: attempt.latencyMs, error: attempt.error, response_excerpt: attempt.responseExcerpt })
        .onConflict((oc) => oc.columns(['delivery_id', 'attempt']).doNothing())
        .execute();
      await trx.updateTable('deliveries').set({ status: next.status, next_attempt_at: next.nextAttemptAt, attempts: attempt.attempt }).where('id', '=', id).execute();
    });
  }

  async page(integrationId: string, before: string | null, limit: number): Promise<DeliveryRow[]> {
    let query = this.db.selectFrom('deliveries').selectAll().where('integration_id', '=', integrationId);
    if (before) {
      const from = await this.db.selectFrom('deliveries').select(['created_at', 'id']).where('id', '=', before).where('integration_id', '=', integrationId).executeTakeFirst();
      if (from) query = query.where((eb) => eb.or([eb('created_at', '<', from.created_at), eb.and([eb('created_at', '=', from.created_at), eb('id', '<', from.id)])]));
    }
    return this.withAttempts(await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute());
  }
}
