// The markdown-like editor: a textarea with a toolbar that inserts the markers of the slide text
// and script formats, a footer hint and word / character / line counts (textStats, the same code
// the services use). Minimum height 200 px.
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { textStats } from '@trainwright/formats';
import { insertMarker, SCRIPT_MARKERS, SLIDE_MARKERS, type Insertion, type Marker } from '~/lib/editor';
import { cx, inputClass } from './ui';

export type EditorMode = 'slides' | 'script';

// The editor is also rendered on the server (the create form's page), where layout effects do not run.
const useBrowserLayoutEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect;

/** What each toolbar button shows before its name: the marker's look, not its full text. */
const GLYPHS: Record<string, string> = {
  heading: '##',
  content: '**',
  notes: '**',
  bullet: '-',
  scene: '[ ]',
  transition: '[→]',
  narrator: 'N:',
};

export function Editor({
  id,
  label,
  value,
  onChange,
  mode,
  placeholder,
  error,
  hint,
  rows = 12,
  textareaRef,
  onCaret,
  readOnly,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** 'script' adds the scene, transition and narrator markers to the slide markers. */
  mode: EditorMode;
  placeholder?: string;
  error?: string | undefined;
  hint?: string;
  rows?: number;
  /** The textarea, for a caller that keeps the caret in place across changes made elsewhere (co-editing). */
  textareaRef?: RefObject<HTMLTextAreaElement>;
  /** The caret moved (typing, clicking, the keys): its offset in the text. */
  onCaret?: (offset: number) => void;
  readOnly?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const ownRef = useRef<HTMLTextAreaElement>(null);
  const ref = textareaRef ?? ownRef;
  const [pending, setPending] = useState<Insertion | null>(null);
  const stats = useMemo(() => textStats(value), [value]);
  const number = (n: number) => new Intl.NumberFormat(i18n.language).format(n);

  // Restore the caret after a toolbar insertion, once React has rendered the new value.
  useBrowserLayoutEffect(() => {
    if (!pending || !ref.current) return;
    ref.current.focus();
    ref.current.setSelectionRange(pending.selectionStart, pending.selectionEnd);
    setPending(null);
  }, [pending]);

  const insert = (marker: Marker) => {
    const el = ref.current;
    const start = el?.selectionStart ?? value.length;
    const end = el?.selectionEnd ?? value.length;
    const result = insertMarker(value, start, end, marker);
    onChange(result.value);
    setPending(result);
  };

  const tool = (key: string, marker: Marker, title: string) => (
    <button
      key={key}
      type="button"
      onClick={() => insert(marker)}
      title={title}
      className="rounded px-2 py-1 text-xs font-medium text-slate-700 hover:bg-white hover:shadow-sm focus-visible:outline focus-visible:outline-2 focus-visible:outline-indigo-600"
    >
      <span aria-hidden="true" className="mr-1 font-mono text-slate-500">
        {GLYPHS[key]}
      </span>
      {t(`editor.tools.${key}`)}
    </button>
  );

  const hintId = `${id}-hint`;
  const statsId = `${id}-stats`;
  const errorId = `${id}-error`;

  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className={cx('mt-1 overflow-hidden rounded-md ring-1 ring-inset', error ? 'ring-red-400' : 'ring-slate-300')}>
        <div role="toolbar" aria-label={t('editor.toolbar')} aria-controls={id} className="flex flex-wrap gap-1 border-b border-slate-200 bg-slate-50 px-2 py-1.5">
          {tool('heading', SLIDE_MARKERS.heading, t('editor.titles.heading'))}
          {tool('content', SLIDE_MARKERS.content, t('editor.titles.content'))}
          {tool('notes', SLIDE_MARKERS.notes, t('editor.titles.notes'))}
          {tool('bullet', SLIDE_MARKERS.bullet, t('editor.titles.bullet'))}
          {mode === 'script' && (
            <>
              <span className="mx-1 w-px self-stretch bg-slate-200" aria-hidden="true" />
              {tool('scene', SCRIPT_MARKERS.scene, t('editor.titles.scene'))}
              {tool('transition', SCRIPT_MARKERS.transition, t('editor.titles.transition'))}
              {tool('narrator', SCRIPT_MARKERS.narrator, t('editor.titles.narrator'))}
            </>
          )}
        </div>
        <textarea
          ref={ref}
          id={id}
          value={value}
          rows={rows}
          placeholder={placeholder}
          spellCheck
          onChange={(e) => onChange(e.target.value)}
          onSelect={(e) => onCaret?.(e.currentTarget.selectionStart)}
          readOnly={readOnly}
          aria-invalid={error ? true : undefined}
          aria-describedby={cx(error ? errorId : hintId, statsId)}
          className={cx(inputClass, 'min-h-[200px] resize-y rounded-none font-mono shadow-none ring-0 focus:ring-0')}
        />
        <div className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-200 bg-slate-50 px-3 py-1.5 text-xs text-slate-500">
          <span id={hintId}>{hint ?? (mode === 'script' ? t('editor.hintScript') : t('editor.hintSlides'))}</span>
          <span id={statsId} data-testid="editor-stats">
            {t('editor.stats', { words: number(stats.words), characters: number(stats.characters), lines: number(stats.lines) })}
          </span>
        </div>
      </div>
      {error && (
        <p id={errorId} className="mt-1 text-xs text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}
