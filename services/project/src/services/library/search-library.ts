// Searching the company library (the Library screen, the topic form's preview) and the passages a
// topic generation builds from. Both read only the company's own passages.
import { catalogueMessage, LIBRARY_LIMITS, LIBRARY_MESSAGES } from '@trainwright/catalogue';
import { AppError } from '@trainwright/platform';
import { libraryCompany } from './access.js';
import type { LibraryDeps, LibraryHit, LibraryStore } from './deps.js';

export async function searchLibrary(deps: LibraryDeps, userId: string, companyId: string, query: string, limit: number): Promise<LibraryHit[]> {
  const q = query.trim();
  if (q.length < LIBRARY_LIMITS.queryMin) throw AppError.validation('q', catalogueMessage(LIBRARY_MESSAGES, 'queryTooShort'));
  if (q.length > LIBRARY_LIMITS.query) throw AppError.validation('q', `A search can be at most ${LIBRARY_LIMITS.query} characters.`);
  const company = await libraryCompany(deps, userId, companyId, 'company.read');
  const n = Math.min(Math.max(1, Math.trunc(limit) || LIBRARY_LIMITS.defaultResults), LIBRARY_LIMITS.results);
  return deps.library.search(company.companyId, q, { limit: n, highlight: true });
}

/**
 * The passages a topic generation builds from: those of the documents that cover the topic, best
 * for the topic and its subtopics first, then in each document's reading order (a deck follows
 * the material). None when no document covers the topic.
 */
export async function passagesForTopic(library: Pick<LibraryStore, 'documentsCovering' | 'search'>, companyId: string, topic: string, subtopics: readonly string[]): Promise<LibraryHit[]> {
  const documentIds = await library.documentsCovering(companyId, topic);
  if (documentIds.length === 0) return [];
  const query = [topic, ...subtopics].join(' ').slice(0, 2000);
  const hits = await library.search(companyId, query, { limit: LIBRARY_LIMITS.generationPassages, documentIds, highlight: false });
  // The best document first, and each document's passages in its own order.
  const rank = new Map<string, number>();
  for (const hit of hits) if (!rank.has(hit.document_id)) rank.set(hit.document_id, rank.size);
  return hits.sort((a, b) => rank.get(a.document_id)! - rank.get(b.document_id)! || a.position - b.position);
}
