import { TIERS, companyLimitMessage } from '@trainwright/catalogue';
import { AppError, MESSAGES } from '@trainwright/platform';
import { authEvents } from '../events.js';
import { validateCompany } from '../validation.js';
import type { AuthDeps, CompanyRow } from './deps.js';
import { withOwnerTrial, type WithOwnerTrial } from './owner-trial.js';

/** A new company the caller owns, within their plan's company limit. */
export async function createCompany(
  deps: Pick<AuthDeps, 'accounts' | 'clock' | 'afterWrite'>,
  userId: string,
  input: { name?: string; website?: string; logoUrl?: string },
): Promise<WithOwnerTrial<CompanyRow>> {
  const valid = validateCompany(input);
  const result = await deps.accounts.createCompanyWithinLimit({
    userId,
    name: valid.name,
    website: valid.website,
    logoUrl: valid.logoUrl,
    limitFor: (tier) => TIERS[tier].limits.companyLimit,
    events: (companyId) => [authEvents.companyCreated({ companyId, ownerUserId: userId, name: valid.name })],
  });
  if (result.kind === 'limit') throw new AppError('PLAN_LIMIT_REACHED', companyLimitMessage(result.tier));
  deps.afterWrite();
  const created = (await deps.accounts.listCompanies(userId)).find((c) => c.id === result.companyId);
  if (!created) throw new AppError('INTERNAL', MESSAGES.server);
  return withOwnerTrial(deps, created);
}
