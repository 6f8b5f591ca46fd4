// Readers of ffmpeg's metadata=print / ametadata=print output ('frame:0 pts:0 pts_time:0' then
// one 'key=value' line per entry) and the time intervals that blackdetect, freezedetect and
// silencedetect mark in it with start and end keys. Pure: the measurement pass writes the text.

export interface FrameMetadata {
  /** Seconds (the frame's pts_time). */
  time: number;
  values: Record<string, string>;
}

export interface Interval {
  start: number;
  end: number;
}

const FRAME = /^(?:\[[^\]]*\]\s*)?frame:\s*\d+\s+pts:\s*\S+\s+pts_time:\s*(-?[\d.]+(?:e[-+]?\d+)?)/i;
const ENTRY = /^(?:\[[^\]]*\]\s*)?(lavfi\.[^=\s]+)=(.*)$/;

/** Every frame of the text with its entries, in file order; lines before the first frame are ignored. */
export function parseFrameMetadata(text: string): FrameMetadata[] {
  const frames: FrameMetadata[] = [];
  let current: FrameMetadata | null = null;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '') continue;
    const frame = FRAME.exec(line);
    if (frame) {
      current = { time: Number(frame[1]), values: {} };
      frames.push(current);
      continue;
    }
    const entry = ENTRY.exec(line);
    if (entry && current) current.values[entry[1]!] = entry[2]!.trim();
  }
  return frames;
}

/** A finite number from an entry ('-nan', 'inf' and missing give null). */
export function numberOf(frame: FrameMetadata, key: string): number | null {
  const raw = frame.values[key];
  if (raw === undefined) return null;
  const n = Number(raw);
  return Number.isFinite(n) ? n : null;
}

/**
 * The intervals marked by a start key and an end key (both carrying a time in seconds): an
 * interval still open at the end of the text ends at `endTime` (the detectors print no end when
 * the stream ends inside one).
 */
export function markedIntervals(frames: readonly FrameMetadata[], startKey: string, endKey: string, endTime: number): Interval[] {
  const intervals: Interval[] = [];
  let open: number | null = null;
  for (const frame of frames) {
    const end = numberOf(frame, endKey);
    const start = numberOf(frame, startKey);
    if (end !== null && open !== null) {
      // An end and a start on one frame while an interval is open: the end closes it, the start opens the next.
      if (end > open) intervals.push({ start: open, end });
      open = null;
      if (start !== null && start >= end) open = start;
    } else if (end !== null && start !== null) {
      // Both on one frame with nothing open: a stretch first noticed when it was already over
      // (freezedetect prints its start once the minimum duration has passed).
      if (end > start) intervals.push({ start, end });
    } else if (start !== null && open === null) open = start;
  }
  if (open !== null && endTime > open) intervals.push({ start: open, end: endTime });
  return intervals;
}

/** The intervals merged where they overlap or touch, in time order. */
export function mergeIntervals(intervals: readonly Interval[]): Interval[] {
  const sorted = intervals.filter((i) => i.end > i.start).sort((a, b) => a.start - b.start);
  const merged: Interval[] = [];
  for (const i of sorted) {
    const last = merged[merged.length - 1];
    if (last && i.start <= last.end) last.end = Math.max(last.end, i.end);
    else merged.push({ ...i });
  }
  return merged;
}

/** The parts of `intervals` outside every one of `remove`. */
export function subtractIntervals(intervals: readonly Interval[], remove: readonly Interval[]): Interval[] {
  const cuts = mergeIntervals(remove);
  const out: Interval[] = [];
  for (const i of mergeIntervals(intervals)) {
    let from = i.start;
    for (const c of cuts) {
      if (c.end <= from || c.start >= i.end) continue;
      if (c.start > from) out.push({ start: from, end: c.start });
      from = Math.max(from, c.end);
    }
    if (from < i.end) out.push({ start: from, end: i.end });
  }
  return out;
}

/** Total seconds covered (overlaps counted once). */
export const coveredSeconds = (intervals: readonly Interval[]): number => mergeIntervals(intervals).reduce((sum, i) => sum + (i.end - i.start), 0);

/** Whether `time` lies inside one of the intervals (start included, end excluded). */
export const insideAny = (time: number, intervals: readonly Interval[]): boolean => intervals.some((i) => time >= i.start && time < i.end);
