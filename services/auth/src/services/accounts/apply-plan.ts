import { TIERS, type AddOnId, type TierId } from '@trainwright/catalogue';
import { authEvents } from '../events.js';
import type { AuthDeps } from './deps.js';

/**
 * Applies billing's subscription.changed (the effective tier, add-ons and credit balance) once,
 * in version order, and announces account.plan_changed so kept memberships are dropped.
 */
export async function applyPlan(
  deps: Pick<AuthDeps, 'accounts' | 'clock' | 'afterWrite'>,
  eventId: string,
  plan: { userId: string; tier: TierId; addOns: AddOnId[]; creditCents: number; version: number },
): Promise<boolean> {
  // A paid plan that ended is an ended trial from now: its grace period, then data retention.
  const lapsedTrialStart = new Date(deps.clock().getTime() - TIERS['free-trial'].limits.trialDays * 86_400_000);
  const previous = await deps.accounts.applyPlan(eventId, { ...plan, lapsedTrialStart }, (prev) => [
    authEvents.accountPlanChanged({ userId: plan.userId, tier: plan.tier, previousTier: prev, addOns: plan.addOns }),
  ]);
  if (previous === null) return false;
  deps.afterWrite();
  return true;
}
