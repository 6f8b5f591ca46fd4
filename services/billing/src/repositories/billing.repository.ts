// All SQL of billing's own tables (accounts, add-ons, checkouts, payments, credits, webhook ledger).
// Rules live in the services; this file only reads and writes, a change and its events together.
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import { enqueueEvents, markEventApplied } from '@trainwright/platform';
import type { AddOnId, BillingInterval, TierId } from '@trainwright/catalogue';
import type { ProviderName } from '../services/billing/provider.js';
import type { AccountPatch, AccountState, AccountStatus, BillingStore, BillingTx, CheckoutRecord, PaymentRecord, Purpose, VideoPaymentRecord } from '../services/billing/deps.js';
import type { AccountsTable, BillingDatabase, CheckoutSessionsTable, PaymentsTable, VideoPaymentsTable } from './database.js';

type Db = Kysely<BillingDatabase> | Transaction<BillingDatabase>;

const COLUMNS: Record<keyof AccountPatch, keyof AccountsTable> = {
  email: 'email',
  name: 'name',
  provider: 'provider',
  providerCustomerId: 'provider_customer_id',
  tier: 'tier',
  interval: 'interval',
  status: 'status',
  providerSubscriptionId: 'provider_subscription_id',
  currentPeriodStart: 'current_period_start',
  currentPeriodEnd: 'current_period_end',
  cancelAtPeriodEnd: 'cancel_at_period_end',
  scheduledTier: 'scheduled_tier',
  scheduledInterval: 'scheduled_interval',
  pastDueSince: 'past_due_since',
  effectiveTier: 'effective_tier',
  version: 'version',
};

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: string }).code === '23505';
}

async function loadAccount(db: Db, where: { userId?: string; customerId?: string; email?: string }, lock = false): Promise<AccountState | null> {
  let query = db.selectFrom('accounts').selectAll();
  if (where.userId) query = query.where('user_id', '=', where.userId);
  else if (where.email) query = query.where(sql`lower(email)`, '=', where.email.toLowerCase());
  else query = query.where('provider_customer_id', '=', where.customerId!);
  if (lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) return null;
  const [addOns, balance] = await Promise.all([
    db.selectFrom('account_add_ons').select(['add_on', 'provider_item_id']).where('user_id', '=', row.user_id).orderBy('add_on').execute(),
    db.selectFrom('credit_entries').select(sql<string>`coalesce(sum(amount_cents), 0)`.as('balance')).where('user_id', '=', row.user_id).executeTakeFirstOrThrow(),
  ]);
  return {
    userId: row.user_id,
    email: row.email,
    name: row.name,
    provider: row.provider as ProviderName,
    providerCustomerId: row.provider_customer_id,
    tier: row.tier as TierId,
    interval: row.interval as BillingInterval | null,
    status: row.status as AccountStatus,
    providerSubscriptionId: row.provider_subscription_id,
    currentPeriodStart: row.current_period_start,
    currentPeriodEnd: row.current_period_end,
    cancelAtPeriodEnd: row.cancel_at_period_end,
    scheduledTier: row.scheduled_tier as TierId | null,
    scheduledInterval: row.scheduled_interval as BillingInterval | null,
    pastDueSince: row.past_due_since,
    effectiveTier: row.effective_tier as TierId,
    version: Number(row.version),
    addOns: addOns.map((a) => ({ addOn: a.add_on as AddOnId, providerItemId: a.provider_item_id })),
    creditBalanceCents: Number(balance.balance),
  };
}

function toCheckout(row: Selectable<CheckoutSessionsTable>): CheckoutRecord {
  return {
    id: row.id,
    userId: row.user_id,
    purpose: row.purpose as Purpose,
    mode: row.mode as CheckoutRecord['mode'],
    itemKey: row.item_key,
    tier: row.tier as TierId | null,
    interval: row.interval as BillingInterval | null,
    addOn: row.add_on as AddOnId | null,
    credits: row.credits,
    projectId: row.project_id,
    contentVersion: row.content_version,
    language: row.language,
    amountCents: Number(row.amount_cents),
    status: row.status as CheckoutRecord['status'],
    paymentStatus: row.payment_status as CheckoutRecord['paymentStatus'],
    url: row.url,
    idempotencyKey: row.idempotency_key,
    createdAt: row.created_at,
  };
}

function toPayment(row: Selectable<PaymentsTable>): PaymentRecord {
  return {
    id: row.id,
    userId: row.user_id,
    kind: row.kind as Purpose,
    description: row.description,
    amountCents: Number(row.amount_cents),
    currency: row.currency,
    status: row.status as PaymentRecord['status'],
    providerRef: row.provider_ref,
    invoiceUrl: row.invoice_url,
    projectId: row.project_id,
    createdAt: row.created_at,
  };
}

function toVideoPayment(row: Selectable<VideoPaymentsTable>): VideoPaymentRecord {
  return {
    paymentId: row.payment_id,
    projectId: row.project_id,
    userId: row.user_id,
    amountCents: Number(row.amount_cents),
    paidWith: row.paid_with as VideoPaymentRecord['paidWith'],
    providerRef: row.provider_ref,
    contentVersion: row.content_version,
    language: row.language,
    status: row.status as VideoPaymentRecord['status'],
  };
}

/** The video of the project's language and version paid and not refunded (paid or rendered), or null. */
async function findPaidVideo(db: Db, projectId: string, contentVersion: number, language: string): Promise<VideoPaymentRecord | null> {
  const row = await db
    .selectFrom('video_payments')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('content_version', '=', contentVersion)
    .where('language', '=', language)
    .where('status', '<>', 'refunded')
    .executeTakeFirst();
  return row ? toVideoPayment(row) : null;
}

function checkoutValues(r: Omit<CheckoutRecord, 'createdAt'>) {
  return {
    id: r.id,
    user_id: r.userId,
    purpose: r.purpose,
    mode: r.mode,
    item_key: r.itemKey,
    tier: r.tier,
    interval: r.interval,
    add_on: r.addOn,
    credits: r.credits,
    project_id: r.projectId,
    content_version: r.contentVersion,
    language: r.language,
    amount_cents: r.amountCents,
    status: r.status,
    payment_status: r.paymentStatus,
    url: r.url,
    idempotency_key: r.idempotencyKey,
  };
}

class BillingTransaction implements BillingTx {
  constructor(private readonly trx: Transaction<BillingDatabase>) {}

  async recordWebhookEvent(eventId: string, type: string): Promise<boolean> {
    const inserted = await this.trx
      .insertInto('webhook_events')
      .values({ event_id: eventId, type, outcome: 'processed' })
      .onConflict((oc) => oc.column('event_id').doNothing())
      .returning('event_id')
      .executeTakeFirst();
    return inserted !== undefined;
  }

  async markWebhookIgnored(eventId: string): Promise<void> {
    await this.trx.updateTable('webhook_events').set({ outcome: 'ignored' }).where('event_id', '=', eventId).execute();
  }

  lockAccount(userId: string): Promise<AccountState | null> {
    return loadAccount(this.trx, { userId }, true);
  }

  async updateAccount(userId: string, patch: AccountPatch): Promise<void> {
    const values: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(patch)) {
      if (value !== undefined) values[COLUMNS[key as keyof AccountPatch]] = value;
    }
    if (Object.keys(values).length === 0) return;
    await this.trx.updateTable('accounts').set({ ...values, updated_at: new Date() }).where('user_id', '=', userId).execute();
  }

  async replaceAddOns(userId: string, addOns: Array<{ addOn: AddOnId; providerItemId: string | null }>): Promise<void> {
    const keep = addOns.map((a) => a.addOn);
    let remove = this.trx.deleteFrom('account_add_ons').where('user_id', '=', userId);
    if (keep.length) remove = remove.where('add_on', 'not in', keep);
    await remove.execute();
    if (!addOns.length) return;
    await this.trx
      .insertInto('account_add_ons')
      .values(addOns.map((a) => ({ user_id: userId, add_on: a.addOn, provider_item_id: a.providerItemId })))
      .onConflict((oc) => oc.columns(['user_id', 'add_on']).doUpdateSet({ provider_item_id: (eb) => eb.ref('excluded.provider_item_id') }))
      .execute();
  }

  async lockCheckout(id: string): Promise<CheckoutRecord | null> {
    const row = await this.trx.selectFrom('checkout_sessions').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    return row ? toCheckout(row) : null;
  }

  async updateCheckout(id: string, patch: Pick<CheckoutRecord, 'status' | 'paymentStatus'>): Promise<void> {
    await this.trx.updateTable('checkout_sessions').set({ status: patch.status, payment_status: patch.paymentStatus, updated_at: new Date() }).where('id', '=', id).execute();
  }

  async upsertPayment(p: Omit<PaymentRecord, 'id'>): Promise<{ id: string; changed: boolean }> {
    const inserted = await this.trx
      .insertInto('payments')
      .values({
        user_id: p.userId,
        kind: p.kind,
        description: p.description,
        amount_cents: p.amountCents,
        currency: p.currency,
        status: p.status,
        provider_ref: p.providerRef,
        invoice_url: p.invoiceUrl,
        project_id: p.projectId,
        created_at: p.createdAt,
      })
      .onConflict((oc) => oc.column('provider_ref').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted) return { id: inserted.id, changed: true };
    // A refund is final; otherwise the status follows the provider (a retried invoice got paid).
    const updated = await this.trx
      .updateTable('payments')
      .set({ status: p.status, amount_cents: p.amountCents, invoice_url: p.invoiceUrl })
      .where('provider_ref', '=', p.providerRef)
      .where('status', '<>', p.status)
      .where('status', '<>', 'refunded')
      .returning('id')
      .executeTakeFirst();
    if (updated) return { id: updated.id, changed: true };
    const existing = await this.trx.selectFrom('payments').select('id').where('provider_ref', '=', p.providerRef).executeTakeFirstOrThrow();
    return { id: existing.id, changed: false };
  }

  async addCreditEntry(entry: { userId: string; amountCents: number; reason: string; ref: string }): Promise<boolean> {
    const inserted = await this.trx
      .insertInto('credit_entries')
      .values({ user_id: entry.userId, amount_cents: entry.amountCents, reason: entry.reason, ref: entry.ref })
      .onConflict((oc) => oc.column('ref').doNothing())
      .returning('id')
      .executeTakeFirst();
    return inserted !== undefined;
  }

  enqueue(events: Parameters<BillingTx['enqueue']>[0]): Promise<void> {
    return enqueueEvents(this.trx, events);
  }

  markEventApplied(eventId: string): Promise<boolean> {
    return markEventApplied(this.trx, eventId);
  }

  async insertCheckout(record: Omit<CheckoutRecord, 'createdAt'>): Promise<void> {
    await this.trx.insertInto('checkout_sessions').values(checkoutValues(record)).execute();
  }

  async setPaymentStatus(paymentId: string, status: PaymentRecord['status']): Promise<void> {
    await this.trx.updateTable('payments').set({ status }).where('id', '=', paymentId).execute();
  }

  findPaidVideo(projectId: string, contentVersion: number, language: string): Promise<VideoPaymentRecord | null> {
    return findPaidVideo(this.trx, projectId, contentVersion, language);
  }

  async insertVideoPayment(r: Omit<VideoPaymentRecord, 'status'>): Promise<boolean> {
    // Any conflict (the payment recorded, or another paid video of the project) inserts nothing.
    const inserted = await this.trx
      .insertInto('video_payments')
      .values({ payment_id: r.paymentId, project_id: r.projectId, user_id: r.userId, amount_cents: r.amountCents, paid_with: r.paidWith, provider_ref: r.providerRef, content_version: r.contentVersion, language: r.language })
      .onConflict((oc) => oc.doNothing())
      .returning('payment_id')
      .executeTakeFirst();
    return inserted !== undefined;
  }

  async lockVideoPayment(paymentId: string): Promise<VideoPaymentRecord | null> {
    const row = await this.trx.selectFrom('video_payments').selectAll().where('payment_id', '=', paymentId).forUpdate().executeTakeFirst();
    return row ? toVideoPayment(row) : null;
  }

  async setVideoPaymentStatus(paymentId: string, status: VideoPaymentRecord['status']): Promise<void> {
    await this.trx.updateTable('video_payments').set({ status, updated_at: new Date() }).where('payment_id', '=', paymentId).execute();
  }
}

export class BillingRepository implements BillingStore {
  /** `afterWrite` runs after each committed transaction (it flushes the outbox relay). */
  constructor(
    private readonly db: Kysely<BillingDatabase>,
    private readonly afterWrite: () => void = () => undefined,
  ) {}

  findAccount(userId: string): Promise<AccountState | null> {
    return loadAccount(this.db, { userId });
  }

  findAccountByCustomer(customerId: string): Promise<AccountState | null> {
    return loadAccount(this.db, { customerId });
  }

  findAccountByEmail(email: string): Promise<AccountState | null> {
    return loadAccount(this.db, { email });
  }

  async createAccount(input: { userId: string; email: string; name: string; provider: ProviderName }, eventId?: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      if (eventId && !(await markEventApplied(trx, eventId))) return false;
      const inserted = await trx
        .insertInto('accounts')
        .values({ user_id: input.userId, email: input.email, name: input.name, provider: input.provider })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .returning('user_id')
        .executeTakeFirst();
      return inserted !== undefined;
    });
  }

  async setCustomer(userId: string, provider: ProviderName, customerId: string): Promise<string> {
    // Set unless a customer of this provider is already there (two first requests at once).
    await this.db
      .updateTable('accounts')
      .set({ provider, provider_customer_id: customerId, updated_at: new Date() })
      .where('user_id', '=', userId)
      .where((eb) => eb.or([eb('provider_customer_id', 'is', null), eb('provider', '<>', provider)]))
      .execute();
    const row = await this.db.selectFrom('accounts').select('provider_customer_id').where('user_id', '=', userId).executeTakeFirstOrThrow();
    return row.provider_customer_id ?? customerId;
  }

  async findCheckout(id: string): Promise<CheckoutRecord | null> {
    const row = await this.db.selectFrom('checkout_sessions').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toCheckout(row) : null;
  }

  async findCheckoutByKey(idempotencyKey: string): Promise<CheckoutRecord | null> {
    const row = await this.db.selectFrom('checkout_sessions').selectAll().where('idempotency_key', '=', idempotencyKey).executeTakeFirst();
    return row ? toCheckout(row) : null;
  }

  async findOpenCheckout(userId: string, purpose: Purpose, itemKey: string, since: Date): Promise<CheckoutRecord | null> {
    const row = await this.db
      .selectFrom('checkout_sessions')
      .selectAll()
      .where('user_id', '=', userId)
      .where('purpose', '=', purpose)
      .where('item_key', '=', itemKey)
      .where('status', '=', 'open')
      .where('created_at', '>=', since)
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
    return row ? toCheckout(row) : null;
  }

  async listOpenCheckouts(userId: string, purpose: Purpose): Promise<CheckoutRecord[]> {
    const rows = await this.db
      .selectFrom('checkout_sessions')
      .selectAll()
      .where('user_id', '=', userId)
      .where('purpose', '=', purpose)
      .where('status', '=', 'open')
      .orderBy('created_at', 'desc')
      .execute();
    return rows.map(toCheckout);
  }

  async insertCheckout(r: Omit<CheckoutRecord, 'createdAt'>): Promise<CheckoutRecord> {
    try {
      const row = await this.db
        .insertInto('checkout_sessions')
        .values(checkoutValues(r))
        .returningAll()
        .executeTakeFirstOrThrow();
      return toCheckout(row);
    } catch (error) {
      // The same request raced us: the provider returned the same session for the same key.
      if (!isUniqueViolation(error)) throw error;
      const existing = await this.findCheckoutByKey(r.idempotencyKey);
      if (!existing) throw error;
      return existing;
    }
  }

  async listPayments(userId: string, limit: number): Promise<PaymentRecord[]> {
    const rows = await this.db
      .selectFrom('payments')
      .leftJoin('video_payments', 'video_payments.payment_id', 'payments.id')
      .selectAll('payments')
      .select('video_payments.language as video_language')
      .where('payments.user_id', '=', userId)
      .orderBy('payments.created_at', 'desc')
      .orderBy('payments.id')
      .limit(limit)
      .execute();
    // A video payment names its video's language (the history shows it).
    return rows.map(({ video_language, ...row }) => ({ ...toPayment(row), ...(video_language !== null ? { language: video_language } : {}) }));
  }

  async findVideoPayment(paymentId: string): Promise<VideoPaymentRecord | null> {
    const row = await this.db.selectFrom('video_payments').selectAll().where('payment_id', '=', paymentId).executeTakeFirst();
    return row ? toVideoPayment(row) : null;
  }

  findPaidVideo(projectId: string, contentVersion: number, language: string): Promise<VideoPaymentRecord | null> {
    return findPaidVideo(this.db, projectId, contentVersion, language);
  }

  async dueScheduledChanges(by: Date): Promise<string[]> {
    const rows = await this.db
      .selectFrom('accounts')
      .select('user_id')
      .where('scheduled_tier', 'is not', null)
      .where('current_period_end', '<=', by)
      .where('status', 'in', ['active', 'past_due'])
      .execute();
    return rows.map((r) => r.user_id);
  }

  async graceEnded(since: Date): Promise<string[]> {
    const rows = await this.db
      .selectFrom('accounts')
      .select('user_id')
      .where('status', '=', 'past_due')
      .where('past_due_since', '<=', since)
      .where('effective_tier', '<>', 'free-trial')
      .execute();
    return rows.map((r) => r.user_id);
  }

  async transaction<T>(fn: (tx: BillingTx) => Promise<T>): Promise<T> {
    const result = await this.db.transaction().execute((trx) => fn(new BillingTransaction(trx)));
    this.afterWrite();
    return result;
  }
}
