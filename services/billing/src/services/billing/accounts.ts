// Billing accounts: created from auth's user.registered, or lazily by the first request of a user
// without one; the provider's customer is created when first needed.
import type { TierId } from '@trainwright/catalogue';
import { AppError } from '@trainwright/platform';
import { commitAccountChange, subscriptionView, type SubscriptionView } from './account-state.js';
import type { AccountState, BillingDeps } from './deps.js';

/** From user.registered: idempotent (the event id is recorded with the row). */
export async function openAccountForRegisteredUser(deps: BillingDeps, input: { userId: string; email: string; eventId: string }): Promise<void> {
  await deps.store.createAccount({ userId: input.userId, email: input.email, name: '', provider: deps.provider.name }, input.eventId);
}

/** The caller's account; a user without one (registered before billing ran) gets it now. */
export async function ensureAccount(deps: BillingDeps, userId: string): Promise<AccountState> {
  const found = await deps.store.findAccount(userId);
  if (found) return found;
  const { email, name } = await deps.directory.profile(userId);
  await deps.store.createAccount({ userId, email, name, provider: deps.provider.name });
  const created = await deps.store.findAccount(userId);
  if (!created) throw AppError.notFound();
  return created;
}

/**
 * The provider's customer of the account, created on first use (with the user's current e-mail
 * and name from auth). A customer of another provider (the service switched from the local
 * checkout to Stripe) is replaced.
 */
export async function ensureCustomer(deps: BillingDeps, account: AccountState): Promise<string> {
  if (account.providerCustomerId && account.provider === deps.provider.name) return account.providerCustomerId;
  const profile = await deps.directory.profile(account.userId).catch(() => ({ email: account.email, name: account.name }));
  const customerId = await deps.provider.createCustomer({
    userId: account.userId,
    email: profile.email,
    name: profile.name,
    idempotencyKey: `customer-${deps.provider.name}-${account.userId}`,
  });
  return deps.store.setCustomer(account.userId, deps.provider.name, customerId);
}

export async function getSubscription(deps: BillingDeps, userId: string): Promise<SubscriptionView> {
  const account = await ensureAccount(deps, userId);
  return subscriptionView(account, deps.clock(), deps.graceDays);
}

/**
 * Operator command (support): grants a plan without a payment, held until it is changed (no
 * provider subscription, no period); 'free-trial' puts the account back on the trial's rules. The
 * account is found by user id or e-mail; with a user id it is opened when billing has not seen the
 * user yet (the demo account is seeded before the services run). An account that pays for a
 * subscription is refused: its plan follows the provider.
 */
export async function grantPlan(deps: BillingDeps, input: { email: string; userId?: string; tier: TierId }): Promise<{ userId: string; previous: TierId }> {
  let account = input.userId ? await deps.store.findAccount(input.userId) : await deps.store.findAccountByEmail(input.email);
  if (!account && input.userId) {
    await deps.store.createAccount({ userId: input.userId, email: input.email, name: '', provider: deps.provider.name });
    account = await deps.store.findAccount(input.userId);
  }
  if (!account) throw AppError.notFound(`No billing account with the e-mail ${input.email}`);
  const userId = account.userId;
  const previous = account.effectiveTier;
  await deps.store.transaction(async (tx) => {
    const before = await tx.lockAccount(userId);
    if (!before) throw AppError.notFound();
    // Checked under the lock: a webhook committing meanwhile cannot have its subscription dropped.
    if (before.providerSubscriptionId && before.status !== 'canceled') {
      throw new AppError('CONFLICT', 'This account pays for a subscription: change its plan through billing, not by a grant.');
    }
    const trial = input.tier === 'free-trial';
    await tx.updateAccount(userId, {
      tier: input.tier,
      status: trial ? 'trialing' : 'active',
      interval: trial ? null : 'month',
      providerSubscriptionId: null,
      currentPeriodStart: null,
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      scheduledTier: null,
      scheduledInterval: null,
      pastDueSince: null,
    });
    await commitAccountChange(tx, deps, before);
  });
  return { userId, previous };
}
