// The Stripe provider through the real `stripe` SDK against a local fake of Stripe's REST API
// (test/support/fake-stripe.ts): the wire format, idempotency, price lookup keys, the mapping of
// Stripe's objects to the port's, and webhook signature verification by the SDK.
import { randomUUID } from 'node:crypto';
import { StripeProvider, lookupKeyForRef, refForPrice } from '../src/repositories/stripe-provider.js';
import { PaymentAlreadyRefundedError, WebhookSignatureError, type CheckoutLineItem, type CheckoutRequest } from '../src/services/billing/provider.js';
import { FakeStripe } from './support/fake-stripe.js';

const SECRET_KEY = 'sk_test_trainwright';
const WEBHOOK_SECRET = 'whsec_trainwright_test';

let fake: FakeStripe;
let apiBase: string;
let provider: StripeProvider;

const plan = (tier: string, interval: 'month' | 'year', cents: number): CheckoutLineItem => ({
  ref: `plan:${tier}:${interval}`,
  description: `Trainwright ${tier} (${interval}ly)`,
  unitAmountCents: cents,
  quantity: 1,
  interval,
});
const addOn = (id: string, interval: 'month' | 'year', cents: number): CheckoutLineItem => ({
  ref: `add_on:${id}:${interval}`,
  description: `Add-on ${id}`,
  unitAmountCents: cents,
  quantity: 1,
  interval,
});
const credits = (n: number): CheckoutLineItem => ({
  ref: 'credits', description: 'Video credits', unitAmountCents: 250, quantity: n, interval: null,
});

function newProvider(): StripeProvider {
  return new StripeProvider({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, apiBase });
}

function checkoutRequest(customerId: string, overrides: Partial<CheckoutRequest> = {}): CheckoutRequest {
  return {
    mode: 'subscription',
    customerId,
    lineItems: [plan('professional', 'month', 2900)],
    successUrl: 'http://localhost:3000/billing/success?session_id={CHECKOUT_SESSION_ID}',
    cancelUrl: 'http://localhost:3000/billing',
    metadata: { user_id: randomUUID(), purpose: 'subscription' },
    idempotencyKey: randomUUID(),
    ...overrides,
  };
}

async function newCustomer(): Promise<string> {
  return provider.createCustomer({ userId: randomUUID(), email: 'ada@example.com', name: 'Ada', idempotencyKey: randomUUID() });
}

/** A customer with an active subscription bought through checkout. */
async function subscribed(items: CheckoutLineItem[] = [plan('professional', 'month', 2900)]) {
  const customerId = await newCustomer();
  const session = await provider.createCheckoutSession(checkoutRequest(customerId, { lineItems: items }));
  const { subscription, invoice } = fake.completeCheckout(session.id);
  return { customerId, session, subscriptionId: subscription!.id as string, invoiceId: invoice!.id as string };
}

beforeAll(async () => {
  fake = new FakeStripe({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
  apiBase = await fake.start();
  provider = newProvider();
});

afterAll(async () => {
  await fake?.close();
});

describe('refs and lookup keys', () => {
  it('maps refs to lookup keys and prices back to refs', () => {
    expect(lookupKeyForRef('plan:professional:month')).toBe('trainwright_plan_professional_month');
    expect(lookupKeyForRef('add_on:advanced_analytics:year')).toBe('trainwright_add_on_advanced_analytics_year');
    expect(lookupKeyForRef('credits')).toBe('trainwright_credits');
    // Without metadata the lookup key is parsed by its known shapes ('_' also occurs inside ids).
    expect(refForPrice({ lookup_key: 'trainwright_add_on_advanced_analytics_year', metadata: {} })).toBe('add_on:advanced_analytics:year');
    expect(refForPrice({ lookup_key: 'trainwright_plan_business_month', metadata: {} })).toBe('plan:business:month');
    expect(refForPrice({ lookup_key: 'trainwright_credits', metadata: {} })).toBe('credits');
    expect(refForPrice({ lookup_key: 'someone_else', metadata: {} })).toBeNull();
    expect(refForPrice({ lookup_key: null, metadata: { ref: 'plan:enterprise:year' } })).toBe('plan:enterprise:year');
  });
});

describe('customers', () => {
  it('creates a customer with the user id in its metadata, once per idempotency key', async () => {
    const userId = randomUUID();
    const key = randomUUID();
    const id = await provider.createCustomer({ userId, email: 'grace@example.com', name: 'Grace', idempotencyKey: key });
    expect(id).toMatch(/^cus_/);
    expect(fake.customers.get(id)).toMatchObject({ object: 'customer', email: 'grace@example.com', name: 'Grace', metadata: { user_id: userId } });
    const again = await provider.createCustomer({ userId, email: 'grace@example.com', name: 'Grace', idempotencyKey: key });
    expect(again).toBe(id);
    const calls = fake.calls('POST', '/v1/customers').filter((c) => c.idempotencyKey === key);
    expect(calls).toHaveLength(2);
    expect(calls[1]!.replayed).toBe(true);
  });
});

describe('prices', () => {
  it('creates a price per ref once (product, amount, recurring, lookup key), then finds it by lookup key', async () => {
    const customerId = await newCustomer();
    const item = plan('business', 'year', 75840);
    const before = fake.calls('POST', '/v1/prices').length;

    await provider.createCheckoutSession(checkoutRequest(customerId, { lineItems: [item] }));
    const created = fake.calls('POST', '/v1/prices').slice(before);
    expect(created).toHaveLength(1);
    expect(created[0]!.body).toMatchObject({
      currency: 'usd',
      unit_amount: '75840',
      lookup_key: 'trainwright_plan_business_year',
      recurring: { interval: 'year' },
      product_data: { name: item.description },
    });
    // The list by lookup key came first (and found nothing).
    const listed = fake.calls('GET', '/v1/prices').at(-1)!;
    expect(listed.query.lookup_keys).toEqual(['trainwright_plan_business_year']);

    // The same provider: cached, no further price requests.
    const requestsBefore = fake.requests.length;
    await provider.createCheckoutSession(checkoutRequest(customerId, { lineItems: [item] }));
    expect(fake.requests.slice(requestsBefore).map((r) => `${r.method} ${r.path}`)).toEqual(['POST /v1/checkout/sessions']);

    // A fresh provider (another replica, a restart): found by lookup key, not created again.
    const other = newProvider();
    const createsBefore = fake.calls('POST', '/v1/prices').length;
    const listsBefore = fake.calls('GET', '/v1/prices').length;
    await other.createCheckoutSession(checkoutRequest(customerId, { lineItems: [item] }));
    expect(fake.calls('POST', '/v1/prices')).toHaveLength(createsBefore);
    expect(fake.calls('GET', '/v1/prices')).toHaveLength(listsBefore + 1);
    const withKey = [...fake.prices.values()].filter((p) => p.lookup_key === 'trainwright_plan_business_year');
    expect(withKey).toHaveLength(1);
    expect(withKey[0]).toMatchObject({ unit_amount: 75840, recurring: { interval: 'year' }, type: 'recurring', metadata: { ref: item.ref } });
    expect(fake.products.get(withKey[0]!.product)).toMatchObject({ name: item.description });
  });

  it('moves the lookup key to a new price when the catalogue amount changed', async () => {
    const customerId = await newCustomer();
    await provider.createCheckoutSession(checkoutRequest(customerId, { lineItems: [plan('enterprise', 'month', 19900)] }));
    const old = [...fake.prices.values()].find((p) => p.lookup_key === 'trainwright_plan_enterprise_month')!;

    const other = newProvider();
    const session = await other.createCheckoutSession(checkoutRequest(customerId, { lineItems: [plan('enterprise', 'month', 21900)] }));
    const current = [...fake.prices.values()].find((p) => p.lookup_key === 'trainwright_plan_enterprise_month')!;
    expect(current.id).not.toBe(old.id);
    expect(current.unit_amount).toBe(21900);
    expect(fake.calls('POST', '/v1/prices').at(-1)!.body.transfer_lookup_key).toBe('true');
    expect(session.amountTotalCents).toBe(21900);
  });
});

describe('checkout sessions', () => {
  it('creates a subscription-mode session with line items, metadata and subscription metadata', async () => {
    const customerId = await newCustomer();
    const metadata = { user_id: randomUUID(), purpose: 'subscription', tier: 'professional' };
    const request = checkoutRequest(customerId, {
      lineItems: [plan('professional', 'month', 2900), addOn('advanced_analytics', 'month', 1300)],
      metadata,
    });
    const session = await provider.createCheckoutSession(request);

    expect(session).toEqual({
      id: expect.stringMatching(/^cs_/),
      url: expect.stringContaining(session.id),
      mode: 'subscription',
      status: 'open',
      paymentStatus: 'unpaid',
      customerId,
      subscriptionId: null,
      paymentIntentId: null,
      amountTotalCents: 4200,
      metadata,
    });
    const call = fake.calls('POST', '/v1/checkout/sessions').at(-1)!;
    expect(call.idempotencyKey).toBe(request.idempotencyKey);
    const planPrice = [...fake.prices.values()].find((p) => p.lookup_key === 'trainwright_plan_professional_month')!;
    const addOnPrice = [...fake.prices.values()].find((p) => p.lookup_key === 'trainwright_add_on_advanced_analytics_month')!;
    expect(call.body).toEqual({
      mode: 'subscription',
      customer: customerId,
      line_items: [{ price: planPrice.id, quantity: '1' }, { price: addOnPrice.id, quantity: '1' }],
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
      metadata,
      subscription_data: { metadata },
    });
  });

  it('creates a payment-mode session for credits with a one-off price', async () => {
    const customerId = await newCustomer();
    const metadata = { user_id: randomUUID(), purpose: 'credits', credits: '4' };
    const session = await provider.createCheckoutSession(checkoutRequest(customerId, { mode: 'payment', lineItems: [credits(4)], metadata }));
    expect(session).toMatchObject({ mode: 'payment', status: 'open', paymentStatus: 'unpaid', amountTotalCents: 1000, metadata });
    const call = fake.calls('POST', '/v1/checkout/sessions').at(-1)!;
    expect(call.body.mode).toBe('payment');
    expect(call.body.line_items).toEqual([{ price: expect.stringMatching(/^price_/), quantity: '4' }]);
    expect(call.body.subscription_data).toBeUndefined();
    expect(call.body.payment_intent_data).toEqual({ metadata });
    const price = [...fake.prices.values()].find((p) => p.lookup_key === 'trainwright_credits')!;
    expect(price).toMatchObject({ unit_amount: 250, recurring: null, type: 'one_time' });
  });

  it('returns the same session for the same idempotency key', async () => {
    const customerId = await newCustomer();
    const request = checkoutRequest(customerId);
    const first = await provider.createCheckoutSession(request);
    const second = await provider.createCheckoutSession(request);
    expect(second.id).toBe(first.id);
    expect(second.url).toBe(first.url);
    expect([...fake.sessions.values()].filter((s) => s.customer === customerId)).toHaveLength(1);
    const third = await provider.createCheckoutSession({ ...request, idempotencyKey: randomUUID() });
    expect(third.id).not.toBe(first.id);
  });

  it('retrieves a session after payment, and null for an unknown one', async () => {
    const { session, subscriptionId } = await subscribed();
    const retrieved = await provider.retrieveCheckoutSession(session.id);
    expect(retrieved).toMatchObject({ id: session.id, status: 'complete', paymentStatus: 'paid', subscriptionId, paymentIntentId: null });
    expect(await provider.retrieveCheckoutSession('cs_test_missing')).toBeNull();

    const customerId = await newCustomer();
    const payment = await provider.createCheckoutSession(checkoutRequest(customerId, { mode: 'payment', lineItems: [credits(2)] }));
    fake.completeCheckout(payment.id);
    expect(await provider.retrieveCheckoutSession(payment.id)).toMatchObject({
      status: 'complete', paymentStatus: 'paid', subscriptionId: null, paymentIntentId: expect.stringMatching(/^pi_/), amountTotalCents: 500,
    });

    const open = await provider.createCheckoutSession(checkoutRequest(customerId));
    fake.expireCheckout(open.id);
    expect(await provider.retrieveCheckoutSession(open.id)).toMatchObject({ status: 'expired', paymentStatus: 'unpaid' });
  });

  it('surfaces a Stripe error for an unknown customer', async () => {
    await expect(provider.createCheckoutSession(checkoutRequest('cus_missing'))).rejects.toMatchObject({
      type: 'StripeInvalidRequestError', code: 'resource_missing',
    });
  });
});

describe('subscriptions', () => {
  it('retrieves the subscription created by a checkout: refs, period from its items, status, metadata', async () => {
    const startedAt = Math.floor(Date.now() / 1000);
    const { customerId, subscriptionId, session } = await subscribed([plan('professional', 'month', 2900), addOn('enhanced_ai_agent', 'month', 1500)]);
    const subscription = await provider.retrieveSubscription(subscriptionId);
    expect(subscription).toMatchObject({
      id: subscriptionId,
      customerId,
      status: 'active',
      cancelAtPeriodEnd: false,
      metadata: fake.sessions.get(session.id)!.metadata,
    });
    expect(subscription!.items.map((i) => i.ref).sort()).toEqual(['add_on:enhanced_ai_agent:month', 'plan:professional:month']);
    expect(subscription!.items.every((i) => /^si_/.test(i.id) && i.quantity === 1)).toBe(true);
    const start = subscription!.currentPeriodStart.getTime() / 1000;
    expect(start).toBeGreaterThanOrEqual(startedAt - 1);
    const expectedEnd = new Date(start * 1000);
    expectedEnd.setUTCMonth(expectedEnd.getUTCMonth() + 1);
    expect(subscription!.currentPeriodEnd.getTime()).toBe(expectedEnd.getTime());
    // The period is on the items only (recent API versions), not on the subscription.
    expect(fake.subscriptions.get(subscriptionId)!.current_period_end).toBeUndefined();

    fake.setSubscriptionStatus(subscriptionId, 'past_due');
    expect((await provider.retrieveSubscription(subscriptionId))!.status).toBe('past_due');
    expect(await provider.retrieveSubscription('sub_missing')).toBeNull();
  });

  it('falls back to the subscription-level period fields of older API versions', async () => {
    const { subscriptionId } = await subscribed();
    const stored = fake.subscriptions.get(subscriptionId)!;
    for (const item of stored.items.data) {
      delete item.current_period_start;
      delete item.current_period_end;
    }
    stored.current_period_start = 1_700_000_000;
    stored.current_period_end = 1_702_592_000;
    const subscription = await provider.retrieveSubscription(subscriptionId);
    expect(subscription!.currentPeriodStart).toEqual(new Date(1_700_000_000_000));
    expect(subscription!.currentPeriodEnd).toEqual(new Date(1_702_592_000_000));
  });

  it('upgrades: the old plan item is deleted and the new one added, prorated at once', async () => {
    const { subscriptionId } = await subscribed([plan('professional', 'month', 2900)]);
    const before = await provider.retrieveSubscription(subscriptionId);
    const oldItem = before!.items[0]!;
    const key = randomUUID();
    // The items may carry their catalogue line (as the checkout's do): the new price is created.
    const updated = await provider.updateSubscription(subscriptionId, {
      items: [plan('business', 'month', 7900)],
      prorate: true,
      idempotencyKey: key,
    });
    expect(updated.items.map((i) => i.ref)).toEqual(['plan:business:month']);
    expect(updated.items[0]!.id).not.toBe(oldItem.id);
    const call = fake.calls('POST', `/v1/subscriptions/${subscriptionId}`).at(-1)!;
    expect(call.idempotencyKey).toBe(key);
    expect(call.body).toEqual({
      items: [
        { price: expect.stringMatching(/^price_/), quantity: '1' },
        { id: oldItem.id, deleted: 'true' },
      ],
      proration_behavior: 'always_invoice',
    });
    // The fake invoiced the prorated difference.
    const invoiceId = fake.subscriptions.get(subscriptionId)!.latest_invoice as string;
    expect(fake.invoices.get(invoiceId)).toMatchObject({ billing_reason: 'subscription_update', status: 'paid' });
    expect((await provider.retrieveSubscription(subscriptionId))!.items.map((i) => i.ref)).toEqual(['plan:business:month']);
  });

  it('switches month to year (new period); Stripe refuses items of mixed intervals', async () => {
    const { subscriptionId } = await subscribed([plan('professional', 'month', 2900)]);
    await expect(provider.updateSubscription(subscriptionId, {
      items: [{ ref: 'plan:professional:month', quantity: 1 }, addOn('advanced_analytics', 'year', 12480)],
      prorate: true,
      idempotencyKey: randomUUID(),
    })).rejects.toMatchObject({ type: 'StripeInvalidRequestError', param: 'items' });

    const yearly = await provider.updateSubscription(subscriptionId, {
      items: [plan('professional', 'year', 27840)],
      prorate: true,
      idempotencyKey: randomUUID(),
    });
    expect(yearly.items.map((i) => i.ref)).toEqual(['plan:professional:year']);
    const expectedEnd = new Date(yearly.currentPeriodStart);
    expectedEnd.setUTCFullYear(expectedEnd.getUTCFullYear() + 1);
    expect(yearly.currentPeriodEnd).toEqual(expectedEnd);
  });

  it('adds an add-on (kept items updated by id), then removes it without proration', async () => {
    const { subscriptionId } = await subscribed([plan('business', 'month', 7900)]);
    const planItem = (await provider.retrieveSubscription(subscriptionId))!.items[0]!;
    // Make sure the add-on's price exists (as a catalogue line would create it).
    const created = await provider.updateSubscription(subscriptionId, {
      items: [{ ref: 'plan:business:month', quantity: 1 }, addOn('advanced_video_processing', 'month', 1700)],
      prorate: true,
      idempotencyKey: randomUUID(),
    });
    expect(created.items.map((i) => i.ref).sort()).toEqual(['add_on:advanced_video_processing:month', 'plan:business:month']);
    expect(created.items.find((i) => i.ref === 'plan:business:month')!.id).toBe(planItem.id);
    const addCall = fake.calls('POST', `/v1/subscriptions/${subscriptionId}`).at(-1)!;
    expect(addCall.body.items).toEqual([
      { id: planItem.id, quantity: '1' },
      { price: expect.stringMatching(/^price_/), quantity: '1' },
    ]);

    const addOnItem = created.items.find((i) => i.ref.startsWith('add_on:'))!;
    const removed = await provider.updateSubscription(subscriptionId, {
      items: [{ ref: 'plan:business:month', quantity: 1 }],
      prorate: false,
      idempotencyKey: randomUUID(),
    });
    expect(removed.items.map((i) => i.ref)).toEqual(['plan:business:month']);
    const removeCall = fake.calls('POST', `/v1/subscriptions/${subscriptionId}`).at(-1)!;
    expect(removeCall.body.proration_behavior).toBe('none');
    expect(removeCall.body.items).toContainEqual({ id: addOnItem.id, deleted: 'true' });
  });

  it('adds an add-on by ref only once its price exists or the catalogue resolver knows it', async () => {
    const { subscriptionId } = await subscribed([plan('enterprise', 'year', 191040)]);
    // A fresh provider without a resolver and a price nobody created yet: it cannot invent the amount.
    const bare = newProvider();
    await expect(bare.updateSubscription(subscriptionId, {
      items: [{ ref: 'plan:enterprise:year', quantity: 1 }, { ref: 'add_on:never_sold:year', quantity: 1 }],
      prorate: true,
      idempotencyKey: randomUUID(),
    })).rejects.toThrow(/trainwright_add_on_never_sold_year/);

    const resolving = new StripeProvider({
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
      apiBase,
      resolveItem: (ref) => (ref === 'add_on:never_sold:year'
        ? { ref, description: 'Never sold', unitAmountCents: 14400, interval: 'year' }
        : null),
    });
    const updated = await resolving.updateSubscription(subscriptionId, {
      items: [{ ref: 'plan:enterprise:year', quantity: 1 }, { ref: 'add_on:never_sold:year', quantity: 1 }],
      prorate: true,
      idempotencyKey: randomUUID(),
    });
    expect(updated.items.map((i) => i.ref).sort()).toEqual(['add_on:never_sold:year', 'plan:enterprise:year']);
  });

  it('sets cancel_at_period_end (no proration) and clears it again', async () => {
    const { subscriptionId } = await subscribed();
    const items = [{ ref: 'plan:professional:month', quantity: 1 }];
    const canceled = await provider.updateSubscription(subscriptionId, { items, prorate: false, cancelAtPeriodEnd: true, idempotencyKey: randomUUID() });
    expect(canceled.cancelAtPeriodEnd).toBe(true);
    expect(canceled.items.map((i) => i.ref)).toEqual(['plan:professional:month']);
    const call = fake.calls('POST', `/v1/subscriptions/${subscriptionId}`).at(-1)!;
    expect(call.body).toMatchObject({ cancel_at_period_end: 'true', proration_behavior: 'none' });
    expect((await provider.retrieveSubscription(subscriptionId))!.cancelAtPeriodEnd).toBe(true);

    const resumed = await provider.updateSubscription(subscriptionId, { items, prorate: false, cancelAtPeriodEnd: false, idempotencyKey: randomUUID() });
    expect(resumed.cancelAtPeriodEnd).toBe(false);
  });
});

describe('invoices', () => {
  it('retrieves the first invoice with its subscription from parent.subscription_details', async () => {
    const { customerId, subscriptionId, invoiceId } = await subscribed([plan('professional', 'month', 2900)]);
    const invoice = await provider.retrieveInvoice(invoiceId);
    expect(invoice).toEqual({
      id: invoiceId,
      customerId,
      subscriptionId,
      status: 'paid',
      amountDueCents: 2900,
      amountPaidCents: 2900,
      hostedInvoiceUrl: expect.stringMatching(/^https:\/\/invoice\.stripe\.com\//),
      created: expect.any(Date),
      paymentFailed: false,
    });
    expect(fake.invoices.get(invoiceId)!.subscription).toBeUndefined();
    expect(await provider.retrieveInvoice('in_missing')).toBeNull();
  });

  it('reports a failed collection, and reads the subscription of the older invoice shape', async () => {
    const { subscriptionId } = await subscribed();
    const failed = fake.addInvoice(subscriptionId, { status: 'open', attempted: true });
    expect(await provider.retrieveInvoice(failed.id)).toMatchObject({
      status: 'open', amountDueCents: 2900, amountPaidCents: 0, paymentFailed: true, subscriptionId,
    });

    const legacy = fake.addInvoice(subscriptionId, { status: 'paid' });
    delete legacy.parent;
    legacy.subscription = subscriptionId;
    expect((await provider.retrieveInvoice(legacy.id))!.subscriptionId).toBe(subscriptionId);
  });
});

describe('refunds and the portal', () => {
  it('refunds a one-off payment in full', async () => {
    const customerId = await newCustomer();
    const session = await provider.createCheckoutSession(checkoutRequest(customerId, { mode: 'payment', lineItems: [credits(3)] }));
    const { paymentIntent } = fake.completeCheckout(session.id);
    const key = randomUUID();
    await provider.refundPayment(paymentIntent!.id, key);
    const refunds = [...fake.refunds.values()].filter((r) => r.payment_intent === paymentIntent!.id);
    expect(refunds).toEqual([expect.objectContaining({ id: expect.stringMatching(/^re_/), amount: 750, status: 'succeeded' })]);
    expect(fake.calls('POST', '/v1/refunds').at(-1)).toMatchObject({ idempotencyKey: key, body: { payment_intent: paymentIntent!.id } });
    // A retry with the same key is a replay, not a second refund.
    await provider.refundPayment(paymentIntent!.id, key);
    expect([...fake.refunds.values()].filter((r) => r.payment_intent === paymentIntent!.id)).toHaveLength(1);
    // Stripe's charge_already_refunded is the port's PaymentAlreadyRefundedError (a refund already made is done).
    await expect(provider.refundPayment(paymentIntent!.id, randomUUID())).rejects.toBeInstanceOf(PaymentAlreadyRefundedError);
  });

  it('opens a portal session for the customer', async () => {
    const customerId = await newCustomer();
    const url = await provider.createPortalSession(customerId, 'http://localhost:3000/billing');
    expect(url).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\//);
    expect(fake.calls('POST', '/v1/billing_portal/sessions').at(-1)!.body).toEqual({
      customer: customerId, return_url: 'http://localhost:3000/billing',
    });
  });
});

describe('webhooks', () => {
  it('verifies a signed event and returns its identity', async () => {
    const { subscriptionId } = await subscribed();
    const { payload, header, id } = fake.event('customer.subscription.updated', fake.subscriptions.get(subscriptionId)!);
    const event = provider.parseWebhook(Buffer.from(payload), header);
    expect(event).toEqual({ id, type: 'customer.subscription.updated', objectId: subscriptionId, created: expect.any(Date) });
    expect(Math.abs(event.created.getTime() - Date.now())).toBeLessThan(5000);
  });

  it('rejects a missing signature', () => {
    const { payload } = fake.event('invoice.paid', { id: 'in_1', object: 'invoice' });
    expect(() => provider.parseWebhook(Buffer.from(payload), '')).toThrow(WebhookSignatureError);
  });

  it('rejects a signature made with another secret', () => {
    const { payload, header } = fake.event('invoice.paid', { id: 'in_1', object: 'invoice' }, { secret: 'whsec_someone_else' });
    expect(() => provider.parseWebhook(Buffer.from(payload), header)).toThrow(WebhookSignatureError);
  });

  it('rejects a timestamp older than 300 seconds, accepts one just inside', () => {
    const stale = fake.event('invoice.paid', { id: 'in_1', object: 'invoice' }, { timestamp: Math.floor(Date.now() / 1000) - 301 });
    expect(() => provider.parseWebhook(Buffer.from(stale.payload), stale.header)).toThrow(WebhookSignatureError);
    const recent = fake.event('invoice.paid', { id: 'in_1', object: 'invoice' }, { timestamp: Math.floor(Date.now() / 1000) - 240 });
    expect(provider.parseWebhook(Buffer.from(recent.payload), recent.header).objectId).toBe('in_1');
  });

  it('rejects a tampered body', () => {
    const { payload, header } = fake.event('checkout.session.completed', { id: 'cs_test_1', object: 'checkout.session' });
    const tampered = payload.replace('cs_test_1', 'cs_test_2');
    expect(tampered).not.toBe(payload);
    expect(() => provider.parseWebhook(Buffer.from(tampered), header)).toThrow(WebhookSignatureError);
    expect(() => provider.parseWebhook(Buffer.from(payload), header)).not.toThrow();
  });
});

describe('scheduled changes (subscription schedules)', () => {
  it('schedules new items from the period end in two phases, replaces the schedule, and releases it', async () => {
    const { subscriptionId } = await subscribed([plan('business', 'month', 7900), addOn('advanced_analytics', 'month', 1300)]);
    const provider = new StripeProvider({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, apiBase, resolveItem: (ref) => (ref === 'plan:professional:month' ? plan('professional', 'month', 2900) : null) });
    const before = await provider.retrieveSubscription(subscriptionId);
    const after = await provider.scheduleSubscriptionChange(subscriptionId, { items: [{ ref: 'plan:professional:month', quantity: 1 }, { ref: 'add_on:advanced_analytics:month', quantity: 1 }], idempotencyKey: randomUUID() });
    // Nothing changes now.
    expect(after.items.map((i) => i.ref).sort()).toEqual(['add_on:advanced_analytics:month', 'plan:business:month']);
    const created = fake.calls('POST', '/v1/subscription_schedules').at(-1)!;
    expect(created.body).toEqual({ from_subscription: subscriptionId });
    expect(created.idempotencyKey).toBeTruthy();
    const scheduleId = fake.subscriptions.get(subscriptionId)!.schedule as string;
    const update = fake.calls('POST', `/v1/subscription_schedules/${scheduleId}`).at(-1)!;
    const end = String(before!.currentPeriodEnd.getTime() / 1000);
    expect(update.body).toMatchObject({ end_behavior: 'release', proration_behavior: 'none', phases: [{ end_date: end, proration_behavior: 'none' }, { proration_behavior: 'none' }] });
    expect(update.body.phases[0].start_date).toBe(String(before!.currentPeriodStart.getTime() / 1000));
    const priceRef = (id: string) => fake.prices.get(id)!.metadata.ref;
    expect(update.body.phases[1].items.map((i: { price: string }) => priceRef(i.price)).sort()).toEqual(['add_on:advanced_analytics:month', 'plan:professional:month']);
    expect(fake.schedules.get(scheduleId)!.phases[1]).toMatchObject({ start_date: Number(end) });

    // Scheduling again reuses the schedule (Stripe refuses a second one from the subscription).
    const creates = fake.calls('POST', '/v1/subscription_schedules').length;
    await provider.scheduleSubscriptionChange(subscriptionId, { items: [{ ref: 'plan:professional:month', quantity: 1 }], idempotencyKey: randomUUID() });
    expect(fake.calls('POST', '/v1/subscription_schedules')).toHaveLength(creates);
    expect(fake.schedules.get(scheduleId)!.phases[1].items).toHaveLength(1);

    const released = await provider.cancelScheduledChange(subscriptionId, randomUUID());
    expect(released.items.map((i) => i.ref).sort()).toEqual(['add_on:advanced_analytics:month', 'plan:business:month']);
    expect(fake.schedules.get(scheduleId)).toMatchObject({ status: 'released', released_subscription: subscriptionId });
    expect(fake.subscriptions.get(subscriptionId)!.schedule).toBeNull();
    // Nothing to take back: no request to release.
    const releases = fake.calls('POST', /\/release$/).length;
    await provider.cancelScheduledChange(subscriptionId, randomUUID());
    expect(fake.calls('POST', /\/release$/)).toHaveLength(releases);
  });

  it('releases a schedule before changing cancel_at_period_end (Stripe refuses it on a scheduled subscription)', async () => {
    const { subscriptionId } = await subscribed([plan('business', 'month', 7900)]);
    const provider = new StripeProvider({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, apiBase, resolveItem: () => plan('professional', 'month', 2900) });
    await provider.scheduleSubscriptionChange(subscriptionId, { items: [{ ref: 'plan:professional:month', quantity: 1 }], idempotencyKey: randomUUID() });
    const scheduleId = fake.subscriptions.get(subscriptionId)!.schedule as string;
    const cancelled = await provider.updateSubscription(subscriptionId, { items: [{ ref: 'plan:business:month', quantity: 1 }], prorate: false, cancelAtPeriodEnd: true, idempotencyKey: randomUUID() });
    expect(cancelled.cancelAtPeriodEnd).toBe(true);
    expect(fake.schedules.get(scheduleId)!.status).toBe('released');
  });
});
