// Searching the company library (the Library screen, the topic form's preview) and the passages a
// topic generation builds from. Both read only the company's own passages.
import { catalogueMessage, LIBRARY_LIMITS, LIBRARY_MESSAGES } from '@trainwright/catalogue';
import { AppError } from '@trainwright/platform';
import { libraryCompany } from './access.js';
import type { LibraryDeps, LibraryHit, LibraryStore } from './deps.js';

export async function searchLibrary(deps: LibraryDeps, userId: string, companyId: string, query: string, limit: number): Promise<LibraryHit[]> {
  // Tenancy first: another company's library is not found, whatever the query.
  const company = await libraryCompany(deps, userId, companyId, 'company.read');
  const q = query.trim();
  if (q.length < LIBRARY_LIMITS.queryMin) throw AppError.validation('q', catalogueMessage(LIBRARY_MESSAGES, 'queryTooShort'));
  if (q.length > LIBRARY_LIMITS.query) throw AppError.validation('q', `A search can be at most ${LIBRARY_LIMITS.query} characters.`);
  const n = Math.min(Math.max(1, Math.trunc(limit) || LIBRARY_LIMITS.defaultResults), LIBRARY_LIMITS.results);
  return deps.library.search(company.companyId, q, { limit: n, highlight: true });
}

/**
 * The passages a topic generation builds from: the documents that cover the topic, best first
 * (their passages best for the topic and its subtopics); a document that fits the budget whole
 * gives all its passages, so a section that never repeats the topic's words is not lost; each
 * document's passages in its own order (a deck follows the material). None when no document
 * covers the topic.
 */
export async function passagesForTopic(
  library: Pick<LibraryStore, 'documentsCovering' | 'search' | 'documentPassages'>,
  companyId: string,
  topic: string,
  subtopics: readonly string[],
): Promise<LibraryHit[]> {
  const budget = LIBRARY_LIMITS.generationPassages;
  const documentIds = await library.documentsCovering(companyId, topic);
  if (documentIds.length === 0) return [];
  const query = [topic, ...subtopics].join(' ').slice(0, 2000);
  const hits = await library.search(companyId, query, { limit: budget, documentIds, highlight: false });
  const ranked = [...new Set(hits.map((h) => h.document_id))];
  const chosen: LibraryHit[] = [];
  for (const documentId of ranked) {
    const left = budget - chosen.length;
    if (left <= 0) break;
    const whole = await library.documentPassages(documentId, left + 1);
    const own = whole.length <= left ? whole : hits.filter((h) => h.document_id === documentId).slice(0, left);
    chosen.push(...own.sort((a, b) => a.position - b.position));
  }
  return chosen;
}
