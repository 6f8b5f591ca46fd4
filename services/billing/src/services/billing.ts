// The billing operations bound to their deps: what the gRPC handlers, the event consumer, the job
// and tests call.
import { openAccountForRegisteredUser, getSubscription, grantPlan } from './accounts.js';
import { buyAddOn, cancelAddOn, previewAddOn } from './add-ons.js';
import { completeLocalCheckout, getLocalCheckout } from './checkouts.js';
import { runMaintenance } from './maintenance.js';
import { buyCredits, getCheckoutStatus, listPayments, openPortal } from './payments.js';
import { changePlan, previewPlanChange, setCancelAtPeriodEnd } from './plans.js';
import type { BillingDeps } from './stores.js';
import { applyVideoStatus, confirmVideoPayment, estimateVideo } from './videos.js';
import { handleHttpWebhook, handleWebhook } from './webhooks.js';

type Bound<F> = F extends (deps: BillingDeps, ...args: infer A) => infer R ? (...args: A) => R : never;
const bind = <F extends (deps: BillingDeps, ...args: never[]) => unknown>(deps: BillingDeps, fn: F) => ((...args: never[]) => fn(deps, ...args)) as Bound<F>;

export function createBillingOperations(deps: BillingDeps) {
  return {
    deps,
    openAccountForRegisteredUser: bind(deps, openAccountForRegisteredUser),
    getSubscription: bind(deps, getSubscription),
    grantPlan: bind(deps, grantPlan),
    changePlan: bind(deps, changePlan),
    previewPlanChange: bind(deps, previewPlanChange),
    setCancelAtPeriodEnd: bind(deps, setCancelAtPeriodEnd),
    previewAddOn: bind(deps, previewAddOn),
    buyAddOn: bind(deps, buyAddOn),
    cancelAddOn: bind(deps, cancelAddOn),
    buyCredits: bind(deps, buyCredits),
    listPayments: bind(deps, listPayments),
    getCheckoutStatus: bind(deps, getCheckoutStatus),
    openPortal: bind(deps, openPortal),
    handleWebhook: bind(deps, handleWebhook),
    handleHttpWebhook: bind(deps, handleHttpWebhook),
    getLocalCheckout: bind(deps, getLocalCheckout),
    completeLocalCheckout: bind(deps, completeLocalCheckout),
    runMaintenance: bind(deps, runMaintenance),
    estimateVideo: bind(deps, estimateVideo),
    confirmVideoPayment: bind(deps, confirmVideoPayment),
    applyVideoStatus: bind(deps, applyVideoStatus),
  };
}

export type BillingOperations = ReturnType<typeof createBillingOperations>;
