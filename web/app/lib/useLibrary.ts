// The company library as the create form uses it: how many documents it holds (read once), and a
// debounced search of the passages a topic will draw on.
import { useEffect, useState } from 'react';
import { isAbortError } from './api';
import { SEARCH_MIN_CHARS, fetchLibraryDocuments, searchLibrary, type SearchResult } from './library';

/** How many documents the company's library holds; null while it is read, or when it could not be. */
export function useLibraryHoldings(companyId: string | null | undefined): number | null {
  const [count, setCount] = useState<number | null>(null);
  useEffect(() => {
    setCount(null);
    if (!companyId) return;
    const controller = new AbortController();
    fetchLibraryDocuments(companyId, controller.signal)
      .then((list) => setCount(list.total))
      .catch((err: unknown) => {
        // Without the count the form offers no choice and the server's default applies.
        if (!isAbortError(err)) console.warn('library unavailable, the create form offers no library choice', err);
      });
    return () => controller.abort();
  }, [companyId]);
  return count;
}

/** Waits this long after the last keystroke before searching. */
export const LIBRARY_SEARCH_DEBOUNCE_MS = 400;

export interface LibrarySearchState {
  /** The last answer's results (kept while a newer query is searched); null before any. */
  results: SearchResult[] | null;
  /** The last search's failure, for the query now asked. */
  error: unknown;
  /** A search for the query now asked is waiting or under way. */
  searching: boolean;
}

/** Searches the library for `query` once it has paused for the debounce delay (a shorter query is not asked). */
export function useLibrarySearch(query: string, options: { companyId: string | null | undefined; limit: number }): LibrarySearchState {
  const { companyId, limit } = options;
  const [answer, setAnswer] = useState<{ query: string; results: SearchResult[] | null; error: unknown }>({ query: '', results: null, error: null });
  useEffect(() => {
    if (query.length < SEARCH_MIN_CHARS) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      searchLibrary(query, { companyId, limit }, controller.signal)
        .then((results) => setAnswer({ query, results, error: null }))
        .catch((error: unknown) => {
          if (!controller.signal.aborted) setAnswer((last) => ({ query, results: last.results, error }));
        });
    }, LIBRARY_SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, companyId, limit]);
  const current = answer.query === query;
  return { results: answer.results, error: current ? answer.error : null, searching: query.length >= SEARCH_MIN_CHARS && !current };
}
