// The subscription as billing's answers carry it, and a plan change's answer (a checkout to follow,
// or the changed subscription with the user it applies to).
import { Type } from 'typebox';
import type { BillingSubscription } from '@trainwright/proto/trainwright/billing/v1/billing';
import type { ServiceClients } from '../../clients.js';
import { Int32, User } from '../../schemas/common.js';
import { userJson } from '../../schemas/mappers.js';
import type { SignedIn } from '../../lib/signed-in.js';

export const Subscription = Type.Object({
  tier: Type.String(),
  interval: Type.String(),
  status: Type.String(),
  current_period_start: Type.String(),
  current_period_end: Type.String(),
  cancel_at_period_end: Type.Boolean(),
  scheduled_tier: Type.String(),
  add_ons: Type.Array(Type.String()),
  credit_balance_cents: Type.Integer(),
  effective_tier: Type.String(),
  provider: Type.String(),
  grace_ends_at: Type.String(),
});

export const PlanChange = Type.Object({
  checkout_url: Type.Union([Type.String(), Type.Null()]),
  session_id: Type.Union([Type.String(), Type.Null()]),
  subscription: Subscription,
  user: User,
});

export const Checkout = Type.Object({ checkout_url: Type.String(), session_id: Type.String() });

export const OriginUrl = Type.Optional(Type.String({ maxLength: 2048 }));

/** A charge made at once (an upgrade of a live plan, an add-on): only with what its preview answered. */
export const ConfirmedCharge = {
  confirm_amount_cents: Type.Optional(Int32({ minimum: 0, maximum: 100_000_000 })),
  // A Unix time in seconds from a preview of the last hour: int32 holds it (until 2038).
  proration_date: Type.Optional(Int32({ minimum: 1 })),
};

export const subscriptionJson = (s: BillingSubscription) => ({
  tier: s.tier,
  interval: s.interval,
  status: s.status,
  current_period_start: s.currentPeriodStart,
  current_period_end: s.currentPeriodEnd,
  cancel_at_period_end: s.cancelAtPeriodEnd,
  scheduled_tier: s.scheduledTier,
  add_ons: s.addOns,
  credit_balance_cents: Number(s.creditBalanceCents),
  effective_tier: s.effectiveTier,
  provider: s.provider,
  grace_ends_at: s.graceEndsAt,
});

/** A plan change's answer; the subscription is read anew when billing's answer has none. */
export async function planChangeJson(
  clients: ServiceClients,
  { userId, call }: SignedIn,
  r: { checkoutUrl: string; sessionId: string; subscription?: BillingSubscription },
) {
  const [user, subscription] = await Promise.all([
    clients.auth.getMe({ userId }, call),
    r.subscription ? Promise.resolve(r.subscription) : clients.billing.getSubscription({ userId }, call),
  ]);
  return { checkout_url: r.checkoutUrl || null, session_id: r.sessionId || null, subscription: subscriptionJson(subscription), user: userJson(user) };
}
