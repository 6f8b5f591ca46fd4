// Data retention: an expired trial's companies lose their glossaries and translation memory (auth
// decides when). Their projects' translations go with the projects: project deletes each one and
// says so (project.deleted, projectDeletedSubscription).
import type { Subscription } from '@trainwright/platform';
import { AccountDataExpired } from '@trainwright/proto/trainwright/events/v1/events';
import type { TranslationDeps } from '../services/translations/deps.js';
import { forgetCompanies } from '../services/translations/forget-companies.js';

export function accountDataExpiredSubscription(deps: Pick<TranslationDeps, 'companyData'>): Subscription {
  return {
    name: 'translation-account-data-expired',
    subject: 'account.data_expired',
    handle: async (event) => forgetCompanies(deps, AccountDataExpired.decode(event.data).companyIds, event.id),
  };
}
