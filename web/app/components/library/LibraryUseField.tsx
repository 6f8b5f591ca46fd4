// The create form's 'Use my company library' (topic and learning path: request_data.use_library).
// Checked by default when the library holds documents; without any, a link to the library instead.
// While checked, the passages the generator will draw on for the topic typed so far.
import { useId } from 'react';
import { Link } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { useSignedInUser } from '~/lib/auth';
import { TOPIC_MIN_CHARS, TOPIC_PREVIEW_LIMIT, libraryErrorText } from '~/lib/library';
import { useLibrarySearch } from '~/lib/useLibrary';
import { Spinner } from '../ui';
import { PassageResult } from './PassageResult';

export interface LibraryChoice {
  /** How many documents the library holds; null while unknown (then nothing is offered). */
  documents: number | null;
  checked: boolean;
  onChange: (checked: boolean) => void;
}

const linkClass = 'font-medium text-indigo-600 underline hover:text-indigo-500';

/** The passages a search of the topic finds (debounced), or why there are none. */
function LibraryPassages({ query }: { query: string }) {
  const { t } = useTranslation();
  const { user } = useSignedInUser();
  const id = useId();
  const { results, error, searching } = useLibrarySearch(query, { companyId: user.currentCompanyId, limit: TOPIC_PREVIEW_LIMIT });
  return (
    <section aria-labelledby={`${id}-heading`} aria-busy={searching} className="space-y-2" data-testid="library-passages">
      <h4 id={`${id}-heading`} className="flex items-center gap-2 text-sm font-medium text-slate-800">
        {t('library.use.passages')}
        {searching && <Spinner className="h-3 w-3" />}
      </h4>
      {error ? (
        <p className="text-xs text-red-600" role="alert">
          {libraryErrorText(error, t, 'library.errors.search')}
        </p>
      ) : results === null ? null : results.length === 0 ? (
        <p className="text-sm text-slate-600" role="status">
          {t('library.use.nothing')}{' '}
          <Link to="/library" className={linkClass}>
            {t('library.use.openLibrary')}
          </Link>
        </p>
      ) : (
        <ol className="space-y-2">
          {results.map((result) => (
            <PassageResult key={result.passage_id} result={result} maxChars={220} />
          ))}
        </ol>
      )}
    </section>
  );
}

/** `topic`: the field that names the topic; `query`: what the library is searched for (topic and subtopics). */
export function LibraryUseField({ choice, topic, query }: { choice: LibraryChoice; topic: string; query: string }) {
  const { t } = useTranslation();
  const id = useId();
  if (choice.documents === null) return null;
  if (choice.documents === 0) {
    return (
      <p className="rounded-lg border border-dashed border-slate-300 px-4 py-3 text-sm text-slate-600" data-testid="library-use">
        {t('library.use.noDocuments')}{' '}
        <Link to="/library" className={linkClass}>
          {t('library.use.addDocuments')}
        </Link>
      </p>
    );
  }
  return (
    <div className="space-y-3 rounded-lg border border-slate-200 p-4" data-testid="library-use">
      <div className="flex items-start gap-2">
        <input
          id={`${id}-use`}
          type="checkbox"
          checked={choice.checked}
          onChange={(e) => choice.onChange(e.target.checked)}
          aria-describedby={`${id}-hint`}
          className="mt-0.5 h-4 w-4 rounded border-slate-300 text-indigo-600 focus:ring-indigo-600"
        />
        <div>
          <label htmlFor={`${id}-use`} className="text-sm font-medium text-slate-800">
            {t('library.use.label')}
          </label>
          <p id={`${id}-hint`} className="text-xs text-slate-500">
            {t('library.use.hint', { count: choice.documents })}
          </p>
        </div>
      </div>
      {choice.checked && topic.trim().length >= TOPIC_MIN_CHARS && <LibraryPassages query={query} />}
    </div>
  );
}
