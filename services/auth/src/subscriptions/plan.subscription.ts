// The account's plan follows billing's facts: auth keeps the effective tier, add-ons and credit
// balance where limits are read (GetMe, GetMembership, ListCompanies).
import { ADD_ON_IDS, isTierId, type AddOnId } from '@trainwright/catalogue';
import type { Subscription } from '@trainwright/platform';
import { SubscriptionChanged } from '@trainwright/proto/trainwright/events/v1/events';
import { applyPlan } from '../services/accounts/apply-plan.js';
import type { AuthDeps } from '../services/accounts/deps.js';

const isAddOnId = (id: string): id is AddOnId => (ADD_ON_IDS as readonly string[]).includes(id);

export function planSubscription(deps: AuthDeps): Subscription {
  return {
    name: 'auth-plan',
    subject: 'subscription.changed',
    handle: async (event) => {
      const e = SubscriptionChanged.decode(event.data);
      // An event naming no known tier is not ours to apply (it would leave the account unusable).
      if (!isTierId(e.tier)) return;
      await applyPlan(deps, event.id, { userId: e.userId, tier: e.tier, addOns: e.addOns.filter(isAddOnId), creditCents: Number(e.creditBalanceCents), version: Number(e.version) });
    },
  };
}
