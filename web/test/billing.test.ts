// The billing screens' client logic: payment-status polling (2 s apart, at most 5 checks, the
// timeout message; paid; expired / failed; a forged session), the messages the success page shows
// for each outcome, prices (annual = 12 months less 20 %), credits, and money / byte formatting.
import { afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { TFunction } from 'i18next';
import { ApiError, NETWORK_ERROR } from '../app/lib/api.js';
import {
  CREDIT_PRICE_CENTS,
  FAILED_OR_EXPIRED_MESSAGE,
  MAX_STATUS_CHECKS,
  POLL_INTERVAL_MS,
  SUCCESS_REDIRECT_MS,
  TIMEOUT_MESSAGE,
  addOnPriceCents,
  annualSavingCents,
  billingApi,
  chargeAsShown,
  creditsTotalCents,
  formatBytesLocale,
  formatCents,
  lineItemName,
  paymentDescription,
  usageLabel,
  parseCredits,
  planChange,
  planPriceCents,
  pollOutcomeMessage,
  pollPaymentStatus,
  upgradeCharge,
  usagePercent,
  type PaymentStatus,
  type PaymentStatusValue,
} from '../app/lib/billing.js';
import { formatPrice } from '../app/lib/format.js';

const status = (payment_status: PaymentStatusValue, message = ''): PaymentStatus => ({
  payment_status,
  message,
  purpose: 'subscription',
  project_id: null,
});

/** A fake clock: sleep records the wait and advances the time at once. */
function fakeClock() {
  const clock = { now: 0, waits: [] as number[], checkTimes: [] as number[] };
  const sleep = async (ms: number) => {
    clock.waits.push(ms);
    clock.now += ms;
  };
  return { clock, sleep };
}

/** A status check answering from a script, one entry per call; records when it was called. */
function scripted(answers: (PaymentStatus | Error)[], clock: { now: number; checkTimes: number[] }) {
  let calls = 0;
  const check = async () => {
    clock.checkTimes.push(clock.now);
    const answer = answers[Math.min(calls, answers.length - 1)]!;
    calls += 1;
    if (answer instanceof Error) throw answer;
    return answer;
  };
  return { check, calls: () => calls };
}

describe('payment-status polling', () => {
  it('uses the specification constants: every 2000 ms, at most 5 checks, redirect after 5000 ms', () => {
    expect(POLL_INTERVAL_MS).toBe(2000);
    expect(MAX_STATUS_CHECKS).toBe(5);
    expect(SUCCESS_REDIRECT_MS).toBe(5000);
  });

  it('checks at once, then every 2 s, and times out after 5 unpaid checks', async () => {
    const { clock, sleep } = fakeClock();
    const { check, calls } = scripted([status('unpaid')], clock);
    const outcome = await pollPaymentStatus({ check, sleep });
    expect(outcome).toEqual({ kind: 'timeout', message: TIMEOUT_MESSAGE, checks: 5 });
    expect(TIMEOUT_MESSAGE).toBe('Payment status check timed out. Please verify your payment.');
    expect(calls()).toBe(5);
    expect(clock.waits).toEqual([2000, 2000, 2000, 2000]);
    expect(clock.checkTimes).toEqual([0, 2000, 4000, 6000, 8000]);
  });

  it('stops at the first paid answer', async () => {
    const { clock, sleep } = fakeClock();
    const { check, calls } = scripted([status('unpaid'), status('unpaid'), status('paid')], clock);
    const seen: number[] = [];
    const outcome = await pollPaymentStatus({ check, sleep, onCheck: (_s, n) => seen.push(n) });
    expect(outcome.kind).toBe('paid');
    expect(outcome.checks).toBe(3);
    expect(calls()).toBe(3);
    expect(seen).toEqual([1, 2, 3]);
    expect(clock.now).toBe(4000);
  });

  it('paid on the first check needs no wait', async () => {
    const { clock, sleep } = fakeClock();
    const { check } = scripted([status('paid')], clock);
    const outcome = await pollPaymentStatus({ check, sleep });
    expect(outcome).toMatchObject({ kind: 'paid', checks: 1, status: { payment_status: 'paid' } });
    expect(clock.waits).toEqual([]);
  });

  it('ends on expired or failed with the server message, or the fallback', async () => {
    const { clock, sleep } = fakeClock();
    const expired = await pollPaymentStatus({ check: scripted([status('unpaid'), status('expired', 'Checkout session expired')], clock).check, sleep });
    expect(expired).toMatchObject({ kind: 'failed', message: 'Checkout session expired', checks: 2 });
    const failed = await pollPaymentStatus({ check: scripted([status('failed')], clock).check, sleep });
    expect(failed).toMatchObject({ kind: 'failed', message: FAILED_OR_EXPIRED_MESSAGE, checks: 1 });
  });

  it('a 404 (an unknown or forged session) is notFound at once, other failures are errors', async () => {
    const { clock, sleep } = fakeClock();
    const notFound = await pollPaymentStatus({ check: scripted([new ApiError(404, 'NOT_FOUND', 'Not found')], clock).check, sleep });
    expect(notFound).toEqual({ kind: 'notFound', checks: 1 });
    const broken = new ApiError(500, 'INTERNAL');
    const error = await pollPaymentStatus({ check: scripted([status('unpaid'), broken], clock).check, sleep });
    expect(error).toEqual({ kind: 'error', error: broken, checks: 2 });
  });

  it('respects other limits and stops when aborted', async () => {
    const { clock, sleep } = fakeClock();
    const { check, calls } = scripted([status('unpaid')], clock);
    await expect(pollPaymentStatus({ check, sleep, maxChecks: 2, intervalMs: 10 })).resolves.toMatchObject({ kind: 'timeout', checks: 2 });
    expect(clock.waits).toEqual([10]);
    expect(calls()).toBe(2);

    const controller = new AbortController();
    const aborting = scripted([status('unpaid')], clock);
    const run = pollPaymentStatus({
      check: aborting.check,
      signal: controller.signal,
      sleep: async () => controller.abort(),
    });
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    expect(aborting.calls()).toBe(1);
  });

  it('the default timer waits for real (setTimeout) and can be aborted', async () => {
    const { sleepFor } = await import('../app/lib/billing.js');
    const started = Date.now();
    await sleepFor(20);
    expect(Date.now() - started).toBeGreaterThanOrEqual(15);
    const controller = new AbortController();
    const waiting = sleepFor(10_000, controller.signal);
    controller.abort();
    await expect(waiting).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('the success page messages', () => {
  let t: TFunction;
  beforeAll(async () => {
    const i18n = (await import('../app/i18n/index.js')).default;
    await i18n.changeLanguage('en');
    t = i18n.t.bind(i18n) as TFunction;
  });

  it('uses the specification texts', () => {
    expect(pollOutcomeMessage({ kind: 'timeout', message: TIMEOUT_MESSAGE, checks: 5 }, t)).toBe(
      'Payment status check timed out. Please verify your payment.',
    );
    expect(pollOutcomeMessage({ kind: 'notFound', checks: 1 }, t)).toBe('Payment verification failed');
    expect(pollOutcomeMessage({ kind: 'error', error: new ApiError(500, 'INTERNAL'), checks: 1 }, t)).toBe('Failed to verify payment status');
    expect(pollOutcomeMessage({ kind: 'error', error: new ApiError(0, NETWORK_ERROR), checks: 1 }, t)).toBe(
      'Payment verification error: Network error. Please check your connection.',
    );
    expect(pollOutcomeMessage({ kind: 'failed', status: status('expired', 'The checkout session expired.'), message: 'The checkout session expired.', checks: 1 }, t)).toBe(
      'The checkout session expired.',
    );
    expect(pollOutcomeMessage({ kind: 'failed', status: status('failed'), message: FAILED_OR_EXPIRED_MESSAGE, checks: 1 }, t)).toBe(
      'Payment failed or expired',
    );
  });

  it('keeps the page texts of the specification in English', async () => {
    const en = (await import('../app/i18n/en.js')).default;
    expect(en.billingSuccess.noSession).toBe('No payment session found');
    expect(en.billingSuccess.processing).toBe('Processing Payment');
    expect(en.billingSuccess.success).toBe('Payment Successful!');
    expect(en.billingSuccess.error).toBe('Payment Error');
    expect(en.billingSuccess.returnToDashboard).toBe('Return to Dashboard');
    expect(en.billingSuccess.verificationFailed).toBe('Payment verification failed');
    expect(en.billingSuccess.statusFailed).toBe('Failed to verify payment status');
    expect(en.billingSuccess.verificationError).toBe('Payment verification error: {{message}}');
    expect(en.billingCancelled.returnToDashboard).toBe('Return to Dashboard');
    expect(en.billingCancelled.goBack).toBe('Go Back');
    expect(en.checkout.pay).toBe('Pay');
    expect(en.checkout.cancel).toBe('Cancel');
    expect(en.checkout.notFound).toBe('No payment session found');
    expect(en.profile.manageBilling).toBe('Manage Billing');
  });
});

describe('prices', () => {
  it('monthly is the catalogue price; yearly is 12 months less 20 %', () => {
    expect(planPriceCents('professional', 'month')).toBe(2900);
    expect(planPriceCents('professional', 'year')).toBe(27840);
    expect(planPriceCents('business', 'year')).toBe(75840);
    expect(planPriceCents('enterprise', 'year')).toBe(191040);
    expect(planPriceCents('free-trial', 'year')).toBe(0);
    expect(addOnPriceCents('advanced_analytics', 'month')).toBe(1300);
    expect(addOnPriceCents('advanced_analytics', 'year')).toBe(12480);
    expect(annualSavingCents('professional')).toBe(6960);
  });

  it('credits cost $2.50 each, 1 to 100 whole credits', () => {
    expect(CREDIT_PRICE_CENTS).toBe(250);
    expect(creditsTotalCents(4)).toBe(1000);
    expect(parseCredits('1')).toBe(1);
    expect(parseCredits(' 100 ')).toBe(100);
    for (const bad of ['0', '101', '2.5', '-3', '', 'ten', '1e2']) expect(parseCredits(bad)).toBeNull();
  });

  it('tells upgrades from downgrades by the tier order', () => {
    expect(planChange('free-trial', 'professional')).toBe('upgrade');
    expect(planChange('professional', 'business')).toBe('upgrade');
    expect(planChange('enterprise', 'business')).toBe('downgrade');
    expect(planChange('business', 'business')).toBe('current');
  });
});

describe('formatting', () => {
  // Money always shows its cents ('$2.00', never '$2'), in the interface language's format.
  it.each([
    ['en', 200, '$2.00'],
    ['en', 2900, '$29.00'],
    ['en', 27840, '$278.40'],
    ['en', 191040, '$1,910.40'],
    ['es', 200, '2,00 US$'],
    ['es', 2900, '29,00 US$'],
    ['es', 191040, '1910,40 US$'],
    ['fr', 200, '2,00 $US'],
    ['fr', 27840, '278,40 $US'],
    ['fr', 191040, '1 910,40 $US'],
  ])('formats %s %i cents as %s', (language, cents, shown) => {
    expect(formatCents(cents, language).replace(/\s/g, ' ')).toBe(shown);
  });

  it('formats dollar amounts (plan prices, rates) with the same helper', () => {
    expect(formatPrice(2, 'en')).toBe('$2.00');
    expect(formatPrice(29, 'en')).toBe('$29.00');
    expect(formatPrice(0.6, 'fr').replace(/\s/g, ' ')).toBe('0,60 $US');
    expect(formatPrice(13, 'es').replace(/\s/g, ' ')).toBe('13,00 US$');
    expect(formatCents(250, 'en', 'usd')).toBe('$2.50');
    expect(formatCents(1000, 'en', 'eur')).toBe('€10.00');
  });

  it('formats bytes in 1024 steps, locale-aware', () => {
    expect(formatBytesLocale(512, 'en')).toBe('512 byte');
    expect(formatBytesLocale(1536 * 1024 * 1024, 'en')).toBe('1.5 GB');
    expect(formatBytesLocale(10 * 1024 ** 3, 'en')).toBe('10 GB');
    expect(formatBytesLocale(1536 * 1024 * 1024, 'fr').replace(/\s/g, ' ')).toBe('1,5 Go');
  });

  it('computes the share of a limit used, none for unlimited', () => {
    expect(usagePercent(5, 25)).toBe(20);
    expect(usagePercent(30, 25)).toBe(100);
    expect(usagePercent(3, -1)).toBe(0);
  });
});

describe('billing texts in the interface language', () => {
  const tFor = async (language: string) => {
    const i18n = (await import('../app/i18n/index.js')).default;
    await i18n.changeLanguage(language);
    return i18n.getFixedT(language) as TFunction;
  };
  const row = (description_code: string, credits = 0) => ({ description_code, credits, description: 'English text from the server' });

  it.each([
    ['en', 'Narrated video, paid by card', 'Video credits × 7', 'Trainwright subscription'],
    ['es', 'Vídeo narrado, pagado con tarjeta', 'Créditos de vídeo × 7', 'Suscripción a Trainwright'],
    ['fr', 'Vidéo narrée, payée par carte', 'Crédits vidéo × 7', 'Abonnement Trainwright'],
  ])('%s: renders the payment history from the code, not the English text stored by the server', async (language, video, credits, subscription) => {
    const t = await tFor(language);
    expect(paymentDescription(t, row('video_card'))).toBe(video);
    expect(paymentDescription(t, row('credits', 7))).toBe(credits);
    expect(paymentDescription(t, row('subscription'))).toBe(subscription);
    // A translation's video names its language in the interface language.
    expect(paymentDescription(t, { ...row('video_card'), language: 'de' }, language)).toBe(`${video} (${{ en: 'German', es: 'Alemán', fr: 'Allemand' }[language]})`);
    // A code this web app does not know yet: the server's text rather than nothing.
    expect(paymentDescription(t, row('something_new'))).toBe('English text from the server');
  });

  it.each([
    ['en', 'Trainwright Professional plan (Annual)', 'Advanced Analytics add-on (Monthly)', 'Video credits'],
    ['es', 'Plan Profesional de Trainwright (Anual)', 'Complemento', 'Créditos de vídeo'],
    ['fr', 'Offre Trainwright Professionnel (Annuel)', 'Option', 'Crédits vidéo'],
  ])('%s: names the checkout line items from their catalogue ref', async (language, plan, addOn, credits) => {
    const t = await tFor(language);
    const item = (ref: string) => ({ ref, description: 'English text from the server' });
    expect(lineItemName(t, item('plan:professional:year'))).toBe(plan);
    expect(lineItemName(t, item('add_on:advanced_analytics:month'))).toContain(addOn);
    expect(lineItemName(t, item('credits'))).toBe(credits);
    expect(lineItemName(t, item('something:new'))).toBe('English text from the server');
  });

  it.each([
    ['en', 'Downloads in the trial (total)', 'Downloads this month', 'Welcome Training'],
    ['es', 'Descargas durante la prueba (total)', 'Descargas este mes', 'Welcome Training'],
    ['fr', 'Téléchargements pendant l’essai (total)', 'Téléchargements ce mois-ci', 'Welcome Training'],
  ])("%s: labels the trial's downloads as the trial's total and says the sample is not counted", async (language, trial, month, sample) => {
    const t = await tFor(language);
    expect(usageLabel(t, 'downloads', true)).toEqual({ name: trial, note: null });
    expect(usageLabel(t, 'downloads', false).name).toBe(month);
    expect(usageLabel(t, 'projects', false).note).toContain(sample);
    expect(usageLabel(t, 'storage', true).note).toBeNull();
  });

  it.each([
    ['en', '$169.98'],
    ['es', '169,98 US$'],
    ['fr', '169,98 $US'],
  ])('%s: the upgrade confirmation names the amount charged, in the language\'s money format', async (language, amount) => {
    const t = await tFor(language);
    const shown = formatCents(16998, language);
    expect(shown.replace(/\s/g, ' ')).toBe(amount);
    expect(t('billing.upgradeText', { amount: shown, plan: 'Enterprise' })).toContain(shown);
    expect(t('billing.confirmUpgrade', { amount: shown })).toContain(shown);
  });
});

describe('a charge made at once is confirmed as shown (an upgrade of a paid plan, an add-on)', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
  });
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  /** The gateway as a script of answers; records each call's method, path and body. */
  const gatewayAnswering = (answers: Array<[number, unknown]>) => {
    const calls: Array<{ method: string; url: string; body: unknown }> = [];
    globalThis.fetch = jest.fn(async (url: unknown, init?: RequestInit) => {
      calls.push({ method: init?.method ?? 'GET', url: String(url), body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const [status, body] = answers[calls.length - 1]!;
      return json(status, body);
    }) as unknown as typeof fetch;
    return calls;
  };
  const shown = { amount_cents: 1290, currency: 'usd', proration_date: 1_800_000_000 };

  it("previews an add-on's charge, then buys it only with the amount and moment shown", async () => {
    const calls = gatewayAnswering([
      [200, shown],
      [200, { checkout_url: null, session_id: null }],
    ]);
    const preview = await billingApi.previewAddOn('advanced_analytics');
    expect(preview).toEqual(shown);
    const outcome = await chargeAsShown(preview, (confirmed) => billingApi.buyAddOn('advanced_analytics', confirmed), () => billingApi.previewAddOn('advanced_analytics'));
    expect(outcome.kind).toBe('charged');
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['POST /api/billing/add-ons/preview', 'POST /api/billing/add-ons']);
    expect(calls[0]!.body).toEqual({ add_on: 'advanced_analytics' });
    expect(calls[1]!.body).toMatchObject({ add_on: 'advanced_analytics', confirm_amount_cents: 1290, proration_date: 1_800_000_000 });
  });

  it('answers the new amount when the server refuses the one shown (409, nothing charged), and nothing else', async () => {
    const now = { amount_cents: 1180, currency: 'usd', proration_date: 1_800_003_600 };
    const calls = gatewayAnswering([
      [409, { code: 'CONFLICT', message: 'The amount of this add-on has changed: review the new amount and confirm again.' }],
      [200, now],
    ]);
    const outcome = await chargeAsShown(shown, (confirmed) => billingApi.buyAddOn('enhanced_ai_agent', confirmed), () => billingApi.previewAddOn('enhanced_ai_agent'));
    expect(outcome).toEqual({ kind: 'changed', preview: now });
    expect(calls.map((c) => c.url)).toEqual(['/api/billing/add-ons', '/api/billing/add-ons/preview']);
    // Any other refusal is the error itself (shown as the notice), not a new amount.
    gatewayAnswering([[400, { code: 'VALIDATION_FAILED', message: 'Choose a paid plan before buying an add-on.' }]]);
    await expect(chargeAsShown(shown, (confirmed) => billingApi.buyAddOn('enhanced_ai_agent', confirmed), () => billingApi.previewAddOn('enhanced_ai_agent'))).rejects.toMatchObject({
      status: 400,
    });
  });

  it("confirms only an upgrade of a paid plan: the checkout's and the downgrade's previews charge nothing now", () => {
    expect(upgradeCharge({ kind: 'upgrade', amount_cents: 16998, currency: 'usd', proration_date: 1_800_000_000, effective_at: null })).toEqual({
      amount_cents: 16998,
      currency: 'usd',
      proration_date: 1_800_000_000,
    });
    expect(upgradeCharge({ kind: 'checkout', amount_cents: 2900, currency: 'usd', proration_date: null, effective_at: null })).toBeNull();
    expect(upgradeCharge({ kind: 'downgrade', amount_cents: 0, currency: 'usd', proration_date: null, effective_at: '2027-01-01T00:00:00Z' })).toBeNull();
  });

  it.each([
    ['en', '$12.90', 'Advanced Analytics'],
    ['es', '12,90 US$', 'Analíticas avanzadas'],
    ['fr', '12,90 $US', 'Statistiques avancées'],
  ])("%s: the add-on's confirmation names the add-on and the amount charged now", async (language, amount, name) => {
    const i18n = (await import('../app/i18n/index.js')).default;
    await i18n.changeLanguage(language);
    const t = i18n.getFixedT(language) as TFunction;
    const money = formatCents(1290, language);
    expect(money.replace(/\s/g, ' ')).toBe(amount);
    expect(t('billing.addOnTitle', { name })).toContain(name);
    expect(t('billing.addOnText', { amount: money, name })).toContain(money);
    expect(t('billing.confirmAddOn', { amount: money })).toContain(money);
  });
});
