// The local test checkout: a PaymentsProvider that keeps its "remote" objects (customers, checkout
// sessions, subscriptions, invoices, events) in `local_objects` and moves no money. Its events are
// signed with Stripe's scheme (the SDK's own signer) and delivered through the same handleWebhook
// operation Stripe's HTTP webhook reaches, so the local path exercises the real one.
import { createHash, randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { sql, type Kysely } from 'kysely';
import { BILLING_MESSAGES, catalogueMessage, type BillingInterval } from '@trainwright/catalogue';
import { AppError } from '@trainwright/platform';
import {
  PaymentAlreadyRefundedError,
  WebhookSignatureError,
  type CheckoutLineItem,
  type CheckoutRequest,
  type PaymentsProvider,
  type ProviderCheckoutSession,
  type ProviderEvent,
  type ProviderInvoice,
  type ProviderSubscription,
  type ProviderSubscriptionStatus,
  type ScheduledSubscriptionChange,
  type SubscriptionChange,
  type SubscriptionChangePreview,
} from '../services/billing/provider.js';
import { lineItemForRef, parseRef, refAmountCents } from '../services/refs.js';
import { toProviderEvent, WEBHOOK_TOLERANCE_SECONDS } from '../services/webhook-event.js';
import type { LocalCheckoutDesk, LocalCheckoutView } from '../services/billing/deps.js';
import type { BillingDatabase } from './database.js';

/** Signs and verifies only: this client never makes a request. */
const signer = new Stripe('sk_local_unused').webhooks;
/** A checkout session can be paid for 24 hours (as Stripe's), then it is expired. */
export const LOCAL_CHECKOUT_TTL_MS = 24 * 3_600_000;

interface SessionData {
  mode: 'subscription' | 'payment';
  customerId: string;
  lineItems: CheckoutLineItem[];
  successUrl: string;
  cancelUrl: string;
  metadata: Record<string, string>;
  status: 'open' | 'complete' | 'expired';
  paymentStatus: 'paid' | 'unpaid' | 'no_payment_required';
  subscriptionId: string | null;
  paymentIntentId: string | null;
  amountTotalCents: number;
  url: string;
  /** The events paying it emitted (a second Pay delivers them again: duplicates, no effect). */
  events: string[];
  /** When it can no longer be paid (ISO); absent on sessions created before expiry existed. */
  expiresAt?: string;
  /** Set once the payment was refunded (a video render that failed). */
  refundId?: string;
  refundedAt?: string;
}

interface SubscriptionData {
  customerId: string;
  status: ProviderSubscriptionStatus;
  currentPeriodStart: string;
  currentPeriodEnd: string;
  cancelAtPeriodEnd: boolean;
  interval: BillingInterval;
  items: Array<{ id: string; ref: string; quantity: number }>;
  metadata: Record<string, string>;
  /** The items from the next renewal on (a scheduled downgrade); applied by renewDue. */
  scheduledItems?: Array<{ ref: string; quantity: number }> | null;
}

interface InvoiceData {
  customerId: string;
  subscriptionId: string | null;
  status: ProviderInvoice['status'];
  amountDueCents: number;
  amountPaidCents: number;
  created: string;
  paymentFailed: boolean;
  /** Set once its payment was refunded (a second subscription cancelled at once). */
  refundId?: string;
}

interface EventData {
  type: string;
  objectId: string;
  payload: string;
}

export type WebhookDelivery = (rawBody: Buffer, signature: string) => Promise<unknown>;

const newId = (prefix: string) => `${prefix}_local_${randomBytes(12).toString('hex')}`;

function addInterval(date: Date, interval: BillingInterval): Date {
  const next = new Date(date);
  if (interval === 'month') next.setUTCMonth(next.getUTCMonth() + 1);
  else next.setUTCFullYear(next.getUTCFullYear() + 1);
  return next;
}

const periodTotal = (items: Array<{ ref: string; quantity: number }>) => items.reduce((sum, i) => sum + refAmountCents(i.ref) * i.quantity, 0);

export class LocalPaymentsProvider implements PaymentsProvider, LocalCheckoutDesk {
  readonly name = 'local' as const;
  private deliver: WebhookDelivery | null = null;
  /**
   * Its events never leave this process (they are delivered to handleWebhook in-process), so the
   * secret is this instance's own: nothing outside can sign one, and there is no default to know.
   */
  private readonly webhookSecret = `whsec_${randomBytes(32).toString('hex')}`;

  constructor(
    private readonly db: Kysely<BillingDatabase>,
    private readonly options: { clock: () => Date },
  ) {}

  /** Where emitted events go (billing's handleWebhook); until set they are only recorded. */
  attach(deliver: WebhookDelivery): void {
    this.deliver = deliver;
  }

  // ---- objects ----

  private async get<T>(id: string, type: string): Promise<T | null> {
    const row = await this.db.selectFrom('local_objects').select('data').where('id', '=', id).where('type', '=', type).executeTakeFirst();
    return row ? (row.data as T) : null;
  }

  private async put(id: string, type: string, data: object): Promise<void> {
    const json = JSON.stringify(data);
    await this.db
      .insertInto('local_objects')
      .values({ id, type, data: json })
      .onConflict((oc) => oc.column('id').doUpdateSet({ data: json, updated_at: new Date() }))
      .execute();
  }

  private idempotencyId(key: string): string {
    return `idem_${createHash('sha256').update(key).digest('hex').slice(0, 40)}`;
  }

  private async remembered(key: string): Promise<string | null> {
    return (await this.get<{ id: string }>(this.idempotencyId(key), 'idempotency'))?.id ?? null;
  }

  private async remember(key: string, id: string): Promise<void> {
    await this.db.insertInto('local_objects').values({ id: this.idempotencyId(key), type: 'idempotency', data: JSON.stringify({ id }) }).onConflict((oc) => oc.column('id').doNothing()).execute();
  }

  // ---- PaymentsProvider ----

  async createCustomer(input: { userId: string; email: string; name: string; idempotencyKey: string }): Promise<string> {
    const known = await this.remembered(input.idempotencyKey);
    if (known) return known;
    const id = newId('cus');
    await this.put(id, 'customer', { email: input.email, name: input.name, metadata: { user_id: input.userId } });
    await this.remember(input.idempotencyKey, id);
    return (await this.remembered(input.idempotencyKey)) ?? id;
  }

  async createCheckoutSession(request: CheckoutRequest): Promise<ProviderCheckoutSession> {
    const known = await this.remembered(request.idempotencyKey);
    if (known) return (await this.retrieveCheckoutSession(known))!;
    const id = newId('cs');
    const base = request.metadata.return_url_base || new URL(request.successUrl).origin;
    const data: SessionData = {
      mode: request.mode,
      customerId: request.customerId,
      lineItems: request.lineItems,
      successUrl: request.successUrl,
      cancelUrl: request.cancelUrl,
      metadata: request.metadata,
      status: 'open',
      paymentStatus: 'unpaid',
      subscriptionId: null,
      paymentIntentId: null,
      amountTotalCents: request.lineItems.reduce((sum, i) => sum + i.unitAmountCents * i.quantity, 0),
      url: `${base}/checkout/${id}`,
      events: [],
      expiresAt: new Date(this.options.clock().getTime() + LOCAL_CHECKOUT_TTL_MS).toISOString(),
    };
    await this.put(id, 'checkout.session', data);
    await this.remember(request.idempotencyKey, id);
    return this.session(id, data);
  }

  /** Whether an open session's 24 hours ran out (it is expired even before the sweep marks it). */
  private timedOut(s: SessionData): boolean {
    return s.status === 'open' && s.expiresAt !== undefined && new Date(s.expiresAt).getTime() <= this.options.clock().getTime();
  }

  private statusOf(s: SessionData): SessionData['status'] {
    return this.timedOut(s) ? 'expired' : s.status;
  }

  private session(id: string, s: SessionData): ProviderCheckoutSession {
    return {
      id,
      url: s.url,
      mode: s.mode,
      status: this.statusOf(s),
      paymentStatus: s.paymentStatus,
      customerId: s.customerId,
      subscriptionId: s.subscriptionId,
      paymentIntentId: s.paymentIntentId,
      amountTotalCents: s.amountTotalCents,
      metadata: s.metadata,
    };
  }

  async retrieveCheckoutSession(id: string): Promise<ProviderCheckoutSession | null> {
    const data = await this.get<SessionData>(id, 'checkout.session');
    return data && this.session(id, data);
  }

  private subscription(id: string, s: SubscriptionData): ProviderSubscription {
    return {
      id,
      customerId: s.customerId,
      status: s.status,
      currentPeriodStart: new Date(s.currentPeriodStart),
      currentPeriodEnd: new Date(s.currentPeriodEnd),
      cancelAtPeriodEnd: s.cancelAtPeriodEnd,
      items: s.items.map((i) => ({ ...i })),
      metadata: s.metadata,
    };
  }

  async retrieveSubscription(id: string): Promise<ProviderSubscription | null> {
    const data = await this.get<SubscriptionData>(id, 'subscription');
    return data && this.subscription(id, data);
  }

  async retrieveInvoice(id: string): Promise<ProviderInvoice | null> {
    const d = await this.get<InvoiceData>(id, 'invoice');
    return (
      d && {
        id,
        customerId: d.customerId,
        subscriptionId: d.subscriptionId,
        status: d.status,
        amountDueCents: d.amountDueCents,
        amountPaidCents: d.amountPaidCents,
        hostedInvoiceUrl: '',
        created: new Date(d.created),
        paymentFailed: d.paymentFailed,
      }
    );
  }

  /**
   * The subscription after `change` and what it charges at once: the unused part of the period
   * (at `change.prorationDate`, else now) of the difference, or, on a new interval, a new period
   * less the unused part of the old one. One computation for the change and its preview.
   */
  private planChange(sub: SubscriptionData, change: Pick<SubscriptionChange, 'items' | 'prorate' | 'cancelAtPeriodEnd' | 'prorationDate'>): { next: SubscriptionData; charge: number } {
    const at = change.prorationDate ?? this.options.clock();
    const plan = change.items.map((i) => parseRef(i.ref)).find((p) => p?.kind === 'plan');
    const interval = plan && plan.kind === 'plan' ? plan.interval : sub.interval;
    const oldTotal = periodTotal(sub.items);
    const start = new Date(sub.currentPeriodStart).getTime();
    const end = new Date(sub.currentPeriodEnd).getTime();
    const unused = Math.max(0, Math.min(1, (end - at.getTime()) / Math.max(1, end - start)));
    const byRef = new Map(sub.items.map((i) => [i.ref, i]));
    const next: SubscriptionData = {
      ...sub,
      items: change.items.map((i) => ({ id: byRef.get(i.ref)?.id ?? newId('si'), ref: i.ref, quantity: i.quantity })),
      cancelAtPeriodEnd: change.cancelAtPeriodEnd ?? sub.cancelAtPeriodEnd,
      interval,
      // As with Stripe: cancelling (or resuming) supersedes a scheduled change.
      scheduledItems: change.cancelAtPeriodEnd === undefined ? (sub.scheduledItems ?? null) : null,
    };
    let charge = 0;
    if (interval !== sub.interval) {
      // A new interval starts a new period now (as Stripe does), less the unused part of the old one.
      next.currentPeriodStart = at.toISOString();
      next.currentPeriodEnd = addInterval(at, interval).toISOString();
      charge = periodTotal(next.items) - Math.round(oldTotal * unused);
    } else if (change.prorate) {
      charge = Math.round((periodTotal(next.items) - oldTotal) * unused);
    }
    return { next, charge: Math.max(0, charge) };
  }

  async previewSubscriptionChange(id: string, change: { items: Array<{ ref: string; quantity: number }>; prorationDate: Date }): Promise<SubscriptionChangePreview> {
    const sub = await this.get<SubscriptionData>(id, 'subscription');
    if (!sub) throw new Error(`no local subscription ${id}`);
    return { amountDueCents: this.planChange(sub, { ...change, prorate: true }).charge };
  }

  async updateSubscription(id: string, change: SubscriptionChange): Promise<ProviderSubscription> {
    const known = await this.remembered(change.idempotencyKey);
    if (known) return (await this.retrieveSubscription(id))!;
    const sub = await this.get<SubscriptionData>(id, 'subscription');
    if (!sub) throw new Error(`no local subscription ${id}`);
    const { next, charge } = this.planChange(sub, change);
    await this.put(id, 'subscription', next);
    const events: string[] = [await this.emit('customer.subscription.updated', id)];
    if (charge > 0) events.push(await this.emit('invoice.paid', await this.invoice(next.customerId, id, charge, 'paid')));
    await this.remember(change.idempotencyKey, id);
    await this.deliverAll(events);
    return this.subscription(id, next);
  }

  async scheduleSubscriptionChange(id: string, change: ScheduledSubscriptionChange): Promise<ProviderSubscription> {
    const sub = await this.get<SubscriptionData>(id, 'subscription');
    if (!sub) throw new Error(`no local subscription ${id}`);
    if (await this.remembered(change.idempotencyKey)) return this.subscription(id, sub);
    const next: SubscriptionData = { ...sub, scheduledItems: change.items.map((i) => ({ ref: i.ref, quantity: i.quantity })) };
    await this.put(id, 'subscription', next);
    await this.remember(change.idempotencyKey, id);
    return this.subscription(id, next);
  }

  async cancelScheduledChange(id: string, _idempotencyKey: string): Promise<ProviderSubscription> {
    const sub = await this.get<SubscriptionData>(id, 'subscription');
    if (!sub) throw new Error(`no local subscription ${id}`);
    if (!sub.scheduledItems) return this.subscription(id, sub);
    const next: SubscriptionData = { ...sub, scheduledItems: null };
    await this.put(id, 'subscription', next);
    return this.subscription(id, next);
  }

  async refundPayment(paymentIntentId: string, idempotencyKey: string): Promise<void> {
    if (await this.remembered(idempotencyKey)) return;
    // The paid session holds the payment intent (as Stripe's charge would): it is marked refunded.
    const row = await this.db
      .selectFrom('local_objects')
      .select(['id', 'data'])
      .where('type', '=', 'checkout.session')
      .where(sql`data->>'paymentIntentId'`, '=', paymentIntentId)
      .executeTakeFirst();
    if (!row) throw new Error(`no local payment ${paymentIntentId}`);
    const session = row.data as SessionData;
    // As Stripe: a payment is refunded once (charge_already_refunded).
    if (session.refundId) throw new PaymentAlreadyRefundedError(paymentIntentId);
    const refundId = newId('re');
    await this.put(refundId, 'refund', { paymentIntentId, sessionId: row.id, amountCents: session.amountTotalCents, status: 'succeeded' });
    await this.put(row.id, 'checkout.session', { ...session, refundId, refundedAt: this.options.clock().toISOString() } satisfies SessionData);
    await this.remember(idempotencyKey, refundId);
  }

  async expireCheckoutSession(id: string): Promise<ProviderCheckoutSession | null> {
    await this.expireSession(id);
    return this.retrieveCheckoutSession(id);
  }

  /**
   * Marks an open session expired once (claimed, as Pay claims it) and emits
   * checkout.session.expired through the webhook path; false when it was not open. Never call it
   * inside a transaction holding the account's lock: the delivery waits for that lock.
   */
  private async expireSession(id: string): Promise<boolean> {
    const claimed = await this.db
      .updateTable('local_objects')
      .set({ data: sql`jsonb_set(data, '{status}', '"expired"')` as never, updated_at: new Date() })
      .where('id', '=', id)
      .where('type', '=', 'checkout.session')
      .where(sql`data->>'status'`, '=', 'open')
      .returning('id')
      .executeTakeFirst();
    if (!claimed) return false;
    await this.deliverAll([await this.emit('checkout.session.expired', id)]);
    return true;
  }

  /** The maintenance sweep: open sessions whose 24 hours ran out are expired (each emits its event once). */
  async expireDue(now: Date): Promise<number> {
    const rows = await this.db
      .selectFrom('local_objects')
      .select('id')
      .where('type', '=', 'checkout.session')
      .where(sql`data->>'status'`, '=', 'open')
      .where(sql`data->>'expiresAt'`, '<=', now.toISOString())
      .execute();
    let expired = 0;
    for (const row of rows) if (await this.expireSession(row.id)) expired++;
    return expired;
  }

  async cancelSubscriptionAndRefund(id: string, idempotencyKey: string): Promise<ProviderInvoice | null> {
    const sub = await this.get<SubscriptionData>(id, 'subscription');
    if (!sub) throw new Error(`no local subscription ${id}`);
    if (sub.status !== 'canceled') {
      await this.put(id, 'subscription', { ...sub, status: 'canceled', cancelAtPeriodEnd: false, scheduledItems: null } satisfies SubscriptionData);
      // Recorded as Stripe would send it, not delivered: this runs inside the webhook transaction
      // that holds the account's lock, and the event changes nothing (not the account's subscription).
      await this.emit('customer.subscription.deleted', id);
    }
    // Its first invoice is the checkout's payment: refunded once.
    const row = await this.db
      .selectFrom('local_objects')
      .select(['id', 'data'])
      .where('type', '=', 'invoice')
      .where(sql`data->>'subscriptionId'`, '=', id)
      .where(sql`data->>'status'`, '=', 'paid')
      .orderBy('created_at')
      .orderBy('id')
      .executeTakeFirst();
    if (!row) return null;
    const invoice = row.data as InvoiceData;
    if (!invoice.refundId && !(await this.remembered(idempotencyKey))) {
      const refundId = newId('re');
      await this.put(refundId, 'refund', { invoiceId: row.id, subscriptionId: id, amountCents: invoice.amountPaidCents, status: 'succeeded' });
      await this.put(row.id, 'invoice', { ...invoice, refundId } satisfies InvoiceData);
      await this.remember(idempotencyKey, refundId);
    }
    return this.retrieveInvoice(row.id);
  }

  /** The refund of a subscription's invoice, if any (tests and the operator look). */
  async refundOfInvoice(invoiceId: string): Promise<{ id: string; amountCents: number } | null> {
    const row = await this.db
      .selectFrom('local_objects')
      .select(['id', 'data'])
      .where('type', '=', 'refund')
      .where(sql`data->>'invoiceId'`, '=', invoiceId)
      .executeTakeFirst();
    return row ? { id: row.id, amountCents: (row.data as { amountCents: number }).amountCents } : null;
  }

  /** The refund of a payment, if any (tests and the operator look). */
  async refundOf(paymentIntentId: string): Promise<{ id: string; amountCents: number } | null> {
    const row = await this.db
      .selectFrom('local_objects')
      .select(['id', 'data'])
      .where('type', '=', 'refund')
      .where(sql`data->>'paymentIntentId'`, '=', paymentIntentId)
      .executeTakeFirst();
    return row ? { id: row.id, amountCents: (row.data as { amountCents: number }).amountCents } : null;
  }

  /** No portal locally: 'Manage Billing' returns to the app's billing page. */
  async createPortalSession(_customerId: string, returnUrl: string): Promise<string> {
    return returnUrl;
  }

  parseWebhook(rawBody: Buffer, signatureHeader: string): ProviderEvent {
    let event: unknown;
    try {
      event = signer.constructEvent(rawBody, signatureHeader, this.webhookSecret, WEBHOOK_TOLERANCE_SECONDS);
    } catch {
      throw new WebhookSignatureError();
    }
    return toProviderEvent(event, signatureHeader);
  }

  // ---- the checkout page (LocalCheckoutDesk) ----

  async view(sessionId: string): Promise<LocalCheckoutView | null> {
    const s = await this.get<SessionData>(sessionId, 'checkout.session');
    if (!s) return null;
    return {
      id: sessionId,
      mode: s.mode,
      lineItems: s.lineItems.map((i) => ({ ref: i.ref, description: i.description, unitAmountCents: i.unitAmountCents, quantity: i.quantity, interval: i.interval })),
      totalCents: s.amountTotalCents,
      status: this.statusOf(s),
      cancelUrl: s.cancelUrl,
    };
  }

  async pay(sessionId: string): Promise<string> {
    const s = await this.get<SessionData>(sessionId, 'checkout.session');
    if (!s) throw new Error(`no local checkout session ${sessionId}`);
    const redirect = s.successUrl.replace('{CHECKOUT_SESSION_ID}', sessionId);
    if (this.timedOut(s)) await this.expireSession(sessionId);
    if (s.status === 'expired' || this.timedOut(s)) throw new AppError('CONFLICT', catalogueMessage(BILLING_MESSAGES, 'checkoutExpired'));
    if (s.status !== 'open') {
      await this.deliverAll(s.events);
      return s.status === 'complete' ? redirect : s.cancelUrl;
    }
    // Claimed once: of two Pay clicks at the same moment, one pays and the other redelivers.
    const claimed = await this.db
      .updateTable('local_objects')
      .set({ data: sql`jsonb_set(data, '{status}', '"complete"')` as never, updated_at: new Date() })
      .where('id', '=', sessionId)
      .where(sql`data->>'status'`, '=', 'open')
      .returning('id')
      .executeTakeFirst();
    if (!claimed) return this.pay(sessionId);
    const now = this.options.clock();
    const paid: SessionData = { ...s, status: 'complete', paymentStatus: 'paid' };
    const later: Array<[string, string]> = [];
    if (s.mode === 'subscription') {
      const interval = s.lineItems.find((i) => i.interval)?.interval ?? 'month';
      const subId = newId('sub');
      await this.put(subId, 'subscription', {
        customerId: s.customerId,
        status: 'active',
        currentPeriodStart: now.toISOString(),
        currentPeriodEnd: addInterval(now, interval).toISOString(),
        cancelAtPeriodEnd: false,
        interval,
        items: s.lineItems.map((i) => ({ id: newId('si'), ref: i.ref, quantity: i.quantity })),
        metadata: s.metadata,
      } satisfies SubscriptionData);
      paid.subscriptionId = subId;
      later.push(['customer.subscription.created', subId], ['invoice.paid', await this.invoice(s.customerId, subId, s.amountTotalCents, 'paid')]);
    } else {
      paid.paymentIntentId = newId('pi');
    }
    paid.events = [await this.emit('checkout.session.completed', sessionId)];
    for (const [type, objectId] of later) paid.events.push(await this.emit(type, objectId));
    await this.put(sessionId, 'checkout.session', paid);
    await this.deliverAll(paid.events);
    return redirect;
  }

  async cancel(sessionId: string): Promise<string> {
    const s = await this.get<SessionData>(sessionId, 'checkout.session');
    if (!s) throw new Error(`no local checkout session ${sessionId}`);
    // Stripe keeps a left session open until it expires; so does this one.
    return s.cancelUrl;
  }

  async renewDue(now: Date): Promise<number> {
    const rows = await this.db.selectFrom('local_objects').select(['id', 'data']).where('type', '=', 'subscription').execute();
    let renewed = 0;
    for (const row of rows) {
      const sub = row.data as SubscriptionData;
      if ((sub.status !== 'active' && sub.status !== 'past_due') || new Date(sub.currentPeriodEnd) > now) continue;
      const events: string[] = [];
      if (sub.cancelAtPeriodEnd) {
        await this.put(row.id, 'subscription', { ...sub, status: 'canceled' });
        events.push(await this.emit('customer.subscription.deleted', row.id));
      } else {
        // A scheduled change takes effect with the renewal: the new period is billed on its items.
        let renewing: SubscriptionData = sub;
        if (sub.scheduledItems) {
          const byRef = new Map(sub.items.map((i) => [i.ref, i.id]));
          const plan = sub.scheduledItems.map((i) => parseRef(i.ref)).find((p) => p?.kind === 'plan');
          renewing = {
            ...sub,
            items: sub.scheduledItems.map((i) => ({ id: byRef.get(i.ref) ?? newId('si'), ref: i.ref, quantity: i.quantity })),
            interval: plan?.kind === 'plan' ? plan.interval : sub.interval,
            scheduledItems: null,
          };
        }
        let start = new Date(sub.currentPeriodEnd);
        let end = addInterval(start, renewing.interval);
        const invoices: string[] = [];
        invoices.push(await this.invoice(sub.customerId, row.id, periodTotal(renewing.items), 'paid', start));
        while (end <= now) {
          start = end;
          end = addInterval(start, renewing.interval);
          invoices.push(await this.invoice(sub.customerId, row.id, periodTotal(renewing.items), 'paid', start));
        }
        await this.put(row.id, 'subscription', { ...renewing, status: 'active', currentPeriodStart: start.toISOString(), currentPeriodEnd: end.toISOString() });
        events.push(await this.emit('customer.subscription.updated', row.id));
        for (const invoice of invoices) events.push(await this.emit('invoice.paid', invoice));
      }
      await this.deliverAll(events);
      renewed++;
    }
    return renewed;
  }

  /** A test aid: the subscription's next charge fails (past_due, a failed invoice), as a declined card would. */
  async simulatePaymentFailure(subscriptionId: string): Promise<void> {
    const sub = await this.get<SubscriptionData>(subscriptionId, 'subscription');
    if (!sub) throw new Error(`no local subscription ${subscriptionId}`);
    await this.put(subscriptionId, 'subscription', { ...sub, status: 'past_due' });
    const invoice = await this.invoice(sub.customerId, subscriptionId, periodTotal(sub.items), 'open', this.options.clock(), true);
    await this.deliverAll([await this.emit('customer.subscription.updated', subscriptionId), await this.emit('invoice.payment_failed', invoice)]);
  }

  /** The line items a ref names (for a test that builds a session by hand). */
  static lineItem(ref: string, quantity = 1): CheckoutLineItem {
    return lineItemForRef(ref, quantity);
  }

  // ---- events ----

  private async invoice(customerId: string, subscriptionId: string, amountCents: number, status: 'paid' | 'open', created = this.options.clock(), failed = false): Promise<string> {
    const id = newId('in');
    await this.put(id, 'invoice', {
      customerId,
      subscriptionId,
      status,
      amountDueCents: amountCents,
      amountPaidCents: status === 'paid' ? amountCents : 0,
      created: created.toISOString(),
      paymentFailed: failed,
    } satisfies InvoiceData);
    return id;
  }

  /** Records a Stripe-shaped event (a thin one: its object is read back by id). */
  private async emit(type: string, objectId: string): Promise<string> {
    const id = newId('evt');
    const object = type.split('.').slice(0, -1).join('.').replace(/^customer\./, '');
    const payload = JSON.stringify({ id, object: 'event', type, created: Math.floor(Date.now() / 1000), livemode: false, data: { object: { id: objectId, object } } });
    await this.put(id, 'event', { type, objectId, payload } satisfies EventData);
    return id;
  }

  /** Signs an event's payload now (Stripe's scheme, the SDK's signer). */
  sign(payload: string, timestamp = Math.floor(Date.now() / 1000)): string {
    return signer.generateTestHeaderString({ payload, secret: this.webhookSecret, timestamp });
  }

  /** Every event emitted so far, oldest first (tests replay them). */
  async recordedEvents(): Promise<Array<{ id: string; type: string; payload: string }>> {
    const rows = await this.db.selectFrom('local_objects').select(['id', 'data']).where('type', '=', 'event').orderBy('created_at').orderBy('id').execute();
    return rows.map((r) => ({ id: r.id, type: (r.data as EventData).type, payload: (r.data as EventData).payload }));
  }

  private async deliverAll(eventIds: string[]): Promise<void> {
    if (!this.deliver) return;
    for (const id of eventIds) {
      const event = await this.get<EventData>(id, 'event');
      if (event) await this.deliver(Buffer.from(event.payload), this.sign(event.payload));
    }
  }
}
