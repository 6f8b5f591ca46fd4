import { AppError, isUuid } from '@trainwright/platform';
import type { AuthDeps, MembershipRow } from './deps.js';
import { withOwnerTrial, type WithOwnerTrial } from './owner-trial.js';

/** The caller's role in a company; NOT_FOUND for a non-member (or a malformed id). */
export async function getMembership(deps: Pick<AuthDeps, 'accounts' | 'clock'>, userId: string, companyId: string): Promise<WithOwnerTrial<MembershipRow>> {
  const membership = isUuid(companyId) ? await deps.accounts.findMembership(userId, companyId) : undefined;
  if (!membership) throw AppError.notFound();
  return withOwnerTrial(deps, membership);
}
