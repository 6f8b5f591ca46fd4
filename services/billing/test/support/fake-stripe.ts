// A local stand-in for the Stripe REST API: the endpoints billing's StripeProvider calls, in
// Stripe's wire format (form-encoded bracket-notation bodies parsed with `qs`, JSON objects with
// `object` and prefixed ids, `{ error: { type, code, message } }` errors, Idempotency-Key replay),
// objects kept in memory. Test helpers drive what a customer would do on Stripe's pages
// (completeCheckout), what Stripe does later (setSubscriptionStatus, addInvoice, payInvoice, and
// advanceToPeriodEnd: the renewal, moving a subscription schedule to its next phase), and sign
// events with the SDK's own signer.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import qs from 'qs';
import Stripe from 'stripe';

/* eslint-disable @typescript-eslint/no-explicit-any */
type Json = Record<string, any>;

export interface FakeStripeRequest {
  method: string;
  path: string;
  query: Json;
  body: Json;
  idempotencyKey: string | null;
  status: number;
  /** Whether the response was a replay of an earlier one with the same Idempotency-Key. */
  replayed: boolean;
}

export interface FakeStripeOptions {
  secretKey?: string;
  webhookSecret?: string;
}

class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: { type: string; code?: string; message: string; param?: string },
  ) {
    super(body.message);
  }
}

const missing = (kind: string, id: string, param?: string, status = 404): ApiError =>
  new ApiError(status, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${kind}: '${id}'`,
    ...(param ? { param } : {}),
  });
const invalid = (message: string, param?: string): ApiError =>
  new ApiError(400, { type: 'invalid_request_error', message, ...(param ? { param } : {}) });

function newId(prefix: string): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = randomBytes(24);
  let out = '';
  for (const b of bytes) out += alphabet[b % alphabet.length];
  return `${prefix}_${out}`;
}

const now = (): number => Math.floor(Date.now() / 1000);

function addInterval(seconds: number, interval: string, count = 1): number {
  const date = new Date(seconds * 1000);
  if (interval === 'year') date.setUTCFullYear(date.getUTCFullYear() + count);
  else if (interval === 'month') date.setUTCMonth(date.getUTCMonth() + count);
  else if (interval === 'week') date.setUTCDate(date.getUTCDate() + 7 * count);
  else date.setUTCDate(date.getUTCDate() + count);
  return Math.floor(date.getTime() / 1000);
}

const asInt = (value: unknown, param: string): number => {
  const n = Number(value);
  if (typeof value !== 'string' || !/^-?\d+$/.test(value) || !Number.isSafeInteger(n)) {
    throw invalid(`Invalid integer: ${String(value)}`, param);
  }
  return n;
};
const asBool = (value: unknown): boolean => value === 'true' || value === true;
const asArray = (value: unknown): Json[] => {
  if (value === undefined || value === '') return [];
  if (Array.isArray(value)) return value as Json[];
  if (typeof value === 'object' && value !== null) return Object.values(value) as Json[];
  throw invalid('Invalid array');
};
const metadataOf = (value: unknown): Record<string, string> => {
  if (value === undefined || value === '') return {};
  if (typeof value !== 'object' || value === null) throw invalid('Invalid metadata', 'metadata');
  return { ...(value as Record<string, string>) };
};
const list = (url: string, data: Json[]): Json => ({ object: 'list', data, has_more: false, url });

export class FakeStripe {
  readonly secretKey: string;
  readonly webhookSecret: string;
  readonly requests: FakeStripeRequest[] = [];
  readonly customers = new Map<string, Json>();
  readonly products = new Map<string, Json>();
  readonly prices = new Map<string, Json>();
  readonly sessions = new Map<string, Json>();
  readonly subscriptions = new Map<string, Json>();
  readonly invoices = new Map<string, Json>();
  readonly paymentIntents = new Map<string, Json>();
  readonly refunds = new Map<string, Json>();
  readonly portalSessions = new Map<string, Json>();
  readonly schedules = new Map<string, Json>();
  /** Invoice payments (invoice_payment objects) by invoice: made when a paid invoice's payments are listed. */
  readonly invoicePayments = new Map<string, Json>();
  /** What a session carries beyond its public fields: its line items and subscription_data. */
  private readonly sessionExtras = new Map<string, { lineItems: Array<{ price: string; quantity: number }>; subscriptionMetadata: Record<string, string>; paymentIntentMetadata: Record<string, string> }>();
  private readonly idempotent = new Map<string, { fingerprint: string; status: number; body: string }>();
  private server: Server | null = null;
  private baseUrl = '';

  constructor(options: FakeStripeOptions = {}) {
    this.secretKey = options.secretKey ?? 'sk_test_fake';
    this.webhookSecret = options.webhookSecret ?? 'whsec_fake';
  }

  /** Listens on 127.0.0.1 on a free port; returns the API base (http://127.0.0.1:<port>). */
  async start(): Promise<string> {
    const server = createServer((req, res) => {
      void this.handle(req, res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.server = server;
    this.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return this.baseUrl;
  }

  get url(): string {
    return this.baseUrl;
  }

  async close(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = null;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** The logged requests, optionally only those of one method and path (exact or RegExp). */
  calls(method?: string, path?: string | RegExp): FakeStripeRequest[] {
    return this.requests.filter((r) =>
      (!method || r.method === method)
      && (!path || (typeof path === 'string' ? r.path === path : path.test(r.path))));
  }

  // --- test helpers ---------------------------------------------------------------------------

  /**
   * What paying on Stripe's page does: the session becomes complete/paid; in subscription mode a
   * subscription (active, period now .. +1 interval) and its first invoice (paid) are created; in
   * payment mode a succeeded payment intent.
   */
  completeCheckout(sessionId: string): { session: Json; subscription: Json | null; invoice: Json | null; paymentIntent: Json | null } {
    const session = this.sessions.get(sessionId);
    const extras = this.sessionExtras.get(sessionId);
    if (!session || !extras) throw new Error(`No such checkout session: ${sessionId}`);
    if (session.status !== 'open') throw new Error(`Checkout session ${sessionId} is ${session.status}`);
    session.status = 'complete';
    session.payment_status = 'paid';
    session.url = null;
    let subscription: Json | null = null;
    let invoice: Json | null = null;
    let paymentIntent: Json | null = null;
    if (session.mode === 'subscription') {
      subscription = this.createSubscription(session.customer, extras.lineItems, extras.subscriptionMetadata);
      invoice = this.createInvoice({
        customer: session.customer,
        subscription: subscription.id,
        subscriptionMetadata: subscription.metadata,
        amount: session.amount_total,
        status: 'paid',
        billingReason: 'subscription_create',
      });
      subscription.latest_invoice = invoice.id;
      session.subscription = subscription.id;
      session.invoice = invoice.id;
    } else {
      paymentIntent = {
        id: newId('pi'),
        object: 'payment_intent',
        amount: session.amount_total,
        amount_received: session.amount_total,
        currency: 'usd',
        customer: session.customer,
        status: 'succeeded',
        metadata: { ...extras.paymentIntentMetadata },
        created: now(),
        livemode: false,
      };
      this.paymentIntents.set(paymentIntent.id, paymentIntent);
      session.payment_intent = paymentIntent.id;
    }
    return { session, subscription, invoice, paymentIntent };
  }

  /** What Stripe does when the checkout session's 24 hours run out. */
  expireCheckout(sessionId: string): Json {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`No such checkout session: ${sessionId}`);
    session.status = 'expired';
    session.url = null;
    return session;
  }

  setSubscriptionStatus(id: string, status: string): Json {
    const subscription = this.subscriptions.get(id);
    if (!subscription) throw new Error(`No such subscription: ${id}`);
    subscription.status = status;
    if (status === 'canceled') {
      subscription.canceled_at = now();
      subscription.ended_at = now();
    }
    return subscription;
  }

  /** A further invoice of a subscription (a renewal), e.g. one whose collection failed. */
  addInvoice(subscriptionId: string, input: { status: 'paid' | 'open' | 'void' | 'uncollectible'; amount?: number; attempted?: boolean }): Json {
    const subscription = this.subscriptions.get(subscriptionId);
    if (!subscription) throw new Error(`No such subscription: ${subscriptionId}`);
    const amount = input.amount
      ?? subscription.items.data.reduce((sum: number, item: Json) => sum + item.price.unit_amount * item.quantity, 0);
    const invoice = this.createInvoice({
      customer: subscription.customer,
      subscription: subscription.id,
      subscriptionMetadata: subscription.metadata,
      amount,
      status: input.status,
      attempted: input.attempted ?? true,
      billingReason: 'subscription_cycle',
    });
    subscription.latest_invoice = invoice.id;
    return invoice;
  }

  /**
   * A webhook delivery: the event's JSON body and its Stripe-Signature header, signed with the
   * SDK's signer (the webhook secret unless another is given; now unless a timestamp is given).
   */
  event(type: string, object: Json, options: { secret?: string; timestamp?: number; id?: string } = {}): { payload: string; header: string; id: string } {
    const id = options.id ?? newId('evt');
    const payload = JSON.stringify({
      id,
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: options.timestamp ?? now(),
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    });
    const header = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? this.webhookSecret,
      ...(options.timestamp !== undefined ? { timestamp: options.timestamp } : {}),
    });
    return { payload, header, id };
  }

  /** What paying an open invoice does (a retry that succeeded): paid in full. */
  payInvoice(id: string): Json {
    const invoice = this.invoices.get(id);
    if (!invoice) throw new Error(`No such invoice: ${id}`);
    invoice.status = 'paid';
    invoice.amount_paid = invoice.amount_due;
    invoice.amount_remaining = 0;
    invoice.attempted = true;
    invoice.attempt_count += 1;
    return invoice;
  }

  /**
   * What Stripe does when the subscription's current period ends: with cancel_at_period_end it
   * ends (customer.subscription.deleted); else a schedule's next phase starting then takes over
   * the items (a schedule past its last phase is released), the period renews and its invoice is
   * paid (customer.subscription.updated, invoice.paid). Returns the events to deliver, in order.
   */
  advanceToPeriodEnd(subscriptionId: string): { subscription: Json; invoice: Json | null; events: Array<{ type: string; object: Json }> } {
    const subscription = this.subscriptions.get(subscriptionId);
    if (!subscription) throw new Error(`No such subscription: ${subscriptionId}`);
    const end: number = subscription.items.data[0].current_period_end;
    const snapshot = (o: Json): Json => structuredClone(o);
    const events: Array<{ type: string; object: Json }> = [];
    if (subscription.cancel_at_period_end) {
      subscription.status = 'canceled';
      subscription.canceled_at = end;
      subscription.ended_at = end;
      events.push({ type: 'customer.subscription.deleted', object: snapshot(subscription) });
      return { subscription, invoice: null, events };
    }
    const schedule = subscription.schedule ? this.schedules.get(subscription.schedule) : undefined;
    let items: Array<{ price: string; quantity: number }> = subscription.items.data.map((i: Json) => ({ price: i.price.id, quantity: i.quantity }));
    if (schedule && schedule.status === 'active') {
      const next = (schedule.phases as Json[]).find((p) => p.start_date === end);
      if (next) {
        items = next.items.map((i: Json) => ({ price: i.price, quantity: i.quantity ?? 1 }));
        schedule.current_phase = { start_date: next.start_date, end_date: next.end_date };
        events.push({ type: 'subscription_schedule.updated', object: snapshot(schedule) });
      } else if ((schedule.phases as Json[]).at(-1)!.end_date <= end) {
        this.endSchedule(schedule, subscription);
        events.push({ type: 'subscription_schedule.released', object: snapshot(schedule) });
      }
    }
    this.setItems(subscription, items, end);
    const invoice = this.createInvoice({
      customer: subscription.customer,
      subscription: subscription.id,
      subscriptionMetadata: subscription.metadata,
      amount: subscription.items.data.reduce((sum: number, item: Json) => sum + item.price.unit_amount * item.quantity, 0),
      status: 'paid',
      billingReason: 'subscription_cycle',
    });
    invoice.created = end;
    subscription.latest_invoice = invoice.id;
    events.push({ type: 'customer.subscription.updated', object: snapshot(subscription) }, { type: 'invoice.paid', object: snapshot(invoice) });
    return { subscription, invoice, events };
  }

  /** The subscription's items become `items` (kept items keep their ids), a period starting at `start`. */
  private setItems(subscription: Json, items: Array<{ price: string; quantity: number }>, start: number): void {
    const held = new Map<string, Json>((subscription.items.data as Json[]).map((i) => [i.price.id, i]));
    subscription.items = list(subscription.items.url, items.map((i) => {
      const kept = held.get(i.price);
      const item = kept ? { ...kept, quantity: i.quantity } : this.subscriptionItem(subscription.id, i.price, i.quantity, start);
      return { ...item, current_period_start: start, current_period_end: addInterval(start, item.price.recurring.interval, item.price.recurring.interval_count) };
    }));
  }

  private endSchedule(schedule: Json, subscription: Json | undefined): void {
    schedule.status = 'released';
    schedule.released_at = now();
    schedule.released_subscription = schedule.subscription;
    schedule.subscription = null;
    schedule.current_phase = null;
    if (subscription) subscription.schedule = null;
  }

  // --- HTTP -----------------------------------------------------------------------------------

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = req.method ?? 'GET';
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const rawBody = Buffer.concat(chunks).toString('utf8');
    const query = qs.parse(url.search.replace(/^\?/, ''), { depth: 10, arrayLimit: 100 }) as Json;
    const body = qs.parse(rawBody, { depth: 10, arrayLimit: 100 }) as Json;
    const keyHeader = req.headers['idempotency-key'];
    const idempotencyKey = typeof keyHeader === 'string' && keyHeader ? keyHeader : null;
    const entry: FakeStripeRequest = { method, path: url.pathname, query, body, idempotencyKey, status: 0, replayed: false };
    this.requests.push(entry);

    const send = (status: number, payload: string, replayed = false): void => {
      entry.status = status;
      entry.replayed = replayed;
      res.writeHead(status, {
        'content-type': 'application/json',
        'request-id': newId('req'),
        ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
        ...(replayed ? { 'idempotent-replayed': 'true' } : {}),
      });
      res.end(payload);
    };

    if (req.headers.authorization !== `Bearer ${this.secretKey}`) {
      send(401, JSON.stringify({ error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } }));
      return;
    }

    const fingerprint = `${method} ${url.pathname} ${rawBody}`;
    if (idempotencyKey && method === 'POST') {
      const earlier = this.idempotent.get(idempotencyKey);
      if (earlier) {
        if (earlier.fingerprint !== fingerprint) {
          send(400, JSON.stringify({ error: {
            type: 'idempotency_error',
            message: 'Keys for idempotent requests can only be used with the same parameters they were first used with.',
          } }));
          return;
        }
        send(earlier.status, earlier.body, true);
        return;
      }
    }

    let status = 200;
    let payload: string;
    try {
      // The SDK sends a GET's and a DELETE's parameters in the query string.
      payload = JSON.stringify(this.route(method, url.pathname, method === 'GET' || method === 'DELETE' ? query : body));
    } catch (error) {
      if (error instanceof ApiError) {
        status = error.status;
        payload = JSON.stringify({ error: error.body });
      } else {
        status = 500;
        payload = JSON.stringify({ error: { type: 'api_error', message: (error as Error).message } });
      }
    }
    // Stripe does not save 5xx responses against the key (the request may be retried).
    if (idempotencyKey && method === 'POST' && status < 500) this.idempotent.set(idempotencyKey, { fingerprint, status, body: payload });
    send(status, payload);
  }

  private route(method: string, path: string, params: Json): Json {
    const parts = path.split('/').filter(Boolean);
    if (parts[0] !== 'v1') throw this.unrecognized(method, path);
    // Two-segment resources: checkout/sessions, billing_portal/sessions.
    const [, group, name, sessionId, more] = parts;
    if (group === 'checkout' && name === 'sessions' && sessionId !== undefined && more === 'expire' && method === 'POST' && parts.length === 5) return this.expireSessionRequest(sessionId);
    if (name === 'sessions' && more === undefined) {
      if (group === 'checkout' && method === 'POST' && sessionId === undefined) return this.createCheckoutSession(params);
      if (group === 'checkout' && method === 'GET' && sessionId !== undefined) return this.get(this.sessions, 'checkout.session', sessionId);
      if (group === 'billing_portal' && method === 'POST' && sessionId === undefined) return this.createPortalSession(params);
    }
    const [, resource, id, extra] = parts;
    if (method === 'POST' && resource === 'subscription_schedules' && id !== undefined && extra === 'release' && parts.length === 4) return this.releaseSchedule(id);
    if (extra !== undefined) throw this.unrecognized(method, path);
    switch (`${method} ${resource}${id === undefined ? '' : '/:id'}`) {
      case 'POST customers': return this.createCustomer(params);
      case 'GET customers': return list('/v1/customers', [...this.customers.values()]
        .filter((c) => params.email === undefined || c.email === params.email));
      case 'GET customers/:id': return this.get(this.customers, 'customer', id!);
      case 'GET prices': return this.listPrices(params);
      case 'POST prices': return this.createPrice(params);
      case 'GET prices/:id': return this.get(this.prices, 'price', id!);
      case 'POST subscriptions/:id': return this.updateSubscription(id!, params);
      case 'POST invoices/:id': if (id === 'create_preview') return this.previewInvoice(params); break;
      case 'GET subscriptions/:id': return this.get(this.subscriptions, 'subscription', id!);
      case 'DELETE subscriptions/:id': return this.cancelSubscription(id!, params);
      case 'GET invoice_payments': return this.listInvoicePayments(params);
      case 'GET invoices/:id': return this.get(this.invoices, 'invoice', id!);
      case 'POST subscription_schedules': return this.createSchedule(params);
      case 'GET subscription_schedules/:id': return this.get(this.schedules, 'subscription_schedule', id!);
      case 'POST subscription_schedules/:id': return this.updateSchedule(id!, params);
      case 'POST refunds': return this.createRefund(params);
      default: break;
    }
    throw this.unrecognized(method, path);
  }

  private unrecognized(method: string, path: string): ApiError {
    return new ApiError(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` });
  }

  private get(store: Map<string, Json>, kind: string, id: string): Json {
    const object = store.get(id);
    if (!object) throw missing(kind, id, 'id');
    return object;
  }

  // --- resources ------------------------------------------------------------------------------

  private createCustomer(params: Json): Json {
    const customer = {
      id: newId('cus'),
      object: 'customer',
      email: params.email ?? null,
      name: params.name ?? null,
      metadata: metadataOf(params.metadata),
      created: now(),
      livemode: false,
    };
    this.customers.set(customer.id, customer);
    return customer;
  }

  private listPrices(params: Json): Json {
    const keys = asArray(params.lookup_keys).map(String);
    if (keys.length > 10) throw invalid('You may only specify up to 10 lookup_keys.', 'lookup_keys');
    const active = params.active === undefined ? true : asBool(params.active);
    const expand = asArray(params.expand).map(String);
    const data = [...this.prices.values()]
      .filter((p) => p.active === active && (keys.length === 0 || keys.includes(p.lookup_key)))
      .map((p) => (expand.includes('data.product') ? { ...p, product: this.products.get(p.product) } : p));
    return list('/v1/prices', data);
  }

  private createPrice(params: Json): Json {
    if (!params.currency) throw invalid('Missing required param: currency.', 'currency');
    let productId: string;
    if (params.product) {
      productId = String(params.product);
      if (!this.products.has(productId)) throw missing('product', productId, 'product', 400);
    } else if (params.product_data && typeof params.product_data === 'object' && params.product_data.name) {
      const product = {
        id: newId('prod'),
        object: 'product',
        active: true,
        name: String(params.product_data.name),
        metadata: metadataOf(params.product_data.metadata),
        created: now(),
        livemode: false,
      };
      this.products.set(product.id, product);
      productId = product.id;
    } else {
      throw invalid('You must specify either `product` or `product_data` when creating a price.', 'product');
    }
    const unitAmount = asInt(params.unit_amount, 'unit_amount');
    const lookupKey: string | null = params.lookup_key ? String(params.lookup_key) : null;
    if (lookupKey) {
      const holder = [...this.prices.values()].find((p) => p.lookup_key === lookupKey);
      if (holder) {
        if (!asBool(params.transfer_lookup_key)) {
          throw invalid(`A price (\`${holder.id}\`) already uses that lookup key.`, 'lookup_key');
        }
        holder.lookup_key = null;
      }
    }
    const recurring = params.recurring
      ? {
        interval: String(params.recurring.interval),
        interval_count: params.recurring.interval_count ? asInt(params.recurring.interval_count, 'recurring[interval_count]') : 1,
        usage_type: 'licensed',
        aggregate_usage: null,
        meter: null,
        trial_period_days: null,
      }
      : null;
    if (recurring && !['day', 'week', 'month', 'year'].includes(recurring.interval)) {
      throw invalid(`Invalid recurring[interval]: must be one of day, week, month, or year`, 'recurring[interval]');
    }
    const price = {
      id: newId('price'),
      object: 'price',
      active: true,
      billing_scheme: 'per_unit',
      created: now(),
      currency: String(params.currency).toLowerCase(),
      livemode: false,
      lookup_key: lookupKey,
      metadata: metadataOf(params.metadata),
      nickname: null,
      product: productId,
      recurring,
      tax_behavior: 'unspecified',
      type: recurring ? 'recurring' : 'one_time',
      unit_amount: unitAmount,
      unit_amount_decimal: String(unitAmount),
    };
    this.prices.set(price.id, price);
    return price;
  }

  private priceOrFail(id: unknown, param: string): Json {
    const price = this.prices.get(String(id));
    if (!price) throw missing('price', String(id), param, 400);
    if (!price.active) throw invalid(`The price specified is inactive.`, param);
    return price;
  }

  private createCheckoutSession(params: Json): Json {
    const mode = String(params.mode ?? '');
    if (mode !== 'payment' && mode !== 'subscription') throw invalid('Invalid mode: must be one of payment, setup, or subscription', 'mode');
    if (!params.success_url) throw invalid('Missing required param: success_url.', 'success_url');
    const customer = params.customer ? String(params.customer) : null;
    if (customer && !this.customers.has(customer)) throw missing('customer', customer, 'customer', 400);
    const raw = asArray(params.line_items);
    if (raw.length === 0) throw invalid('Missing required param: line_items.', 'line_items');
    const lineItems = raw.map((item, index) => {
      // An inline price (price_data): created with the session, held by no lookup key.
      const price = item.price_data
        ? this.createPrice({ ...item.price_data, metadata: item.price_data.product_data?.metadata })
        : this.priceOrFail(item.price, `line_items[${index}][price]`);
      const quantity = item.quantity === undefined ? 1 : asInt(item.quantity, `line_items[${index}][quantity]`);
      if (quantity < 1) throw invalid('Quantity must be at least 1.', `line_items[${index}][quantity]`);
      if (mode === 'payment' && price.recurring) {
        throw invalid('You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.', `line_items[${index}][price]`);
      }
      return { price: price.id, quantity, amount: price.unit_amount * quantity, interval: price.recurring?.interval ?? null };
    });
    if (mode === 'subscription') {
      const intervals = new Set(lineItems.map((i) => i.interval).filter(Boolean));
      if (intervals.size === 0) throw invalid('You must provide at least one recurring price in `subscription` mode when using prices.', 'line_items');
      if (intervals.size > 1) throw invalid('Checkout does not support multiple prices with different billing intervals.', 'line_items');
    }
    const amount = lineItems.reduce((sum, i) => sum + i.amount, 0);
    const id = newId('cs_test');
    const session = {
      id,
      object: 'checkout.session',
      amount_subtotal: amount,
      amount_total: amount,
      cancel_url: params.cancel_url ?? null,
      client_reference_id: params.client_reference_id ?? null,
      created: now(),
      currency: 'usd',
      customer,
      expires_at: now() + 24 * 3600,
      invoice: null,
      livemode: false,
      metadata: metadataOf(params.metadata),
      mode,
      payment_intent: null,
      payment_status: 'unpaid',
      status: 'open',
      subscription: null,
      success_url: String(params.success_url),
      url: `https://checkout.stripe.com/c/pay/${id}`,
    };
    this.sessions.set(id, session);
    this.sessionExtras.set(id, {
      lineItems: lineItems.map(({ price, quantity }) => ({ price, quantity })),
      subscriptionMetadata: metadataOf(params.subscription_data?.metadata),
      paymentIntentMetadata: metadataOf(params.payment_intent_data?.metadata),
    });
    return session;
  }

  private subscriptionItem(subscription: string, priceId: string, quantity: number, start: number): Json {
    const price = this.prices.get(priceId)!;
    return {
      id: newId('si'),
      object: 'subscription_item',
      created: now(),
      current_period_start: start,
      current_period_end: addInterval(start, price.recurring.interval, price.recurring.interval_count),
      metadata: {},
      price,
      quantity,
      subscription,
    };
  }

  private createSubscription(customer: string, lineItems: Array<{ price: string; quantity: number }>, metadata: Record<string, string>): Json {
    const id = newId('sub');
    const start = now();
    const subscription = {
      id,
      object: 'subscription',
      billing_cycle_anchor: start,
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      collection_method: 'charge_automatically',
      created: start,
      currency: 'usd',
      customer,
      ended_at: null,
      items: list(`/v1/subscription_items?subscription=${id}`, lineItems.map((i) => this.subscriptionItem(id, i.price, i.quantity, start))),
      latest_invoice: null as string | null,
      livemode: false,
      metadata: { ...metadata },
      schedule: null as string | null,
      start_date: start,
      status: 'active',
    };
    this.subscriptions.set(id, subscription);
    return subscription;
  }

  private createInvoice(input: {
    customer: string; subscription: string; subscriptionMetadata: Record<string, string>;
    amount: number; status: string; attempted?: boolean; billingReason: string;
  }): Json {
    const id = newId('in');
    const paid = input.status === 'paid';
    const invoice = {
      id,
      object: 'invoice',
      amount_due: input.amount,
      amount_paid: paid ? input.amount : 0,
      amount_remaining: paid ? 0 : input.amount,
      attempt_count: input.attempted === false ? 0 : 1,
      attempted: input.attempted ?? true,
      billing_reason: input.billingReason,
      collection_method: 'charge_automatically',
      created: now(),
      currency: 'usd',
      customer: input.customer,
      hosted_invoice_url: `https://invoice.stripe.com/i/acct_fake/test_${id}`,
      livemode: false,
      metadata: {},
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { metadata: { ...input.subscriptionMetadata }, subscription: input.subscription },
      },
      status: input.status,
      total: input.amount,
    };
    this.invoices.set(id, invoice);
    return invoice;
  }

  /**
   * POST /v1/invoices/create_preview with `subscription` and `subscription_details` (items,
   * proration_behavior, proration_date): the invoice the update would create now, changing nothing.
   */
  private previewInvoice(params: Json): Json {
    const id = String(params.subscription ?? '');
    const subscription = this.subscriptions.get(id);
    if (!subscription) throw missing('subscription', id, 'subscription');
    const details = (params.subscription_details ?? {}) as Json;
    const copy = structuredClone(subscription);
    const { difference } = this.changeItems(copy, id, details);
    return { id: `upcoming_in_${newId('x')}`, object: 'invoice', customer: subscription.customer, subscription: id, amount_due: Math.max(0, difference), total: difference, currency: 'usd', status: 'draft' };
  }

  private updateSubscription(id: string, params: Json): Json {
    const subscription = this.subscriptions.get(id);
    if (!subscription) throw missing('subscription', id, 'id');
    const { difference } = this.changeItems(subscription, id, params);
    if (difference > 0) {
      const invoice = this.createInvoice({
        customer: subscription.customer,
        subscription: id,
        subscriptionMetadata: subscription.metadata,
        amount: difference,
        status: 'paid',
        billingReason: 'subscription_update',
      });
      subscription.latest_invoice = invoice.id;
    }
    return subscription;
  }

  /**
   * Applies an update's items, interval and cancellation to `subscription` (mutated) and answers
   * what always_invoice charges at once (at `proration_date`, else now); 0 for other behaviours.
   */
  private changeItems(subscription: Json, id: string, params: Json): { difference: number } {
    if (subscription.status === 'canceled') {
      throw invalid('A canceled subscription can only update its cancellation_details and metadata.');
    }
    const proration = params.proration_behavior === undefined ? 'create_prorations' : String(params.proration_behavior);
    if (!['always_invoice', 'create_prorations', 'none'].includes(proration)) {
      throw invalid('Invalid proration_behavior', 'proration_behavior');
    }
    const before = subscription.items.data as Json[];
    const periodStart: number = before[0]?.current_period_start ?? now();
    const at = params.proration_date === undefined ? now() : asInt(params.proration_date, 'proration_date');
    if (params.proration_date !== undefined && at < periodStart) throw invalid('proration_date must be within the current billing period.', 'proration_date');
    const items = [...before];
    asArray(params.items).forEach((change, index) => {
      if (change.id !== undefined) {
        const at = items.findIndex((i) => i.id === change.id);
        if (at < 0) throw missing('subscription_item', String(change.id), `items[${index}][id]`, 400);
        if (asBool(change.deleted)) {
          items.splice(at, 1);
          return;
        }
        const price = change.price !== undefined ? this.priceOrFail(change.price, `items[${index}][price]`) : items[at]!.price;
        items[at] = {
          ...items[at],
          price,
          quantity: change.quantity !== undefined ? asInt(change.quantity, `items[${index}][quantity]`) : items[at]!.quantity,
        };
      } else {
        if (asBool(change.deleted)) throw invalid('Missing required param: items[][id] to delete an item.', `items[${index}][id]`);
        const price = this.priceOrFail(change.price, `items[${index}][price]`);
        if (items.some((i) => i.price.id === price.id)) {
          throw invalid(`Cannot add multiple subscription items with the same price: ${price.id}`, `items[${index}][price]`);
        }
        const quantity = change.quantity !== undefined ? asInt(change.quantity, `items[${index}][quantity]`) : 1;
        items.push(this.subscriptionItem(id, price.id, quantity, periodStart));
      }
    });
    if (items.length === 0) throw invalid('A subscription must have at least one active plan.', 'items');
    for (const item of items) {
      if (!item.price.recurring) throw invalid(`The price specified is set to \`type=one_time\` but this field only accepts prices with \`type=recurring\`.`, 'items');
    }
    const intervals = new Set(items.map((i) => `${i.price.recurring.interval}/${i.price.recurring.interval_count}`));
    if (intervals.size > 1) throw invalid('Currency and interval fields must match across all plans on this subscription.', 'items');

    // A changed interval restarts the period (Stripe resets the billing cycle anchor).
    const interval = [...intervals][0]!;
    const previous = before[0] ? `${before[0].price.recurring.interval}/${before[0].price.recurring.interval_count}` : interval;
    const start = interval === previous ? periodStart : now();
    subscription.items = list(subscription.items.url, items.map((item) => ({
      ...item,
      current_period_start: start,
      current_period_end: addInterval(start, item.price.recurring.interval, item.price.recurring.interval_count),
    })));
    if (params.cancel_at_period_end !== undefined) {
      if (subscription.schedule) {
        throw invalid(`The subscription is managed by the subscription schedule \`${subscription.schedule}\`, and updating any cancelation behavior directly is not allowed. Please update the schedule instead.`);
      }
      subscription.cancel_at_period_end = asBool(params.cancel_at_period_end);
      subscription.cancel_at = subscription.cancel_at_period_end ? subscription.items.data[0].current_period_end : null;
    }
    if (params.metadata !== undefined) subscription.metadata = { ...subscription.metadata, ...metadataOf(params.metadata) };

    // always_invoice: the prorated difference is invoiced (and paid) at once.
    if (proration !== 'always_invoice') return { difference: 0 };
    const total = (list_: Json[]): number => list_.reduce((sum, i) => sum + i.price.unit_amount * (i.quantity ?? 1), 0);
    const end = subscription.items.data[0].current_period_end as number;
    const fraction = start === periodStart ? Math.max(0, end - at) / Math.max(1, end - periodStart) : 1;
    return { difference: Math.round((total(items) - (start === periodStart ? total(before) : 0)) * fraction) };
  }

  private schedulePhase(input: { start: number; end: number; items: Array<{ price: string; quantity: number }>; proration?: string }): Json {
    return {
      add_invoice_items: [],
      application_fee_percent: null,
      billing_cycle_anchor: null,
      billing_thresholds: null,
      collection_method: null,
      currency: 'usd',
      default_payment_method: null,
      description: null,
      discounts: [],
      end_date: input.end,
      invoice_settings: null,
      items: input.items.map((i) => ({ billing_thresholds: null, discounts: [], metadata: {}, plan: i.price, price: i.price, quantity: i.quantity, tax_rates: [] })),
      metadata: {},
      on_behalf_of: null,
      proration_behavior: input.proration ?? 'create_prorations',
      start_date: input.start,
      transfer_data: null,
      trial_end: null,
    };
  }

  private createSchedule(params: Json): Json {
    if (!params.from_subscription) throw invalid('Missing required param: customer.', 'customer');
    if (params.phases !== undefined) throw invalid('You cannot set `phases` if `from_subscription` is set.', 'phases');
    const subId = String(params.from_subscription);
    const subscription = this.subscriptions.get(subId);
    if (!subscription) throw missing('subscription', subId, 'from_subscription', 400);
    if (subscription.status === 'canceled') throw invalid('You cannot migrate a canceled subscription to a subscription schedule.', 'from_subscription');
    if (subscription.schedule) throw invalid(`You cannot migrate a subscription that is already attached to a schedule: \`${subscription.schedule}\`.`, 'from_subscription');
    const item = subscription.items.data[0];
    const id = newId('sub_sched');
    const schedule = {
      id,
      object: 'subscription_schedule',
      application: null,
      billing_mode: { type: 'classic', flexible: null },
      canceled_at: null,
      completed_at: null,
      created: now(),
      current_phase: { start_date: item.current_period_start, end_date: item.current_period_end },
      customer: subscription.customer,
      customer_account: null,
      default_settings: {
        application_fee_percent: null,
        billing_cycle_anchor: 'automatic',
        billing_thresholds: null,
        collection_method: 'charge_automatically',
        default_payment_method: null,
        description: null,
        invoice_settings: { account_tax_ids: null, days_until_due: null, issuer: { type: 'self' } },
        on_behalf_of: null,
        transfer_data: null,
      },
      end_behavior: 'release',
      livemode: false,
      metadata: metadataOf(params.metadata),
      pause_schedules: [],
      phases: [this.schedulePhase({
        start: item.current_period_start,
        end: item.current_period_end,
        items: subscription.items.data.map((i: Json) => ({ price: i.price.id, quantity: i.quantity })),
      })],
      released_at: null,
      released_subscription: null,
      status: 'active',
      subscription: subId,
      test_clock: null,
    };
    this.schedules.set(id, schedule);
    subscription.schedule = id;
    return schedule;
  }

  private updateSchedule(id: string, params: Json): Json {
    const schedule = this.schedules.get(id);
    if (!schedule) throw missing('subscription_schedule', id, 'schedule');
    if (schedule.status !== 'active' && schedule.status !== 'not_started') {
      throw invalid(`You cannot update a subscription schedule that is currently in the \`${schedule.status}\` status. It must be in one of the following statuses: \`not_started\`, \`active\`.`);
    }
    if (params.end_behavior !== undefined) {
      const behavior = String(params.end_behavior);
      if (!['release', 'cancel', 'none', 'renew'].includes(behavior)) throw invalid('Invalid end_behavior', 'end_behavior');
      schedule.end_behavior = behavior;
    }
    if (params.metadata !== undefined) schedule.metadata = { ...schedule.metadata, ...metadataOf(params.metadata) };
    if (params.phases !== undefined) {
      const raw = asArray(params.phases);
      if (raw.length === 0) throw invalid('Missing required param: phases.', 'phases');
      const phases: Json[] = [];
      let start: number = schedule.current_phase.start_date;
      raw.forEach((phase, index) => {
        const param = `phases[${index}]`;
        if (phase.start_date !== undefined) {
          const given = asInt(phase.start_date, `${param}[start_date]`);
          if (index === 0 && given !== schedule.current_phase.start_date) throw invalid('You can not modify the start date of the current phase.', `${param}[start_date]`);
          if (index > 0 && given !== start) throw invalid('The start_date of a phase must be the end_date of the previous phase.', `${param}[start_date]`);
        } else if (index === 0) {
          throw invalid('The first phase of a schedule with a current phase must have a start_date.', `${param}[start_date]`);
        }
        const items = asArray(phase.items).map((item, k) => {
          const price = this.priceOrFail(item.price, `${param}[items][${k}][price]`);
          if (!price.recurring) throw invalid('The price specified is set to `type=one_time` but this field only accepts prices with `type=recurring`.', `${param}[items][${k}][price]`);
          return { price: price.id as string, quantity: item.quantity === undefined ? 1 : asInt(item.quantity, `${param}[items][${k}][quantity]`), recurring: price.recurring as Json };
        });
        if (items.length === 0) throw invalid('Missing required param: items.', `${param}[items]`);
        if (new Set(items.map((i) => `${i.recurring.interval}/${i.recurring.interval_count}`)).size > 1) {
          throw invalid('Currency and interval fields must match across all plans on this subscription.', `${param}[items]`);
        }
        // Without an end_date a phase lasts one interval of its prices (Stripe's one iteration).
        const end = phase.end_date !== undefined ? asInt(phase.end_date, `${param}[end_date]`) : addInterval(start, items[0]!.recurring.interval, items[0]!.recurring.interval_count);
        if (end <= start) throw invalid('The end_date of a phase must be after its start_date.', `${param}[end_date]`);
        phases.push(this.schedulePhase({ start, end, items, proration: phase.proration_behavior === undefined ? undefined : String(phase.proration_behavior) }));
        start = end;
      });
      schedule.phases = phases;
      schedule.current_phase = { start_date: phases[0]!.start_date, end_date: phases[0]!.end_date };
      // The current phase's items are the subscription's now.
      const subscription = schedule.subscription ? this.subscriptions.get(schedule.subscription) : undefined;
      if (subscription) {
        const now_ = phases[0]!.items.map((i: Json) => ({ price: i.price, quantity: i.quantity }));
        const held = (subscription.items.data as Json[]).map((i) => `${i.price.id}x${i.quantity}`).sort().join();
        if (now_.map((i: Json) => `${i.price}x${i.quantity}`).sort().join() !== held) this.setItems(subscription, now_, subscription.items.data[0].current_period_start);
      }
    }
    return schedule;
  }

  private releaseSchedule(id: string): Json {
    const schedule = this.schedules.get(id);
    if (!schedule) throw missing('subscription_schedule', id, 'schedule');
    if (schedule.status !== 'active' && schedule.status !== 'not_started') {
      throw invalid(`You cannot release a subscription schedule that is currently in the \`${schedule.status}\` status. It must be in one of the following statuses: \`not_started\`, \`active\`.`);
    }
    this.endSchedule(schedule, schedule.subscription ? this.subscriptions.get(schedule.subscription) : undefined);
    return schedule;
  }

  /** POST /v1/checkout/sessions/:id/expire: only an open session can be expired. */
  private expireSessionRequest(id: string): Json {
    const session = this.get(this.sessions, 'checkout.session', id);
    if (session.status !== 'open') {
      throw invalid(`Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`);
    }
    return this.expireCheckout(id);
  }

  /** DELETE /v1/subscriptions/:id (subscriptions.cancel): ends it now; prorate and invoice_now are accepted. */
  private cancelSubscription(id: string, params: Json): Json {
    const subscription = this.get(this.subscriptions, 'subscription', id);
    if (subscription.status === 'canceled') {
      throw new ApiError(400, { type: 'invalid_request_error', code: 'resource_missing', message: `No such subscription: '${id}'` });
    }
    subscription.cancellation_details = { comment: null, feedback: null, reason: 'cancellation_requested' };
    subscription.cancel_prorate = params.prorate === undefined ? null : asBool(params.prorate);
    this.setSubscriptionStatus(id, 'canceled');
    if (subscription.schedule) {
      const schedule = this.schedules.get(subscription.schedule);
      if (schedule) schedule.status = 'canceled';
    }
    return subscription;
  }

  /** GET /v1/invoice_payments?invoice=...: a paid invoice's payment (a succeeded payment intent). */
  private listInvoicePayments(params: Json): Json {
    const invoiceId = String(params.invoice ?? '');
    if (!invoiceId) throw invalid('Missing required param: invoice.', 'invoice');
    const invoice = this.invoices.get(invoiceId);
    if (!invoice) throw missing('invoice', invoiceId, 'invoice', 400);
    if (invoice.status === 'paid' && invoice.amount_paid > 0 && !this.invoicePayments.has(invoiceId)) {
      const intent = {
        id: newId('pi'),
        object: 'payment_intent',
        amount: invoice.amount_paid,
        amount_received: invoice.amount_paid,
        currency: 'usd',
        customer: invoice.customer,
        status: 'succeeded',
        metadata: {},
        created: invoice.created,
        livemode: false,
      };
      this.paymentIntents.set(intent.id, intent);
      this.invoicePayments.set(invoiceId, {
        id: newId('inpay'),
        object: 'invoice_payment',
        amount_paid: invoice.amount_paid,
        amount_requested: invoice.amount_paid,
        created: invoice.created,
        currency: 'usd',
        invoice: invoiceId,
        is_default: true,
        livemode: false,
        payment: { type: 'payment_intent', payment_intent: intent.id },
        status: 'paid',
        status_transitions: { canceled_at: null, paid_at: invoice.created },
      });
    }
    const payment = this.invoicePayments.get(invoiceId);
    const data = payment && (params.status === undefined || payment.status === params.status) ? [payment] : [];
    return list('/v1/invoice_payments', data);
  }

  private createRefund(params: Json): Json {
    const id = String(params.payment_intent ?? '');
    if (!id) throw invalid('One of the following params should be provided for this request: payment_intent or charge.', 'payment_intent');
    const intent = this.paymentIntents.get(id);
    if (!intent) throw missing('payment_intent', id, 'payment_intent', 400);
    const refunded = [...this.refunds.values()].filter((r) => r.payment_intent === id).reduce((sum, r) => sum + r.amount, 0);
    const amount = params.amount !== undefined ? asInt(params.amount, 'amount') : intent.amount - refunded;
    if (refunded >= intent.amount) {
      throw new ApiError(400, { type: 'invalid_request_error', code: 'charge_already_refunded', message: `Charge for ${id} has already been refunded.` });
    }
    if (amount <= 0 || amount + refunded > intent.amount) {
      throw invalid(`Refund amount (${amount}) is greater than unrefunded amount on charge (${intent.amount - refunded})`, 'amount');
    }
    const refund = {
      id: newId('re'),
      object: 'refund',
      amount,
      created: now(),
      currency: 'usd',
      metadata: metadataOf(params.metadata),
      payment_intent: id,
      reason: params.reason ?? null,
      status: 'succeeded',
    };
    this.refunds.set(refund.id, refund);
    return refund;
  }

  private createPortalSession(params: Json): Json {
    const customer = String(params.customer ?? '');
    if (!customer) throw invalid('Missing required param: customer.', 'customer');
    if (!this.customers.has(customer)) throw missing('customer', customer, 'customer', 400);
    const id = newId('bps');
    const session = {
      id,
      object: 'billing_portal.session',
      created: now(),
      customer,
      livemode: false,
      return_url: params.return_url ?? null,
      url: `https://billing.stripe.com/p/session/test_${id}`,
    };
    this.portalSessions.set(id, session);
    return session;
  }
}
