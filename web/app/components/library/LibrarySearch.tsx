// The library's search (GET /api/library/search): a query of at least two characters, the best
// passages first, each with what matched marked.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isAbortError } from '~/lib/api';
import { SEARCH_MAX_CHARS, SEARCH_MIN_CHARS, libraryErrorText, searchLibrary, type SearchResult } from '~/lib/library';
import { Button, ErrorBox, Field, Spinner, describedBy, inputClass } from '../ui';
import { PassageResult } from './PassageResult';

/** The query a search answered and its results (null before any). */
interface Answered {
  query: string;
  results: SearchResult[];
}

export function LibrarySearch({ companyId }: { companyId: string }) {
  const { t } = useTranslation();
  const id = useId();
  const [query, setQuery] = useState('');
  const [tooShort, setTooShort] = useState(false);
  const [answered, setAnswered] = useState<Answered | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [searching, setSearching] = useState(false);
  const inFlight = useRef<AbortController | null>(null);
  useEffect(() => () => inFlight.current?.abort(), []);

  const search = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = query.trim();
    setTooShort(q.length < SEARCH_MIN_CHARS);
    if (q.length < SEARCH_MIN_CHARS) return;
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    setSearching(true);
    setError(null);
    try {
      setAnswered({ query: q, results: await searchLibrary(q, { companyId }, controller.signal) });
    } catch (err) {
      if (!isAbortError(err)) setError(libraryErrorText(err, t, 'library.errors.search'));
    } finally {
      if (inFlight.current === controller) setSearching(false);
    }
  };

  const tooShortText = tooShort ? t('library.search.tooShort', { min: SEARCH_MIN_CHARS }) : undefined;
  const hint = tooShortText ? undefined : t('library.search.hint');
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id={`${id}-heading`} className="text-base font-semibold text-slate-900">
        {t('library.search.heading')}
      </h2>
      <form role="search" aria-label={t('library.search.heading')} noValidate onSubmit={(e) => void search(e)} className="flex flex-col gap-2 sm:flex-row sm:items-start">
        <div className="flex-1">
          <Field id={`${id}-q`} label={t('library.search.label')} hint={hint} error={tooShortText}>
            <input
              id={`${id}-q`}
              type="search"
              value={query}
              maxLength={SEARCH_MAX_CHARS}
              placeholder={t('library.search.placeholder')}
              onChange={(e) => setQuery(e.target.value)}
              className={inputClass}
              {...describedBy(`${id}-q`, hint, tooShortText)}
            />
          </Field>
        </div>
        <Button type="submit" disabled={searching} className="sm:mt-6">
          {searching && <Spinner />}
          {searching ? t('library.search.searching') : t('library.search.submit')}
        </Button>
      </form>
      {error && <ErrorBox>{error}</ErrorBox>}
      {answered &&
        (answered.results.length === 0 ? (
          <p className="text-sm text-slate-600" role="status">
            {t('library.search.noResults', { query: answered.query })}
          </p>
        ) : (
          <ol className="space-y-2" aria-label={t('library.search.results', { query: answered.query })}>
            {answered.results.map((result) => (
              <PassageResult key={result.passage_id} result={result} maxChars={400} />
            ))}
          </ol>
        ))}
    </section>
  );
}
