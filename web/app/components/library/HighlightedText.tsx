// A passage with the ranges that matched a search marked: <mark> elements React builds from the
// segments, so the passage's own text is never read as markup.
import { Fragment, useMemo } from 'react';
import { highlightSegments, type TextRange } from '~/lib/library';

export function HighlightedText({ text, ranges, className }: { text: string; ranges: readonly TextRange[]; className?: string }) {
  const segments = useMemo(() => highlightSegments(text, ranges), [text, ranges]);
  return (
    <span className={className}>
      {segments.map((segment, i) =>
        segment.highlighted ? (
          <mark key={i} className="rounded-sm bg-amber-100 px-0.5 text-slate-900">
            {segment.text}
          </mark>
        ) : (
          <Fragment key={i}>{segment.text}</Fragment>
        ),
      )}
    </span>
  );
}
