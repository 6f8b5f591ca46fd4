// What the billing page posts to its action (one `intent` per change) and what the action answers.
import type { AddOnId } from '@trainwright/catalogue';
import type { ActionFailure } from './action-failure';
import type { BillingInterval, BillingSubscription, ChargePreview, CheckoutStart, CreditsCheckout, PaidTierId, PlanChangeConfirmation } from './billing';

/** `origin_url`: where a checkout comes back to (the browser's origin). */
export type BillingRequest =
  /** A plan chosen on its card: previewed, then made (from the trial: to checkout) or confirmed first. */
  | { intent: 'upgrade'; tier: PaidTierId; interval: BillingInterval; origin_url?: string }
  /** A plan change confirmed (with the amount shown, when it is charged at once), or a downgrade. */
  | { intent: 'change-plan'; tier: PaidTierId; interval: BillingInterval; confirmed?: PlanChangeConfirmation; origin_url?: string }
  | { intent: 'preview-add-on'; add_on: AddOnId }
  | { intent: 'buy-add-on'; add_on: AddOnId; confirmed: PlanChangeConfirmation; origin_url?: string }
  | { intent: 'cancel-add-on'; add_on: AddOnId }
  /** true: cancel at the end of the period; false: resume. */
  | { intent: 'cancel'; cancel: boolean }
  | { intent: 'credits'; credits: number; origin_url?: string }
  | { intent: 'portal'; origin_url?: string };

export type BillingIntent = BillingRequest['intent'];

export type BillingOutcome =
  /** A charge to confirm (`changed`: the amount shown before is no longer the one charged). */
  | { kind: 'confirm'; charge: ChargePreview; changed?: boolean }
  /** A plan changed or an add-on bought; `checkout.checkout_url`: pay there first. */
  | { kind: 'changed'; checkout: CheckoutStart }
  | { kind: 'subscription'; subscription: BillingSubscription }
  | { kind: 'credits'; checkout: CreditsCheckout }
  | { kind: 'portal'; url: string }
  /** Refused by the server, or no answer in time (status null). */
  | { kind: 'failed'; failure: ActionFailure };

export type BillingAnswer = BillingOutcome & { request: BillingRequest | null };

/** Which control a running request belongs to (its spinner; every other control waits). */
export function busyKeyOf(request: BillingRequest): string {
  switch (request.intent) {
    case 'upgrade':
    case 'change-plan':
      return `plan:${request.tier}`;
    case 'preview-add-on':
    case 'buy-add-on':
    case 'cancel-add-on':
      return `addon:${request.add_on}`;
    case 'cancel':
      return request.cancel ? 'cancel' : 'resume';
    case 'credits':
      return 'credits';
    case 'portal':
      return 'portal';
  }
}

/** The failure text's fallback for each intent. */
export function failureKeyOf(intent: BillingIntent): string {
  if (intent === 'preview-add-on' || intent === 'buy-add-on' || intent === 'cancel-add-on') return 'billing.addOnFailed';
  if (intent === 'credits') return 'billing.creditsFailed';
  if (intent === 'portal') return 'billing.portalFailed';
  return 'billing.changeFailed';
}

/** Answers that change nothing: the page's data need not be read again. */
export function changesNothing(answer: BillingAnswer | undefined): boolean {
  return answer !== undefined && (answer.kind === 'confirm' || answer.kind === 'portal' || answer.kind === 'failed');
}
