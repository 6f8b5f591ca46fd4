// Unit tests of pay-per-use video (estimate, confirm by card and by credits, the render's outcome)
// with in-memory ports.
import { PaymentOutcome, SubscriptionChanged } from '@trainwright/proto/trainwright/events/v1/events';
import { getCheckoutStatus } from '../src/services/billing/payments.js';
import { applyVideoStatus, confirmVideoPayment, estimateVideo } from '../src/services/billing/videos.js';
import { handleWebhook } from '../src/services/billing/webhooks.js';
import { memoryDeps } from './support/memory.js';

const USER = '11111111-1111-4111-8111-111111111111';
const PROJECT = '22222222-2222-4222-8222-222222222222';
const BASE = 'https://app.example';

type Env = ReturnType<typeof memoryDeps>;

const confirmInput = (over: Partial<Parameters<typeof confirmVideoPayment>[1]> = {}) => ({
  userId: USER,
  projectId: PROJECT,
  billingType: 'video_generation',
  estimatedDurationMinutes: 1,
  format: 'mp4',
  returnUrlBase: BASE,
  idempotencyKey: 'click-1',
  useCredits: false,
  ...over,
});

const outcomes = (env: Env) => env.store.state.outbox.filter((e) => e.subject === 'payment.succeeded').map((e) => PaymentOutcome.decode(e.payload));
const changed = (env: Env) => env.store.state.outbox.filter((e) => e.subject === 'subscription.changed').map((e) => SubscriptionChanged.decode(e.payload));
const balance = async (env: Env) => (await env.store.findAccount(USER))!.creditBalanceCents;

async function withCredits(env: Env, cents: number) {
  await env.store.createAccount({ userId: USER, email: 'ada@example.com', name: 'Ada', provider: 'local' });
  env.store.state.credits.push({ userId: USER, amountCents: cents, ref: `seed:${cents}` });
}

/** Pays the card checkout at the provider and delivers its webhook; returns the payment id. */
async function payByCard(env: Env, eventId = 'evt_paid') {
  const result = await confirmVideoPayment(env.deps, confirmInput());
  const session = env.provider.sessions.get(result.sessionId)!;
  Object.assign(session, { status: 'complete', paymentStatus: 'paid', paymentIntentId: `pi_${result.sessionId}` });
  expect(await handleWebhook(env.deps, Buffer.from(JSON.stringify({ id: eventId, type: 'checkout.session.completed', objectId: session.id })), 'ok')).toBe('processed');
  return { result, paymentId: env.store.state.videos.at(-1)!.paymentId };
}

describe('estimateVideo', () => {
  it('should round the narration up to whole minutes at the owner plan rate', async () => {
    const env = memoryDeps();
    env.media.set(PROJECT, { totalSeconds: 125, slidesCount: 4, ownerTier: 'business' });
    await withCredits(env, 500);
    expect(await estimateVideo(env.deps, { userId: USER, projectId: PROJECT })).toEqual({
      totalCost: 1.8,
      totalCostCents: 180,
      totalEstimatedMinutes: 3,
      ratePerMinute: 0.6,
      slidesCount: 4,
      voiceEnabled: true,
      estimatedDurationPerSlide: 31.3,
      fromNarration: true,
      creditBalanceCents: 500,
    });
  });

  it.each([
    ['professional', 30, 1, 100],
    ['professional', 60, 1, 100],
    ['professional', 61, 2, 200],
    ['business', 0, 1, 60],
    ['enterprise', 610, 11, 550],
  ])('should price %s with %d s of narration as %d min, %d cents', async (tier, seconds, minutes, cents) => {
    const env = memoryDeps();
    env.media.set(PROJECT, { totalSeconds: seconds, ownerTier: tier });
    expect(await estimateVideo(env.deps, { userId: USER, projectId: PROJECT })).toMatchObject({ totalEstimatedMinutes: minutes, totalCostCents: cents, fromNarration: true });
  });

  it.each([
    ['professional', 1, 100],
    ['business', 0.6, 60],
    ['enterprise', 0.5, 50],
  ])('should fall back without narration on %s: 1 minute at %d', async (tier, rate, cents) => {
    const env = memoryDeps();
    env.media.set(PROJECT, { hasNarration: false, totalSeconds: 0, slidesCount: 3, ownerTier: tier });
    expect(await estimateVideo(env.deps, { userId: USER, projectId: PROJECT })).toMatchObject({
      totalEstimatedMinutes: 1,
      ratePerMinute: rate,
      totalCostCents: cents,
      totalCost: cents / 100,
      fromNarration: false,
      estimatedDurationPerSlide: 20,
    });
  });

  it('should refuse a PowerPoint project, a trial owner and a project the caller may not read', async () => {
    const env = memoryDeps();
    env.media.set(PROJECT, { visualFormat: 'powerpoint' });
    await expect(estimateVideo(env.deps, { userId: USER, projectId: PROJECT })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'This project has no narrated video (its visual format is PowerPoint).',
    });
    env.media.set(PROJECT, { ownerTier: 'free-trial' });
    await expect(estimateVideo(env.deps, { userId: USER, projectId: PROJECT })).rejects.toMatchObject({
      code: 'FEATURE_NOT_AVAILABLE',
      message: 'This feature requires the Professional plan or higher. Please upgrade your plan to continue.',
    });
    await expect(estimateVideo(env.deps, { userId: USER, projectId: '33333333-3333-4333-8333-333333333333' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('confirmVideoPayment', () => {
  it('should validate the billing type and the format', async () => {
    const env = memoryDeps();
    env.media.set(PROJECT);
    await expect(confirmVideoPayment(env.deps, confirmInput({ billingType: 'audio_generation' }))).rejects.toMatchObject({ code: 'VALIDATION_FAILED', detail: { field: 'billing_type' } });
    await expect(confirmVideoPayment(env.deps, confirmInput({ format: 'avi' }))).rejects.toMatchObject({ code: 'VALIDATION_FAILED', message: 'Unknown video format: avi. Choose mp4 or mov.' });
    await expect(confirmVideoPayment(env.deps, confirmInput({ returnUrlBase: 'nope' }))).rejects.toMatchObject({ code: 'VALIDATION_FAILED', detail: { field: 'return_url_base' } });
  });

  it('should open a payment checkout priced on the server, once per click', async () => {
    const env = memoryDeps();
    env.media.set(PROJECT, { totalSeconds: 150, ownerTier: 'professional' });
    // The client's minutes are what the dialog showed; the server computes 3.
    const result = await confirmVideoPayment(env.deps, confirmInput({ estimatedDurationMinutes: 1 }));
    expect(result.checkoutUrl).toMatch(/^https:\/\/pay\.example\//);
    const request = env.provider.checkoutRequests[0]!;
    expect(request).toMatchObject({ mode: 'payment', metadata: { purpose: 'video', project_id: PROJECT } });
    expect(request.lineItems).toEqual([{ ref: 'video', description: 'Narrated video: 3 min at $1.00/min', unitAmountCents: 300, quantity: 1, interval: null }]);
    expect(await confirmVideoPayment(env.deps, confirmInput())).toEqual(result);
    expect(env.provider.sessions.size).toBe(1);
    expect(env.store.state.checkouts.get(result.sessionId)).toMatchObject({ purpose: 'video', projectId: PROJECT, amountCents: 300, status: 'open' });
  });

  it('should book a paid card checkout: payment (kind video), the video row and payment.succeeded with the project', async () => {
    const env = memoryDeps();
    env.media.set(PROJECT, { totalSeconds: 90 });
    const { result, paymentId } = await payByCard(env);
    expect(env.store.state.payments).toEqual([expect.objectContaining({ id: paymentId, kind: 'video', amountCents: 200, status: 'succeeded', projectId: PROJECT })]);
    expect(env.store.state.videos).toEqual([expect.objectContaining({ paymentId, projectId: PROJECT, paidWith: 'card', status: 'paid', amountCents: 200 })]);
    expect(outcomes(env)).toEqual([expect.objectContaining({ userId: USER, paymentId, kind: 'video', amountCents: 200, projectId: PROJECT })]);
    expect(await getCheckoutStatus(env.deps, USER, result.sessionId)).toMatchObject({ paymentStatus: 'paid', purpose: 'video', projectId: PROJECT });
    // Already paid, not rendered yet: no second payment.
    await expect(confirmVideoPayment(env.deps, confirmInput({ idempotencyKey: 'click-2' }))).rejects.toMatchObject({ code: 'CONFLICT', message: 'This version of the video is already paid for.' });
    await expect(confirmVideoPayment(env.deps, confirmInput({ idempotencyKey: 'click-3', useCredits: true }))).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('should pay with credits in one go: a paid session, the debit, the payment, the events', async () => {
    const env = memoryDeps();
    env.media.set(PROJECT, { totalSeconds: 100, ownerTier: 'business' });
    await withCredits(env, 500);
    const result = await confirmVideoPayment(env.deps, confirmInput({ useCredits: true }));
    expect(result.sessionId).toMatch(/^cs_credits_[0-9a-f-]{36}$/);
    expect(result.checkoutUrl).toBe(`${BASE}/billing-success?session_id=${result.sessionId}`);
    expect(env.provider.checkoutRequests).toEqual([]);
    expect(await balance(env)).toBe(380);
    expect(env.store.state.checkouts.get(result.sessionId)).toMatchObject({ purpose: 'video', status: 'complete', paymentStatus: 'paid', projectId: PROJECT, amountCents: 120 });
    const payment = env.store.state.payments[0]!;
    expect(payment).toMatchObject({ kind: 'video', amountCents: 120, status: 'succeeded', projectId: PROJECT, description: expect.stringContaining('paid with video credits') });
    expect(env.store.state.videos).toEqual([expect.objectContaining({ paymentId: payment.id, paidWith: 'credits', status: 'paid' })]);
    expect(outcomes(env)).toEqual([expect.objectContaining({ paymentId: payment.id, kind: 'video', projectId: PROJECT, amountCents: 120 })]);
    expect(changed(env)).toEqual([expect.objectContaining({ userId: USER, creditBalanceCents: 380, version: 1 })]);
    expect(await getCheckoutStatus(env.deps, USER, result.sessionId)).toEqual({ paymentStatus: 'paid', message: 'Payment completed.', purpose: 'video', projectId: PROJECT });
    // A double click answers the same session and pays nothing more.
    expect(await confirmVideoPayment(env.deps, confirmInput({ useCredits: true }))).toEqual(result);
    expect(await balance(env)).toBe(380);
    await expect(confirmVideoPayment(env.deps, confirmInput({ useCredits: true, idempotencyKey: 'again' }))).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('should refuse credits that do not cover the video, with nothing written', async () => {
    const env = memoryDeps();
    env.media.set(PROJECT, { totalSeconds: 200, ownerTier: 'professional' });
    await withCredits(env, 250);
    await expect(confirmVideoPayment(env.deps, confirmInput({ useCredits: true }))).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Your video credits ($2.50) do not cover this video ($4.00). Buy credits or pay by card.',
    });
    expect(await balance(env)).toBe(250);
    expect(env.store.state.checkouts.size).toBe(0);
    expect(env.store.state.payments).toEqual([]);
    expect(env.store.state.outbox).toEqual([]);
  });
});

describe('applyVideoStatus', () => {
  it('should mark a rendered video rendered: that version is paid for, the next version can be paid', async () => {
    const env = memoryDeps();
    env.media.set(PROJECT);
    const { paymentId } = await payByCard(env);
    expect(await applyVideoStatus(env.deps, { eventId: 'v1', paymentId, status: 'ready' })).toBe('rendered');
    expect(env.store.state.videos[0]!.status).toBe('rendered');
    expect(await applyVideoStatus(env.deps, { eventId: 'v2', paymentId, status: 'failed' })).toBe('ignored');
    expect(env.provider.refunds).toEqual([]);
    await expect(confirmVideoPayment(env.deps, confirmInput({ idempotencyKey: 'next' }))).rejects.toMatchObject({ code: 'CONFLICT', message: 'This version of the video is already paid for.' });
    // An edit makes a new version, whose video is paid anew.
    env.media.set(PROJECT, { contentVersion: 2 });
    expect(await confirmVideoPayment(env.deps, confirmInput({ idempotencyKey: 'next' }))).toMatchObject({ sessionId: expect.any(String) });
  });

  it('should show the fallback estimate without narration but not charge it', async () => {
    const env = memoryDeps();
    env.media.set(PROJECT, { hasNarration: false, totalSeconds: 0, slidesCount: 0, secondsPerSlide: [] });
    expect(await estimateVideo(env.deps, { userId: USER, projectId: PROJECT })).toMatchObject({ fromNarration: false, totalEstimatedMinutes: 1 });
    await expect(confirmVideoPayment(env.deps, confirmInput({}))).rejects.toMatchObject({ code: 'VALIDATION_FAILED', message: 'The narration is not ready yet: pay for the video once the project has been generated.' });
  });

  it('should refund a card payment once when its render failed', async () => {
    const env = memoryDeps();
    env.media.set(PROJECT);
    const { paymentId } = await payByCard(env);
    const event = { eventId: 'v-failed', paymentId, status: 'failed' };
    expect(await applyVideoStatus(env.deps, event)).toBe('refunded');
    expect(await applyVideoStatus(env.deps, event)).toBe('ignored');
    expect(await applyVideoStatus(env.deps, { ...event, eventId: 'v-failed-2' })).toBe('ignored');
    expect(env.provider.refunds).toEqual([{ paymentIntentId: expect.stringMatching(/^pi_/), idempotencyKey: `video-refund-${paymentId}` }]);
    expect(env.store.state.payments[0]).toMatchObject({ id: paymentId, status: 'refunded' });
    expect(env.store.state.videos[0]!.status).toBe('refunded');
  });

  it('should give credits back once when a render paid with credits failed', async () => {
    const env = memoryDeps();
    env.media.set(PROJECT, { totalSeconds: 240 });
    await withCredits(env, 1000);
    await confirmVideoPayment(env.deps, confirmInput({ useCredits: true }));
    expect(await balance(env)).toBe(600);
    const paymentId = env.store.state.videos[0]!.paymentId;
    expect(await applyVideoStatus(env.deps, { eventId: 'f1', paymentId, status: 'failed' })).toBe('refunded');
    expect(await applyVideoStatus(env.deps, { eventId: 'f1', paymentId, status: 'failed' })).toBe('ignored');
    expect(await balance(env)).toBe(1000);
    expect(env.store.state.credits.filter((c) => c.ref === `refund:${paymentId}`)).toHaveLength(1);
    expect(env.provider.refunds).toEqual([]);
    expect(env.store.state.payments[0]!.status).toBe('refunded');
    expect(changed(env).map((e) => e.creditBalanceCents)).toEqual([600, 1000]);
    // Refunded: the same request (its key) pays anew, in a session of its own.
    const first = env.store.state.checkouts.values().next().value!;
    const again = await confirmVideoPayment(env.deps, confirmInput({ useCredits: true }));
    expect(again.sessionId).not.toBe(first.id);
    expect(await balance(env)).toBe(600);
  });

  it('should ignore statuses other than ready and failed, and unknown payments', async () => {
    const env = memoryDeps();
    expect(await applyVideoStatus(env.deps, { eventId: 'x', paymentId: 'nope', status: 'failed' })).toBe('ignored');
    expect(await applyVideoStatus(env.deps, { eventId: 'y', paymentId: '', status: 'failed' })).toBe('ignored');
    expect(await applyVideoStatus(env.deps, { eventId: 'z', paymentId: 'p', status: 'rendering' })).toBe('ignored');
  });

  it('should refund at once a second paid checkout of a video already paid', async () => {
    const env = memoryDeps();
    env.media.set(PROJECT, { totalSeconds: 60 });
    const first = await confirmVideoPayment(env.deps, confirmInput());
    // The narration changed: a second checkout of another amount was opened before either was paid.
    env.media.set(PROJECT, { totalSeconds: 180 });
    const second = await confirmVideoPayment(env.deps, confirmInput({ idempotencyKey: 'click-2' }));
    expect(second.sessionId).not.toBe(first.sessionId);
    for (const [n, id] of [first.sessionId, second.sessionId].entries()) {
      Object.assign(env.provider.sessions.get(id)!, { status: 'complete', paymentStatus: 'paid', paymentIntentId: `pi_${n}` });
      await handleWebhook(env.deps, Buffer.from(JSON.stringify({ id: `evt_${n}`, type: 'checkout.session.completed', objectId: id })), 'ok');
    }
    expect(env.store.state.videos).toHaveLength(1);
    expect(outcomes(env)).toHaveLength(1);
    expect(env.provider.refunds).toEqual([{ paymentIntentId: 'pi_1', idempotencyKey: expect.stringMatching(/^video-refund-/) }]);
    expect(env.store.state.payments.map((p) => p.status)).toEqual(['succeeded', 'refunded']);
  });
});

describe('card video payments and their payment intent', () => {
  it('should book a card payment without a payment intent but release no render, logging it loudly', async () => {
    const env = memoryDeps();
    const errors: unknown[] = [];
    env.deps.logger = { info: () => undefined, warn: () => undefined, error: (...args: unknown[]) => void errors.push(args) } as never;
    env.media.set(PROJECT);
    const result = await confirmVideoPayment(env.deps, confirmInput());
    Object.assign(env.provider.sessions.get(result.sessionId)!, { status: 'complete', paymentStatus: 'paid', paymentIntentId: null });
    expect(await handleWebhook(env.deps, Buffer.from(JSON.stringify({ id: 'evt_no_pi', type: 'checkout.session.completed', objectId: result.sessionId })), 'ok')).toBe('processed');
    expect(env.store.state.payments).toEqual([expect.objectContaining({ kind: 'video', status: 'succeeded', providerRef: result.sessionId })]);
    expect(env.store.state.videos).toEqual([]);
    expect(outcomes(env)).toEqual([]);
    expect(errors).toHaveLength(1);
  });

  it('should mark refunded a failed render whose payment the provider says is refunded already, without throwing again', async () => {
    const env = memoryDeps();
    env.media.set(PROJECT);
    const { paymentId } = await payByCard(env);
    env.provider.alreadyRefunded.add(env.store.state.videos[0]!.providerRef);
    expect(await applyVideoStatus(env.deps, { eventId: 'v-failed', paymentId, status: 'failed' })).toBe('refunded');
    expect(env.store.state.payments[0]).toMatchObject({ id: paymentId, status: 'refunded' });
    expect(env.store.state.videos[0]!.status).toBe('refunded');
    expect(await applyVideoStatus(env.deps, { eventId: 'v-failed-again', paymentId, status: 'failed' })).toBe('ignored');
  });

  it('should refund an older row that names its checkout session through the session payment intent', async () => {
    const env = memoryDeps();
    env.media.set(PROJECT);
    const { result, paymentId } = await payByCard(env);
    env.store.state.videos[0]!.providerRef = result.sessionId;
    expect(await applyVideoStatus(env.deps, { eventId: 'v-failed', paymentId, status: 'failed' })).toBe('refunded');
    expect(env.provider.refunds).toEqual([{ paymentIntentId: `pi_${result.sessionId}`, idempotencyKey: `video-refund-${paymentId}` }]);
  });
});
