// Medium tests of billing against the real PostgreSQL and NATS, with the local test checkout as
// the provider (its events signed with Stripe's scheme and delivered through handleWebhook).
import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { createLogger } from '@trainwright/platform';
import { createTestInfra, type TestInfra } from '@trainwright/platform/testing';
import { PaymentOutcome, SubscriptionChanged } from '@trainwright/proto/trainwright/events/v1/events';
import { loadBillingConfig } from '../src/config.js';
import { createBillingCore, migrateBilling, type BillingCore } from '../src/main.js';
import { getSubscription, openAccountForRegisteredUser } from '../src/services/billing/accounts.js';
import { buyAddOn, previewAddOn } from '../src/services/billing/add-ons.js';
import { completeLocalCheckout, getLocalCheckout } from '../src/services/billing/checkouts.js';
import { runMaintenance } from '../src/services/billing/maintenance.js';
import { buyCredits, getCheckoutStatus, listPayments } from '../src/services/billing/payments.js';
import { changePlan, previewPlanChange, setCancelAtPeriodEnd } from '../src/services/billing/plans.js';
import { handleWebhook } from '../src/services/billing/webhooks.js';
import { LocalPaymentsProvider } from '../src/repositories/local-provider.js';
import { MemoryDirectory } from './support/memory.js';

const BASE = 'http://127.0.0.1:5173';
const DAY = 86_400_000;
let infra: TestInfra;
let core: BillingCore;
let now = new Date();
const directory = new MemoryDirectory();

beforeAll(async () => {
  infra = await createTestInfra('billing');
  const config = loadBillingConfig({ DATABASE_URL: infra.databaseUrl, NATS_URL: infra.natsUrl, NAMESPACE: infra.namespace, REDIS_URL: infra.redisUrl, AUTH_SERVICE_ADDR: '127.0.0.1:1', MEDIA_SERVICE_ADDR: '127.0.0.1:1' });
  expect(config.PAYMENTS_PROVIDER).toBe('local');
  await migrateBilling(config);
  expect(await migrateBilling(config)).toEqual([]);
  core = await createBillingCore(config, createLogger('test', 'silent'), { clock: () => now, directory });
});

afterAll(async () => {
  await core?.bus.destroy();
  await core?.close();
  await infra?.cleanup();
});

// The local provider's events are signed with its own secret (made per process, never in source).
const sign = (payload: string, timestamp = Math.floor(Date.now() / 1000)) => core.local!.sign(payload, timestamp);
const signWith = (payload: string, secret: string) => Stripe.webhooks.generateTestHeaderString({ payload, secret });

async function subscribe(userId: string, tier = 'professional', interval = 'month') {
  const result = await changePlan(core.deps, { userId, tier, interval, returnUrlBase: BASE, idempotencyKey: randomUUID() });
  if (result.kind !== 'checkout') throw new Error('expected a checkout');
  const redirect = await completeLocalCheckout(core.deps, userId, result.sessionId, 'pay');
  return { ...result, redirect };
}

/** An upgrade of a live plan as the billing page makes it: previewed, then confirmed with the preview's amount and moment. */
async function upgrade(userId: string, tier: string, interval = 'month', idempotencyKey: string = randomUUID()) {
  const preview = await previewPlanChange(core.deps, { userId, tier, interval });
  expect(preview.kind).toBe('upgrade');
  const result = await changePlan(core.deps, { userId, tier, interval, returnUrlBase: BASE, idempotencyKey, confirmAmountCents: preview.amountCents, prorationDate: preview.prorationDate });
  return { preview, result };
}

/** An add-on bought as the billing page buys it: previewed, then confirmed with the preview's amount and moment. */
async function addOn(userId: string, addOnId: string, idempotencyKey: string = randomUUID()) {
  const preview = await previewAddOn(core.deps, { userId, addOn: addOnId });
  return buyAddOn(core.deps, { userId, addOn: addOnId, idempotencyKey, confirmAmountCents: preview.amountCents, prorationDate: preview.prorationDate });
}

const outboxOf = async (subject: string) => core.db.selectFrom('outbox').select(['payload', 'published_at']).where('subject', '=', subject).orderBy('created_at').execute();

describe('webhook ledger', () => {
  const event = (id: string) => JSON.stringify({ id, object: 'event', type: 'customer.created', created: 1, data: { object: { id: 'cus_x', object: 'customer' } } });

  it.each([
    ['no signature', (p: string) => [p, '']],
    ['a wrong secret', (p: string) => [p, signWith(p, 'whsec_other')]],
    // The default secret that used to be written in the source signs nothing any more.
    ['the old default secret', (p: string) => [p, signWith(p, 'whsec_local_trainwright')]],
    ['a stale timestamp', (p: string) => [p, sign(p, Math.floor(Date.now() / 1000) - 301)]],
    ['a timestamp 400 s old', (p: string) => [p, sign(p, Math.floor(Date.now() / 1000) - 400)]],
    ['a timestamp 400 s ahead', (p: string) => [p, sign(p, Math.floor(Date.now() / 1000) + 400)]],
    ['a tampered body', (p: string) => [p.replace('cus_x', 'cus_y'), sign(p)]],
    ['garbage', (p: string) => [p, 't=1,v1=00']],
  ])('should refuse %s with no effect', async (_name, make) => {
    const id = `evt_${randomUUID()}`;
    const [body, signature] = make(event(id)) as [string, string];
    await expect(handleWebhook(core.deps, Buffer.from(body), signature)).rejects.toMatchObject({ code: 'VALIDATION_FAILED', message: 'Invalid webhook signature' });
    expect(await core.db.selectFrom('webhook_events').select('event_id').where('event_id', '=', id).execute()).toEqual([]);
  });

  it.each([
    ['an event without data', () => JSON.stringify({ id: 'x' })],
    ['an array', () => '[]'],
    ['null', () => 'null'],
    ['empty data', () => JSON.stringify({ id: `evt_${randomUUID()}`, object: 'event', type: 'checkout.session.completed', created: 1, data: {} })],
    ['an object id that is a number', () => JSON.stringify({ id: `evt_${randomUUID()}`, object: 'event', type: 'checkout.session.completed', created: 1, data: { object: { id: 7 } } })],
    ['an overlong event id', () => event(`evt_${'x'.repeat(300)}`)],
  ])('should answer a signed event of an unexpected shape (%s) with 400, not a 500', async (_name, make) => {
    const body = make();
    await expect(handleWebhook(core.deps, Buffer.from(body), sign(body))).rejects.toMatchObject({ code: 'VALIDATION_FAILED', message: 'Unexpected webhook event' });
  });

  it('should record an event once: a redelivery is a duplicate with no second effect', async () => {
    const id = `evt_${randomUUID()}`;
    const p = event(id);
    expect(await handleWebhook(core.deps, Buffer.from(p), sign(p))).toBe('ignored');
    expect(await handleWebhook(core.deps, Buffer.from(p), sign(p))).toBe('duplicate');

    const userId = randomUUID();
    await subscribe(userId);
    const paid = (await core.local!.recordedEvents()).filter((e) => e.type === 'invoice.paid').at(-1)!;
    const payments = () => core.db.selectFrom('payments').select('id').where('user_id', '=', userId).execute();
    const outcomes = async () => (await outboxOf('payment.succeeded')).filter((r) => PaymentOutcome.decode(r.payload).userId === userId).length;
    expect(await payments()).toHaveLength(1);
    expect(await outcomes()).toBe(1);
    expect(await handleWebhook(core.deps, Buffer.from(paid.payload), sign(paid.payload))).toBe('duplicate');
    expect(await payments()).toHaveLength(1);
    expect(await outcomes()).toBe(1);
  });
});

describe('local checkout', () => {
  it('should take the trial through checkout and payment to an active plan', async () => {
    const userId = randomUUID();
    const other = randomUUID();
    const result = await changePlan(core.deps, { userId, tier: 'professional', interval: 'month', returnUrlBase: BASE, idempotencyKey: 'k1' });
    if (result.kind !== 'checkout') throw new Error('expected a checkout');
    expect(result.checkoutUrl).toBe(`${BASE}/checkout/${result.sessionId}`);
    expect(await changePlan(core.deps, { userId, tier: 'professional', interval: 'month', returnUrlBase: BASE, idempotencyKey: 'k1' })).toEqual(result);

    const page = await getLocalCheckout(core.deps, userId, result.sessionId);
    expect(page).toMatchObject({ mode: 'subscription', totalCents: 2900, status: 'open', email: `${userId}@example.com`, lineItems: [{ ref: 'plan:professional:month', description: 'Trainwright Professional plan (monthly)', unitAmountCents: 2900, quantity: 1, interval: 'month' }] });
    await expect(getLocalCheckout(core.deps, other, result.sessionId)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(completeLocalCheckout(core.deps, other, result.sessionId, 'pay')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await completeLocalCheckout(core.deps, userId, result.sessionId, 'cancel')).toBe(`${BASE}/billing-cancelled`);

    const redirect = await completeLocalCheckout(core.deps, userId, result.sessionId, 'pay');
    expect(redirect).toBe(`${BASE}/billing-success?session_id=${result.sessionId}`);
    expect(await getSubscription(core.deps, userId)).toMatchObject({ tier: 'professional', interval: 'month', status: 'active', effectiveTier: 'professional', provider: 'local' });
    expect(await getCheckoutStatus(core.deps, userId, result.sessionId)).toMatchObject({ paymentStatus: 'paid', purpose: 'subscription' });
    const payments = await listPayments(core.deps, userId);
    expect(payments).toEqual([expect.objectContaining({ kind: 'subscription', amountCents: 2900, status: 'succeeded', currency: 'usd' })]);

    // Paying twice changes nothing.
    expect(await completeLocalCheckout(core.deps, userId, result.sessionId, 'pay')).toBe(redirect);
    expect(await listPayments(core.deps, userId)).toHaveLength(1);

    const changed = (await outboxOf('subscription.changed')).map((r) => ({ ...SubscriptionChanged.decode(r.payload), published: r.published_at })).filter((e) => e.userId === userId);
    expect(changed).toEqual([expect.objectContaining({ tier: 'professional', previousTier: 'free-trial', status: 'active', version: 1 })]);
    await core.relay.flush();
    expect((await outboxOf('subscription.changed')).every((r) => r.published_at)).toBe(true);
  });

  it('should upgrade and add an add-on on the live subscription, charging prorated invoices', async () => {
    const userId = randomUUID();
    await subscribe(userId);
    const { result: up } = await upgrade(userId, 'business', 'month', 'u');
    expect(up).toMatchObject({ kind: 'changed', subscription: { tier: 'business', effectiveTier: 'business' } });
    const withAddOn = await addOn(userId, 'advanced_analytics', 'a');
    expect(withAddOn.addOns).toEqual(['advanced_analytics']);
    const payments = await listPayments(core.deps, userId);
    expect(payments).toHaveLength(3);
    // Charged just now, for (almost) the whole period: the differences 79-29 and 13.
    expect(payments.map((p) => p.amountCents).sort((a, b) => a - b)).toEqual([1300, 2900, 5000]);
  });

  it('should charge an upgrade exactly the amount its preview showed, and nothing without the confirmation', async () => {
    const userId = randomUUID();
    await subscribe(userId, 'professional');
    now = new Date(now.getTime() + 3 * DAY);
    const input = { userId, tier: 'enterprise', interval: 'month', returnUrlBase: BASE, idempotencyKey: randomUUID() };
    await expect(changePlan(core.deps, input)).rejects.toMatchObject({ code: 'CONFLICT', message: 'This plan change is charged now: review the amount and confirm it first.' });
    expect(await listPayments(core.deps, userId)).toHaveLength(1);
    const preview = await previewPlanChange(core.deps, input);
    // (199 - 29) dollars for the unused part of the period, as the provider prorates it.
    const { current_period_start: start, current_period_end: end } = await core.db.selectFrom('accounts').select(['current_period_start', 'current_period_end']).where('user_id', '=', userId).executeTakeFirstOrThrow();
    const unused = (end!.getTime() - Math.floor(now.getTime() / 1000) * 1000) / (end!.getTime() - start!.getTime());
    expect(preview).toMatchObject({ kind: 'upgrade', amountCents: Math.round(17000 * unused), prorationDate: Math.floor(now.getTime() / 1000) });
    // Confirmed ten minutes later: the charge is still the previewed one (the proration moment is the preview's).
    now = new Date(now.getTime() + 600_000);
    await changePlan(core.deps, { ...input, confirmAmountCents: preview.amountCents, prorationDate: preview.prorationDate });
    expect((await listPayments(core.deps, userId)).map((p) => p.amountCents).sort((a, b) => a - b)).toEqual([2900, preview.amountCents].sort((a, b) => a - b));
    expect(await getSubscription(core.deps, userId)).toMatchObject({ tier: 'enterprise' });
  });

  it('should charge an add-on exactly the amount its preview showed, and nothing without the confirmation', async () => {
    const userId = randomUUID();
    await subscribe(userId, 'business');
    now = new Date(now.getTime() + 5 * DAY);
    const input = { userId, addOn: 'advanced_video_processing', idempotencyKey: randomUUID() };
    await expect(buyAddOn(core.deps, input)).rejects.toMatchObject({ code: 'CONFLICT', message: 'The Advanced Video Processing add-on is charged now: review the amount and confirm it first.' });
    expect(await listPayments(core.deps, userId)).toHaveLength(1);
    const preview = await previewAddOn(core.deps, input);
    // 17 dollars for the unused part of the period, as the provider prorates it.
    const { current_period_start: start, current_period_end: end } = await core.db.selectFrom('accounts').select(['current_period_start', 'current_period_end']).where('user_id', '=', userId).executeTakeFirstOrThrow();
    const unused = (end!.getTime() - Math.floor(now.getTime() / 1000) * 1000) / (end!.getTime() - start!.getTime());
    expect(preview).toEqual({ amountCents: Math.round(1700 * unused), prorationDate: Math.floor(now.getTime() / 1000) });
    await expect(buyAddOn(core.deps, { ...input, confirmAmountCents: preview.amountCents - 1, prorationDate: preview.prorationDate })).rejects.toMatchObject({ code: 'CONFLICT', message: 'The amount of the Advanced Video Processing add-on has changed: review the new amount and confirm again.' });
    expect(await listPayments(core.deps, userId)).toHaveLength(1);
    expect((await getSubscription(core.deps, userId)).addOns).toEqual([]);
    // Confirmed ten minutes later: the charge is still the previewed one (the proration moment is the preview's).
    now = new Date(now.getTime() + 600_000);
    const bought = await buyAddOn(core.deps, { ...input, confirmAmountCents: preview.amountCents, prorationDate: preview.prorationDate });
    expect(bought.addOns).toEqual(['advanced_video_processing']);
    expect((await listPayments(core.deps, userId)).map((p) => p.amountCents).sort((a, b) => a - b)).toEqual([preview.amountCents, 7900].sort((a, b) => a - b));
  });

  it('should book a credit pack: 2.5 dollars a credit, in cents', async () => {
    const userId = randomUUID();
    const { sessionId, checkoutUrl } = await buyCredits(core.deps, { userId, credits: 7, returnUrlBase: BASE, idempotencyKey: '' });
    expect(checkoutUrl).toContain(sessionId);
    await completeLocalCheckout(core.deps, userId, sessionId, 'pay');
    expect((await getSubscription(core.deps, userId)).creditBalanceCents).toBe(1750);
    expect(await listPayments(core.deps, userId)).toEqual([expect.objectContaining({ kind: 'credits', amountCents: 1750, description: 'Video credits × 7' })]);
    await completeLocalCheckout(core.deps, userId, sessionId, 'pay');
    expect((await getSubscription(core.deps, userId)).creditBalanceCents).toBe(1750);
  });

  it('should open an account from user.registered once', async () => {
    const userId = randomUUID();
    const eventId = randomUUID();
    await openAccountForRegisteredUser(core.deps, { userId, email: 'ada@example.com', eventId });
    await openAccountForRegisteredUser(core.deps, { userId, email: 'ada@example.com', eventId });
    expect(await getSubscription(core.deps, userId)).toMatchObject({ tier: 'free-trial', status: 'trialing', effectiveTier: 'free-trial' });
  });
});

describe('maintenance', () => {
  it('should end a grace period after the grace days, on a controllable clock', async () => {
    const userId = randomUUID();
    await subscribe(userId, 'business');
    const account = await core.db.selectFrom('accounts').select('provider_subscription_id').where('user_id', '=', userId).executeTakeFirstOrThrow();
    await core.local!.simulatePaymentFailure(account.provider_subscription_id!);
    expect(await getSubscription(core.deps, userId)).toMatchObject({ status: 'past_due', effectiveTier: 'business' });
    expect(await listPayments(core.deps, userId)).toEqual(expect.arrayContaining([expect.objectContaining({ status: 'failed' })]));
    now = new Date(now.getTime() + 6 * DAY);
    await runMaintenance(core.deps);
    expect((await getSubscription(core.deps, userId)).effectiveTier).toBe('business');
    now = new Date(now.getTime() + 2 * DAY);
    expect((await runMaintenance(core.deps)).graceEnded).toBeGreaterThanOrEqual(1);
    expect(await getSubscription(core.deps, userId)).toMatchObject({ status: 'past_due', effectiveTier: 'free-trial' });
    const last = (await outboxOf('subscription.changed')).map((r) => SubscriptionChanged.decode(r.payload)).filter((e) => e.userId === userId).at(-1);
    expect(last).toMatchObject({ tier: 'free-trial', previousTier: 'business', status: 'past_due' });
  });
});

describe('scheduled downgrade (local provider)', () => {
  it('should keep the scheduled items on the local subscription and apply them at its renewal', async () => {
    const userId = randomUUID();
    await subscribe(userId, 'business');
    const down = await changePlan(core.deps, { userId, tier: 'professional', interval: 'month', returnUrlBase: BASE, idempotencyKey: randomUUID() });
    expect(down).toMatchObject({ kind: 'changed', subscription: { tier: 'business', scheduledTier: 'professional' } });
    const { provider_subscription_id: subId } = await core.db.selectFrom('accounts').select('provider_subscription_id').where('user_id', '=', userId).executeTakeFirstOrThrow();
    expect((await core.db.selectFrom('local_objects').select('data').where('id', '=', subId!).executeTakeFirstOrThrow()).data).toMatchObject({ scheduledItems: [{ ref: 'plan:professional:month', quantity: 1 }] });
    // Taken back, then scheduled again.
    await changePlan(core.deps, { userId, tier: 'business', interval: 'month', returnUrlBase: BASE, idempotencyKey: randomUUID() });
    expect((await core.db.selectFrom('local_objects').select('data').where('id', '=', subId!).executeTakeFirstOrThrow()).data).toMatchObject({ scheduledItems: null });
    await changePlan(core.deps, { userId, tier: 'professional', interval: 'month', returnUrlBase: BASE, idempotencyKey: randomUUID() });
    now = new Date(now.getTime() + 32 * DAY);
    expect((await runMaintenance(core.deps)).renewed).toBeGreaterThanOrEqual(1);
    expect(await getSubscription(core.deps, userId)).toMatchObject({ tier: 'professional', scheduledTier: null, effectiveTier: 'professional', status: 'active' });
    expect((await listPayments(core.deps, userId)).map((p) => p.amountCents).sort((a, b) => a - b)).toEqual([2900, 7900]);
    const last = (await outboxOf('subscription.changed')).map((r) => SubscriptionChanged.decode(r.payload)).filter((e) => e.userId === userId).at(-1);
    expect(last).toMatchObject({ tier: 'professional', previousTier: 'business' });
  });
});

describe('replayed events', () => {
  it('should reach the same state from the same events in any order, however often repeated', async () => {
    const userId = randomUUID();
    const before = new Set((await core.local!.recordedEvents()).map((e) => e.id));
    await subscribe(userId);
    await upgrade(userId, 'business', 'month', 'up');
    await addOn(userId, 'enhanced_ai_agent', 'ao');
    await setCancelAtPeriodEnd(core.deps, userId, true);
    now = new Date(now.getTime() + 40 * DAY);
    await runMaintenance(core.deps);
    // Only this user's events (the clock moved past other tests' periods too).
    const { provider_customer_id: customer } = await core.db.selectFrom('accounts').select('provider_customer_id').where('user_id', '=', userId).executeTakeFirstOrThrow();
    const objects = await core.db.selectFrom('local_objects').select(['id', 'data']).execute();
    const mine = new Set(objects.filter((o) => (o.data as { customerId?: string }).customerId === customer).map((o) => o.id));
    const events = (await core.local!.recordedEvents()).filter((e) => !before.has(e.id) && mine.has((JSON.parse(e.payload) as { data: { object: { id: string } } }).data.object.id));
    expect(events.map((e) => e.type).sort()).toEqual(
      ['checkout.session.completed', 'customer.subscription.created', 'customer.subscription.deleted', 'customer.subscription.updated', 'customer.subscription.updated', 'customer.subscription.updated', 'invoice.paid', 'invoice.paid', 'invoice.paid'].sort(),
    );

    const snapshot = async () => ({
      account: await core.db.selectFrom('accounts').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow().then(({ version: _v, updated_at: _u, created_at: _c, ...rest }) => rest),
      addOns: await core.db.selectFrom('account_add_ons').select(['add_on', 'provider_item_id']).where('user_id', '=', userId).orderBy('add_on').execute(),
      payments: await core.db.selectFrom('payments').select(['kind', 'description', 'amount_cents', 'status', 'provider_ref', 'invoice_url', 'created_at']).where('user_id', '=', userId).orderBy('provider_ref').execute(),
      checkouts: await core.db.selectFrom('checkout_sessions').select(['id', 'status', 'payment_status']).where('user_id', '=', userId).orderBy('id').execute(),
    });
    const expected = await snapshot();
    expect(expected.account).toMatchObject({ tier: 'business', status: 'canceled', effective_tier: 'free-trial' });
    expect(expected.addOns.map((a) => a.add_on)).toEqual(['enhanced_ai_agent']);
    expect(expected.payments).toHaveLength(3);

    const reset = async () => {
      await core.db.deleteFrom('webhook_events').where('event_id', 'in', events.map((e) => e.id)).execute();
      await core.db.deleteFrom('payments').where('user_id', '=', userId).execute();
      await core.db.deleteFrom('account_add_ons').where('user_id', '=', userId).execute();
      await core.db.deleteFrom('credit_entries').where('user_id', '=', userId).execute();
      await core.db.updateTable('checkout_sessions').set({ status: 'open', payment_status: 'unpaid' }).where('user_id', '=', userId).execute();
      await core.db
        .updateTable('accounts')
        .set({ tier: 'free-trial', interval: null, status: 'trialing', provider_subscription_id: null, current_period_start: null, current_period_end: null, cancel_at_period_end: false, scheduled_tier: null, scheduled_interval: null, past_due_since: null, effective_tier: 'free-trial' })
        .where('user_id', '=', userId)
        .execute();
    };
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let round = 0; round < 100; round++) {
      await reset();
      const deliveries = events.flatMap((e) => Array.from({ length: 1 + Math.floor(random() * 3) }, () => e));
      for (let i = deliveries.length - 1; i > 0; i--) {
        const j = Math.floor(random() * (i + 1));
        [deliveries[i], deliveries[j]] = [deliveries[j]!, deliveries[i]!];
      }
      const outcomes = new Set<string>();
      for (const e of deliveries) outcomes.add(await handleWebhook(core.deps, Buffer.from(e.payload), core.local!.sign(e.payload)));
      expect(outcomes.has('duplicate') || deliveries.length === events.length).toBe(true);
      expect(await snapshot()).toEqual(expected);
    }
  }, 240_000);
});

describe('local checkout expiry and one subscription per account', () => {
  const expiredEvents = async (sessionId: string) =>
    (await core.local!.recordedEvents()).filter((e) => e.type === 'checkout.session.expired' && (JSON.parse(e.payload) as { data: { object: { id: string } } }).data.object.id === sessionId);

  it('should expire a local session after 24 hours: refused Pay, one checkout.session.expired, swept by maintenance', async () => {
    const userId = randomUUID();
    const started = now;
    try {
      const first = await buyCredits(core.deps, { userId, credits: 2, returnUrlBase: BASE, idempotencyKey: randomUUID() });
      const second = await buyCredits(core.deps, { userId, credits: 3, returnUrlBase: BASE, idempotencyKey: randomUUID() });
      now = new Date(started.getTime() + DAY - 60_000);
      expect(await getLocalCheckout(core.deps, userId, first.sessionId)).toMatchObject({ status: 'open' });
      now = new Date(started.getTime() + DAY + 60_000);
      expect(await getLocalCheckout(core.deps, userId, first.sessionId)).toMatchObject({ status: 'expired' });
      await expect(completeLocalCheckout(core.deps, userId, first.sessionId, 'pay')).rejects.toMatchObject({ code: 'CONFLICT', message: 'The checkout session expired.' });
      await expect(completeLocalCheckout(core.deps, userId, first.sessionId, 'pay')).rejects.toMatchObject({ code: 'CONFLICT' });
      expect(await expiredEvents(first.sessionId)).toHaveLength(1);
      expect(await getCheckoutStatus(core.deps, userId, first.sessionId)).toMatchObject({ paymentStatus: 'expired' });

      expect((await runMaintenance(core.deps)).checkoutsExpired).toBeGreaterThanOrEqual(1);
      expect(await expiredEvents(second.sessionId)).toHaveLength(1);
      await runMaintenance(core.deps);
      expect(await expiredEvents(second.sessionId)).toHaveLength(1);
      expect(await expiredEvents(first.sessionId)).toHaveLength(1);
      const row = await core.db.selectFrom('checkout_sessions').select('status').where('id', '=', second.sessionId).executeTakeFirstOrThrow();
      expect(row.status).toBe('expired');
      expect(await listPayments(core.deps, userId)).toEqual([]);
    } finally {
      now = started;
    }
  });

  it('should expire an older plan checkout when another plan checkout is opened', async () => {
    const userId = randomUUID();
    const a = await changePlan(core.deps, { userId, tier: 'professional', interval: 'month', returnUrlBase: BASE, idempotencyKey: randomUUID() });
    const b = await changePlan(core.deps, { userId, tier: 'business', interval: 'month', returnUrlBase: BASE, idempotencyKey: randomUUID() });
    if (a.kind !== 'checkout' || b.kind !== 'checkout') throw new Error('expected checkouts');
    await expect(completeLocalCheckout(core.deps, userId, a.sessionId, 'pay')).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await expiredEvents(a.sessionId)).toHaveLength(1);
    await completeLocalCheckout(core.deps, userId, b.sessionId, 'pay');
    expect(await getSubscription(core.deps, userId)).toMatchObject({ tier: 'business', status: 'active' });
  });

  it('should cancel a second paid local subscription at once and refund it, keeping the first', async () => {
    const userId = randomUUID();
    await subscribe(userId, 'professional');
    const account = await core.db.selectFrom('accounts').select(['provider_customer_id', 'provider_subscription_id']).where('user_id', '=', userId).executeTakeFirstOrThrow();
    // A business checkout opened before the plan was live (a second tab), paid now.
    const session = await core.local!.createCheckoutSession({
      mode: 'subscription',
      customerId: account.provider_customer_id!,
      lineItems: [LocalPaymentsProvider.lineItem('plan:business:month')],
      successUrl: `${BASE}/billing-success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${BASE}/billing-cancelled`,
      metadata: { user_id: userId, purpose: 'subscription', item: 'plan:business:month', return_url_base: BASE },
      idempotencyKey: randomUUID(),
    });
    await core.db
      .insertInto('checkout_sessions')
      .values({ id: session.id, user_id: userId, purpose: 'subscription', mode: 'subscription', item_key: 'plan:business:month', tier: 'business', interval: 'month', amount_cents: 7900, status: 'open', payment_status: 'unpaid', url: session.url, idempotency_key: randomUUID() })
      .execute();
    await completeLocalCheckout(core.deps, userId, session.id, 'pay');

    const paid = (await core.local!.retrieveCheckoutSession(session.id))!;
    expect(await core.local!.retrieveSubscription(paid.subscriptionId!)).toMatchObject({ status: 'canceled' });
    expect(await core.local!.retrieveSubscription(account.provider_subscription_id!)).toMatchObject({ status: 'active' });
    expect(await getSubscription(core.deps, userId)).toMatchObject({ tier: 'professional', status: 'active', effectiveTier: 'professional' });
    const payments = await listPayments(core.deps, userId);
    const second = payments.find((p) => p.amountCents === 7900)!;
    expect(second).toMatchObject({ kind: 'subscription', status: 'refunded' });
    expect(await core.local!.refundOfInvoice(second.providerRef)).toMatchObject({ amountCents: 7900 });
    expect(payments.filter((p) => p.status === 'succeeded')).toEqual([expect.objectContaining({ amountCents: 2900 })]);
    const succeeded = (await outboxOf('payment.succeeded')).map((r) => PaymentOutcome.decode(r.payload)).filter((e) => e.userId === userId);
    expect(succeeded).toEqual([expect.objectContaining({ amountCents: 2900 })]);
  });
});
