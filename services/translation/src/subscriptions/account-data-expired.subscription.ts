// Data retention: an expired trial's companies lose their glossaries and translation memory (auth
// decides when). Their projects' translations go with the projects: project deletes each one and
// says so (project.deleted, projectDeletedSubscription).
import type { Subscription } from '@trainwright/platform';
import { AccountDataExpired } from '@trainwright/proto/trainwright/events/v1/events';
import type { CompanyDataStore } from '../services/ports.js';

export function accountDataExpiredSubscription(companies: CompanyDataStore): Subscription {
  return {
    name: 'translation-account-data-expired',
    subject: 'account.data_expired',
    handle: async (event) => companies.removeCompanies(AccountDataExpired.decode(event.data).companyIds, event.id),
  };
}
