// Topic segmentation by lexical cohesion (TextTiling, Hearst 1997) for text without headings or
// usable paragraphs: a web page's text in one blob, a transcript. Sentences that talk about the
// same things share content words; where the words of the sentences before a gap and after it
// overlap least (a valley of similarity, measured by its depth against the peaks either side),
// the topic changes. Content words are the sentence's nouns, verbs and adjectives as roots,
// tagged by compromise (nlp.ts, `contentLemmas`), so no word list decides what counts.
import { contentLemmas } from './nlp.js';

/** A segment holds at least this many sentences: fewer cannot make a slide of its own. */
export const MIN_SEGMENT_SENTENCES = 3;
/** Words per segment the count of segments aims between: one slide's worth of narration. */
export const SEGMENT_WORDS = { min: 80, max: 200 } as const;
/** Sentences on each side of a gap that are compared. */
const BLOCK_SENTENCES = 3;
/** Added to the depth of a gap that is also a paragraph break (or a speaker's turn): the writer's own hint. */
const BREAK_BONUS = 0.1;

export interface CohesionInput {
  sentences: readonly string[];
  /** Words of each sentence. */
  words: readonly number[];
  /** Gaps (index of the sentence after them) that are paragraph breaks. */
  breaks?: ReadonlySet<number>;
}

type Vector = Map<string, number>;

function vectorOf(lemmas: readonly string[]): Vector {
  const v: Vector = new Map();
  for (const l of lemmas) v.set(l, (v.get(l) ?? 0) + 1);
  return v;
}

function sum(vectors: readonly Vector[]): Vector {
  const out: Vector = new Map();
  for (const v of vectors) for (const [k, n] of v) out.set(k, (out.get(k) ?? 0) + n);
  return out;
}

function cosine(a: Vector, b: Vector): number {
  let dot = 0;
  for (const [k, n] of a) dot += n * (b.get(k) ?? 0);
  const norm = (v: Vector) => Math.sqrt([...v.values()].reduce((s, n) => s + n * n, 0));
  const d = norm(a) * norm(b);
  return d === 0 ? 0 : dot / d;
}

/** Similarity of the blocks either side of each gap 1..n-1 (index = the sentence after the gap), lightly smoothed. */
export function gapSimilarities(vectors: readonly Vector[]): number[] {
  const n = vectors.length;
  const raw: number[] = [];
  for (let i = 1; i < n; i++) raw.push(cosine(sum(vectors.slice(Math.max(0, i - BLOCK_SENTENCES), i)), sum(vectors.slice(i, i + BLOCK_SENTENCES))));
  // A moving average over three gaps, as TextTiling smooths, so one odd sentence makes no valley.
  return raw.map((s, i) => {
    const window = raw.slice(Math.max(0, i - 1), i + 2);
    return window.reduce((a, b) => a + b, 0) / window.length;
  });
}

/** How deep each gap's similarity lies below the nearest peaks on its left and right. */
export function depthScores(similarities: readonly number[]): number[] {
  return similarities.map((s, i) => {
    let left = s;
    for (let j = i - 1; j >= 0 && similarities[j]! >= left; j--) left = similarities[j]!;
    let right = s;
    for (let j = i + 1; j < similarities.length && similarities[j]! >= right; j++) right = similarities[j]!;
    return left - s + (right - s);
  });
}

/** How many segments text of this many words and sentences takes: one per 80 to 200 words. */
export function segmentCountRange(words: number, sentences: number): { min: number; max: number } {
  const max = Math.max(1, Math.min(Math.floor(words / SEGMENT_WORDS.min), Math.floor(sentences / MIN_SEGMENT_SENTENCES)));
  return { min: Math.min(max, Math.max(1, Math.ceil(words / SEGMENT_WORDS.max))), max };
}

/**
 * Where the topic changes: the indexes of the sentences that open a new segment, ascending
 * (empty: one topic). The deepest valleys first, each segment at least MIN_SEGMENT_SENTENCES
 * long, as many as the length needs (segmentCountRange) and more, up to its most, while a valley
 * is clearly deeper than the text's usual (mean depth plus half its spread).
 */
export function topicBoundaries(input: CohesionInput): number[] {
  const n = input.sentences.length;
  const words = input.words.reduce((a, b) => a + b, 0);
  const range = segmentCountRange(words, n);
  if (range.max < 2) return [];
  const similarities = gapSimilarities(input.sentences.map((s) => vectorOf(contentLemmas(s))));
  const depths = depthScores(similarities).map((d, i) => d + (input.breaks?.has(i + 1) ? BREAK_BONUS : 0));
  const mean = depths.reduce((a, b) => a + b, 0) / depths.length;
  const spread = Math.sqrt(depths.reduce((a, d) => a + (d - mean) ** 2, 0) / depths.length);
  // Past the segments the length needs, only a clear valley opens one more: a topic of its own,
  // not a digression (TextTiling's own cut-off, mean less half the spread, cut a 430-word
  // transcript into five topics of 86 words where the speaker announced four).
  const cutoff = mean + spread / 2;
  const chosen: number[] = [];
  const gaps = depths.map((depth, i) => ({ at: i + 1, depth })).filter((g) => g.at >= MIN_SEGMENT_SENTENCES && n - g.at >= MIN_SEGMENT_SENTENCES);
  for (const gap of gaps.sort((a, b) => b.depth - a.depth || a.at - b.at)) {
    if (chosen.length >= range.max - 1) break;
    if (chosen.length >= range.min - 1 && gap.depth < cutoff) break;
    if (chosen.every((c) => Math.abs(c - gap.at) >= MIN_SEGMENT_SENTENCES)) chosen.push(gap.at);
  }
  return snapToBreaks(chosen, input.breaks, n).sort((a, b) => a - b);
}

/**
 * Each boundary moved to a paragraph break (a speaker's turn) one sentence away when it is not at
 * one, as TextTiling places its boundaries at paragraph breaks: a turn that announces the next
 * topic ('The second topic is ...') opens it. Segments keep their least length.
 */
function snapToBreaks(boundaries: readonly number[], breaks: ReadonlySet<number> | undefined, n: number): number[] {
  if (!breaks || breaks.size === 0) return [...boundaries];
  const out = [...boundaries].sort((a, b) => a - b);
  out.forEach((b, i) => {
    if (breaks.has(b)) return;
    const low = (out[i - 1] ?? 0) + MIN_SEGMENT_SENTENCES;
    const high = (out[i + 1] ?? n) - MIN_SEGMENT_SENTENCES;
    const near = [b - 1, b + 1].find((c) => breaks.has(c) && c >= low && c <= high);
    if (near !== undefined) out[i] = near;
  });
  return out;
}
