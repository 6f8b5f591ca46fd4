// Pay-per-use narrated video: the estimate (the narration's length from media-render at the plan
// owner's rate; a translation's video: that language's narration), its payment (a checkout, or from the caller's video credits in one transaction),
// and the render's outcome (rendered, or refunded once when it failed for good).
import { randomUUID } from 'node:crypto';
import {
  BILLING_MESSAGES,
  TIER_IDS,
  catalogueMessage,
  languageNames,
  upgradeRequiredMessage,
  videoCostCents,
  type TierId,
  type VideoCost,
} from '@trainwright/catalogue';
import { AppError } from '@trainwright/platform';
import { commitAccountChange } from './account-state.js';
import { ensureAccount } from './accounts.js';
import { checkoutIdempotencyKey, openCheckout, returnBase } from './checkouts.js';
import { billingEvents } from '../events.js';
import { PaymentAlreadyRefundedError, type CheckoutLineItem } from './provider.js';
import type { BillingDeps, NarrationEstimate, VideoPaymentRecord } from './deps.js';
import { videoRefundKey } from './webhooks.js';

export const VIDEO_BILLING_TYPE = 'video_generation';
export const VIDEO_FORMATS = ['mp4', 'mov'] as const;
export const VIDEO_REF = 'video';

export interface VideoEstimateView {
  totalCost: number;
  totalCostCents: number;
  totalEstimatedMinutes: number;
  ratePerMinute: number;
  slidesCount: number;
  voiceEnabled: boolean;
  /** Seconds per slide on average. */
  estimatedDurationPerSlide: number;
  fromNarration: boolean;
  creditBalanceCents: number;
}

interface PricedVideo {
  narration: NarrationEstimate;
  cost: VideoCost;
}

/**
 * The narrated video of the project in `language` ('' its own, else a completed translation's:
 * media-render times that language's narration, NOT_FOUND when there is none) priced on the
 * server (never from the client's numbers).
 */
async function priceVideo(deps: BillingDeps, userId: string, projectId: string, language: string): Promise<PricedVideo> {
  if (!projectId) throw AppError.validation('project_id', 'Choose a project.');
  const narration = await deps.media.estimateNarration(userId, projectId, language);
  if (!(VIDEO_FORMATS as readonly string[]).includes(narration.visualFormat)) {
    throw AppError.validation('project_id', catalogueMessage(BILLING_MESSAGES, 'videoNotNarrated', narration.visualFormat));
  }
  const tier: TierId = (TIER_IDS as readonly string[]).includes(narration.ownerTier) ? (narration.ownerTier as TierId) : 'free-trial';
  const cost = videoCostCents(tier, narration.hasNarration ? narration.totalSeconds : null);
  if (!cost) throw new AppError('FEATURE_NOT_AVAILABLE', upgradeRequiredMessage('videoGeneration'));
  return { narration, cost };
}

function perSlide({ narration, cost }: PricedVideo): number {
  if (narration.slidesCount <= 0) return 0;
  const seconds = cost.fromNarration ? narration.totalSeconds : cost.minutes * 60;
  return Math.round((seconds / narration.slidesCount) * 10) / 10;
}

export async function estimateVideo(deps: BillingDeps, input: { userId: string; projectId: string; language?: string }): Promise<VideoEstimateView> {
  const priced = await priceVideo(deps, input.userId, input.projectId, input.language ?? '');
  const account = await ensureAccount(deps, input.userId);
  const { cost, narration } = priced;
  return {
    totalCost: cost.totalCents / 100,
    totalCostCents: cost.totalCents,
    totalEstimatedMinutes: cost.minutes,
    ratePerMinute: cost.ratePerMinute,
    slidesCount: narration.slidesCount,
    voiceEnabled: narration.voiceEnabled,
    estimatedDurationPerSlide: perSlide(priced),
    fromNarration: cost.fromNarration,
    creditBalanceCents: account.creditBalanceCents,
  };
}

export interface ConfirmVideoInput {
  userId: string;
  projectId: string;
  billingType: string;
  /** What the dialog showed; the amount is computed again here. */
  estimatedDurationMinutes: number;
  format: string;
  returnUrlBase: string;
  idempotencyKey: string;
  useCredits: boolean;
  /** '' (or absent) the project's own video, else a translation's: each language is paid on its own. */
  language?: string;
}

/** What the line item and the history call the video ('' the project's own, else "in Spanish"). */
function videoDescription(cost: VideoCost, language: string): string {
  return BILLING_MESSAGES.videoLineItem(cost.minutes, cost.ratePerMinute, language ? languageNames(language).name : undefined);
}

export function videoLineItem(cost: VideoCost, language = ''): CheckoutLineItem {
  return { ref: VIDEO_REF, description: videoDescription(cost, language), unitAmountCents: cost.totalCents, quantity: 1, interval: null };
}

export async function confirmVideoPayment(deps: BillingDeps, input: ConfirmVideoInput): Promise<{ checkoutUrl: string; sessionId: string }> {
  if (input.billingType !== VIDEO_BILLING_TYPE) throw AppError.validation('billing_type', catalogueMessage(BILLING_MESSAGES, 'videoBillingType', input.billingType));
  if (!(VIDEO_FORMATS as readonly string[]).includes(input.format)) throw AppError.validation('format', catalogueMessage(BILLING_MESSAGES, 'videoFormat', input.format));
  const base = returnBase(input.returnUrlBase);
  const language = input.language ?? '';
  const { cost, narration } = await priceVideo(deps, input.userId, input.projectId, language);
  // The fallback estimate prices a video whose length nobody knows yet: it is shown, never charged.
  if (!narration.hasNarration) throw AppError.validation('project_id', catalogueMessage(BILLING_MESSAGES, 'videoNarrationNotReady'));
  const account = await ensureAccount(deps, input.userId);
  const version = narration.contentVersion;
  // The intent is the language's video of the project's version at this price: an edit or a
  // changed narration is a new intent, and so is another language's video of the same version.
  const itemKey = `video:${input.projectId}:${language ? `${language}:` : ''}v${version}:${cost.totalCents}`;
  if (input.useCredits) return payWithCredits(deps, { ...input, language, returnUrlBase: base }, cost, itemKey, version);
  if (await deps.store.findPaidVideo(input.projectId, version, language)) throw new AppError('CONFLICT', catalogueMessage(BILLING_MESSAGES, 'videoAlreadyPaid'));
  const session = await openCheckout(deps, account, {
    purpose: 'video',
    mode: 'payment',
    itemKey,
    lineItems: [videoLineItem(cost, language)],
    projectId: input.projectId,
    contentVersion: version,
    language,
    returnUrlBase: base,
    clientKey: input.idempotencyKey,
  });
  return { checkoutUrl: session.url, sessionId: session.id };
}

/**
 * Pays from the credit balance in one transaction: a session of billing's own (complete, paid),
 * the debit, the payment, the video's row, payment.succeeded and the account change. The answer
 * sends the browser to the same success page a checkout returns to.
 */
async function payWithCredits(deps: BillingDeps, input: ConfirmVideoInput & { language: string }, cost: VideoCost, itemKey: string, version: number): Promise<{ checkoutUrl: string; sessionId: string }> {
  const now = deps.clock();
  const { language } = input;
  const description = videoDescription(cost, language);
  const sessionId = `cs_credits_${randomUUID()}`;
  let idempotencyKey = checkoutIdempotencyKey(input.userId, 'video', `${itemKey}:credits`, input.idempotencyKey, now);
  const urlOf = (id: string) => `${input.returnUrlBase}/billing-success?session_id=${id}`;
  const known = await deps.store.findCheckoutByKey(idempotencyKey);
  if (known) {
    // A repeated request (a double click) answers the session it paid while that video is still
    // paid; after a refund (the render failed) the same request pays anew.
    const paid = await deps.store.findPaidVideo(input.projectId, version, language);
    if (known.userId === input.userId && paid?.providerRef === `credits:${known.id}`) return { checkoutUrl: known.url, sessionId: known.id };
    idempotencyKey = `${idempotencyKey}:${sessionId}`;
  }
  const checkoutUrl = urlOf(sessionId);
  await deps.store.transaction(async (tx) => {
    const before = await tx.lockAccount(input.userId);
    if (!before) throw AppError.notFound();
    if (await tx.findPaidVideo(input.projectId, version, language)) throw new AppError('CONFLICT', catalogueMessage(BILLING_MESSAGES, 'videoAlreadyPaid'));
    if (before.creditBalanceCents < cost.totalCents) {
      throw AppError.validation('use_credits', catalogueMessage(BILLING_MESSAGES, 'videoCreditsShort', before.creditBalanceCents, cost.totalCents));
    }
    await tx.insertCheckout({
      id: sessionId,
      userId: input.userId,
      purpose: 'video',
      mode: 'payment',
      itemKey,
      tier: null,
      interval: null,
      addOn: null,
      credits: null,
      projectId: input.projectId,
      contentVersion: version,
      language,
      amountCents: cost.totalCents,
      status: 'complete',
      paymentStatus: 'paid',
      url: checkoutUrl,
      idempotencyKey,
    });
    const ref = `credits:${sessionId}`;
    await tx.addCreditEntry({ userId: input.userId, amountCents: -cost.totalCents, reason: description, ref: `video:${sessionId}` });
    const payment = await tx.upsertPayment({
      userId: input.userId,
      kind: 'video',
      description: `${description}, paid with video credits`,
      amountCents: cost.totalCents,
      currency: 'usd',
      status: 'succeeded',
      providerRef: ref,
      invoiceUrl: '',
      projectId: input.projectId,
      createdAt: now,
    });
    if (!(await tx.insertVideoPayment({ paymentId: payment.id, projectId: input.projectId, userId: input.userId, amountCents: cost.totalCents, paidWith: 'credits', providerRef: ref, contentVersion: version, language }))) {
      throw new AppError('CONFLICT', catalogueMessage(BILLING_MESSAGES, 'videoAlreadyPaid'));
    }
    await tx.enqueue([billingEvents.payment(true, { userId: input.userId, paymentId: payment.id, kind: 'video', amountCents: cost.totalCents, projectId: input.projectId, contentVersion: version, language }, now)]);
    await commitAccountChange(tx, deps, before);
  });
  return { checkoutUrl, sessionId };
}

/**
 * Refunds a card video at the provider. A provider that says the charge is refunded already
 * (a refund made before, by us or by hand) is done: the payment is marked refunded, not retried
 * for ever. A row of before payment intents were required names its checkout session: the
 * session's payment intent is read back.
 */
async function refundCardVideo(deps: BillingDeps, video: VideoPaymentRecord): Promise<void> {
  let paymentIntentId = video.providerRef;
  if (paymentIntentId.startsWith('cs_')) {
    const session = await deps.provider.retrieveCheckoutSession(paymentIntentId);
    if (session?.paymentIntentId) paymentIntentId = session.paymentIntentId;
  }
  try {
    await deps.provider.refundPayment(paymentIntentId, videoRefundKey(video.paymentId));
  } catch (error) {
    if (!(error instanceof PaymentAlreadyRefundedError)) throw error;
    deps.logger?.warn({ paymentId: video.paymentId, paymentIntentId }, 'video refund: the provider says the payment is already refunded; marked refunded');
  }
}

export type VideoOutcome = 'rendered' | 'refunded' | 'ignored' | 'duplicate';

/**
 * video.status_changed of a paid render: 'ready' marks it rendered; 'failed' (for good) refunds it
 * once: by card through the provider (one idempotency key per payment), by credits with a credit
 * entry back. Applied once per event; a payment no longer 'paid' changes no more.
 */
export async function applyVideoStatus(deps: BillingDeps, input: { eventId: string; paymentId: string; status: string }): Promise<VideoOutcome> {
  if (!input.paymentId || (input.status !== 'ready' && input.status !== 'failed')) return 'ignored';
  const video = await deps.store.findVideoPayment(input.paymentId);
  if (!video || video.status !== 'paid') return 'ignored';
  // The provider first (outside the transaction; a throw redelivers the event): Stripe's
  // idempotency key makes a second call a replay, never a second refund.
  if (input.status === 'failed' && video.paidWith === 'card') await refundCardVideo(deps, video);
  return deps.store.transaction(async (tx) => {
    if (!(await tx.markEventApplied(input.eventId))) return 'duplicate';
    const before = await tx.lockAccount(video.userId);
    const locked = await tx.lockVideoPayment(input.paymentId);
    if (!before || !locked || locked.status !== 'paid') return 'ignored';
    if (input.status === 'ready') {
      await tx.setVideoPaymentStatus(locked.paymentId, 'rendered');
      return 'rendered';
    }
    await tx.setVideoPaymentStatus(locked.paymentId, 'refunded');
    await tx.setPaymentStatus(locked.paymentId, 'refunded');
    if (locked.paidWith === 'credits') {
      await tx.addCreditEntry({ userId: locked.userId, amountCents: locked.amountCents, reason: 'Refund: the narrated video failed to render', ref: `refund:${locked.paymentId}` });
      await commitAccountChange(tx, deps, before);
    }
    return 'refunded';
  });
}
