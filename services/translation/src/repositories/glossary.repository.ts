// The company glossaries in PostgreSQL. A company holds one rule per term (case-insensitive),
// source and target language (the unique index says 'duplicate').
import type { Kysely, Selectable } from 'kysely';
import { isUuid } from '@trainwright/platform';
import type { GlossaryStore } from '../services/glossary/deps.js';
import type { GlossaryTermFields, GlossaryTermRecord } from '../services/types.js';
import type { GlossaryTermsTable, TranslationDatabase } from './database.js';

function term(row: Selectable<GlossaryTermsTable>): GlossaryTermRecord {
  return {
    id: row.id,
    companyId: row.company_id,
    term: row.term,
    sourceLanguage: row.source_language,
    targetLanguage: row.target_language,
    translation: row.translation,
    caseSensitive: row.case_sensitive,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

const columns = (f: GlossaryTermFields) => ({
  term: f.term,
  source_language: f.sourceLanguage,
  target_language: f.targetLanguage,
  translation: f.translation,
  case_sensitive: f.caseSensitive,
});

const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505';

export class GlossaryRepository implements GlossaryStore {
  constructor(private readonly db: Kysely<TranslationDatabase>) {}

  async list(companyId: string): Promise<GlossaryTermRecord[]> {
    const rows = await this.db.selectFrom('glossary_terms').selectAll().where('company_id', '=', companyId).orderBy('term').orderBy('target_language').execute();
    return rows.map(term);
  }

  async find(companyId: string, id: string): Promise<GlossaryTermRecord | null> {
    if (!isUuid(id)) return null;
    const row = await this.db.selectFrom('glossary_terms').selectAll().where('company_id', '=', companyId).where('id', '=', id).executeTakeFirst();
    return row ? term(row) : null;
  }

  async create(companyId: string, fields: GlossaryTermFields): Promise<GlossaryTermRecord | 'duplicate'> {
    try {
      const row = await this.db.insertInto('glossary_terms').values({ company_id: companyId, ...columns(fields) }).returningAll().executeTakeFirstOrThrow();
      return term(row);
    } catch (error) {
      if (isUniqueViolation(error)) return 'duplicate';
      throw error;
    }
  }

  async update(companyId: string, id: string, fields: GlossaryTermFields): Promise<GlossaryTermRecord | 'duplicate' | null> {
    if (!isUuid(id)) return null;
    try {
      const row = await this.db
        .updateTable('glossary_terms')
        .set({ ...columns(fields), updated_at: new Date() })
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      return row ? term(row) : null;
    } catch (error) {
      if (isUniqueViolation(error)) return 'duplicate';
      throw error;
    }
  }

  async remove(companyId: string, id: string): Promise<boolean> {
    if (!isUuid(id)) return false;
    const row = await this.db.deleteFrom('glossary_terms').where('company_id', '=', companyId).where('id', '=', id).returning('id').executeTakeFirst();
    return row !== undefined;
  }
}
