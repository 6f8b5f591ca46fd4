// The pay-per-use video (lib/video-payment.ts, the billing calls in lib/billing.ts): the Payment
// Required dialog's state machine (verifying a returned session, loading the estimate, paying by
// card or credits, when closing is off), the texts of document 2 section 8 "Payment", the returned
// session_id, the card's video state, the download's payment check and the live video event.
import { afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { TFunction } from 'i18next';
import { ApiError, NETWORK_ERROR } from '../app/lib/api.js';
import { billingApi, pollPaymentStatus, type PaymentStatus, type PaymentStatusValue, type VideoEstimate } from '../app/lib/billing.js';
import {
  DEFAULT_ESTIMATED_DURATION_MINUTES,
  VIDEO_BILLING_TYPE,
  applyVideoStatusChange,
  canClosePaymentDialog,
  creditsCover,
  estimateErrorText,
  initialPaymentState,
  isPaymentRequiredError,
  paymentDialogReducer,
  paymentErrorText,
  paymentIntroText,
  paymentLanguageOf,
  paymentMinutes,
  searchWithoutSession,
  sessionIdFromSearch,
  verifyOutcomeText,
  videoCardState,
  videoFailureOf,
  videoFormatOf,
  videoNeedsPayment,
  withHeardVideoStates,
  type PaymentDialogEvent,
  type PaymentDialogState,
} from '../app/lib/video-payment.js';
import { VIDEO_MESSAGES } from '@trainwright/catalogue';
import i18nInstance from '../app/i18n/index.js';
import { storedFailureText } from '../app/lib/errors.js';
import { projectFixture } from './support/project.fixture.js';

const estimate = (overrides: Partial<VideoEstimate> = {}): VideoEstimate => ({
  total_cost: 3,
  total_estimated_minutes: 3,
  slides_count: 6,
  voice_enabled: true,
  estimated_duration_per_slide: 30,
  total_cost_cents: 300,
  rate_per_minute: 1,
  from_narration: true,
  credit_balance_cents: 0,
  ...overrides,
});

const run = (events: PaymentDialogEvent[], start: PaymentDialogState = initialPaymentState(false)) => events.reduce(paymentDialogReducer, start);

let t: TFunction;
beforeAll(async () => {
  const i18n = (await import('../app/i18n/index.js')).default;
  await i18n.changeLanguage('en');
  t = i18n.getFixedT('en') as TFunction;
});

describe('the dialog is opened as the dashboard does', () => {
  it('with billingType video_generation and estimatedDuration 1', () => {
    expect(VIDEO_BILLING_TYPE).toBe('video_generation');
    expect(DEFAULT_ESTIMATED_DURATION_MINUTES).toBe(1);
  });

  it('for the chosen video format, else the project visual format', () => {
    expect(videoFormatOf('mov')).toBe('mov');
    expect(videoFormatOf(null, { visual_format: 'mov' })).toBe('mov');
    expect(videoFormatOf('pdf', { visual_format: 'mp4' })).toBe('mp4');
    expect(videoFormatOf(undefined, { visual_format: 'powerpoint' })).toBe('mp4');
  });
});

describe('the Payment Required dialog state machine', () => {
  it('loads the estimate, then offers to pay; closing is off while loading', () => {
    const opened = initialPaymentState(false);
    expect(opened).toEqual({ phase: 'loading', estimate: null, error: null, method: null });
    expect(canClosePaymentDialog(opened)).toBe(false);
    const ready = paymentDialogReducer(opened, { type: 'estimateLoaded', estimate: estimate() });
    expect(ready).toMatchObject({ phase: 'ready', estimate: estimate(), error: null });
    expect(canClosePaymentDialog(ready)).toBe(true);
  });

  it('checks a returned session first; closing is off while verifying; paid ends the dialog', () => {
    const opened = initialPaymentState(true);
    expect(opened.phase).toBe('verifying');
    expect(canClosePaymentDialog(opened)).toBe(false);
    const paid = paymentDialogReducer(opened, { type: 'verified' });
    expect(paid.phase).toBe('paid');
    expect(canClosePaymentDialog(paid)).toBe(true);
    // The estimate arriving late changes nothing.
    expect(paymentDialogReducer(paid, { type: 'estimateLoaded', estimate: estimate() })).toBe(paid);
  });

  it('a session that is not paid shows its message and loads the estimate, keeping the message', () => {
    const state = run(
      [
        { type: 'verifyFailed', message: 'Payment failed or expired' },
        { type: 'estimateLoaded', estimate: estimate() },
      ],
      initialPaymentState(true),
    );
    expect(state).toMatchObject({ phase: 'ready', error: 'Payment failed or expired', estimate: estimate() });
  });

  it('a failed estimate shows its error; retry loads again and clears it', () => {
    const failed = run([{ type: 'estimateFailed', message: 'Failed to calculate cost: x' }]);
    expect(failed).toMatchObject({ phase: 'ready', estimate: null, error: 'Failed to calculate cost: x' });
    expect(canClosePaymentDialog(failed)).toBe(true);
    // No estimate: nothing to pay.
    expect(paymentDialogReducer(failed, { type: 'pay', method: 'card' })).toBe(failed);
    const again = paymentDialogReducer(failed, { type: 'retry' });
    expect(again).toMatchObject({ phase: 'loading', error: null });
  });

  it('paying by card: closing is off; a failure returns to the estimate with the error', () => {
    const ready = run([{ type: 'estimateLoaded', estimate: estimate() }]);
    const paying = paymentDialogReducer(ready, { type: 'pay', method: 'card' });
    expect(paying).toMatchObject({ phase: 'paying', method: 'card', error: null });
    expect(canClosePaymentDialog(paying)).toBe(false);
    // A second click while paying changes nothing.
    expect(paymentDialogReducer(paying, { type: 'pay', method: 'card' })).toBe(paying);
    const failed = paymentDialogReducer(paying, { type: 'payFailed', message: 'Payment failed: nope' });
    expect(failed).toMatchObject({ phase: 'ready', method: null, error: 'Payment failed: nope', estimate: estimate() });
    // Retry is only for a missing estimate.
    expect(paymentDialogReducer(failed, { type: 'retry' })).toBe(failed);
  });

  it('pays with credits only when the balance covers the cost', () => {
    const poor = run([{ type: 'estimateLoaded', estimate: estimate({ credit_balance_cents: 299 }) }]);
    expect(paymentDialogReducer(poor, { type: 'pay', method: 'credits' })).toBe(poor);
    const rich = run([{ type: 'estimateLoaded', estimate: estimate({ credit_balance_cents: 300 }) }]);
    expect(paymentDialogReducer(rich, { type: 'pay', method: 'credits' })).toMatchObject({ phase: 'paying', method: 'credits' });
  });

  it('reopening starts over', () => {
    const paying = run([{ type: 'estimateLoaded', estimate: estimate() }, { type: 'pay', method: 'card' }]);
    expect(paymentDialogReducer(paying, { type: 'open', hasSession: false })).toEqual(initialPaymentState(false));
  });
});

describe('credits and minutes', () => {
  it('credits cover a cost when the balance is at least the cost', () => {
    expect(creditsCover({ credit_balance_cents: 250, total_cost_cents: 250 })).toBe(true);
    expect(creditsCover({ credit_balance_cents: 500, total_cost_cents: 250 })).toBe(true);
    expect(creditsCover({ credit_balance_cents: 249, total_cost_cents: 250 })).toBe(false);
    expect(creditsCover({ credit_balance_cents: 0, total_cost_cents: 0 })).toBe(false);
  });

  it('sends the estimate minutes (whole, at least 1), else estimatedDuration', () => {
    expect(paymentMinutes(estimate({ total_estimated_minutes: 4 }), 1)).toBe(4);
    expect(paymentMinutes(estimate({ total_estimated_minutes: 2.2 }), 1)).toBe(3);
    expect(paymentMinutes(null, 1)).toBe(1);
    expect(paymentMinutes(estimate({ total_estimated_minutes: 0 }), 1)).toBe(1);
  });
});

describe('the session the checkout returned with', () => {
  it('reads session_id from the address and removes it', () => {
    expect(sessionIdFromSearch('?session_id=cs_123')).toBe('cs_123');
    expect(sessionIdFromSearch('?tab=x&session_id=%20cs_9%20')).toBe('cs_9');
    expect(sessionIdFromSearch('?session_id=')).toBeNull();
    expect(sessionIdFromSearch('')).toBeNull();
    expect(searchWithoutSession('?session_id=cs_1')).toBe('');
    expect(searchWithoutSession('?a=1&session_id=cs_1&b=2')).toBe('?a=1&b=2');
  });
});

describe('payment texts (document 2, section 8)', () => {
  it('estimate: the server message after the colon, else the specification fallback', () => {
    expect(estimateErrorText(new ApiError(403, 'FEATURE_NOT_AVAILABLE', 'Video is not included in your plan'), t)).toBe(
      'Failed to calculate cost: Video is not included in your plan',
    );
    expect(estimateErrorText(new ApiError(500, 'HTTP_500'), t)).toBe('Failed to calculate cost: Failed to get billing estimate');
    expect(estimateErrorText(new ApiError(0, NETWORK_ERROR), t)).toBe('Failed to calculate cost: Network error. Please check your connection.');
  });

  it('payment: the server message (409 already paid), else the specification fallback', () => {
    expect(paymentErrorText(new ApiError(409, 'CONFLICT', 'This video is already paid for and is rendering.'), t)).toBe(
      'Payment failed: This video is already paid for and is rendering.',
    );
    expect(paymentErrorText(new ApiError(502, 'HTTP_502'), t)).toBe('Payment failed: Failed to create payment session');
  });

  const status = (payment_status: PaymentStatusValue, message = ''): PaymentStatus => ({ payment_status, message, purpose: 'video', project_id: 'p' });

  it('the outcomes of checking a returned session', async () => {
    const sleep = async () => undefined;
    const answers = (list: (PaymentStatus | Error)[]) => {
      let i = 0;
      return async () => {
        const a = list[Math.min(i++, list.length - 1)]!;
        if (a instanceof Error) throw a;
        return a;
      };
    };
    const timeout = await pollPaymentStatus({ check: answers([status('unpaid')]), sleep });
    expect(timeout.kind).toBe('timeout');
    expect(timeout.kind !== 'paid' && verifyOutcomeText(timeout, t)).toBe('Payment status check timed out. Please verify your payment.');

    const expired = await pollPaymentStatus({ check: answers([status('expired')]), sleep });
    expect(expired.kind !== 'paid' && verifyOutcomeText(expired, t)).toBe('Payment failed or expired');
    // The server's message (the catalogue's text of the status) in the interface language.
    const failed = await pollPaymentStatus({ check: answers([status('failed', 'The payment failed.')]), sleep });
    expect(failed.kind !== 'paid' && verifyOutcomeText(failed, t)).toBe('The payment failed.');
    const es = (await import('../app/i18n/index.js')).default.getFixedT('es') as TFunction;
    expect(failed.kind !== 'paid' && verifyOutcomeText(failed, es)).toBe('El pago ha fallado.');

    const broken = new ApiError(500, 'HTTP_500');
    const error = await pollPaymentStatus({ check: answers([broken]), sleep });
    expect(error.kind !== 'paid' && verifyOutcomeText(error, t, broken)).toBe('Failed to verify payment: Failed to check payment status');
    const said = new ApiError(503, 'UNAVAILABLE', 'Billing is busy');
    const saidOutcome = await pollPaymentStatus({ check: answers([said]), sleep });
    expect(saidOutcome.kind !== 'paid' && verifyOutcomeText(saidOutcome, t, said)).toBe('Failed to verify payment: Billing is busy');

    const offline = new ApiError(0, NETWORK_ERROR);
    const offlineOutcome = await pollPaymentStatus({ check: answers([offline]), sleep });
    expect(offlineOutcome.kind !== 'paid' && verifyOutcomeText(offlineOutcome, t, offline)).toBe(
      'Payment verification failed: Network error. Please check your connection.',
    );

    const unknown = new ApiError(404, 'NOT_FOUND', 'Payment session not found');
    const notFound = await pollPaymentStatus({ check: answers([unknown]), sleep });
    expect(notFound.kind).toBe('notFound');
    expect(notFound.kind !== 'paid' && verifyOutcomeText(notFound, t, unknown)).toBe('Payment verification failed: Payment session not found');
  });

  it('keeps the specification texts in English', async () => {
    const en = (await import('../app/i18n/en.js')).default;
    expect(en.payment.title).toBe('Payment Required');
    expect(en.payment.errors.timeout).toBe('Payment status check timed out. Please verify your payment.');
    expect(en.payment.errors.failedOrExpired).toBe('Payment failed or expired');
    expect(t('payment.pay', { amount: '$3' })).toBe('Pay $3');
    expect(t('payment.payWithCredits', { balance: '$5' })).toBe('Pay with video credits ($5)');
    expect(en.projects.video).toEqual({
      awaitingPayment: 'Video awaiting payment',
      pay: 'Pay for video',
      queued: 'Video queued for rendering',
      rendering: 'Rendering video',
      ready: 'Video ready to download',
      failed: 'Video failed — payment refunded',
    });
  });
});

describe('the card video state', () => {
  it('maps video_status onto what the card shows', () => {
    expect(videoCardState({ video_status: 'payment_required' })).toEqual({ kind: 'awaitingPayment' });
    expect(videoCardState({ video_status: 'queued', video_progress: 0 })).toEqual({ kind: 'rendering', status: 'queued', progress: 0 });
    expect(videoCardState({ video_status: 'rendering', video_progress: 42.6 })).toEqual({ kind: 'rendering', status: 'rendering', progress: 43 });
    expect(videoCardState({ video_status: 'rendering', video_progress: 140 })).toMatchObject({ progress: 100 });
    expect(videoCardState({ video_status: 'rendering' })).toMatchObject({ progress: 0 });
    expect(videoCardState({ video_status: 'failed' })).toEqual({ kind: 'failed' });
    expect(videoCardState({ video_status: 'ready' })).toEqual({ kind: 'ready' });
    for (const none of ['', undefined, 'something_new']) expect(videoCardState({ video_status: none })).toBeNull();
  });

  it('applies the live video.status_changed event', () => {
    const project = projectFixture({ id: 'p1', visual_format: 'mp4', video_status: 'payment_required', video_progress: 0 });
    expect(applyVideoStatusChange(project, { project_id: 'p1', video_status: 'rendering', video_progress: 30 })).toMatchObject({
      video_status: 'rendering',
      video_progress: 30,
      title: project.title,
    });
    expect(applyVideoStatusChange({ ...project, video_progress: 55 }, { project_id: 'p1', video_status: 'rendering' })).toMatchObject({ video_progress: 55 });
    // A translation's video (the event names its language) is not the card's.
    expect(applyVideoStatusChange(project, { project_id: 'p1', video_status: 'ready', video_progress: 100, language: 'es' })).toBe(project);
    expect(applyVideoStatusChange(project, { project_id: 'p1', video_status: 'ready', video_progress: null })).toMatchObject({ video_progress: 100 });
  });

  it('keeps a video state heard live when a list read answers without it (the project service has not stored it yet)', () => {
    const completed = projectFixture({ id: 'p1', visual_format: 'mp4', video_status: '', content_version: 3 });
    const other = projectFixture({ id: 'p2', visual_format: 'mp4', video_status: '', content_version: 1 });
    const heard = new Map([['p1', { project_id: 'p1', video_status: 'payment_required', content_version: 3 }]]);
    const [filled, untouched] = withHeardVideoStates([completed, other], heard);
    expect(filled).toMatchObject({ id: 'p1', video_status: 'payment_required' });
    expect(untouched).toBe(other);
    // The server's own state wins when it has one; an edit since (a newer version) drops what was heard.
    const stored = { ...completed, video_status: 'queued' };
    expect(withHeardVideoStates([stored], heard)[0]).toBe(stored);
    const edited = { ...completed, content_version: 4 };
    expect(withHeardVideoStates([edited], heard)[0]).toBe(edited);
  });

  it("keeps a failed video's reason by its message id, shown in the interface language, until the next status", () => {
    const project = projectFixture({ id: 'p1', visual_format: 'mp4', video_status: 'rendering', video_progress: 40 });
    const failed = applyVideoStatusChange(project, { project_id: 'p1', video_status: 'failed', error: VIDEO_MESSAGES.changed, error_message_id: 'video.changed', error_params: [] });
    expect(failed).toMatchObject({ video_status: 'failed', video_error: VIDEO_MESSAGES.changed, video_error_message_id: 'video.changed', video_error_params: [] });
    const fr = i18nInstance.getFixedT('fr') as TFunction;
    expect(storedFailureText(videoFailureOf(failed), fr)).toBe(fr('serverMessages.video.changed'));
    expect(storedFailureText(videoFailureOf(failed), fr)).not.toBe(VIDEO_MESSAGES.changed);
    // A payment made again: the reason goes.
    const queued = applyVideoStatusChange(failed, { project_id: 'p1', video_status: 'queued' });
    expect(queued).toMatchObject({ video_error: null, video_error_message_id: undefined });
    expect(storedFailureText(videoFailureOf(queued), fr)).toBeNull();
  });
});

describe('downloads of a video not paid for', () => {
  it('opens the payment for a video format of a project awaiting payment', () => {
    const awaiting = { video_status: 'payment_required' };
    expect(videoNeedsPayment(awaiting, 'mp4')).toBe(true);
    expect(videoNeedsPayment(awaiting, 'mov')).toBe(true);
    expect(videoNeedsPayment(awaiting, 'pdf')).toBe(false);
    expect(videoNeedsPayment({ video_status: 'rendering' }, 'mp4')).toBe(false);
    expect(videoNeedsPayment({ video_status: '' }, 'mp4')).toBe(false);
  });

  it('recognises the 402 PAYMENT_REQUIRED answer', () => {
    expect(isPaymentRequiredError(new ApiError(402, 'PAYMENT_REQUIRED', 'Pay first'))).toBe(true);
    expect(isPaymentRequiredError(new ApiError(409, 'CONFLICT', 'Rendering'))).toBe(false);
    expect(isPaymentRequiredError(new Error('x'))).toBe(false);
  });
});

describe('the billing calls of the dialog', () => {
  const original = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = original;
  });

  it('estimate: POST with the project in the query; confirm: the payment request', async () => {
    const seen: { url: string; method: string; body: unknown }[] = [];
    globalThis.fetch = jest.fn(async (input: unknown, init?: RequestInit) => {
      seen.push({ url: String(input), method: init?.method ?? 'GET', body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const body = String(input).includes('estimate') ? estimate() : { checkout_url: '/checkout/cs_1', session_id: 'cs_1' };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }) as unknown as typeof fetch;

    await expect(billingApi.videoEstimate('p 1')).resolves.toEqual(estimate());
    await expect(
      billingApi.confirmVideo({ project_id: 'p 1', billing_type: 'video_generation', estimated_duration_minutes: 1, format: 'mov', use_credits: true }),
    ).resolves.toEqual({ checkout_url: '/checkout/cs_1', session_id: 'cs_1' });
    expect(seen[0]).toMatchObject({ url: '/api/billing/video-estimate?project_id=p%201', method: 'POST' });
    expect(seen[1]).toMatchObject({
      url: '/api/billing/confirm',
      method: 'POST',
      body: { project_id: 'p 1', billing_type: 'video_generation', estimated_duration_minutes: 1, format: 'mov', use_credits: true },
    });
  });
});

describe("a translation's video in the Payment Required dialog", () => {
  const original = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = original;
  });

  it("names the language, in each interface language, and the project's own video names none", async () => {
    const i18n = (await import('../app/i18n/index.js')).default;
    const en = i18n.getFixedT('en') as TFunction;
    expect(paymentIntroText(en, 'mp4', 'es', 'en')).toBe('The narrated video in Spanish (Video (MP4)) is paid for on its own, at its own price: it is charged per minute of the Spanish narration. Review the estimate, then pay to start rendering it.');
    expect(paymentIntroText(i18n.getFixedT('es') as TFunction, 'mp4', 'fr', 'es')).toContain('en francés');
    expect(paymentIntroText(i18n.getFixedT('fr') as TFunction, 'mov', 'es', 'fr')).toContain('en espagnol');
    expect(paymentIntroText(en, 'mp4', '', 'en')).toBe(en('payment.intro', { format: en('downloads.formats.mp4') }));
    // The download dialog's language: the project's own is '' (its own video), another is the translation's.
    expect(paymentLanguageOf('en', 'en')).toBe('');
    expect(paymentLanguageOf('es', 'en')).toBe('es');
  });

  it("asks the estimate and pays for that language's video", async () => {
    const seen: { url: string; body: unknown }[] = [];
    globalThis.fetch = jest.fn(async (input: unknown, init?: RequestInit) => {
      seen.push({ url: String(input), body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const body = String(input).includes('estimate') ? estimate() : { checkout_url: '/checkout/cs_2', session_id: 'cs_2' };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }) as unknown as typeof fetch;
    await billingApi.videoEstimate('p1', 'es');
    await billingApi.confirmVideo({ project_id: 'p1', billing_type: 'video_generation', estimated_duration_minutes: 2, format: 'mp4', language: 'es' });
    await billingApi.videoEstimate('p1', '');
    expect(seen[0]!.url).toBe('/api/billing/video-estimate?project_id=p1&language=es');
    expect(seen[1]!.body).toMatchObject({ project_id: 'p1', language: 'es' });
    expect(seen[2]!.url).toBe('/api/billing/video-estimate?project_id=p1');
  });
});

describe('the card video state, rendered', () => {
  it('names the badge, the Pay for video button and the rendering progress bar', async () => {
    const React = (await import('react')).default;
    (globalThis as { React?: unknown }).React = React; // the swc transform's classic JSX runtime
    const { renderToStaticMarkup } = await import('react-dom/server');
    const { VideoState } = await import('../app/components/projects/ProjectCard.js');
    const render = (video_status: string, video_progress = 0) =>
      renderToStaticMarkup(React.createElement(VideoState, { project: projectFixture({ visual_format: 'mp4', video_status, video_progress }), onPay: () => undefined }));

    const awaiting = render('payment_required');
    expect(awaiting).toContain('Video awaiting payment');
    expect(awaiting).toMatch(/<button[^>]*>Pay for video<\/button>/);
    const rendering = render('rendering', 40);
    expect(rendering).toContain('Rendering video');
    expect(rendering).toMatch(/role="progressbar" aria-label="Rendering video" aria-valuemin="0" aria-valuemax="100" aria-valuenow="40"/);
    expect(render('queued')).toContain('aria-valuenow="0"');
    expect(render('failed')).toContain('Video failed — payment refunded');
    expect(render('')).toBe('');
  });

  it('follows the paid render on the card from the live events: queued, its progress, then ready', async () => {
    const React = (await import('react')).default;
    (globalThis as { React?: unknown }).React = React;
    const { renderToStaticMarkup } = await import('react-dom/server');
    const { VideoState } = await import('../app/components/projects/ProjectCard.js');
    const card = (project: ReturnType<typeof projectFixture>) => renderToStaticMarkup(React.createElement(VideoState, { project, onPay: () => undefined }));
    // The card as listed when the payment was made, then the events of GET /api/events.
    let project = projectFixture({ id: 'p1', visual_format: 'mp4', content_version: 2, video_status: 'payment_required', video_progress: 0 });
    project = applyVideoStatusChange(project, { project_id: 'p1', video_status: 'queued', video_progress: 0, content_version: 2 });
    expect(card(project)).toContain('Video queued for rendering');
    expect(card(project)).toContain('aria-valuenow="0"');
    project = applyVideoStatusChange(project, { project_id: 'p1', video_status: 'rendering', video_progress: 65, content_version: 2 });
    expect(card(project)).toMatch(/aria-label="Rendering video"[^>]*aria-valuenow="65"/);
    project = applyVideoStatusChange(project, { project_id: 'p1', video_status: 'ready', video_progress: 100, content_version: 2 });
    const ready = card(project);
    expect(ready).toContain('data-video-status="ready"');
    expect(ready).toContain('Video ready to download');
  });
});
