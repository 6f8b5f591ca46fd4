// The Interactive Video editor's timeline, under the preview: every element at its time, one row
// per kind (hotspots and calls to action as bars for as long as they show, quizzes, chapters and
// branching points as marks). An element moves by dragging it (pointer: mouse, pen, touch) or,
// focused, with the arrow keys (1 s a press; Page Up / Down 10 s; Home / End). A click on a row's
// empty track seeks the preview there; a line follows the preview's position.
import { useEffect, useId, useRef, useState, type KeyboardEvent, type MutableRefObject, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDuration, type InteractiveElements } from '@trainwright/catalogue';
import type { PlayerHandle } from '@trainwright/interactive-player';
import { percentOf, timeAfterDrag, timeAtOffset, timeForKey, timelineItems, type ElementKind, type TimelineItem } from '~/lib/interactive-video';
import { cx } from '../ui';

const ROWS: ElementKind[] = ['hotspots', 'quizzes', 'call_to_actions', 'chapters', 'branching_scenarios'];

const TONES: Record<ElementKind, string> = {
  hotspots: 'bg-indigo-500 text-white',
  quizzes: 'bg-amber-500 text-white',
  call_to_actions: 'bg-emerald-600 text-white',
  chapters: 'bg-sky-600 text-white',
  branching_scenarios: 'bg-slate-500 text-white',
};

/** How often the position line follows the preview. */
const PLAYHEAD_MS = 250;

interface Drag {
  kind: ElementKind;
  id: string;
  pointerId: number;
  originX: number;
  originTime: number;
  width: number;
}

export function Timeline({
  duration,
  elements,
  disabled,
  onMove,
  player,
}: {
  duration: number;
  elements: InteractiveElements;
  disabled: boolean;
  /** Move an element to start at `to` seconds (the caller keeps it within the video). */
  onMove: (kind: ElementKind, id: string, to: number) => void;
  /** The preview, to seek and to follow. */
  player: MutableRefObject<PlayerHandle | null>;
}) {
  const { t } = useTranslation();
  const hintId = useId();
  const span = Number.isFinite(duration) && duration > 0 ? duration : 0;
  const items = timelineItems(elements);
  const drag = useRef<Drag | null>(null);
  const [playhead, setPlayhead] = useState<number | null>(null);

  useEffect(() => {
    const timer = setInterval(() => {
      const state = player.current?.state();
      setPlayhead(state ? state.time : null);
    }, PLAYHEAD_MS);
    return () => clearInterval(timer);
  }, [player]);

  const kindName = (kind: ElementKind) => t(`interactiveVideo.timeline.rows.${kind}`);
  const itemLabel = (item: TimelineItem) =>
    t('interactiveVideo.timeline.item', { kind: t(`interactiveVideo.timeline.kinds.${item.kind}`), title: item.title || '—', time: formatDuration(item.start) });

  const onPointerDown = (event: PointerEvent<HTMLElement>, item: TimelineItem) => {
    if (disabled || !item.movable || event.button !== 0) return;
    const track = event.currentTarget.parentElement;
    if (!track) return;
    event.preventDefault();
    event.stopPropagation();
    event.currentTarget.focus();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drag.current = { kind: item.kind, id: item.id, pointerId: event.pointerId, originX: event.clientX, originTime: item.start, width: track.getBoundingClientRect().width };
  };
  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    const d = drag.current;
    if (!d || d.pointerId !== event.pointerId) return;
    onMove(d.kind, d.id, timeAfterDrag(d.originTime, event.clientX - d.originX, d.width, span));
  };
  const endDrag = (event: PointerEvent<HTMLElement>) => {
    const d = drag.current;
    if (!d || d.pointerId !== event.pointerId) return;
    drag.current = null;
    event.currentTarget.releasePointerCapture?.(event.pointerId);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLElement>, item: TimelineItem) => {
    if (disabled || !item.movable) return;
    const to = timeForKey(event.key, item.start, span);
    if (to === null) return;
    event.preventDefault();
    event.stopPropagation();
    onMove(item.kind, item.id, to);
  };
  const seekAt = (event: PointerEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget || !player.current) return;
    const box = event.currentTarget.getBoundingClientRect();
    player.current.seek(timeAtOffset(event.clientX - box.left, box.width, span));
  };

  const rows = ROWS.filter((kind) => kind !== 'branching_scenarios' || elements.branching_scenarios.length > 0);

  return (
    <section aria-label={t('interactiveVideo.timeline.label')} className="space-y-1.5" data-testid="iv-timeline">
      <div className="flex items-baseline justify-between">
        <h4 className="text-sm font-semibold text-slate-900">{t('interactiveVideo.timeline.label')}</h4>
        <span className="text-xs text-slate-500">
          {formatDuration(0)} – {formatDuration(span)}
        </span>
      </div>
      <p id={hintId} className="text-xs text-slate-500">
        {t('interactiveVideo.timeline.hint')}
      </p>
      <div className="relative space-y-1">
        {rows.map((kind) => (
          <div key={kind} className="grid grid-cols-[5.5rem_minmax(0,1fr)] items-center gap-2">
            <span className="truncate text-xs text-slate-600">{kindName(kind)}</span>
            {/* The track: a click on its empty part seeks the preview there. */}
            <div className="relative h-6 rounded bg-slate-100" onPointerDown={seekAt} data-testid={`iv-timeline-${kind}`}>
              {items
                .filter((item) => item.kind === kind)
                .map((item) => {
                  const left = percentOf(item.start, span);
                  const width = item.end === null ? 0 : Math.max(0, percentOf(item.end, span) - left);
                  const common = {
                    'data-element-id': item.id,
                    'data-time': item.start,
                    title: itemLabel(item),
                    style: { left: `${left}%`, ...(item.end === null ? {} : { width: `${width}%` }) },
                  };
                  const shape = cx(
                    'absolute top-0.5 h-5 rounded text-[10px] leading-5 shadow-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-400 focus-visible:ring-offset-1',
                    item.end === null ? '-ml-1.5 w-3' : 'min-w-[0.75rem] overflow-hidden whitespace-nowrap px-1',
                    TONES[kind],
                    item.movable && !disabled ? 'cursor-grab touch-none active:cursor-grabbing' : 'cursor-default opacity-80',
                  );
                  if (!item.movable) {
                    return <span key={item.id} role="img" aria-label={itemLabel(item)} className={shape} {...common} />;
                  }
                  return (
                    <span
                      key={item.id}
                      role="slider"
                      tabIndex={disabled ? -1 : 0}
                      aria-label={itemLabel(item)}
                      aria-describedby={hintId}
                      aria-valuemin={0}
                      aria-valuemax={span}
                      aria-valuenow={item.start}
                      aria-valuetext={formatDuration(item.start)}
                      aria-disabled={disabled || undefined}
                      className={shape}
                      onPointerDown={(e) => onPointerDown(e, item)}
                      onPointerMove={onPointerMove}
                      onPointerUp={endDrag}
                      onPointerCancel={endDrag}
                      onKeyDown={(e) => onKeyDown(e, item)}
                      {...common}
                    >
                      {item.end !== null && <span aria-hidden="true">{item.title}</span>}
                    </span>
                  );
                })}
            </div>
          </div>
        ))}
        {playhead !== null && span > 0 && (
          <div className="pointer-events-none absolute inset-y-0 left-[6rem] right-0" aria-hidden="true">
            <div className="absolute inset-y-0 w-px bg-red-500" style={{ left: `${percentOf(playhead, span)}%` }} data-testid="iv-playhead" />
          </div>
        )}
      </div>
    </section>
  );
}
