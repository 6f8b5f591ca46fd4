import type { Action } from '@trainwright/catalogue';
import { Access, isUuid } from '@trainwright/platform';
import type { MembershipRow } from '../accounts/deps.js';
import type { TeamDeps } from './deps.js';

/**
 * The caller's membership of the company, read from auth's own store (auth is where memberships
 * live, so this is always fresh) and decided by the one access check: NOT_FOUND for a non-member
 * or a malformed id, FORBIDDEN for a role without the action.
 */
export async function requireMembership(deps: Pick<TeamDeps, 'accounts'>, userId: string, companyId: string, action: Action): Promise<MembershipRow> {
  const membership = isUuid(companyId) ? await deps.accounts.findMembership(userId, companyId) : undefined;
  Access.decide(membership?.role, action, 'Company not found');
  return membership!;
}
