// Medium tests of billing's plan operations end to end with PAYMENTS_PROVIDER=stripe: the real
// repository on PostgreSQL, the real `stripe` SDK pointed (STRIPE_API_BASE) at FakeStripe, and
// webhooks signed by the fake and delivered through handleWebhook, as Stripe would.
import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { createLogger } from '@trainwright/platform';
import { createTestInfra, type TestInfra } from '@trainwright/platform/testing';
import { PaymentOutcome, SubscriptionChanged } from '@trainwright/proto/trainwright/events/v1/events';
import { loadBillingConfig } from '../src/config.js';
import { createBillingCore, migrateBilling, type BillingCore } from '../src/main.js';
import { getSubscription } from '../src/services/billing/accounts.js';
import { buyAddOn, previewAddOn } from '../src/services/billing/add-ons.js';
import { runMaintenance } from '../src/services/billing/maintenance.js';
import { getCheckoutStatus, listPayments, openPortal } from '../src/services/billing/payments.js';
import { changePlan, previewPlanChange, setCancelAtPeriodEnd } from '../src/services/billing/plans.js';
import { handleWebhook } from '../src/services/billing/webhooks.js';
import { FakeStripe } from './support/fake-stripe.js';
import { MemoryDirectory } from './support/memory.js';

const BASE = 'http://127.0.0.1:5173';
const DAY = 86_400_000;
const SECRET_KEY = 'sk_test_trainwright_medium';
const WEBHOOK_SECRET = 'whsec_trainwright_medium';
const FITS = { projectsUsed: 3, companiesOwned: 1, largestCompanyMembers: 1 };

let infra: TestInfra;
let core: BillingCore;
let offset = 0;
const clock = () => new Date(Date.now() + offset);
const directory = new MemoryDirectory();
const fake = new FakeStripe({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });

beforeAll(async () => {
  const apiBase = await fake.start();
  infra = await createTestInfra('billing_stripe');
  const config = loadBillingConfig({
    DATABASE_URL: infra.databaseUrl,
    NATS_URL: infra.natsUrl,
    NAMESPACE: infra.namespace,
    REDIS_URL: infra.redisUrl,
    AUTH_SERVICE_ADDR: '127.0.0.1:1',
    MEDIA_SERVICE_ADDR: '127.0.0.1:1',
    PAYMENTS_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: apiBase,
  });
  expect(config.PAYMENTS_PROVIDER).toBe('stripe');
  await migrateBilling(config);
  core = await createBillingCore(config, createLogger('test', 'silent'), { clock, directory });
  expect(core.local).toBeNull();
  directory.usageOf = FITS;
});

afterAll(async () => {
  await core?.bus.destroy();
  await core?.close();
  await infra?.cleanup();
  await fake.close();
});

/** Stripe's delivery of an event: signed by the fake (the SDK's signer), through handleWebhook. */
async function deliver(type: string, object: Record<string, unknown>): Promise<string> {
  const { payload, header } = fake.event(type, object);
  return handleWebhook(core.deps, Buffer.from(payload), header);
}

const outboxOf = async (subject: string) => core.db.selectFrom('outbox').select('payload').where('subject', '=', subject).orderBy('created_at').execute();
const changedOf = async (userId: string) => (await outboxOf('subscription.changed')).map((r) => SubscriptionChanged.decode(r.payload)).filter((e) => e.userId === userId);
const outcomesOf = async (subject: string, userId: string) => (await outboxOf(subject)).map((r) => PaymentOutcome.decode(r.payload)).filter((e) => e.userId === userId);
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const refsOf = (subscription: Record<string, any>): string[] => subscription.items.data.map((i: { price: { lookup_key: string } }) => i.price.lookup_key).sort();

describe('the Stripe webhook refuses what it cannot trust', () => {
  const signed = (payload: string, timestamp = Math.floor(Date.now() / 1000), secret = WEBHOOK_SECRET) => Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
  const event = (id = `evt_${randomUUID()}`) => JSON.stringify({ id, object: 'event', type: 'customer.created', created: Math.floor(Date.now() / 1000), data: { object: { id: 'cus_x', object: 'customer' } } });
  const refused = { code: 'VALIDATION_FAILED', message: 'Invalid webhook signature' };

  it('should refuse timestamps 400 s old or ahead and the local default secret', async () => {
    const now = Math.floor(Date.now() / 1000);
    const p = event();
    await expect(handleWebhook(core.deps, Buffer.from(p), signed(p, now - 400))).rejects.toMatchObject(refused);
    await expect(handleWebhook(core.deps, Buffer.from(p), signed(p, now + 400))).rejects.toMatchObject(refused);
    await expect(handleWebhook(core.deps, Buffer.from(p), signed(p, now, 'whsec_local_trainwright'))).rejects.toMatchObject(refused);
    expect(await handleWebhook(core.deps, Buffer.from(p), signed(p, now + 200))).toBe('ignored');
  });

  it.each([['{"id":"x"}'], ['[]'], ['null'], [JSON.stringify({ id: 'evt_empty', object: 'event', type: 'checkout.session.completed', created: 1, data: {} })], [`{"id":"evt_${'x'.repeat(300)}","object":"event","type":"customer.created","created":1,"data":{"object":{"id":"cus_x"}}}`]])(
    'should answer the signed but malformed body %s with 400',
    async (body) => {
      await expect(handleWebhook(core.deps, Buffer.from(body), signed(body))).rejects.toMatchObject({ code: 'VALIDATION_FAILED', message: 'Unexpected webhook event' });
    },
  );
});

describe('plans with the Stripe provider', () => {
  const userId = randomUUID();
  let subId = '';
  const subscription = () => fake.subscriptions.get(subId)!;

  it('should upgrade from the trial through Stripe Checkout and the signed webhooks', async () => {
    const result = await changePlan(core.deps, { userId, tier: 'professional', interval: 'month', returnUrlBase: BASE, idempotencyKey: randomUUID() });
    if (result.kind !== 'checkout') throw new Error('expected a checkout');
    expect(result.checkoutUrl).toBe(`https://checkout.stripe.com/c/pay/${result.sessionId}`);
    const customer = [...fake.customers.values()].find((c) => c.metadata.user_id === userId)!;
    expect(customer).toMatchObject({ email: `${userId}@example.com` });
    expect(fake.sessions.get(result.sessionId)).toMatchObject({ mode: 'subscription', customer: customer.id, amount_total: 2900, metadata: { user_id: userId } });

    const { session, subscription: created, invoice } = fake.completeCheckout(result.sessionId);
    subId = created!.id;
    expect(await deliver('checkout.session.completed', session)).toBe('processed');
    expect(await deliver('customer.subscription.created', created!)).toBe('processed');
    expect(await deliver('invoice.paid', invoice!)).toBe('processed');

    expect(await getSubscription(core.deps, userId)).toMatchObject({ tier: 'professional', interval: 'month', status: 'active', effectiveTier: 'professional', provider: 'stripe', scheduledTier: null });
    expect(await getCheckoutStatus(core.deps, userId, result.sessionId)).toMatchObject({ paymentStatus: 'paid', purpose: 'subscription' });
    expect(await listPayments(core.deps, userId)).toEqual([
      expect.objectContaining({ kind: 'subscription', amountCents: 2900, status: 'succeeded', providerRef: invoice!.id, invoiceUrl: invoice!.hosted_invoice_url }),
    ]);
    expect(await changedOf(userId)).toEqual([expect.objectContaining({ tier: 'professional', previousTier: 'free-trial', status: 'active', version: 1 })]);
    expect(await outcomesOf('payment.succeeded', userId)).toEqual([expect.objectContaining({ kind: 'subscription', amountCents: 2900 })]);
    // A redelivery has no second effect.
    expect(await deliver('invoice.paid', invoice!)).toBe('processed');
    expect(await listPayments(core.deps, userId)).toHaveLength(1);
  });

  it('should upgrade in place to business only as previewed, invoiced prorated at once for the amount shown', async () => {
    const input = { userId, tier: 'business', interval: 'month', returnUrlBase: BASE, idempotencyKey: randomUUID() };
    await expect(changePlan(core.deps, input)).rejects.toMatchObject({ code: 'CONFLICT', message: 'This plan change is charged now: review the amount and confirm it first.' });
    expect(fake.calls('POST', `/v1/subscriptions/${subId}`)).toHaveLength(0);
    const preview = await previewPlanChange(core.deps, input);
    expect(preview).toMatchObject({ kind: 'upgrade' });
    // Stripe's upcoming invoice of the change, with its proration date.
    expect(fake.calls('POST', '/v1/invoices/create_preview').at(-1)!.body).toMatchObject({ subscription: subId, subscription_details: { proration_behavior: 'always_invoice', proration_date: String(preview.prorationDate) } });
    // The confirmation carries the preview's proration date to Stripe, so the charge is the amount shown.
    const up = await changePlan(core.deps, { ...input, confirmAmountCents: preview.amountCents, prorationDate: preview.prorationDate });
    expect(up).toMatchObject({ kind: 'changed', subscription: { tier: 'business', effectiveTier: 'business' } });
    expect(refsOf(subscription())).toEqual(['trainwright_plan_business_month']);
    const update = fake.calls('POST', `/v1/subscriptions/${subId}`).at(-1)!;
    expect(update.body).toMatchObject({ proration_behavior: 'always_invoice', proration_date: String(preview.prorationDate) });
    const invoice = fake.invoices.get(subscription().latest_invoice)!;
    expect(invoice).toMatchObject({ billing_reason: 'subscription_update', status: 'paid' });
    // The rest of (almost) the whole period: 79 - 29 dollars, exactly as previewed.
    expect(invoice.amount_paid).toBe(preview.amountCents);
    expect(invoice.amount_paid).toBeGreaterThan(4990);
    expect(invoice.amount_paid).toBeLessThanOrEqual(5000);
    expect(await deliver('customer.subscription.updated', subscription())).toBe('processed');
    expect(await deliver('invoice.paid', invoice)).toBe('processed');
    expect((await listPayments(core.deps, userId)).map((p) => p.amountCents).sort((a, b) => a - b)).toEqual([2900, invoice.amount_paid]);
    expect((await changedOf(userId)).at(-1)).toMatchObject({ tier: 'business', previousTier: 'professional' });
  });

  it('should add an add-on as a subscription item only as previewed, invoiced prorated at once for the amount shown', async () => {
    const input = { userId, addOn: 'advanced_analytics', idempotencyKey: randomUUID() };
    const updates = fake.calls('POST', `/v1/subscriptions/${subId}`).length;
    await expect(buyAddOn(core.deps, input)).rejects.toMatchObject({ code: 'CONFLICT', message: 'The Advanced Analytics add-on is charged now: review the amount and confirm it first.' });
    expect(fake.calls('POST', `/v1/subscriptions/${subId}`)).toHaveLength(updates);
    const preview = await previewAddOn(core.deps, input);
    // Stripe's upcoming invoice of the subscription with the add-on added, at the proration date.
    const asked = fake.calls('POST', '/v1/invoices/create_preview').at(-1)!.body;
    expect(asked).toMatchObject({ subscription: subId, subscription_details: { proration_behavior: 'always_invoice', proration_date: String(preview.prorationDate) } });
    const addOnPrice = [...fake.prices.values()].find((p) => p.lookup_key === 'trainwright_add_on_advanced_analytics_month')!.id as string;
    expect(JSON.stringify(asked)).toContain(addOnPrice);
    await expect(buyAddOn(core.deps, { ...input, confirmAmountCents: preview.amountCents + 7, prorationDate: preview.prorationDate })).rejects.toMatchObject({ code: 'CONFLICT', message: 'The amount of the Advanced Analytics add-on has changed: review the new amount and confirm again.' });
    expect(fake.calls('POST', `/v1/subscriptions/${subId}`)).toHaveLength(updates);
    const view = await buyAddOn(core.deps, { ...input, confirmAmountCents: preview.amountCents, prorationDate: preview.prorationDate });
    expect(view.addOns).toEqual(['advanced_analytics']);
    expect(refsOf(subscription())).toEqual(['trainwright_add_on_advanced_analytics_month', 'trainwright_plan_business_month']);
    expect(fake.calls('POST', `/v1/subscriptions/${subId}`).at(-1)!.body).toMatchObject({ proration_behavior: 'always_invoice', proration_date: String(preview.prorationDate) });
    const invoice = fake.invoices.get(subscription().latest_invoice)!;
    // 13 dollars for (almost) the whole period, exactly as previewed.
    expect(invoice.amount_paid).toBe(preview.amountCents);
    expect(invoice.amount_paid).toBeGreaterThan(1290);
    expect(await deliver('invoice.paid', invoice)).toBe('processed');
    expect(await listPayments(core.deps, userId)).toHaveLength(3);
    expect((await changedOf(userId)).at(-1)).toMatchObject({ tier: 'business', addOns: ['advanced_analytics'] });
  });

  it('should schedule a downgrade at the period end through a subscription schedule, and take it back', async () => {
    const published = (await changedOf(userId)).length;
    const down = await changePlan(core.deps, { userId, tier: 'professional', interval: 'month', returnUrlBase: BASE, idempotencyKey: randomUUID() });
    expect(down).toMatchObject({ kind: 'changed', subscription: { tier: 'business', scheduledTier: 'professional', effectiveTier: 'business' } });
    // Nothing changes now: the subscription keeps its items, no invoice.
    expect(refsOf(subscription())).toEqual(['trainwright_add_on_advanced_analytics_month', 'trainwright_plan_business_month']);
    expect(fake.calls('POST', '/v1/subscription_schedules').at(-1)!.body).toEqual({ from_subscription: subId });
    const schedule = fake.schedules.get(subscription().schedule)!;
    const end = subscription().items.data[0].current_period_end;
    const priceRef = (price: string) => fake.prices.get(price)!.lookup_key;
    expect(schedule).toMatchObject({ status: 'active', subscription: subId, end_behavior: 'release' });
    expect(schedule.phases).toHaveLength(2);
    expect(schedule.phases[0]).toMatchObject({ end_date: end });
    expect(schedule.phases[0].items.map((i: { price: string }) => priceRef(i.price)).sort()).toEqual(['trainwright_add_on_advanced_analytics_month', 'trainwright_plan_business_month']);
    expect(schedule.phases[1]).toMatchObject({ start_date: end, proration_behavior: 'none' });
    expect(schedule.phases[1].items.map((i: { price: string }) => priceRef(i.price)).sort()).toEqual(['trainwright_add_on_advanced_analytics_month', 'trainwright_plan_professional_month']);
    expect(await changedOf(userId)).toHaveLength(published);

    // Choosing the current plan again releases the schedule: the subscription goes on as it is.
    const back = await changePlan(core.deps, { userId, tier: 'business', interval: 'month', returnUrlBase: BASE, idempotencyKey: randomUUID() });
    expect(back).toMatchObject({ kind: 'changed', subscription: { tier: 'business', scheduledTier: null } });
    expect(fake.schedules.get(schedule.id)).toMatchObject({ status: 'released', released_subscription: subId, subscription: null });
    expect(subscription()).toMatchObject({ schedule: null, status: 'active' });
    expect(refsOf(subscription())).toEqual(['trainwright_add_on_advanced_analytics_month', 'trainwright_plan_business_month']);
  });

  it('should withdraw a scheduled downgrade a day before the period end when the usage no longer fits', async () => {
    await changePlan(core.deps, { userId, tier: 'professional', interval: 'month', returnUrlBase: BASE, idempotencyKey: randomUUID() });
    const scheduleId = subscription().schedule as string;
    expect(fake.schedules.get(scheduleId)).toMatchObject({ status: 'active' });
    const published = (await changedOf(userId)).length;
    directory.usageOf = { projectsUsed: 40, companiesOwned: 1, largestCompanyMembers: 1 };
    try {
      const end = subscription().items.data[0].current_period_end * 1000;
      offset = end - 12 * 3600_000 - Date.now();
      expect((await runMaintenance(core.deps)).downgradesWithdrawn).toBe(1);
    } finally {
      offset = 0;
      directory.usageOf = FITS;
    }
    expect(fake.schedules.get(scheduleId)).toMatchObject({ status: 'released' });
    expect(await getSubscription(core.deps, userId)).toMatchObject({ tier: 'business', scheduledTier: null, effectiveTier: 'business' });
    expect(await changedOf(userId)).toHaveLength(published);
  });

  it('should let Stripe apply a scheduled downgrade at the period end; its events sync the account', async () => {
    await changePlan(core.deps, { userId, tier: 'professional', interval: 'month', returnUrlBase: BASE, idempotencyKey: randomUUID() });
    const oldEnd = subscription().items.data[0].current_period_end;
    // Usage still fits a day before the end: the schedule stays.
    offset = oldEnd * 1000 - 12 * 3600_000 - Date.now();
    try {
      expect((await runMaintenance(core.deps)).downgradesWithdrawn).toBe(0);
    } finally {
      offset = 0;
    }
    const { events, invoice } = fake.advanceToPeriodEnd(subId);
    expect(events.map((e) => e.type)).toEqual(['subscription_schedule.updated', 'customer.subscription.updated', 'invoice.paid']);
    for (const e of events) await deliver(e.type, e.object);
    expect(refsOf(subscription())).toEqual(['trainwright_add_on_advanced_analytics_month', 'trainwright_plan_professional_month']);
    const view = await getSubscription(core.deps, userId);
    expect(view).toMatchObject({ tier: 'professional', scheduledTier: null, effectiveTier: 'professional', addOns: ['advanced_analytics'], status: 'active' });
    expect(view.currentPeriodStart!.getTime()).toBe(oldEnd * 1000);
    // The new period is billed at the lower plan: 29 + 13.
    expect(invoice).toMatchObject({ amount_paid: 4200, billing_reason: 'subscription_cycle' });
    expect(await listPayments(core.deps, userId)).toEqual(expect.arrayContaining([expect.objectContaining({ providerRef: invoice!.id, amountCents: 4200, status: 'succeeded' })]));
    expect((await changedOf(userId)).at(-1)).toMatchObject({ tier: 'professional', previousTier: 'business', addOns: ['advanced_analytics'] });
  });

  it('should cancel at the period end and resume (the schedule still attached is released first)', async () => {
    expect(subscription().schedule).toBeTruthy();
    const cancelled = await setCancelAtPeriodEnd(core.deps, userId, true);
    expect(cancelled).toMatchObject({ cancelAtPeriodEnd: true, tier: 'professional', status: 'active' });
    expect(subscription()).toMatchObject({ cancel_at_period_end: true, schedule: null });
    const resumed = await setCancelAtPeriodEnd(core.deps, userId, false);
    expect(resumed).toMatchObject({ cancelAtPeriodEnd: false });
    expect(subscription()).toMatchObject({ cancel_at_period_end: false, cancel_at: null });
  });

  it("should open Stripe's customer portal", async () => {
    const url = await openPortal(core.deps, { userId, returnUrlBase: BASE });
    expect(url).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\/test_bps_/);
    const call = fake.calls('POST', '/v1/billing_portal/sessions').at(-1)!;
    expect(call.body).toMatchObject({ customer: subscription().customer, return_url: `${BASE}/billing` });
  });

  it('should keep the plan in grace after a failed renewal, fall back after the grace days, and be active again once paid', async () => {
    const invoice = fake.addInvoice(subId, { status: 'open', attempted: true });
    fake.setSubscriptionStatus(subId, 'past_due');
    expect(await deliver('invoice.payment_failed', invoice)).toBe('processed');
    expect(await deliver('customer.subscription.updated', subscription())).toBe('processed');
    const grace = await getSubscription(core.deps, userId);
    expect(grace).toMatchObject({ status: 'past_due', tier: 'professional', effectiveTier: 'professional' });
    expect(grace.graceEndsAt).not.toBeNull();
    expect(await listPayments(core.deps, userId)).toEqual(expect.arrayContaining([expect.objectContaining({ providerRef: invoice.id, status: 'failed', amountCents: 4200 })]));
    expect((await outcomesOf('payment.failed', userId)).length).toBe(1);

    offset = 8 * DAY;
    try {
      expect((await runMaintenance(core.deps)).graceEnded).toBeGreaterThanOrEqual(1);
      expect(await getSubscription(core.deps, userId)).toMatchObject({ status: 'past_due', effectiveTier: 'free-trial' });
      expect((await changedOf(userId)).at(-1)).toMatchObject({ tier: 'free-trial', previousTier: 'professional', status: 'past_due' });

      fake.payInvoice(invoice.id);
      fake.setSubscriptionStatus(subId, 'active');
      expect(await deliver('invoice.paid', fake.invoices.get(invoice.id)!)).toBe('processed');
    } finally {
      offset = 0;
    }
    expect(await getSubscription(core.deps, userId)).toMatchObject({ status: 'active', effectiveTier: 'professional', graceEndsAt: null });
    expect(await listPayments(core.deps, userId)).toEqual(expect.arrayContaining([expect.objectContaining({ providerRef: invoice.id, status: 'succeeded' })]));
    expect((await changedOf(userId)).at(-1)).toMatchObject({ tier: 'professional', previousTier: 'free-trial', status: 'active' });
  });
});

describe('one subscription per account with the Stripe provider', () => {
  it('should expire an older open plan checkout at Stripe when another plan checkout is opened', async () => {
    const userId = randomUUID();
    const a = await changePlan(core.deps, { userId, tier: 'professional', interval: 'month', returnUrlBase: BASE, idempotencyKey: randomUUID() });
    const b = await changePlan(core.deps, { userId, tier: 'business', interval: 'month', returnUrlBase: BASE, idempotencyKey: randomUUID() });
    if (a.kind !== 'checkout' || b.kind !== 'checkout') throw new Error('expected checkouts');
    expect(fake.calls('POST', `/v1/checkout/sessions/${a.sessionId}/expire`)).toHaveLength(1);
    expect(fake.sessions.get(a.sessionId)).toMatchObject({ status: 'expired' });
    expect(fake.sessions.get(b.sessionId)).toMatchObject({ status: 'open' });
    expect(await getCheckoutStatus(core.deps, userId, a.sessionId)).toMatchObject({ paymentStatus: 'expired' });
    expect(() => fake.completeCheckout(a.sessionId)).toThrow(/expired/);
  });

  it('should cancel a second paid subscription at once and refund its payment, keeping the first', async () => {
    const userId = randomUUID();
    const a = await changePlan(core.deps, { userId, tier: 'professional', interval: 'month', returnUrlBase: BASE, idempotencyKey: randomUUID() });
    if (a.kind !== 'checkout') throw new Error('expected a checkout');
    // Tab A is paid; its webhooks lag. Tab B opens a business checkout meanwhile.
    const paidA = fake.completeCheckout(a.sessionId);
    const b = await changePlan(core.deps, { userId, tier: 'business', interval: 'month', returnUrlBase: BASE, idempotencyKey: randomUUID() });
    if (b.kind !== 'checkout') throw new Error('expected a checkout');
    // Expiring A found it paid: the account follows it already.
    expect(await getSubscription(core.deps, userId)).toMatchObject({ tier: 'professional', status: 'active' });
    const paidB = fake.completeCheckout(b.sessionId);
    for (const [type, object] of [
      ['checkout.session.completed', paidA.session],
      ['customer.subscription.created', paidA.subscription!],
      ['invoice.paid', paidA.invoice!],
      ['checkout.session.completed', paidB.session],
      ['customer.subscription.created', paidB.subscription!],
      ['invoice.paid', paidB.invoice!],
    ] as const) await deliver(type, object);

    const second = fake.subscriptions.get(paidB.subscription!.id)!;
    expect(second).toMatchObject({ status: 'canceled' });
    expect(fake.calls('DELETE', `/v1/subscriptions/${second.id}`)).toHaveLength(1);
    const intent = fake.invoicePayments.get(paidB.invoice!.id)!.payment.payment_intent;
    const refunds = () => [...fake.refunds.values()].filter((r) => r.payment_intent === intent);
    expect(refunds()).toHaveLength(1);
    expect(refunds()[0]).toMatchObject({ amount: 7900, status: 'succeeded' });
    expect(fake.subscriptions.get(paidA.subscription!.id)).toMatchObject({ status: 'active' });
    expect(await getSubscription(core.deps, userId)).toMatchObject({ tier: 'professional', status: 'active', effectiveTier: 'professional' });
    const payments = await listPayments(core.deps, userId);
    expect(payments).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ providerRef: paidA.invoice!.id, amountCents: 2900, status: 'succeeded' }),
        expect.objectContaining({ providerRef: paidB.invoice!.id, amountCents: 7900, status: 'refunded' }),
      ]),
    );
    expect(await outcomesOf('payment.succeeded', userId)).toEqual([expect.objectContaining({ amountCents: 2900 })]);
    // Redeliveries and Stripe's deletion event change nothing more.
    expect(await deliver('checkout.session.completed', paidB.session)).toBe('processed');
    expect(await deliver('customer.subscription.deleted', second)).toBe('ignored');
    expect(refunds()).toHaveLength(1);
    expect(await getSubscription(core.deps, userId)).toMatchObject({ tier: 'professional', status: 'active' });
  });
});
