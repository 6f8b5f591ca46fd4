import type { TranslationDeps } from './deps.js';

/**
 * account.data_expired: the companies' glossaries and translation memory go (once per event). Their
 * projects' translations go with the projects (project.deleted, forgetProject).
 */
export async function forgetCompanies(deps: Pick<TranslationDeps, 'companyData'>, companyIds: string[], eventId: string): Promise<void> {
  await deps.companyData.removeCompanies(companyIds, eventId);
}
