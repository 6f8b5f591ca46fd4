// The company glossary (docs/translation.md): terms the translations keep as written (brand and
// product names) or always translate the same way. The shapes, calls and the pure rules of the
// glossary page.
import type { User } from './types';
import { mayAct } from './roles';

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

/** What the glossary page's action is asked (routes/glossary.tsx): one intent per change. */
export type GlossaryRequest =
  | { intent: 'create'; companyId: string; draft: GlossaryDraft }
  | { intent: 'update'; companyId: string; termId: string; draft: GlossaryDraft }
  | { intent: 'delete'; companyId: string; termId: string };

/** A glossary change as the gateway takes it (the action sends it). */
export function glossaryWrite(request: GlossaryRequest): { method: 'POST' | 'PATCH' | 'DELETE'; path: string; body?: GlossaryDraft } {
  switch (request.intent) {
    case 'create':
      return { method: 'POST', path: glossaryPath(request.companyId), body: glossaryBody(request.draft) };
    case 'update':
      return { method: 'PATCH', path: glossaryPath(request.companyId, request.termId), body: glossaryBody(request.draft) };
    case 'delete':
      return { method: 'DELETE', path: glossaryPath(request.companyId, request.termId) };
  }
}

export function isGlossaryRequest(value: unknown): value is GlossaryRequest {
  const r = value as Partial<Record<string, unknown>> | null;
  if (!r || typeof r.companyId !== 'string' || !r.companyId) return false;
  const hasDraft = typeof r.draft === 'object' && r.draft !== null;
  if (r.intent === 'create') return hasDraft;
  if (r.intent === 'update') return hasDraft && typeof r.termId === 'string' && r.termId !== '';
  return r.intent === 'delete' && typeof r.termId === 'string' && r.termId !== '';
}

/** Owners and editors change the glossary; other roles read it (without a known role the server decides). */
export function canEditGlossary(user: Pick<User, 'role'>): boolean {
  return mayAct(user.role, 'glossary.update');
}
