// One search result: the document's title, the passage's heading and an excerpt of the passage
// around what matched, the matches marked.
import { useMemo } from 'react';
import { passageExcerpt, type SearchResult } from '~/lib/library';
import { HighlightedText } from './HighlightedText';

export function PassageResult({ result, maxChars }: { result: SearchResult; maxChars: number }) {
  const shown = useMemo(() => passageExcerpt(result.passage, result.highlights ?? [], maxChars), [result.passage, result.highlights, maxChars]);
  return (
    <li className="rounded-md border border-slate-200 bg-white px-3 py-2" data-testid="library-result">
      <p className="text-sm font-medium text-slate-900">
        {result.title}
        {result.heading && <span className="font-normal text-slate-500"> · {result.heading}</span>}
      </p>
      <p className="mt-1 text-sm text-slate-700">
        <HighlightedText text={shown.text} ranges={shown.highlights} />
      </p>
    </li>
  );
}
