import { AppError, isUuid } from '@trainwright/platform';
import { authEvents } from '../events.js';
import type { AuthDeps } from './deps.js';
import { getAccount, type AccountView } from './get-account.js';

export const COMPANY_NOT_FOUND = 'Company not found';

/** Makes one of the caller's companies their current one; COMPANY_NOT_FOUND for any other. */
export async function switchCompany(deps: Pick<AuthDeps, 'accounts' | 'afterWrite'>, userId: string, companyId: string): Promise<AccountView> {
  const membership = isUuid(companyId) ? await deps.accounts.findMembership(userId, companyId) : undefined;
  if (!membership) throw new AppError('COMPANY_NOT_FOUND', COMPANY_NOT_FOUND);
  await deps.accounts.setCurrentCompany(userId, companyId, [authEvents.companySwitched({ userId, companyId })]);
  deps.afterWrite();
  return getAccount(deps, userId);
}
