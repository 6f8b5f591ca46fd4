// Under a slide of the project preview: the library documents its points were drawn from, each
// with the start of the passage quoted.
import { useTranslation } from 'react-i18next';
import { excerpt, type LibraryCitation } from '~/lib/library';

/** How much of the passage is quoted. */
const QUOTE_CHARS = 160;

export function SlideCitations({ citations }: { citations: readonly LibraryCitation[] }) {
  const { t } = useTranslation();
  if (citations.length === 0) return null;
  return (
    <ul className="space-y-2 rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-xs text-slate-700" aria-label={t('library.citations.label')} data-testid="slide-citations">
      {citations.map((citation, i) => (
        <li key={`${citation.document_id}-${i}`} data-testid="slide-citation">
          <p className="font-medium text-slate-900">{t('library.citations.source', { title: citation.document_title })}</p>
          <blockquote className="mt-0.5 border-l-2 border-slate-300 pl-2 italic text-slate-600">{excerpt(citation.passage, QUOTE_CHARS)}</blockquote>
        </li>
      ))}
    </ul>
  );
}
