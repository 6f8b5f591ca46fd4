// Medium tests of pay-per-use video against the real PostgreSQL and NATS: paid with credits (the
// local provider) and by card through the Stripe provider against the fake Stripe server; a render
// that failed for good is refunded once, its event delivered over the bus more than once.
import { randomUUID } from 'node:crypto';
import { createLogger, subscribeAll } from '@trainwright/platform';
import { createTestInfra, eventually, type TestInfra } from '@trainwright/platform/testing';
import { PaymentOutcome, SubscriptionChanged, VideoStatusChanged } from '@trainwright/proto/trainwright/events/v1/events';
import { loadBillingConfig } from '../src/config.js';
import { createBillingCore, migrateBilling, type BillingCore } from '../src/main.js';
import { getSubscription } from '../src/services/billing/accounts.js';
import { completeLocalCheckout, getLocalCheckout } from '../src/services/billing/checkouts.js';
import { getCheckoutStatus, listPayments } from '../src/services/billing/payments.js';
import { applyVideoStatus, confirmVideoPayment, estimateVideo } from '../src/services/billing/videos.js';
import { handleWebhook } from '../src/services/billing/webhooks.js';
import { videoStatusSubscription } from '../src/subscriptions/video-status.subscription.js';
import { FakeStripe } from './support/fake-stripe.js';
import { MemoryDirectory, MemoryMedia } from './support/memory.js';

const BASE = 'http://127.0.0.1:5173';
const STRIPE_KEY = 'sk_test_video';
const STRIPE_WHSEC = 'whsec_video_test';
let infra: TestInfra;
let local: BillingCore;
let stripe: BillingCore;
let fake: FakeStripe;
const media = new MemoryMedia();
const directory = new MemoryDirectory();

beforeAll(async () => {
  infra = await createTestInfra('billing_video');
  fake = new FakeStripe({ secretKey: STRIPE_KEY, webhookSecret: STRIPE_WHSEC });
  const apiBase = await fake.start();
  const env = { DATABASE_URL: infra.databaseUrl, NATS_URL: infra.natsUrl, NAMESPACE: infra.namespace, REDIS_URL: infra.redisUrl, AUTH_SERVICE_ADDR: '127.0.0.1:1', MEDIA_SERVICE_ADDR: '127.0.0.1:1' };
  const config = loadBillingConfig(env);
  await migrateBilling(config);
  local = await createBillingCore(config, createLogger('test', 'silent'), { directory, media });
  // A namespace of its own: each core consumes only its own video events.
  const stripeConfig = loadBillingConfig({ ...env, NAMESPACE: `${infra.namespace}_stripe`, STRIPE_SECRET_KEY: STRIPE_KEY, STRIPE_WEBHOOK_SECRET: STRIPE_WHSEC, STRIPE_API_BASE: apiBase });
  expect(stripeConfig.PAYMENTS_PROVIDER).toBe('stripe');
  stripe = await createBillingCore(stripeConfig, createLogger('test', 'silent'), { directory, media });
  // The service's consumer, as startBillingServer subscribes it.
  await subscribeAll(local.bus, [videoStatusSubscription(local.deps)]);
  await subscribeAll(stripe.bus, [videoStatusSubscription(stripe.deps)]);
});

afterAll(async () => {
  await local?.bus.destroy();
  await local?.close();
  await stripe?.bus.destroy();
  await stripe?.close();
  await fake?.close();
  await infra?.cleanup();
});

const outboxOf = async (core: BillingCore, subject: string) => core.db.selectFrom('outbox').select(['payload', 'published_at']).where('subject', '=', subject).orderBy('created_at').execute();

async function seedCredits(core: BillingCore, userId: string, cents: number) {
  await getSubscription(core.deps, userId);
  await core.db.insertInto('credit_entries').values({ user_id: userId, amount_cents: cents, reason: 'seed', ref: `seed:${userId}` }).execute();
}

const videoEvent = (projectId: string, status: string, paymentId: string) =>
  VideoStatusChanged.encode({ projectId, companyId: 'c1', status, percent: 0, contentVersion: 1, error: status === 'failed' ? 'render failed' : '', paymentId, occurredAt: new Date().toISOString(), language: '' }).finish();

/**
 * A barrier on the core's video.status_changed consumer, which handles its events one at a time
 * in the order they were published: a later fact (another user's video paid with credits, then
 * rendered) is published and waited for; once it is applied, every earlier event has been handled.
 */
async function handledSoFar(core: BillingCore): Promise<void> {
  const userId = randomUUID();
  const projectId = randomUUID();
  media.set(projectId, { totalSeconds: 30, ownerTier: 'business' });
  await seedCredits(core, userId, 100);
  await confirmVideoPayment(core.deps, { userId, projectId, billingType: 'video_generation', estimatedDurationMinutes: 1, format: 'mp4', returnUrlBase: BASE, idempotencyKey: 'barrier', useCredits: true });
  const [payment] = await listPayments(core.deps, userId);
  await core.bus.publish('video.status_changed', videoEvent(projectId, 'ready', payment!.id));
  await eventually(async () => (await core.db.selectFrom('video_payments').select('status').where('payment_id', '=', payment!.id).executeTakeFirst())?.status === 'rendered', 10_000);
}

describe('a video paid with credits', () => {
  it('should debit the balance, publish payment.succeeded with the project and give the credits back once when the render failed', async () => {
    const userId = randomUUID();
    const projectId = randomUUID();
    media.set(projectId, { totalSeconds: 130, ownerTier: 'business' });
    await seedCredits(local, userId, 500);

    const estimate = await estimateVideo(local.deps, { userId, projectId });
    expect(estimate).toMatchObject({ totalEstimatedMinutes: 3, totalCostCents: 180, creditBalanceCents: 500, fromNarration: true });
    const confirm = { userId, projectId, billingType: 'video_generation', estimatedDurationMinutes: 3, format: 'mov', returnUrlBase: BASE, idempotencyKey: 'k1', useCredits: true };
    const result = await confirmVideoPayment(local.deps, confirm);
    expect(result.checkoutUrl).toBe(`${BASE}/billing-success?session_id=${result.sessionId}`);
    expect(await confirmVideoPayment(local.deps, confirm)).toEqual(result);
    expect((await getSubscription(local.deps, userId)).creditBalanceCents).toBe(320);
    expect(await getCheckoutStatus(local.deps, userId, result.sessionId)).toMatchObject({ paymentStatus: 'paid', purpose: 'video', projectId });
    await expect(confirmVideoPayment(local.deps, { ...confirm, idempotencyKey: 'k2' })).rejects.toMatchObject({ code: 'CONFLICT' });

    const payments = await listPayments(local.deps, userId);
    expect(payments).toEqual([expect.objectContaining({ kind: 'video', amountCents: 180, status: 'succeeded', projectId })]);
    const paymentId = payments[0]!.id;
    const succeeded = (await outboxOf(local, 'payment.succeeded')).map((r) => ({ ...PaymentOutcome.decode(r.payload), published: r.published_at })).filter((e) => e.userId === userId);
    expect(succeeded).toEqual([expect.objectContaining({ paymentId, kind: 'video', projectId, amountCents: 180 })]);
    await local.relay.flush();
    expect((await outboxOf(local, 'payment.succeeded')).every((r) => r.published_at)).toBe(true);

    // media-render says the paid render failed for good, twice (two event ids) and a redelivery.
    await local.bus.publish('video.status_changed', videoEvent(projectId, 'failed', paymentId));
    await local.bus.publish('video.status_changed', videoEvent(projectId, 'failed', paymentId));
    await eventually(async () => (await local.db.selectFrom('video_payments').select('status').where('payment_id', '=', paymentId).executeTakeFirst())?.status === 'refunded', 10_000);
    expect(await applyVideoStatus(local.deps, { eventId: 'again', paymentId, status: 'failed' })).toBe('ignored');
    // Both events handled (the second one too), before the balance and the refunds are counted.
    await handledSoFar(local);
    expect((await getSubscription(local.deps, userId)).creditBalanceCents).toBe(500);
    const refunds = await local.db.selectFrom('credit_entries').select('amount_cents').where('user_id', '=', userId).where('ref', '=', `refund:${paymentId}`).execute();
    expect(refunds.map((r) => Number(r.amount_cents))).toEqual([180]);
    expect(await listPayments(local.deps, userId)).toEqual([expect.objectContaining({ id: paymentId, status: 'refunded' })]);
    const balances = (await outboxOf(local, 'subscription.changed')).map((r) => SubscriptionChanged.decode(r.payload)).filter((e) => e.userId === userId).map((e) => e.creditBalanceCents);
    expect(balances).toEqual([320, 500]);

    // Refunded: the video can be paid again.
    expect(await confirmVideoPayment(local.deps, { ...confirm, idempotencyKey: 'k3' })).toMatchObject({ sessionId: expect.stringMatching(/^cs_credits_/) });
  });

  it('should refund a local card payment at the local provider', async () => {
    const userId = randomUUID();
    const projectId = randomUUID();
    media.set(projectId, { totalSeconds: 30, ownerTier: 'professional' });
    const result = await confirmVideoPayment(local.deps, { userId, projectId, billingType: 'video_generation', estimatedDurationMinutes: 1, format: 'mp4', returnUrlBase: BASE, idempotencyKey: 'c', useCredits: false });
    expect(await getLocalCheckout(local.deps, userId, result.sessionId)).toMatchObject({ mode: 'payment', totalCents: 100, lineItems: [{ description: 'Narrated video: 1 min at $1.00/min', unitAmountCents: 100, quantity: 1, interval: null }] });
    await completeLocalCheckout(local.deps, userId, result.sessionId, 'pay');
    const [payment] = await listPayments(local.deps, userId);
    expect(payment).toMatchObject({ kind: 'video', status: 'succeeded', projectId, amountCents: 100 });
    expect(await applyVideoStatus(local.deps, { eventId: randomUUID(), paymentId: payment!.id, status: 'failed' })).toBe('refunded');
    const session = await local.local!.retrieveCheckoutSession(result.sessionId);
    expect(await local.local!.refundOf(session!.paymentIntentId!)).toMatchObject({ amountCents: 100 });
    expect((await listPayments(local.deps, userId))[0]).toMatchObject({ status: 'refunded' });
  });
});

describe("a translation's video", () => {
  it('should be a payment of its own: the English and the Spanish video of one version are two payments, each named by its language', async () => {
    const userId = randomUUID();
    const projectId = randomUUID();
    media.set(projectId, { totalSeconds: 130, ownerTier: 'business', contentVersion: 3 });
    // The Spanish narration is longer: its own estimate prices it.
    media.set(projectId, { totalSeconds: 190, ownerTier: 'business', contentVersion: 3 }, 'es');
    await seedCredits(local, userId, 1000);

    expect(await estimateVideo(local.deps, { userId, projectId, language: 'es' })).toMatchObject({ totalEstimatedMinutes: 4, totalCostCents: 240 });
    await expect(estimateVideo(local.deps, { userId, projectId, language: 'de' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const confirm = { userId, projectId, billingType: 'video_generation', estimatedDurationMinutes: 3, format: 'mp4', returnUrlBase: BASE, idempotencyKey: 'en', useCredits: true };
    await confirmVideoPayment(local.deps, confirm);
    // The same version in Spanish is not paid by the English payment.
    const es = await confirmVideoPayment(local.deps, { ...confirm, idempotencyKey: 'es', language: 'es' });
    await expect(confirmVideoPayment(local.deps, { ...confirm, idempotencyKey: 'es2', language: 'es' })).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await getCheckoutStatus(local.deps, userId, es.sessionId)).toMatchObject({ paymentStatus: 'paid', purpose: 'video', projectId });
    expect((await getSubscription(local.deps, userId)).creditBalanceCents).toBe(1000 - 180 - 240);

    const payments = await listPayments(local.deps, userId);
    expect(payments).toHaveLength(2);
    const spanish = payments.find((p) => p.language === 'es')!;
    expect(spanish).toMatchObject({ kind: 'video', amountCents: 240, projectId, language: 'es', description: expect.stringContaining('Spanish') });
    expect(payments.find((p) => p.language === '')).toMatchObject({ amountCents: 180 });
    const rows = await local.db.selectFrom('video_payments').select(['language', 'content_version', 'status']).where('project_id', '=', projectId).orderBy('language').execute();
    expect(rows).toEqual([{ language: '', content_version: 3, status: 'paid' }, { language: 'es', content_version: 3, status: 'paid' }]);
    const succeeded = (await outboxOf(local, 'payment.succeeded')).map((r) => PaymentOutcome.decode(r.payload)).filter((e) => e.userId === userId);
    expect(succeeded.map((e) => [e.language, e.contentVersion, Number(e.amountCents)]).sort()).toEqual([['', 3, 180], ['es', 3, 240]]);

    // The Spanish render failed for good: only the Spanish payment is refunded.
    expect(await applyVideoStatus(local.deps, { eventId: randomUUID(), paymentId: spanish.id, status: 'failed' })).toBe('refunded');
    expect((await getSubscription(local.deps, userId)).creditBalanceCents).toBe(1000 - 180);
    const after = await local.db.selectFrom('video_payments').select(['language', 'status']).where('project_id', '=', projectId).orderBy('language').execute();
    expect(after).toEqual([{ language: '', status: 'paid' }, { language: 'es', status: 'refunded' }]);
  });

  it('should check out a card payment of the Spanish video at the local provider and book it with its language', async () => {
    const userId = randomUUID();
    const projectId = randomUUID();
    media.set(projectId, { totalSeconds: 30, ownerTier: 'professional' }, 'es');
    const result = await confirmVideoPayment(local.deps, { userId, projectId, billingType: 'video_generation', estimatedDurationMinutes: 1, format: 'mp4', returnUrlBase: BASE, idempotencyKey: 'c', useCredits: false, language: 'es' });
    expect(await getLocalCheckout(local.deps, userId, result.sessionId)).toMatchObject({ lineItems: [{ description: 'Narrated video in Spanish: 1 min at $1.00/min', unitAmountCents: 100 }] });
    await completeLocalCheckout(local.deps, userId, result.sessionId, 'pay');
    expect(await listPayments(local.deps, userId)).toEqual([expect.objectContaining({ kind: 'video', language: 'es', status: 'succeeded' })]);
    const succeeded = (await outboxOf(local, 'payment.succeeded')).map((r) => PaymentOutcome.decode(r.payload)).filter((e) => e.userId === userId);
    expect(succeeded).toEqual([expect.objectContaining({ kind: 'video', projectId, language: 'es' })]);
    expect((await local.db.selectFrom('video_payments').select('language').where('project_id', '=', projectId).execute()).map((r) => r.language)).toEqual(['es']);
  });
});

describe('a video paid by card with Stripe', () => {
  it('should book the paid checkout from the signed webhook and refund it at Stripe when the render failed', async () => {
    const userId = randomUUID();
    const projectId = randomUUID();
    media.set(projectId, { totalSeconds: 200, ownerTier: 'enterprise' });
    const result = await confirmVideoPayment(stripe.deps, { userId, projectId, billingType: 'video_generation', estimatedDurationMinutes: 4, format: 'mp4', returnUrlBase: BASE, idempotencyKey: 'card', useCredits: false });
    expect(result.checkoutUrl).toMatch(/^https:\/\/checkout\.stripe\.com\//);
    const created = fake.calls('POST', '/v1/checkout/sessions').at(-1)!;
    expect(created.body).toMatchObject({
      mode: 'payment',
      line_items: [{ price_data: { currency: 'usd', unit_amount: '200', product_data: { name: 'Narrated video: 4 min at $0.50/min' } }, quantity: '1' }],
      metadata: { purpose: 'video', project_id: projectId },
    });

    const { session } = fake.completeCheckout(result.sessionId);
    const delivery = fake.event('checkout.session.completed', session);
    expect(await handleWebhook(stripe.deps, Buffer.from(delivery.payload), delivery.header)).toBe('processed');
    expect(await handleWebhook(stripe.deps, Buffer.from(delivery.payload), delivery.header)).toBe('duplicate');
    const payments = await listPayments(stripe.deps, userId);
    expect(payments).toEqual([expect.objectContaining({ kind: 'video', amountCents: 200, status: 'succeeded', projectId })]);
    const paymentId = payments[0]!.id;
    const succeeded = (await outboxOf(stripe, 'payment.succeeded')).map((r) => PaymentOutcome.decode(r.payload)).filter((e) => e.userId === userId);
    expect(succeeded).toEqual([expect.objectContaining({ paymentId, kind: 'video', projectId, amountCents: 200 })]);
    expect(await getCheckoutStatus(stripe.deps, userId, result.sessionId)).toMatchObject({ paymentStatus: 'paid', purpose: 'video', projectId });

    await stripe.bus.publish('video.status_changed', videoEvent(projectId, 'failed', paymentId));
    await stripe.bus.publish('video.status_changed', videoEvent(projectId, 'failed', paymentId));
    await eventually(async () => (await listPayments(stripe.deps, userId))[0]?.status === 'refunded', 10_000);
    // Both events handled (the second one too), before Stripe's refunds are counted.
    await handledSoFar(stripe);
    const refundCalls = fake.calls('POST', '/v1/refunds').filter((c) => c.body.payment_intent === session.payment_intent);
    expect(refundCalls.length).toBeGreaterThanOrEqual(1);
    expect(refundCalls.every((c) => c.idempotencyKey === `video-refund-${paymentId}`)).toBe(true);
    expect([...fake.refunds.values()].filter((r) => r.payment_intent === session.payment_intent)).toEqual([expect.objectContaining({ amount: 200, status: 'succeeded' })]);
    expect((await stripe.db.selectFrom('video_payments').select('status').where('payment_id', '=', paymentId).executeTakeFirst())?.status).toBe('refunded');
  });
});
