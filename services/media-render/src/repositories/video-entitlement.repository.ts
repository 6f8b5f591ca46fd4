// Paid narrated videos (pay-per-use): one row per payment, in schema media_render. Claims are
// serialised per project (its rows locked), so two payments of one project never render at once.
import { enqueueEvents, markEventApplied, storedMessage, type Failure } from '@trainwright/platform';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { VideoKey } from '../services/videos/paid-video.js';
import type { EntitlementClaim, EntitlementStatus, VideoEntitlement, VideoEntitlements, VideoStatusChange } from '../services/videos/deps.js';
import type { MediaDatabase } from './database.js';
import { videoStatusEvent } from './video-events.repository.js';

type Row = Selectable<MediaDatabase['video_entitlements']>;

function entitlementOf(row: Row): VideoEntitlement {
  return {
    paymentId: row.payment_id,
    projectId: row.project_id,
    companyId: row.company_id,
    amountCents: Number(row.amount_cents),
    status: row.status as EntitlementStatus,
    contentVersion: row.content_version,
    paidVersion: row.paid_version,
    language: row.language,
    renderKey: row.render_key,
    error: row.error,
    errorMessage: storedMessage(row.error_message),
    updatedAt: row.updated_at,
  };
}

export class VideoEntitlementRepository implements VideoEntitlements {
  constructor(
    private readonly db: Kysely<MediaDatabase>,
    /** Flushes the outbox relay after a write with events. */
    private readonly afterWrite: () => void,
  ) {}

  async grant(eventId: string, paid: { paymentId: string; projectId: string; companyId: string; amountCents: number; paidVersion: number | null; language?: string }): Promise<VideoEntitlement> {
    return this.db.transaction().execute(async (trx) => {
      // The event once; the payment once (billing could name it in a second event).
      if (await markEventApplied(trx, eventId)) {
        await trx
          .insertInto('video_entitlements')
          .values({ payment_id: paid.paymentId, project_id: paid.projectId, company_id: paid.companyId, amount_cents: paid.amountCents, paid_version: paid.paidVersion, language: paid.language ?? '' })
          .onConflict((oc) => oc.column('payment_id').doNothing())
          .execute();
      }
      const row = await trx.selectFrom('video_entitlements').selectAll().where('payment_id', '=', paid.paymentId).executeTakeFirstOrThrow();
      return entitlementOf(row);
    });
  }

  async find(paymentId: string): Promise<VideoEntitlement | null> {
    const row = await this.db.selectFrom('video_entitlements').selectAll().where('payment_id', '=', paymentId).executeTakeFirst();
    return row ? entitlementOf(row) : null;
  }

  async nextAvailable(projectId: string): Promise<VideoEntitlement | null> {
    const row = await this.db
      .selectFrom('video_entitlements')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('status', '=', 'available')
      .orderBy('created_at')
      .orderBy('payment_id')
      .limit(1)
      .executeTakeFirst();
    return row ? entitlementOf(row) : null;
  }

  async paidFor(key: VideoKey): Promise<boolean> {
    const row = await this.db
      .selectFrom('video_entitlements')
      .select('payment_id')
      .where('project_id', '=', key.projectId)
      .where('language', '=', key.language)
      .where('status', 'in', ['available', 'rendering', 'consumed'])
      // Priced for this version, or (consumed) made for it by a payment from before versions.
      .where((eb) => eb.or([eb('paid_version', '=', key.contentVersion), eb.and([eb('paid_version', 'is', null), eb('content_version', '=', key.contentVersion)])]))
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  async pending(projectId: string, language = ''): Promise<VideoEntitlement[]> {
    const rows = await this.db
      .selectFrom('video_entitlements')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('language', '=', language)
      .where('status', 'in', ['available', 'rendering'])
      .orderBy('created_at')
      .execute();
    return rows.map(entitlementOf);
  }

  async claim(paymentId: string, staleBefore: Date): Promise<EntitlementClaim> {
    return this.db.transaction().execute(async (trx) => {
      const own = await trx.selectFrom('video_entitlements').select('project_id').where('payment_id', '=', paymentId).executeTakeFirst();
      if (!own) return { kind: 'finished', status: 'missing' } as const;
      // Every row of the project locked: concurrent claims of one project are decided one at a time.
      const rows = await trx.selectFrom('video_entitlements').selectAll().where('project_id', '=', own.project_id).orderBy('payment_id').forUpdate().execute();
      const mine = rows.find((r) => r.payment_id === paymentId)!;
      if (mine.status === 'rendering') return { kind: 'continued', entitlement: entitlementOf(mine) } as const;
      if (mine.status !== 'available') return { kind: 'finished', status: mine.status as EntitlementStatus } as const;
      const other = rows.find((r) => r.payment_id !== paymentId && r.status === 'rendering' && r.updated_at >= staleBefore);
      if (other) return { kind: 'busy' } as const;
      const claimed = await trx
        .updateTable('video_entitlements')
        .set({ status: 'rendering', updated_at: sql`now()` })
        .where('payment_id', '=', paymentId)
        .returningAll()
        .executeTakeFirstOrThrow();
      return { kind: 'claimed', entitlement: entitlementOf(claimed) } as const;
    });
  }

  async rendering(paymentId: string, renderKey: string): Promise<void> {
    await this.db.updateTable('video_entitlements').set({ render_key: renderKey, updated_at: sql`now()` }).where('payment_id', '=', paymentId).where('status', '=', 'rendering').execute();
  }

  async consume(paymentId: string, contentVersion: number, ready: VideoStatusChange): Promise<void> {
    await this.end(paymentId, { status: 'consumed', content_version: contentVersion }, ready);
  }

  async fail(paymentId: string, reason: Failure, failed: VideoStatusChange): Promise<void> {
    await this.end(
      paymentId,
      { status: 'failed', error: reason.text, error_message: reason.message ? JSON.stringify(reason.message) : null },
      { ...failed, error: reason.text, errorMessage: reason.message },
    );
  }

  /** Ends a payment not ended yet and writes its fact in the same transaction (once: a second end changes nothing). */
  private async end(paymentId: string, change: { status: EntitlementStatus; content_version?: number; error?: string; error_message?: string | null }, fact: VideoStatusChange): Promise<void> {
    const ended = await this.db.transaction().execute(async (trx) => {
      const { numUpdatedRows } = await trx
        .updateTable('video_entitlements')
        .set({ ...change, updated_at: sql`now()` })
        .where('payment_id', '=', paymentId)
        .where('status', 'in', ['available', 'rendering'])
        .executeTakeFirst();
      if (numUpdatedRows === 0n) return false;
      await enqueueEvents(trx, [videoStatusEvent(fact)]);
      return true;
    });
    if (ended) this.afterWrite();
  }
}
