// What the translation service keeps per company rather than per project: the glossaries and the
// translation memory. Translations belong to projects and go with them (project.deleted).
import type { Kysely } from 'kysely';
import { markEventApplied } from '@trainwright/platform';
import type { CompanyDataStore } from '../services/translations/deps.js';
import type { TranslationDatabase } from './database.js';

export class CompanyDataRepository implements CompanyDataStore {
  constructor(private readonly db: Kysely<TranslationDatabase>) {}

  async removeCompanies(companyIds: string[], eventId: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      if (!(await markEventApplied(trx, eventId)) || companyIds.length === 0) return;
      await trx.deleteFrom('glossary_terms').where('company_id', 'in', companyIds).execute();
      await trx.deleteFrom('memory_segments').where('company_id', 'in', companyIds).execute();
    });
  }
}
