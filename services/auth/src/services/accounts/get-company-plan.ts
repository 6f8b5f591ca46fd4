import { AppError, isUuid } from '@trainwright/platform';
import type { AuthDeps, CompanyPlanRow } from './deps.js';
import { withOwnerTrial, type WithOwnerTrial } from './owner-trial.js';

/** The plan of a company's owner, for a job being created (no caller: internal); NOT_FOUND for an unknown company. */
export async function getCompanyPlan(deps: Pick<AuthDeps, 'accounts' | 'clock'>, companyId: string): Promise<WithOwnerTrial<CompanyPlanRow>> {
  const plan = isUuid(companyId) ? await deps.accounts.findCompanyPlan(companyId) : undefined;
  if (!plan) throw AppError.notFound();
  return withOwnerTrial(deps, plan);
}
