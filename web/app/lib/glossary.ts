// The company glossary (docs/translation.md): terms the translations keep as written (brand and
// product names) or always translate the same way. The shapes, calls and the pure rules of the
// glossary page.
import { roleAllows } from '@trainwright/catalogue';
import { del, get, patch, post } from './api';
import type { User } from './types';

export interface GlossaryTerm {
  id: string;
  company_id: string;
  term: string;
  source_language: string;
  /** '' applies to every language. */
  target_language: string;
  /** '' keeps the term as written. */
  translation: string;
  case_sensitive: boolean;
  created_at: string;
  updated_at: string;
}

export type GlossaryDraft = Pick<GlossaryTerm, 'term' | 'source_language' | 'target_language' | 'translation' | 'case_sensitive'>;

export const DEFAULT_SOURCE_LANGUAGE = 'en';

export function emptyGlossaryDraft(sourceLanguage = DEFAULT_SOURCE_LANGUAGE): GlossaryDraft {
  return { term: '', source_language: sourceLanguage, target_language: '', translation: '', case_sensitive: false };
}

export function glossaryDraftOf(term: GlossaryTerm): GlossaryDraft {
  const { term: text, source_language, target_language, translation, case_sensitive } = term;
  return { term: text, source_language, target_language, translation, case_sensitive };
}

/** The POST / PATCH body: texts trimmed (the server checks them and says what is wrong). */
export function glossaryBody(draft: GlossaryDraft): GlossaryDraft {
  return {
    term: draft.term.trim(),
    source_language: draft.source_language,
    target_language: draft.target_language,
    translation: draft.translation.trim(),
    case_sensitive: draft.case_sensitive,
  };
}

export function glossaryPath(companyId: string, termId?: string): string {
  const base = `/companies/${encodeURIComponent(companyId)}/glossary`;
  return termId ? `${base}/${encodeURIComponent(termId)}` : base;
}

export const listGlossary = (companyId: string, signal?: AbortSignal) => get<{ terms: GlossaryTerm[] }>(glossaryPath(companyId), signal);
export const createGlossaryTerm = (companyId: string, draft: GlossaryDraft) => post<GlossaryTerm>(glossaryPath(companyId), glossaryBody(draft));
export const updateGlossaryTerm = (companyId: string, termId: string, draft: GlossaryDraft) =>
  patch<GlossaryTerm>(glossaryPath(companyId, termId), glossaryBody(draft));
export const deleteGlossaryTerm = (companyId: string, termId: string) => del<{ id: string }>(glossaryPath(companyId, termId));

/** Owners and editors change the glossary; other roles read it (without a known role the server decides). */
export function canEditGlossary(user: Pick<User, 'role'>): boolean {
  return !user.role || roleAllows(user.role, 'glossary.update');
}

/** The list with a saved term in place (a new one first), or without a deleted one. */
export function withTerm(terms: readonly GlossaryTerm[], saved: GlossaryTerm): GlossaryTerm[] {
  return terms.some((t) => t.id === saved.id) ? terms.map((t) => (t.id === saved.id ? saved : t)) : [saved, ...terms];
}

export function withoutTerm(terms: readonly GlossaryTerm[], id: string): GlossaryTerm[] {
  return terms.filter((t) => t.id !== id);
}
