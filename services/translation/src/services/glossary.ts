// The company glossary: terms a translation keeps as written (brand and product names) or
// translates a fixed way, for one target language or all. Members read it; roles that may edit
// projects change it.
import { isContentLanguage } from '@trainwright/catalogue';
import { AppError, Access } from '@trainwright/platform';
import type { GlossaryStore, Memberships } from './ports.js';
import type { GlossaryTermFields, GlossaryTermRecord } from './types.js';

export const GLOSSARY_MESSAGES = {
  termRequired: 'Enter the term.',
  termTooLong: 'A term has at most 200 characters.',
  translationTooLong: 'A translation has at most 200 characters.',
  language: (field: string) => `Choose a language for ${field}.`,
  sameLanguage: 'The target language must differ from the source language.',
  duplicate: 'The glossary already has this term for these languages.',
  notFound: 'Glossary term not found',
  companyNotFound: 'Company not found',
  tooMany: (max: number) => `A glossary holds at most ${max} terms.`,
} as const;

/** Terms a company's glossary may hold (each is checked in every translation). */
export const MAX_GLOSSARY_TERMS = 2000;

/** The fields as the user sent them, trimmed and checked. */
export function glossaryFields(input: { term: string; sourceLanguage: string; targetLanguage: string; translation: string; caseSensitive: boolean }): GlossaryTermFields {
  const term = input.term.normalize('NFC').trim().replace(/\s+/g, ' ');
  const translation = input.translation.normalize('NFC').trim().replace(/\s+/g, ' ');
  const sourceLanguage = (input.sourceLanguage || 'en').trim().toLowerCase();
  const targetLanguage = input.targetLanguage.trim().toLowerCase();
  if (!term) throw AppError.validation('term', GLOSSARY_MESSAGES.termRequired);
  if (term.length > 200) throw AppError.validation('term', GLOSSARY_MESSAGES.termTooLong);
  if (translation.length > 200) throw AppError.validation('translation', GLOSSARY_MESSAGES.translationTooLong);
  if (!isContentLanguage(sourceLanguage)) throw AppError.validation('source_language', GLOSSARY_MESSAGES.language('the source'));
  if (targetLanguage && !isContentLanguage(targetLanguage)) throw AppError.validation('target_language', GLOSSARY_MESSAGES.language('the target'));
  if (targetLanguage === sourceLanguage) throw AppError.validation('target_language', GLOSSARY_MESSAGES.sameLanguage);
  return { term, sourceLanguage, targetLanguage, translation, caseSensitive: input.caseSensitive };
}

export function createGlossaryOperations(deps: { glossary: GlossaryStore; memberships: Memberships }) {
  const access = new Access(deps.memberships);

  async function member(userId: string, companyId: string, change: boolean) {
    await access.require({ userId, companyId, action: change ? 'glossary.update' : 'company.read', notFoundMessage: GLOSSARY_MESSAGES.companyNotFound });
  }

  return {
    async list(userId: string, companyId: string): Promise<GlossaryTermRecord[]> {
      await member(userId, companyId, false);
      return deps.glossary.list(companyId);
    },

    async create(userId: string, companyId: string, fields: GlossaryTermFields): Promise<GlossaryTermRecord> {
      await member(userId, companyId, true);
      if ((await deps.glossary.list(companyId)).length >= MAX_GLOSSARY_TERMS) throw new AppError('PLAN_LIMIT_REACHED', GLOSSARY_MESSAGES.tooMany(MAX_GLOSSARY_TERMS));
      const created = await deps.glossary.create(companyId, fields);
      if (created === 'duplicate') throw new AppError('CONFLICT', GLOSSARY_MESSAGES.duplicate);
      return created;
    },

    async update(userId: string, companyId: string, id: string, fields: GlossaryTermFields): Promise<GlossaryTermRecord> {
      await member(userId, companyId, true);
      const updated = await deps.glossary.update(companyId, id, fields);
      if (updated === 'duplicate') throw new AppError('CONFLICT', GLOSSARY_MESSAGES.duplicate);
      if (!updated) throw AppError.notFound(GLOSSARY_MESSAGES.notFound);
      return updated;
    },

    async remove(userId: string, companyId: string, id: string): Promise<void> {
      await member(userId, companyId, true);
      if (!(await deps.glossary.remove(companyId, id))) throw AppError.notFound(GLOSSARY_MESSAGES.notFound);
    },
  };
}

export type GlossaryOperations = ReturnType<typeof createGlossaryOperations>;
