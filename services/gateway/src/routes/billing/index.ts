// Billing: the plan (upgrade, downgrade, cancel), add-ons, video credits, payments, the checkout's
// outcome, 'Manage Billing', the local test checkout page's calls and the provider's webhook.
// Every call goes to the billing service; the gateway only checks where a checkout may return.
import type { GatewayContext } from '../../context.js';
import { addOnRoutes } from './add-ons.js';
import { checkoutRoutes } from './checkout.js';
import { creditsRoute } from './credits.js';
import { paymentsRoute } from './payments.js';
import { currentPlanRoutes } from './plan.js';
import { ownOriginsOf, type BillingRouteContext } from './return-url.js';
import { usageRoute } from './usage.js';
import { videoPaymentRoutes } from './video-payment.js';
import { webhookRoute } from './webhook.js';

export function billingRoutes(ctx: GatewayContext) {
  const billing: BillingRouteContext = { ...ctx, ownOrigins: ownOriginsOf(ctx.config) };
  currentPlanRoutes(billing);
  usageRoute(billing);
  paymentsRoute(billing);
  addOnRoutes(billing);
  creditsRoute(billing);
  checkoutRoutes(billing);
  videoPaymentRoutes(billing);
  webhookRoute(billing);
}
