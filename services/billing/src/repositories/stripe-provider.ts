// The Stripe side of the payments port, through the official `stripe` SDK. Catalogue refs map to
// Stripe prices by lookup key ('plan:professional:month' -> 'trainwright_plan_professional_month');
// a price is created on first use (with its product) and cached in memory. Webhooks are verified
// by the SDK (`webhooks.constructEvent`, 300 s tolerance; webhook-event.ts checks the rest); the
// handler reads the current objects back through the retrieve* methods.
import Stripe from 'stripe';
import {
  PaymentAlreadyRefundedError,
  WebhookSignatureError,
  type BillingInterval,
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
import { toProviderEvent, WEBHOOK_TOLERANCE_SECONDS } from '../services/webhook-event.js';

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  /** e.g. http://127.0.0.1:12111 (tests); the SDK's default (https://api.stripe.com) otherwise. */
  apiBase?: string;
  /**
   * Resolves a ref to its catalogue line (amount, name, interval) when a price has to be created
   * outside a checkout (updateSubscription only carries refs and quantities).
   */
  resolveItem?: (ref: string) => Omit<CheckoutLineItem, 'quantity'> | null;
}

const REQUEST_TIMEOUT_MS = 20_000;
const LOOKUP_KEY_PREFIX = 'trainwright_';
/** One-off items priced per purchase (no catalogue price): sent as inline price_data. */
const AD_HOC_REFS: ReadonlySet<string> = new Set(['video']);
/** Stripe's limit of lookup_keys per list request. */
const LOOKUP_KEYS_PER_LIST = 10;

/** 'plan:professional:month' -> 'trainwright_plan_professional_month'. */
export function lookupKeyForRef(ref: string): string {
  return LOOKUP_KEY_PREFIX + ref.replaceAll(':', '_');
}

/**
 * The ref of a price: its metadata.ref (set when we create it), else parsed from the lookup key.
 * The lookup key alone is ambiguous once ids hold '_' (add_on_advanced_analytics_month), so the
 * parse relies on the known shapes: plan_<tier>_<interval>, add_on_<id>_<interval>, credits.
 */
export function refForPrice(price: Pick<Stripe.Price, 'lookup_key' | 'metadata'>): string | null {
  const fromMetadata = price.metadata?.ref;
  if (fromMetadata) return fromMetadata;
  const key = price.lookup_key;
  if (!key || !key.startsWith(LOOKUP_KEY_PREFIX)) return null;
  const rest = key.slice(LOOKUP_KEY_PREFIX.length);
  if (rest === 'credits') return 'credits';
  const match = /^(plan|add_on)_(.+)_(month|year)$/.exec(rest);
  if (!match) return null;
  return `${match[1]}:${match[2]}:${match[3]}`;
}

type DesiredItem = { ref: string; quantity: number } & Partial<Omit<CheckoutLineItem, 'ref' | 'quantity'>>;

function idOf(value: string | { id?: string } | null | undefined): string | null {
  if (value == null) return null;
  if (typeof value === 'string') return value;
  return value.id ?? null;
}

function isMissing(error: unknown): boolean {
  if (!(error instanceof Stripe.errors.StripeError)) return false;
  return error.statusCode === 404 || error.code === 'resource_missing';
}

const SUBSCRIPTION_STATUSES: ReadonlySet<string> = new Set<ProviderSubscriptionStatus>([
  'active', 'trialing', 'past_due', 'canceled', 'unpaid', 'incomplete', 'incomplete_expired', 'paused',
]);
const INVOICE_STATUSES: ReadonlySet<string> = new Set<ProviderInvoice['status']>([
  'draft', 'open', 'paid', 'uncollectible', 'void',
]);

export class StripeProvider implements PaymentsProvider {
  readonly name = 'stripe' as const;
  private readonly stripe: Stripe;
  private readonly webhookSecret: string;
  private readonly resolveItem: StripeProviderOptions['resolveItem'];
  /** Prices by lookup key (the current price holding the key). */
  private readonly prices = new Map<string, Stripe.Price>();

  constructor(options: StripeProviderOptions) {
    if (!options.secretKey) throw new Error('StripeProvider needs a secret key');
    if (!options.webhookSecret) throw new Error('StripeProvider needs a webhook secret');
    const config: ConstructorParameters<typeof Stripe>[1] = {
      maxNetworkRetries: 2,
      timeout: REQUEST_TIMEOUT_MS,
      appInfo: { name: 'trainwright-billing' },
    };
    if (options.apiBase) {
      const url = new URL(options.apiBase);
      const protocol = url.protocol.replace(/:$/, '');
      if (protocol !== 'http' && protocol !== 'https') throw new Error(`Unsupported Stripe API base: ${options.apiBase}`);
      config.host = url.hostname;
      config.port = url.port || (protocol === 'https' ? 443 : 80);
      config.protocol = protocol;
    }
    this.stripe = new Stripe(options.secretKey, config);
    this.webhookSecret = options.webhookSecret;
    this.resolveItem = options.resolveItem;
  }

  async createCustomer(input: { userId: string; email: string; name: string; idempotencyKey: string }): Promise<string> {
    const customer = await this.stripe.customers.create(
      { email: input.email, name: input.name, metadata: { user_id: input.userId } },
      { idempotencyKey: input.idempotencyKey },
    );
    return customer.id;
  }

  async createCheckoutSession(request: CheckoutRequest): Promise<ProviderCheckoutSession> {
    const prices = await this.pricesFor(request.lineItems.filter((item) => !AD_HOC_REFS.has(item.ref)));
    const params: Stripe.Checkout.SessionCreateParams = {
      mode: request.mode,
      customer: request.customerId,
      line_items: request.lineItems.map((item) =>
        AD_HOC_REFS.has(item.ref)
          ? // An amount of its own each time (a video's minutes at the plan's rate): an inline price.
            { price_data: { currency: 'usd', unit_amount: item.unitAmountCents, product_data: { name: item.description, metadata: { ref: item.ref } } }, quantity: item.quantity }
          : { price: prices.get(item.ref)!.id, quantity: item.quantity },
      ),
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
      metadata: request.metadata,
    };
    if (request.mode === 'subscription') {
      params.subscription_data = { metadata: request.metadata };
    } else {
      params.payment_intent_data = { metadata: request.metadata };
    }
    const session = await this.stripe.checkout.sessions.create(params, { idempotencyKey: request.idempotencyKey });
    return toCheckoutSession(session);
  }

  async retrieveCheckoutSession(id: string): Promise<ProviderCheckoutSession | null> {
    return this.orNull(async () => toCheckoutSession(await this.stripe.checkout.sessions.retrieve(id)));
  }

  async retrieveSubscription(id: string): Promise<ProviderSubscription | null> {
    return this.orNull(async () => this.toSubscription(await this.stripe.subscriptions.retrieve(id)));
  }

  async retrieveInvoice(id: string): Promise<ProviderInvoice | null> {
    return this.orNull(async () => toInvoice(await this.stripe.invoices.retrieve(id)));
  }

  async updateSubscription(id: string, change: SubscriptionChange): Promise<ProviderSubscription> {
    const current = await this.stripe.subscriptions.retrieve(id);
    const params: Stripe.SubscriptionUpdateParams = {
      items: await this.itemChanges(current, change.items),
      proration_behavior: change.prorate ? 'always_invoice' : 'none',
      // The preview's moment: the charge is the amount the preview showed.
      ...(change.prorationDate ? { proration_date: Math.floor(change.prorationDate.getTime() / 1000) } : {}),
    };
    if (change.cancelAtPeriodEnd !== undefined) {
      params.cancel_at_period_end = change.cancelAtPeriodEnd;
      // Stripe refuses a change of cancellation on a subscription a schedule manages: cancelling
      // (or resuming) supersedes a scheduled change, so the schedule is released first.
      await this.releaseSchedule(current, `${change.idempotencyKey}:release`);
    }
    const updated = await this.stripe.subscriptions.update(id, params, { idempotencyKey: change.idempotencyKey });
    return this.toSubscription(updated);
  }

  /** Stripe's upcoming invoice of the change (invoices.createPreview), changing nothing. */
  async previewSubscriptionChange(id: string, change: { items: Array<{ ref: string; quantity: number }>; prorationDate: Date }): Promise<SubscriptionChangePreview> {
    const current = await this.stripe.subscriptions.retrieve(id);
    const preview = await this.stripe.invoices.createPreview({
      subscription: id,
      subscription_details: {
        items: (await this.itemChanges(current, change.items)) as Stripe.InvoiceCreatePreviewParams.SubscriptionDetails.Item[],
        proration_behavior: 'always_invoice',
        proration_date: Math.floor(change.prorationDate.getTime() / 1000),
      },
    });
    return { amountDueCents: preview.amount_due };
  }

  /** The item changes that make `current` hold `wanted` (the update's and its preview's). */
  private async itemChanges(current: Stripe.Subscription, wanted: Array<{ ref: string; quantity: number }>): Promise<Stripe.SubscriptionUpdateParams.Item[]> {
    const existing = new Map<string, Stripe.SubscriptionItem>();
    for (const item of current.items.data) {
      const ref = this.refOf(item.price);
      if (ref !== null && !existing.has(ref)) existing.set(ref, item);
    }
    const prices = await this.pricesFor((wanted as DesiredItem[]).filter((item) => !existing.has(item.ref)));
    const wantedRefs = new Set(wanted.map((item) => item.ref));
    const items: Stripe.SubscriptionUpdateParams.Item[] = [];
    for (const item of wanted) {
      const held = existing.get(item.ref);
      // A kept item keeps its price (a subscriber stays on the amount they bought); only new
      // items take the ref's current price.
      items.push(held
        ? { id: held.id, quantity: item.quantity }
        : { price: prices.get(item.ref)!.id, quantity: item.quantity });
    }
    for (const item of current.items.data) {
      const ref = this.refOf(item.price);
      // Items we do not know (no ref) are left alone; duplicates of a ref are removed.
      if (ref === null) continue;
      if (!wantedRefs.has(ref) || existing.get(ref)?.id !== item.id) items.push({ id: item.id, deleted: true });
    }
    return items;
  }

  /**
   * A subscription schedule over the subscription (created from it, or the one it has), updated to
   * two phases: the current items until the current period's end, then the new items; released at
   * the end (the subscription goes on by itself). Stripe moves to the second phase at the period's
   * end, renews on its items and sends customer.subscription.updated.
   */
  async scheduleSubscriptionChange(id: string, change: ScheduledSubscriptionChange): Promise<ProviderSubscription> {
    const current = await this.stripe.subscriptions.retrieve(id);
    const view = this.toSubscription(current);
    const prices = await this.pricesFor(change.items as DesiredItem[]);
    let scheduleId = await this.activeScheduleOf(current);
    if (!scheduleId) {
      const created = await this.stripe.subscriptionSchedules.create({ from_subscription: id }, { idempotencyKey: `${change.idempotencyKey}:create` });
      scheduleId = created.id;
    }
    const schedule = await this.stripe.subscriptionSchedules.retrieve(scheduleId);
    const periodEnd = Math.floor(view.currentPeriodEnd.getTime() / 1000);
    const phaseStart = schedule.current_phase?.start_date ?? schedule.phases[0]?.start_date ?? Math.floor(view.currentPeriodStart.getTime() / 1000);
    const held = current.items.data.map((item) => ({ price: item.price.id, quantity: item.quantity ?? 1 }));
    // Items we do not know (no ref) go on into the next phase as they are.
    const unknown = current.items.data.filter((item) => this.refOf(item.price) === null).map((item) => ({ price: item.price.id, quantity: item.quantity ?? 1 }));
    await this.stripe.subscriptionSchedules.update(
      scheduleId,
      {
        end_behavior: 'release',
        proration_behavior: 'none',
        phases: [
          { start_date: phaseStart, end_date: periodEnd, items: held, proration_behavior: 'none' },
          { items: [...change.items.map((item) => ({ price: prices.get(item.ref)!.id, quantity: item.quantity })), ...unknown], proration_behavior: 'none' },
        ],
      },
      { idempotencyKey: `${change.idempotencyKey}:phases` },
    );
    return this.toSubscription(await this.stripe.subscriptions.retrieve(id));
  }

  async cancelScheduledChange(id: string, idempotencyKey: string): Promise<ProviderSubscription> {
    const current = await this.stripe.subscriptions.retrieve(id);
    if (!(await this.releaseSchedule(current, idempotencyKey))) return this.toSubscription(current);
    return this.toSubscription(await this.stripe.subscriptions.retrieve(id));
  }

  /** The id of the subscription's schedule while it still schedules (not_started or active). */
  private async activeScheduleOf(subscription: Stripe.Subscription): Promise<string | null> {
    const scheduleId = idOf(subscription.schedule);
    if (!scheduleId) return null;
    const schedule = typeof subscription.schedule === 'object' && subscription.schedule ? subscription.schedule : await this.stripe.subscriptionSchedules.retrieve(scheduleId);
    return schedule.status === 'active' || schedule.status === 'not_started' ? scheduleId : null;
  }

  /** Releases the subscription's schedule (the subscription stays as it is); false when it has none. */
  private async releaseSchedule(subscription: Stripe.Subscription, idempotencyKey: string): Promise<boolean> {
    const scheduleId = await this.activeScheduleOf(subscription);
    if (!scheduleId) return false;
    await this.stripe.subscriptionSchedules.release(scheduleId, {}, { idempotencyKey });
    return true;
  }

  async refundPayment(paymentIntentId: string, idempotencyKey: string): Promise<void> {
    try {
      await this.stripe.refunds.create({ payment_intent: paymentIntentId }, { idempotencyKey });
    } catch (error) {
      if (error instanceof Stripe.errors.StripeError && error.code === 'charge_already_refunded') throw new PaymentAlreadyRefundedError(paymentIntentId);
      throw error;
    }
  }

  async expireCheckoutSession(id: string): Promise<ProviderCheckoutSession | null> {
    const current = await this.orNull(() => this.stripe.checkout.sessions.retrieve(id));
    if (!current || current.status !== 'open') return current && toCheckoutSession(current);
    try {
      return toCheckoutSession(await this.stripe.checkout.sessions.expire(id, {}, { idempotencyKey: `expire-${id}` }));
    } catch (error) {
      // Completed (or expired) in between: Stripe refuses to expire a session that is not open.
      if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
      return this.retrieveCheckoutSession(id);
    }
  }

  async cancelSubscriptionAndRefund(id: string, idempotencyKey: string): Promise<ProviderInvoice | null> {
    const current = await this.stripe.subscriptions.retrieve(id);
    if (current.status !== 'canceled' && current.status !== 'incomplete_expired') {
      await this.stripe.subscriptions.cancel(id, { prorate: false, invoice_now: false }, { idempotencyKey: `${idempotencyKey}:cancel` });
    }
    // A new subscription's latest invoice is its first one (the checkout's payment).
    const invoiceId = idOf(current.latest_invoice);
    if (!invoiceId) return null;
    const payments = await this.stripe.invoicePayments.list({ invoice: invoiceId, status: 'paid', limit: 10 });
    for (const payment of payments.data) {
      const intent = idOf(payment.payment?.payment_intent);
      if (!intent) continue;
      try {
        await this.refundPayment(intent, `${idempotencyKey}:refund:${intent}`);
      } catch (error) {
        if (!(error instanceof PaymentAlreadyRefundedError)) throw error;
      }
    }
    return this.retrieveInvoice(invoiceId);
  }

  async createPortalSession(customerId: string, returnUrl: string): Promise<string> {
    const session = await this.stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
    return session.url;
  }

  parseWebhook(rawBody: Buffer, signatureHeader: string): ProviderEvent {
    let event: unknown;
    try {
      if (!signatureHeader) throw new Error('No signature header');
      event = this.stripe.webhooks.constructEvent(rawBody, signatureHeader, this.webhookSecret, WEBHOOK_TOLERANCE_SECONDS);
    } catch {
      throw new WebhookSignatureError();
    }
    return toProviderEvent(event, signatureHeader);
  }

  // --- prices ---------------------------------------------------------------------------------

  /** The price of each ref (by ref): cached, else listed by lookup key, else created. */
  private async pricesFor(items: DesiredItem[]): Promise<Map<string, Stripe.Price>> {
    const byRef = new Map<string, DesiredItem>();
    for (const item of items) if (!byRef.has(item.ref)) byRef.set(item.ref, item);

    const unknown = [...byRef.keys()].map(lookupKeyForRef).filter((key) => !this.prices.has(key));
    for (let i = 0; i < unknown.length; i += LOOKUP_KEYS_PER_LIST) {
      const chunk = unknown.slice(i, i + LOOKUP_KEYS_PER_LIST);
      const listed = await this.stripe.prices.list({ lookup_keys: chunk, active: true, limit: 100 });
      for (const price of listed.data) if (price.lookup_key) this.prices.set(price.lookup_key, price);
    }

    const result = new Map<string, Stripe.Price>();
    for (const [ref, item] of byRef) {
      const key = lookupKeyForRef(ref);
      const cached = this.prices.get(key);
      const line = this.lineFor(item);
      let price = cached;
      if (!price || (line && !priceMatches(price, line))) {
        if (!line) throw new Error(`No Stripe price with lookup key ${key} and no catalogue amount to create it`);
        price = await this.createPrice(key, line, Boolean(cached));
        this.prices.set(key, price);
      }
      result.set(ref, price);
    }
    return result;
  }

  /** The amount, name and interval of an item: from the item itself, else the resolver. */
  private lineFor(item: DesiredItem): Omit<CheckoutLineItem, 'quantity'> | null {
    if (typeof item.unitAmountCents === 'number' && typeof item.description === 'string' && item.interval !== undefined) {
      return { ref: item.ref, description: item.description, unitAmountCents: item.unitAmountCents, interval: item.interval };
    }
    try {
      return this.resolveItem?.(item.ref) ?? null;
    } catch {
      return null;
    }
  }

  private async createPrice(lookupKey: string, line: Omit<CheckoutLineItem, 'quantity'>, transfer: boolean): Promise<Stripe.Price> {
    const params: Stripe.PriceCreateParams = {
      currency: 'usd',
      unit_amount: line.unitAmountCents,
      lookup_key: lookupKey,
      product_data: { name: line.description, metadata: { ref: line.ref } },
      metadata: { ref: line.ref },
    };
    if (line.interval) params.recurring = { interval: line.interval };
    // A changed catalogue amount: the new price takes the lookup key over from the old one.
    if (transfer) params.transfer_lookup_key = true;
    // Concurrent first uses (two replicas) create one price, not two.
    const idempotencyKey = `trainwright-price:${lookupKey}:${line.unitAmountCents}:${line.interval ?? 'once'}`;
    return this.stripe.prices.create(params, { idempotencyKey });
  }

  private refOf(price: Stripe.Price): string | null {
    return refForPrice(price);
  }

  // --- mapping --------------------------------------------------------------------------------

  private toSubscription(subscription: Stripe.Subscription): ProviderSubscription {
    const items = subscription.items.data.map((item) => ({
      id: item.id,
      ref: this.refOf(item.price) ?? `unknown:${item.price.id}`,
      quantity: item.quantity ?? 1,
      item,
    }));
    // Recent API versions keep the period on the items; the plan item's period is the account's.
    const periodItem = items.find((i) => i.ref.startsWith('plan:'))?.item ?? items[0]?.item;
    const legacy = subscription as unknown as { current_period_start?: number; current_period_end?: number };
    const start = periodItem?.current_period_start ?? legacy.current_period_start ?? subscription.start_date;
    const end = periodItem?.current_period_end ?? legacy.current_period_end ?? start;
    const cancelAt = (subscription as { cancel_at?: number | null }).cancel_at ?? null;
    return {
      id: subscription.id,
      customerId: idOf(subscription.customer) ?? '',
      status: (SUBSCRIPTION_STATUSES.has(subscription.status) ? subscription.status : 'incomplete') as ProviderSubscriptionStatus,
      currentPeriodStart: new Date(start * 1000),
      currentPeriodEnd: new Date(end * 1000),
      // The portal may cancel through cancel_at (at the period end) instead of the flag.
      cancelAtPeriodEnd: subscription.cancel_at_period_end || (cancelAt !== null && cancelAt <= end),
      items: items.map(({ id, ref, quantity }) => ({ id, ref, quantity })),
      metadata: { ...(subscription.metadata ?? {}) },
    };
  }

  private async orNull<T>(load: () => Promise<T>): Promise<T | null> {
    try {
      return await load();
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }
}

function priceMatches(price: Stripe.Price, line: Omit<CheckoutLineItem, 'quantity'>): boolean {
  const interval: BillingInterval | null = (price.recurring?.interval as BillingInterval | undefined) ?? null;
  return price.unit_amount === line.unitAmountCents && interval === line.interval && price.currency === 'usd';
}

function toCheckoutSession(session: Stripe.Checkout.Session): ProviderCheckoutSession {
  const status: ProviderCheckoutSession['status'] =
    session.status === 'complete' ? 'complete' : session.status === 'expired' ? 'expired' : 'open';
  const paymentStatus: ProviderCheckoutSession['paymentStatus'] =
    session.payment_status === 'paid' ? 'paid'
      : session.payment_status === 'no_payment_required' ? 'no_payment_required'
        : 'unpaid';
  return {
    id: session.id,
    url: session.url ?? '',
    mode: session.mode === 'subscription' ? 'subscription' : 'payment',
    status,
    paymentStatus,
    customerId: idOf(session.customer) ?? '',
    subscriptionId: idOf(session.subscription),
    paymentIntentId: idOf(session.payment_intent),
    amountTotalCents: session.amount_total ?? 0,
    metadata: { ...(session.metadata ?? {}) },
  };
}

function toInvoice(invoice: Stripe.Invoice): ProviderInvoice {
  const legacy = invoice as unknown as { subscription?: string | { id?: string } | null };
  const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription) ?? idOf(legacy.subscription);
  const status = (invoice.status && INVOICE_STATUSES.has(invoice.status) ? invoice.status : 'draft') as ProviderInvoice['status'];
  return {
    id: invoice.id,
    customerId: idOf(invoice.customer) ?? '',
    subscriptionId,
    status,
    amountDueCents: invoice.amount_due,
    amountPaidCents: invoice.amount_paid,
    hostedInvoiceUrl: invoice.hosted_invoice_url ?? '',
    created: new Date(invoice.created * 1000),
    paymentFailed: invoice.attempted && status !== 'paid',
  };
}
