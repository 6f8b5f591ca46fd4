// The billing page's action: every billing change, named by `intent`, made through the gateway
// with the browser's session. A change charged at once is previewed first and answered for
// confirmation (`confirm`); confirmed with an amount the server no longer charges (409), the new
// amount is answered to confirm instead. After a change the page's loader runs again (Remix
// revalidation), so the plan, usage and payments shown are the server's.
import { data, type ActionFunctionArgs } from '@remix-run/node';
import { actionCalls, failureOf } from './action-calls.server';
import {
  billingWrites,
  chargeAsShown,
  upgradeCharge,
  type BillingSubscription,
  type BillingWrite,
  type ChargePreview,
  type CheckoutStart,
  type CreditsCheckout,
  type PlanChangeConfirmation,
  type PlanChangePreview,
} from './lib/billing';
import type { BillingAnswer, BillingOutcome, BillingRequest } from './lib/billing-intents';

/** Billing changes may take a payment provider's round trip. */
const BILLING_WRITE_TIMEOUT_MS = 30_000;

const UNKNOWN_INTENT: BillingOutcome = { kind: 'failed', failure: { status: 400, body: { code: 'INVALID_INTENT', message: 'Unknown intent' } } };

export async function billingAction(args: ActionFunctionArgs) {
  const request = (await args.request.json().catch(() => null)) as BillingRequest | null;
  const calls = actionCalls(args, { timeoutMs: BILLING_WRITE_TIMEOUT_MS });
  const call = <T>(write: BillingWrite) => calls.call<T>(write);
  const charge = async (
    make: (confirmed: PlanChangeConfirmation) => Promise<CheckoutStart>,
    shown: PlanChangeConfirmation,
    previewAgain: () => Promise<ChargePreview | null>,
  ): Promise<BillingOutcome> => {
    const outcome = await chargeAsShown(shown, make, previewAgain);
    return outcome.kind === 'charged' ? { kind: 'changed', checkout: outcome.result } : { kind: 'confirm', charge: outcome.preview, changed: true };
  };

  const answer = async (req: BillingRequest): Promise<BillingOutcome> => {
    switch (req.intent) {
      case 'upgrade': {
        // From the trial the checkout page shows the amount and asks; a paid plan's upgrade is charged at once.
        const preview = upgradeCharge(await call<PlanChangePreview>(billingWrites.previewPlanChange(req.tier, req.interval)));
        if (preview) return { kind: 'confirm', charge: preview };
        return { kind: 'changed', checkout: await call<CheckoutStart>(billingWrites.upgrade(req.tier, req.interval, req.origin_url)) };
      }
      case 'change-plan': {
        const make = (confirmed?: PlanChangeConfirmation) => call<CheckoutStart>(billingWrites.upgrade(req.tier, req.interval, req.origin_url, confirmed));
        if (!req.confirmed) return { kind: 'changed', checkout: await make() };
        return charge(make, req.confirmed, async () => upgradeCharge(await call<PlanChangePreview>(billingWrites.previewPlanChange(req.tier, req.interval))));
      }
      case 'preview-add-on':
        return { kind: 'confirm', charge: await call<ChargePreview>(billingWrites.previewAddOn(req.add_on)) };
      case 'buy-add-on':
        return charge(
          (confirmed) => call<CheckoutStart>(billingWrites.buyAddOn(req.add_on, confirmed, req.origin_url)),
          req.confirmed,
          () => call<ChargePreview>(billingWrites.previewAddOn(req.add_on)),
        );
      case 'cancel-add-on':
        return { kind: 'subscription', subscription: await call<BillingSubscription>(billingWrites.cancelAddOn(req.add_on)) };
      case 'cancel':
        return { kind: 'subscription', subscription: await call<BillingSubscription>(billingWrites.setCancelAtPeriodEnd(req.cancel)) };
      case 'credits':
        return { kind: 'credits', checkout: await call<CreditsCheckout>(billingWrites.buyCredits(req.credits, req.origin_url)) };
      case 'portal':
        return { kind: 'portal', url: (await call<{ url: string }>(billingWrites.portal(req.origin_url))).url };
      default:
        return UNKNOWN_INTENT;
    }
  };

  let outcome: BillingOutcome;
  if (!request || typeof request.intent !== 'string') {
    outcome = UNKNOWN_INTENT;
  } else {
    try {
      outcome = await answer(request);
    } catch (err) {
      outcome = { kind: 'failed', failure: failureOf(err) };
    }
  }
  const result: BillingAnswer = { ...outcome, request };
  return data(result, { headers: calls.headers() });
}
