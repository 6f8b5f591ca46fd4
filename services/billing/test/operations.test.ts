// Unit tests of the billing operations with in-memory ports and a fixed clock.
import { SubscriptionChanged } from '@trainwright/proto/trainwright/events/v1/events';
import { getSubscription } from '../src/services/billing/accounts.js';
import { buyAddOn, cancelAddOn, previewAddOn } from '../src/services/billing/add-ons.js';
import { checkoutStatusView } from '../src/services/billing/checkouts.js';
import { runMaintenance } from '../src/services/billing/maintenance.js';
import { buyCredits, getCheckoutStatus, paymentDescriptionOf } from '../src/services/billing/payments.js';
import { changePlan, previewPlanChange, setCancelAtPeriodEnd } from '../src/services/billing/plans.js';
import { handleWebhook } from '../src/services/billing/webhooks.js';
import { memoryDeps } from './support/memory.js';

const USER = '11111111-1111-4111-8111-111111111111';
const BASE = 'https://app.example';
const DAY = 86_400_000;

/** An account on a live paid plan: checkout paid, its subscription delivered by a webhook. */
async function onPlan(env: ReturnType<typeof memoryDeps>, tier: string, interval = 'month', addOns: string[] = []) {
  const { deps, provider, clock } = env;
  const result = await changePlan(deps, { userId: USER, tier, interval, returnUrlBase: BASE, idempotencyKey: 'k' });
  if (result.kind !== 'checkout') throw new Error('expected a checkout');
  const session = provider.sessions.get(result.sessionId)!;
  const subId = `sub_${tier}`;
  provider.subscriptions.set(subId, {
    id: subId,
    customerId: session.customerId,
    status: 'active',
    currentPeriodStart: clock.now,
    currentPeriodEnd: new Date(clock.now.getTime() + 30 * DAY),
    cancelAtPeriodEnd: false,
    items: [{ id: 'si_plan', ref: `plan:${tier}:${interval}`, quantity: 1 }, ...addOns.map((a) => ({ id: `si_${a}`, ref: `add_on:${a}:${interval}`, quantity: 1 }))],
    metadata: {},
  });
  Object.assign(session, { status: 'complete', paymentStatus: 'paid', subscriptionId: subId });
  expect(await handleWebhook(deps, Buffer.from(JSON.stringify({ id: `evt_${tier}`, type: 'checkout.session.completed', objectId: session.id })), 'ok')).toBe('processed');
  return subId;
}

/** An upgrade of a live plan as the billing page makes it: previewed, then confirmed with the preview's amount and moment. */
async function confirmedUpgrade(deps: ReturnType<typeof memoryDeps>['deps'], input: Parameters<typeof changePlan>[1]) {
  const preview = await previewPlanChange(deps, input);
  expect(preview.kind).toBe('upgrade');
  return changePlan(deps, { ...input, confirmAmountCents: preview.amountCents, prorationDate: preview.prorationDate });
}

/** An add-on bought as the billing page buys it: previewed, then confirmed with the preview's amount and moment. */
async function confirmedAddOn(deps: ReturnType<typeof memoryDeps>['deps'], input: Parameters<typeof buyAddOn>[1]) {
  const preview = await previewAddOn(deps, input);
  return buyAddOn(deps, { ...input, confirmAmountCents: preview.amountCents, prorationDate: preview.prorationDate });
}

const changedEvents = (env: ReturnType<typeof memoryDeps>) => env.store.state.outbox.filter((e) => e.subject === 'subscription.changed').map((e) => SubscriptionChanged.decode(e.payload));

describe('changePlan', () => {
  it('should send the trial to a checkout of the plan, priced from the catalogue', async () => {
    const env = memoryDeps();
    const result = await changePlan(env.deps, { userId: USER, tier: 'professional', interval: 'year', returnUrlBase: BASE, idempotencyKey: 'a' });
    expect(result).toMatchObject({ kind: 'checkout', checkoutUrl: expect.stringMatching(/^https:\/\/pay\.example\//) });
    const request = env.provider.checkoutRequests[0]!;
    expect(request.mode).toBe('subscription');
    expect(request.lineItems).toEqual([expect.objectContaining({ ref: 'plan:professional:year', unitAmountCents: 27840, quantity: 1, interval: 'year' })]);
    expect(request.successUrl).toBe(`${BASE}/billing-success?session_id={CHECKOUT_SESSION_ID}`);
    expect(request.idempotencyKey).toMatch(/^[0-9a-f]{64}$/);
  });

  it('should return the same session for a double click, with or without a key', async () => {
    const env = memoryDeps();
    const input = { userId: USER, tier: 'business', interval: 'month', returnUrlBase: BASE, idempotencyKey: 'click-1' };
    const first = await changePlan(env.deps, input);
    const second = await changePlan(env.deps, input);
    const third = await changePlan(env.deps, { ...input, idempotencyKey: '' });
    expect(second).toEqual(first);
    expect(third).toEqual(first);
    expect(env.provider.sessions.size).toBe(1);
  });

  it('should refuse an unknown plan, the trial and an unknown interval', async () => {
    const env = memoryDeps();
    const base = { userId: USER, interval: 'month', returnUrlBase: BASE, idempotencyKey: '' };
    await expect(changePlan(env.deps, { ...base, tier: 'gold' })).rejects.toMatchObject({ code: 'VALIDATION_FAILED', message: 'Unknown plan: gold. Choose Professional, Business or Enterprise.' });
    await expect(changePlan(env.deps, { ...base, tier: 'free-trial' })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(changePlan(env.deps, { ...base, tier: 'business', interval: 'week' })).rejects.toMatchObject({ code: 'VALIDATION_FAILED', detail: { field: 'interval' } });
  });

  it('should activate the plan from the webhook and publish subscription.changed with version 1', async () => {
    const env = memoryDeps();
    await onPlan(env, 'professional');
    const view = await getSubscription(env.deps, USER);
    expect(view).toMatchObject({ tier: 'professional', interval: 'month', status: 'active', effectiveTier: 'professional' });
    expect(changedEvents(env)).toEqual([expect.objectContaining({ userId: USER, tier: 'professional', previousTier: 'free-trial', status: 'active', version: 1 })]);
  });

  it('should upgrade a paid plan at once, prorated, keeping its add-ons', async () => {
    const env = memoryDeps();
    const subId = await onPlan(env, 'professional', 'month', ['advanced_analytics']);
    const result = await confirmedUpgrade(env.deps, { userId: USER, tier: 'business', interval: 'month', returnUrlBase: BASE, idempotencyKey: 'up' });
    expect(result).toMatchObject({ kind: 'changed', subscription: { tier: 'business', effectiveTier: 'business', addOns: ['advanced_analytics'] } });
    expect(env.provider.updates).toEqual([{ id: subId, change: expect.objectContaining({ prorate: true, items: [{ ref: 'plan:business:month', quantity: 1 }, { ref: 'add_on:advanced_analytics:month', quantity: 1 }] }) }]);
    expect(changedEvents(env).at(-1)).toMatchObject({ tier: 'business', previousTier: 'professional', version: 2 });
  });

  it('should not charge an upgrade without the amount and moment of its preview', async () => {
    const env = memoryDeps();
    const subId = await onPlan(env, 'professional');
    const input = { userId: USER, tier: 'enterprise', interval: 'month', returnUrlBase: BASE, idempotencyKey: 'up' };
    const notConfirmed = { code: 'CONFLICT', message: 'This plan change is charged now: review the amount and confirm it first.' };
    const changed = { code: 'CONFLICT', message: 'The amount of this plan change has changed: review the new amount and confirm again.' };
    await expect(changePlan(env.deps, input)).rejects.toMatchObject(notConfirmed);
    const preview = await previewPlanChange(env.deps, input);
    expect(preview).toMatchObject({ kind: 'upgrade', amountCents: 5000, prorationDate: Math.floor(env.clock.now.getTime() / 1000) });
    expect(env.provider.previews.at(-1)).toMatchObject({ id: subId, items: [{ ref: 'plan:enterprise:month', quantity: 1 }] });
    await expect(changePlan(env.deps, { ...input, prorationDate: preview.prorationDate })).rejects.toMatchObject(notConfirmed);
    await expect(changePlan(env.deps, { ...input, confirmAmountCents: preview.amountCents - 1, prorationDate: preview.prorationDate })).rejects.toMatchObject(changed);
    // A preview older than an hour no longer holds.
    await expect(changePlan(env.deps, { ...input, confirmAmountCents: preview.amountCents, prorationDate: preview.prorationDate - 3601 })).rejects.toMatchObject(changed);
    expect(env.provider.updates).toEqual([]);
    expect(await getSubscription(env.deps, USER)).toMatchObject({ tier: 'professional' });
    await changePlan(env.deps, { ...input, confirmAmountCents: preview.amountCents, prorationDate: preview.prorationDate });
    expect(env.provider.updates).toEqual([{ id: subId, change: expect.objectContaining({ prorate: true, prorationDate: new Date(preview.prorationDate * 1000) }) }]);
  });

  it('should preview a checkout, a downgrade at the period end and the plan one is on', async () => {
    const env = memoryDeps();
    expect(await previewPlanChange(env.deps, { userId: USER, tier: 'business', interval: 'month' })).toEqual({ kind: 'checkout', amountCents: 7900, prorationDate: 0, effectiveAt: null });
    await onPlan(env, 'business');
    const end = (await getSubscription(env.deps, USER)).currentPeriodEnd;
    expect(await previewPlanChange(env.deps, { userId: USER, tier: 'professional', interval: 'month' })).toEqual({ kind: 'downgrade', amountCents: 0, prorationDate: 0, effectiveAt: end });
    await expect(previewPlanChange(env.deps, { userId: USER, tier: 'business', interval: 'month' })).rejects.toMatchObject({ code: 'CONFLICT', message: 'You are already on this plan.' });
  });

  it('should treat monthly to yearly on the same plan as an upgrade', async () => {
    const env = memoryDeps();
    await onPlan(env, 'business');
    const result = await confirmedUpgrade(env.deps, { userId: USER, tier: 'business', interval: 'year', returnUrlBase: BASE, idempotencyKey: '' });
    expect(result).toMatchObject({ kind: 'changed', subscription: { interval: 'year' } });
    expect(env.provider.updates[0]!.change.items[0]!.ref).toBe('plan:business:year');
  });

  it('should refuse the plan one is on', async () => {
    const env = memoryDeps();
    await onPlan(env, 'business');
    await expect(changePlan(env.deps, { userId: USER, tier: 'business', interval: 'month', returnUrlBase: BASE, idempotencyKey: '' })).rejects.toMatchObject({ code: 'CONFLICT', message: 'You are already on this plan.' });
  });

  it('should refuse a downgrade the usage does not fit, naming each limit', async () => {
    const env = memoryDeps();
    await onPlan(env, 'business');
    env.directory.usageOf = { projectsUsed: 30, companiesOwned: 2, largestCompanyMembers: 1 };
    await expect(changePlan(env.deps, { userId: USER, tier: 'professional', interval: 'month', returnUrlBase: BASE, idempotencyKey: '' })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      message:
        'Your account uses 30 projects; the Professional plan allows 25. Delete projects or keep your current plan. ' +
        'Your account owns 2 companies; the Professional plan allows 1. Delete companies or keep your current plan.',
    });
    expect(env.provider.updates).toEqual([]);
  });

  it('should schedule a downgrade that fits at the provider for the period end; the provider applies it and the sync clears it', async () => {
    const env = memoryDeps();
    const subId = await onPlan(env, 'enterprise', 'month', ['advanced_analytics']);
    const result = await changePlan(env.deps, { userId: USER, tier: 'business', interval: 'month', returnUrlBase: BASE, idempotencyKey: '' });
    expect(result).toMatchObject({ kind: 'changed', subscription: { tier: 'enterprise', scheduledTier: 'business', effectiveTier: 'enterprise' } });
    expect(env.provider.updates).toEqual([]);
    expect(env.provider.schedules.get(subId)).toEqual([{ ref: 'plan:business:month', quantity: 1 }, { ref: 'add_on:advanced_analytics:month', quantity: 1 }]);
    // Maintenance applies nothing: the usage fits, so the schedule stays.
    env.clock.now = new Date(env.clock.now.getTime() + 29.5 * DAY);
    expect(await runMaintenance(env.deps)).toMatchObject({ downgradesWithdrawn: 0 });
    expect(env.provider.schedules.has(subId)).toBe(true);
    env.clock.now = new Date(env.clock.now.getTime() + DAY);
    env.provider.applySchedule(subId, new Date(env.clock.now.getTime() + 30 * DAY));
    expect(await handleWebhook(env.deps, Buffer.from(JSON.stringify({ id: 'evt_renewed', type: 'customer.subscription.updated', objectId: subId })), 'ok')).toBe('processed');
    expect(await getSubscription(env.deps, USER)).toMatchObject({ tier: 'business', scheduledTier: null, effectiveTier: 'business', addOns: ['advanced_analytics'] });
    expect(changedEvents(env).at(-1)).toMatchObject({ tier: 'business', previousTier: 'enterprise' });
  });

  it('should take a scheduled downgrade back when the current plan is chosen again', async () => {
    const env = memoryDeps();
    const subId = await onPlan(env, 'business', 'year');
    await changePlan(env.deps, { userId: USER, tier: 'business', interval: 'month', returnUrlBase: BASE, idempotencyKey: '' });
    expect(env.provider.schedules.get(subId)).toEqual([{ ref: 'plan:business:month', quantity: 1 }]);
    const back = await changePlan(env.deps, { userId: USER, tier: 'business', interval: 'year', returnUrlBase: BASE, idempotencyKey: '' });
    expect(back).toMatchObject({ kind: 'changed', subscription: { tier: 'business', interval: 'year', scheduledTier: null } });
    expect(env.provider.schedules.has(subId)).toBe(false);
  });

  it('should withdraw a scheduled downgrade a day before the period end when the usage no longer fits, publishing nothing', async () => {
    const env = memoryDeps();
    const subId = await onPlan(env, 'business');
    await changePlan(env.deps, { userId: USER, tier: 'professional', interval: 'month', returnUrlBase: BASE, idempotencyKey: '' });
    env.directory.usageOf = { projectsUsed: 30, companiesOwned: 1, largestCompanyMembers: 1 };
    const published = changedEvents(env).length;
    // More than a day before the end: not yet checked.
    env.clock.now = new Date(env.clock.now.getTime() + 28 * DAY);
    expect(await runMaintenance(env.deps)).toMatchObject({ downgradesWithdrawn: 0 });
    env.clock.now = new Date(env.clock.now.getTime() + 1.5 * DAY);
    expect(await runMaintenance(env.deps)).toMatchObject({ downgradesWithdrawn: 1 });
    expect(env.provider.schedules.has(subId)).toBe(false);
    expect(await getSubscription(env.deps, USER)).toMatchObject({ tier: 'business', scheduledTier: null, effectiveTier: 'business' });
    expect(changedEvents(env)).toHaveLength(published);
    expect(await runMaintenance(env.deps)).toMatchObject({ downgradesWithdrawn: 0 });
  });

  it('should keep a scheduled downgrade over a bought add-on, and drop it on an upgrade or a cancellation', async () => {
    const env = memoryDeps();
    const subId = await onPlan(env, 'enterprise');
    await changePlan(env.deps, { userId: USER, tier: 'business', interval: 'month', returnUrlBase: BASE, idempotencyKey: '' });
    await confirmedAddOn(env.deps, { userId: USER, addOn: 'enhanced_ai_agent', idempotencyKey: 'a' });
    expect(env.provider.schedules.get(subId)).toEqual([{ ref: 'plan:business:month', quantity: 1 }, { ref: 'add_on:enhanced_ai_agent:month', quantity: 1 }]);
    expect((await getSubscription(env.deps, USER)).scheduledTier).toBe('business');
    await confirmedUpgrade(env.deps, { userId: USER, tier: 'enterprise', interval: 'year', returnUrlBase: BASE, idempotencyKey: 'up' });
    expect(env.provider.schedules.has(subId)).toBe(false);
    expect(await getSubscription(env.deps, USER)).toMatchObject({ tier: 'enterprise', interval: 'year', scheduledTier: null });
    await changePlan(env.deps, { userId: USER, tier: 'business', interval: 'year', returnUrlBase: BASE, idempotencyKey: 'down' });
    expect(env.provider.schedules.has(subId)).toBe(true);
    await setCancelAtPeriodEnd(env.deps, USER, true);
    expect(env.provider.schedules.has(subId)).toBe(false);
    expect(await getSubscription(env.deps, USER)).toMatchObject({ cancelAtPeriodEnd: true, scheduledTier: null });
  });
});

describe('add-ons', () => {
  it('should ask for a paid plan first', async () => {
    const env = memoryDeps();
    await expect(buyAddOn(env.deps, { userId: USER, addOn: 'advanced_analytics', idempotencyKey: '' })).rejects.toMatchObject({ code: 'VALIDATION_FAILED', message: 'Choose a paid plan before buying an add-on.' });
    await expect(previewAddOn(env.deps, { userId: USER, addOn: 'advanced_analytics' })).rejects.toMatchObject({ code: 'VALIDATION_FAILED', message: 'Choose a paid plan before buying an add-on.' });
  });

  it('should refuse an unknown add-on and one already active', async () => {
    const env = memoryDeps();
    await onPlan(env, 'professional', 'month', ['enhanced_ai_agent']);
    await expect(buyAddOn(env.deps, { userId: USER, addOn: 'jetpack', idempotencyKey: '' })).rejects.toMatchObject({ code: 'VALIDATION_FAILED', detail: { field: 'add_on' } });
    await expect(buyAddOn(env.deps, { userId: USER, addOn: 'enhanced_ai_agent', idempotencyKey: '' })).rejects.toMatchObject({ code: 'CONFLICT', message: 'The Enhanced AI Agent add-on is already active.' });
    await expect(previewAddOn(env.deps, { userId: USER, addOn: 'enhanced_ai_agent' })).rejects.toMatchObject({ code: 'CONFLICT', message: 'The Enhanced AI Agent add-on is already active.' });
  });

  it('should not charge an add-on without the amount and moment of its preview', async () => {
    const env = memoryDeps();
    const subId = await onPlan(env, 'business', 'month', ['enhanced_ai_agent']);
    const input = { userId: USER, addOn: 'advanced_analytics', idempotencyKey: 'ao' };
    const notConfirmed = { code: 'CONFLICT', message: 'The Advanced Analytics add-on is charged now: review the amount and confirm it first.' };
    const changed = { code: 'CONFLICT', message: 'The amount of the Advanced Analytics add-on has changed: review the new amount and confirm again.' };
    await expect(buyAddOn(env.deps, input)).rejects.toMatchObject(notConfirmed);
    env.provider.previewAmountCents = 1283;
    const preview = await previewAddOn(env.deps, input);
    expect(preview).toEqual({ amountCents: 1283, prorationDate: Math.floor(env.clock.now.getTime() / 1000) });
    // The provider's preview of the subscription with the add-on added (the add-ons it has kept).
    expect(env.provider.previews.at(-1)).toMatchObject({
      id: subId,
      items: [{ ref: 'plan:business:month', quantity: 1 }, { ref: 'add_on:enhanced_ai_agent:month', quantity: 1 }, { ref: 'add_on:advanced_analytics:month', quantity: 1 }],
      prorationDate: new Date(preview.prorationDate * 1000),
    });
    await expect(buyAddOn(env.deps, { ...input, prorationDate: preview.prorationDate })).rejects.toMatchObject(notConfirmed);
    await expect(buyAddOn(env.deps, { ...input, confirmAmountCents: preview.amountCents + 1, prorationDate: preview.prorationDate })).rejects.toMatchObject(changed);
    // A preview older than an hour no longer holds.
    await expect(buyAddOn(env.deps, { ...input, confirmAmountCents: preview.amountCents, prorationDate: preview.prorationDate - 3601 })).rejects.toMatchObject(changed);
    expect(env.provider.updates).toEqual([]);
    expect((await getSubscription(env.deps, USER)).addOns).toEqual(['enhanced_ai_agent']);
    const bought = await buyAddOn(env.deps, { ...input, confirmAmountCents: preview.amountCents, prorationDate: preview.prorationDate });
    expect(bought.addOns.sort()).toEqual(['advanced_analytics', 'enhanced_ai_agent']);
    // Charged at the previewed moment, so the provider charges what the preview showed.
    expect(env.provider.updates).toEqual([{ id: subId, change: expect.objectContaining({ prorate: true, prorationDate: new Date(preview.prorationDate * 1000) }) }]);
  });

  it('should add an item prorated, and cancel it at once without proration', async () => {
    const env = memoryDeps();
    await onPlan(env, 'professional', 'year');
    const bought = await confirmedAddOn(env.deps, { userId: USER, addOn: 'advanced_video_processing', idempotencyKey: 'x' });
    expect(bought.addOns).toEqual(['advanced_video_processing']);
    expect(env.provider.updates[0]!.change).toMatchObject({ prorate: true, items: [{ ref: 'plan:professional:year', quantity: 1 }, { ref: 'add_on:advanced_video_processing:year', quantity: 1 }] });
    expect(changedEvents(env).at(-1)).toMatchObject({ addOns: ['advanced_video_processing'] });
    const cancelled = await cancelAddOn(env.deps, { userId: USER, addOn: 'advanced_video_processing' });
    expect(cancelled.addOns).toEqual([]);
    expect(env.provider.updates[1]!.change).toMatchObject({ prorate: false, items: [{ ref: 'plan:professional:year', quantity: 1 }] });
    await expect(cancelAddOn(env.deps, { userId: USER, addOn: 'advanced_video_processing' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('credits', () => {
  it.each([0, 101, 2.5, -1])('should refuse %p credits', async (credits) => {
    const env = memoryDeps();
    await expect(buyCredits(env.deps, { userId: USER, credits, returnUrlBase: BASE, idempotencyKey: '' })).rejects.toMatchObject({ code: 'VALIDATION_FAILED', message: 'Buy between 1 and 100 credits at a time.' });
  });

  it('should check out a pack of N credits at 250 cents each and book them once paid', async () => {
    const env = memoryDeps();
    const { sessionId } = await buyCredits(env.deps, { userId: USER, credits: 4, returnUrlBase: BASE, idempotencyKey: '' });
    expect(env.provider.checkoutRequests[0]).toMatchObject({ mode: 'payment', lineItems: [{ ref: 'credits', unitAmountCents: 250, quantity: 4, interval: null }] });
    expect(await getCheckoutStatus(env.deps, USER, sessionId)).toMatchObject({ paymentStatus: 'unpaid', message: 'Waiting for the payment.', purpose: 'credits' });
    Object.assign(env.provider.sessions.get(sessionId)!, { status: 'complete', paymentStatus: 'paid', paymentIntentId: 'pi_1' });
    // The status page asks before the webhook comes: the payment is booked then, once.
    expect(await getCheckoutStatus(env.deps, USER, sessionId)).toMatchObject({ paymentStatus: 'paid', message: 'Payment completed.' });
    expect(await handleWebhook(env.deps, Buffer.from(JSON.stringify({ id: 'evt_c', type: 'checkout.session.completed', objectId: sessionId })), 'ok')).toBe('processed');
    expect((await getSubscription(env.deps, USER)).creditBalanceCents).toBe(1000);
    expect(env.store.state.payments).toEqual([expect.objectContaining({ kind: 'credits', amountCents: 1000, status: 'succeeded', providerRef: 'pi_1' })]);
    expect(env.store.state.outbox.filter((e) => e.subject === 'payment.succeeded')).toHaveLength(1);
  });
});

describe('checkout status', () => {
  it('should hide another user’s session', async () => {
    const env = memoryDeps();
    const { sessionId } = await buyCredits(env.deps, { userId: USER, credits: 1, returnUrlBase: BASE, idempotencyKey: '' });
    await expect(getCheckoutStatus(env.deps, '22222222-2222-4222-8222-222222222222', sessionId)).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'No payment session found' });
  });

  it('should word each status', () => {
    const row = { purpose: 'credits', projectId: null, status: 'open', paymentStatus: 'unpaid' } as never as Parameters<typeof checkoutStatusView>[0];
    expect(checkoutStatusView({ ...row, status: 'expired' })).toMatchObject({ paymentStatus: 'expired', message: 'The checkout session expired.' });
    expect(checkoutStatusView({ ...row, paymentStatus: 'failed' })).toMatchObject({ paymentStatus: 'failed', message: 'The payment failed.' });
  });
});

describe('webhooks', () => {
  it('should refuse a bad signature with no effect', async () => {
    const env = memoryDeps();
    await expect(handleWebhook(env.deps, Buffer.from('{}'), 'forged')).rejects.toMatchObject({ code: 'VALIDATION_FAILED', message: 'Invalid webhook signature' });
    await expect(handleWebhook(env.deps, Buffer.from('{}'), '')).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(env.store.state.webhooks.size).toBe(0);
  });

  it('should record an unknown event as ignored and a repeat as a duplicate', async () => {
    const env = memoryDeps();
    const body = Buffer.from(JSON.stringify({ id: 'evt_x', type: 'customer.created', objectId: 'cus_1' }));
    expect(await handleWebhook(env.deps, body, 'ok')).toBe('ignored');
    expect(await handleWebhook(env.deps, body, 'ok')).toBe('duplicate');
  });
});

describe('grace period and cancellation', () => {
  it('should keep the plan for the grace days when past_due, then fall back to the trial', async () => {
    const env = memoryDeps();
    const subId = await onPlan(env, 'business');
    env.provider.subscriptions.get(subId)!.status = 'past_due';
    await handleWebhook(env.deps, Buffer.from(JSON.stringify({ id: 'evt_pd', type: 'customer.subscription.updated', objectId: subId })), 'ok');
    const inGrace = await getSubscription(env.deps, USER);
    expect(inGrace).toMatchObject({ status: 'past_due', effectiveTier: 'business', graceEndsAt: new Date(env.clock.now.getTime() + 7 * DAY) });
    env.clock.now = new Date(env.clock.now.getTime() + 7 * DAY + 1000);
    expect(await runMaintenance(env.deps)).toMatchObject({ graceEnded: 1 });
    expect(changedEvents(env).at(-1)).toMatchObject({ tier: 'free-trial', previousTier: 'business', status: 'past_due' });
    expect(await runMaintenance(env.deps)).toMatchObject({ graceEnded: 0 });
  });

  it('should set and take back cancel at period end through the provider', async () => {
    const env = memoryDeps();
    await onPlan(env, 'professional');
    expect(await setCancelAtPeriodEnd(env.deps, USER, true)).toMatchObject({ cancelAtPeriodEnd: true, effectiveTier: 'professional' });
    expect(env.provider.updates[0]!.change).toMatchObject({ cancelAtPeriodEnd: true, prorate: false });
    expect(await setCancelAtPeriodEnd(env.deps, USER, false)).toMatchObject({ cancelAtPeriodEnd: false });
  });

  it('should refuse to cancel without a subscription', async () => {
    const env = memoryDeps();
    await expect(setCancelAtPeriodEnd(env.deps, USER, true)).rejects.toMatchObject({ code: 'CONFLICT', message: 'You have no active subscription.' });
  });
});

describe('payment descriptions as codes', () => {
  it('should name each payment by a code the web translates, from its own fields', () => {
    const p = (kind: 'subscription' | 'add_on' | 'credits' | 'video', status: 'succeeded' | 'refunded', providerRef: string, amountCents: number) => paymentDescriptionOf({ kind, status, providerRef, amountCents });
    expect(p('subscription', 'succeeded', 'in_1', 2900)).toEqual({ descriptionCode: 'subscription', credits: 0 });
    expect(p('subscription', 'refunded', 'in_2', 2900)).toEqual({ descriptionCode: 'subscription_refunded', credits: 0 });
    expect(p('credits', 'succeeded', 'pi_1', 1750)).toEqual({ descriptionCode: 'credits', credits: 7 });
    expect(p('video', 'succeeded', 'pi_2', 120)).toEqual({ descriptionCode: 'video_card', credits: 0 });
    expect(p('video', 'succeeded', 'credits:cs_credits_x', 120)).toEqual({ descriptionCode: 'video_credits', credits: 0 });
  });
});

describe('one subscription per account', () => {
  it('should expire the other open plan checkout when a plan checkout is opened', async () => {
    const env = memoryDeps();
    const a = await changePlan(env.deps, { userId: USER, tier: 'professional', interval: 'month', returnUrlBase: BASE, idempotencyKey: 'a' });
    const b = await changePlan(env.deps, { userId: USER, tier: 'business', interval: 'month', returnUrlBase: BASE, idempotencyKey: 'b' });
    if (a.kind !== 'checkout' || b.kind !== 'checkout') throw new Error('expected checkouts');
    expect(env.provider.expired).toEqual([a.sessionId]);
    expect(env.store.state.checkouts.get(a.sessionId)).toMatchObject({ status: 'expired' });
    expect(env.store.state.checkouts.get(b.sessionId)).toMatchObject({ status: 'open' });
    // A credit pack is no plan checkout: it expires nothing.
    await buyCredits(env.deps, { userId: USER, credits: 2, returnUrlBase: BASE, idempotencyKey: 'c' });
    expect(env.provider.expired).toEqual([a.sessionId]);
  });

  it('should cancel and refund a second subscription paid while the account has a live one', async () => {
    const env = memoryDeps();
    const first = await onPlan(env, 'professional');
    const customerId = env.store.state.accounts.get(USER)!.providerCustomerId!;
    // A business checkout of another tab, paid too (its row as openCheckout wrote it).
    const session = await env.provider.createCheckoutSession({ mode: 'subscription', customerId, lineItems: [], successUrl: '', cancelUrl: '', metadata: {}, idempotencyKey: 'tab-2' });
    await env.store.insertCheckout({ id: session.id, userId: USER, purpose: 'subscription', mode: 'subscription', itemKey: 'plan:business:month', tier: 'business', interval: 'month', addOn: null, credits: null, projectId: null, contentVersion: null, language: '', amountCents: 7900, status: 'open', paymentStatus: 'unpaid', url: session.url, idempotencyKey: 'tab-2' });
    env.provider.subscriptions.set('sub_second', { ...env.provider.subscriptions.get(first)!, id: 'sub_second', items: [{ id: 'si_b', ref: 'plan:business:month', quantity: 1 }] });
    env.provider.invoices.set('in_second', { id: 'in_second', customerId, subscriptionId: 'sub_second', status: 'paid', amountDueCents: 7900, amountPaidCents: 7900, hostedInvoiceUrl: '', created: env.clock.now, paymentFailed: false });
    Object.assign(session, { status: 'complete', paymentStatus: 'paid', subscriptionId: 'sub_second' });
    const deliver = (id: string, type: string, objectId: string) => handleWebhook(env.deps, Buffer.from(JSON.stringify({ id, type, objectId })), 'ok');
    expect(await deliver('evt_b1', 'checkout.session.completed', session.id)).toBe('processed');
    expect(await deliver('evt_b2', 'invoice.paid', 'in_second')).toBe('processed');
    expect(await deliver('evt_b3', 'customer.subscription.deleted', 'sub_second')).toBe('ignored');
    expect(env.provider.cancellations).toEqual([{ id: 'sub_second', idempotencyKey: 'duplicate-subscription-sub_second' }]);
    expect(env.store.state.payments).toEqual([expect.objectContaining({ providerRef: 'in_second', amountCents: 7900, status: 'refunded' })]);
    expect(env.store.state.outbox.filter((e) => e.subject === 'payment.succeeded')).toEqual([]);
    expect(await getSubscription(env.deps, USER)).toMatchObject({ tier: 'professional', status: 'active' });
    expect(env.store.state.accounts.get(USER)!.providerSubscriptionId).toBe(first);
  });
});
