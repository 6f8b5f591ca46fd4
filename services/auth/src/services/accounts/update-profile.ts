import { isInterfaceLanguage, type InterfaceLanguage } from '@trainwright/catalogue';
import { Access, AppError } from '@trainwright/platform';
import { authEvents } from '../events.js';
import { LIMITS, requiredText, validateBio } from '../validation.js';
import type { AuthDeps } from './deps.js';
import { getAccount, type AccountView } from './get-account.js';

export interface ProfileChanges {
  name?: string;
  companyName?: string;
  bio?: string;
  notifications?: { projectUpdates: boolean; marketingEmails: boolean; systemAlerts: boolean };
  /** The interface language (en, es, fr) of the emails sent unasked. */
  language?: string;
}

/** The caller's own profile; a new company name renames their current company (company.update). */
export async function updateProfile(deps: Pick<AuthDeps, 'accounts' | 'afterWrite'>, userId: string, changes: ProfileChanges): Promise<AccountView> {
  const account = await getAccount(deps, userId);
  const name = changes.name === undefined ? undefined : requiredText('name', changes.name, LIMITS.name);
  const bio = changes.bio === undefined ? undefined : validateBio(changes.bio);
  if (changes.companyName !== undefined) {
    const companyName = requiredText('company_name', changes.companyName, LIMITS.company, 'Company name is required');
    if (companyName !== account.companyName) {
      if (!account.currentCompanyId || !account.role) throw AppError.validation('company_name', 'Select a company first');
      Access.decide(account.role, 'company.update');
      await deps.accounts.renameCompany(account.currentCompanyId, companyName, [authEvents.companyRenamed({ companyId: account.currentCompanyId, name: companyName })]);
      deps.afterWrite();
    }
  }
  if (changes.language !== undefined && !isInterfaceLanguage(changes.language)) throw AppError.validation('language', 'Choose English, Spanish or French.');
  const language = changes.language as InterfaceLanguage | undefined;
  await deps.accounts.updateUser(userId, { name, bio, ...changes.notifications, ...(language ? { language } : {}) });
  return getAccount(deps, userId);
}
