import { TIERS } from '@trainwright/catalogue';
import type { AuthDeps, CompanyRow } from './deps.js';
import { getAccount } from './get-account.js';
import { withOwnerTrial, type WithOwnerTrial } from './owner-trial.js';

export interface CompaniesView {
  companies: Array<WithOwnerTrial<CompanyRow>>;
  currentCompanyId: string;
  companyLimit: number;
  ownedCount: number;
}

export async function listCompanies(deps: Pick<AuthDeps, 'accounts' | 'clock'>, userId: string): Promise<CompaniesView> {
  const [account, companies] = await Promise.all([getAccount(deps, userId), deps.accounts.listCompanies(userId)]);
  return {
    companies: companies.map((c) => withOwnerTrial(deps, c)),
    currentCompanyId: account.currentCompanyId ?? '',
    companyLimit: TIERS[account.tier].limits.companyLimit,
    ownedCount: companies.filter((c) => c.ownerUserId === userId).length,
  };
}
