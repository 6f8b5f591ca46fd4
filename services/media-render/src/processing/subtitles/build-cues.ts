// Subtitle cues from a transcript, by the usual subtitling conventions (BBC and Netflix guidelines):
//
// - A cue holds at most two lines of at most `maxCharsPerLine` display columns (CJK characters
//   count two, video/subtitles.ts's `columns`); one line when the text fits one.
// - Text breaks, into cues and into lines, where a phrase ends: after a sentence, then after clause
//   punctuation, then before a conjunction or preposition, never after an article or preposition
//   (phrase-breaks.ts). Two lines are balanced, the lower one as long or longer (a pyramid), and a
//   line of one word is avoided when another break is possible. The choice is the cheapest
//   partition of each stretch of speech (dynamic programming over the words), not a greedy fill.
// - A cue starts at its first word's start, ends at its last word's end and never lasts longer than
//   `maxDurationMs` (a word longer than that is cut off at it).
// - A cue shows for at least `minDisplayMs`, extended into the silence after it but never into the
//   next cue; consecutive cues keep a gap of `gapMs` (2 frames at 25 fps), and a cue less than
//   `chainMs` before the next one is held until that gap, so the screen does not flash blank.
// - A silence longer than `silenceMs` ends a cue, and so does a change of speaker.
// - Speakers (a diarized transcript, two or more speaker labels): with 'dash' (the default) the
//   first cue of each turn after the first starts with '- ', the subtitler's mark for a new voice,
//   which claims no identity an offline speaker-change method may have got wrong; with 'label' the
//   first cue of every turn starts with 'Speaker N: '; 'none' marks nothing. The cue keeps the
//   speaker's number either way (the ASS file names it).
// - An empty transcript (no words, no segment text) gives no cues.
import type { Transcript } from '../../adapters/transcription/types.js';
import { wrapText } from '../../render/text-layout.js';
import { columns } from '../../video/subtitles.js';
import type { SpeakerCue } from './cue-format.js';
import { breakCost, endsSentence, phraseWords, type PhraseWords } from './phrase-breaks.js';
import { transcriptTokens, type Token } from './transcript-tokens.js';

export type SpeakerPrefix = 'dash' | 'label' | 'none';

export interface CueRules {
  maxCharsPerLine: number;
  maxDurationMs: number;
  minDisplayMs: number;
  gapMs: number;
  silenceMs: number;
  chainMs: number;
  speakerPrefix: SpeakerPrefix;
}

export const DEFAULT_CUE_RULES: CueRules = {
  maxCharsPerLine: 50,
  maxDurationMs: 5000,
  minDisplayMs: 1000,
  gapMs: 80,
  silenceMs: 1500,
  chainMs: 500,
  speakerPrefix: 'dash',
};

export const MAX_CUE_LINES = 2;

// Costs of the partition, in the units of phrase-breaks.ts BREAK_COST (a plain break costs 4).
const CUE_COST = 3; // each cue: fewer, fuller cues flicker less
const CUE_BREAK_WEIGHT = 2; // a bad break between cues is worse than one between lines
const SENTENCE_INSIDE = 1.5; // a sentence ending inside a line rather than at a break
const CARRY_OVER = 4; // a sentence that starts inside a cue and runs on into the next one
const ORPHAN = 6; // a line of one word
const TOP_HEAVY = 6; // per line width the upper line is longer by
const BOTTOM_HEAVY = 2; // per line width the lower line is longer by
const SHORT = 3; // a cue shorter than the minimum display time, at zero length
/** The least a cue shows when input times leave no room (words on top of each other). */
const MIN_CUE_MS = 100;

interface Block {
  tokens: Token[];
  speaker: number | undefined;
  /** Whether a different speaker spoke the block before. */
  turnStart: boolean;
}

interface Draft {
  lines: Token[][];
  speaker: number | undefined;
}

/** Stretches of speech that no cue spans: a new one at each change of speaker and after each long silence. */
function splitBlocks(tokens: readonly Token[], silenceMs: number): Block[] {
  const blocks: Block[] = [];
  let spokenUntil = 0;
  for (const token of tokens) {
    const block = blocks[blocks.length - 1];
    if (block && token.speaker === block.speaker && token.startMs - spokenUntil <= silenceMs) {
      block.tokens.push(token);
      spokenUntil = Math.max(spokenUntil, token.endMs);
      continue;
    }
    blocks.push({ tokens: [token], speaker: token.speaker, turnStart: !block || token.speaker !== block.speaker });
    spokenUntil = token.endMs;
  }
  return blocks;
}

/** The mark a turn's first cue starts with ('' for none). */
function turnPrefix(block: Block, index: number, rules: CueRules, diarized: boolean): string {
  if (!diarized || !block.turnStart) return '';
  if (rules.speakerPrefix === 'dash') return index > 0 ? '- ' : '';
  if (rules.speakerPrefix === 'label' && block.speaker !== undefined) return `Speaker ${block.speaker}: `;
  return '';
}

/** Words wider than a line cut into pieces that fit (wrapText cuts between grapheme clusters), timed by their columns. */
function cutLongTokens(tokens: readonly Token[], maxColumns: number): Token[] {
  return tokens.flatMap((token) => {
    const total = columns(token.text);
    if (total <= maxColumns) return [token];
    const pieces = wrapText(token.text, maxColumns, columns).filter((p) => p !== '');
    let from = 0;
    let before = 0;
    return pieces.map((text, i) => {
      const at = token.text.indexOf(text, from);
      const spaceBefore = i === 0 ? token.spaceBefore : at > from;
      from = at + text.length;
      const startMs = token.startMs + Math.round(((token.endMs - token.startMs) * before) / total);
      before += columns(text);
      const endMs = token.startMs + Math.round(((token.endMs - token.startMs) * before) / total);
      return { ...token, text, startMs, endMs, spaceBefore };
    });
  });
}

/** The cheapest partition of a block into cues of one or two lines (see the header). */
function partitionBlock(tokens: readonly Token[], rules: CueRules, words: PhraseWords): Draft['lines'][] {
  const n = tokens.length;
  const max = rules.maxCharsPerLine;
  // prefix[i]: columns of tokens 0..i-1 with the spaces before each; width(a, b) is tokens a..b-1 on one line.
  const prefix = [0];
  const sep = tokens.map((t, i) => (i > 0 && t.spaceBefore ? 1 : 0));
  tokens.forEach((t, i) => prefix.push(prefix[i]! + sep[i]! + columns(t.text)));
  const width = (a: number, b: number) => prefix[b]! - prefix[a]! - sep[a]!;
  const isEnd = tokens.map((t) => endsSentence(t.text));
  // sentenceEnds[i]: how many of tokens 0..i-1 end a sentence.
  const sentenceEnds = [0];
  isEnd.forEach((end, i) => sentenceEnds.push(sentenceEnds[i]! + (end ? 1 : 0)));
  const breaks = tokens.slice(0, -1).map((t, k) => breakCost(t.text, tokens[k + 1]!.text, tokens[k + 1]!.startMs - t.endMs, words, isEnd[k]));

  /** The best layout of tokens a..b-1: its cost and where the second line starts (null: one line). */
  const layout = (a: number, b: number): { cost: number; split: number | null } | null => {
    // Sentences that end inside the cue (not with it); one on the line break costs nothing.
    const inside = sentenceEnds[b - 1]! - sentenceEnds[a]!;
    if (b === a + 1 || width(a, b) <= max) return { cost: inside * SENTENCE_INSIDE, split: null };
    let best: { cost: number; split: number | null } | null = null;
    for (let k = a + 1; k < b; k++) {
      const top = width(a, k);
      if (top > max) break;
      const bottom = width(k, b);
      if (bottom > max) continue;
      const shape = top > bottom ? ((top - bottom) / max) * TOP_HEAVY : ((bottom - top) / max) * BOTTOM_HEAVY;
      const orphan = b - a >= 3 && (k - a === 1 || b - k === 1) ? ORPHAN : 0;
      const cost = breaks[k - 1]! + shape + orphan + (inside - (isEnd[k - 1] ? 1 : 0)) * SENTENCE_INSIDE;
      if (!best || cost < best.cost) best = { cost, split: k };
    }
    return best;
  };

  const best: number[] = new Array<number>(n + 1).fill(Infinity);
  const from: Array<{ a: number; split: number | null }> = new Array(n + 1);
  best[0] = 0;
  for (let a = 0; a < n; a++) {
    if (best[a] === Infinity) continue;
    let endMs = tokens[a]!.endMs;
    for (let b = a + 1; b <= n; b++) {
      endMs = Math.max(endMs, tokens[b - 1]!.endMs);
      const durationMs = endMs - tokens[a]!.startMs;
      // One token is always a cue; more must fit two lines (and the space between them) and the time.
      if (b > a + 1 && (width(a, b) > MAX_CUE_LINES * max + 1 || durationMs > rules.maxDurationMs)) break;
      const lay = layout(a, b);
      if (!lay) continue;
      const short = b < n && durationMs < rules.minDisplayMs ? SHORT * (1 - durationMs / rules.minDisplayMs) : 0;
      const carry = b < n && !isEnd[b - 1] && sentenceEnds[b - 1]! > sentenceEnds[a]! ? CARRY_OVER : 0;
      const cost = best[a]! + CUE_COST + lay.cost + (b < n ? CUE_BREAK_WEIGHT * breaks[b - 1]! : 0) + short + carry;
      if (cost < best[b]!) {
        best[b] = cost;
        from[b] = { a, split: lay.split };
      }
    }
  }
  const cues: Draft['lines'][] = [];
  for (let b = n; b > 0; ) {
    const { a, split } = from[b]!;
    cues.push(split === null ? [tokens.slice(a, b)] : [tokens.slice(a, split), tokens.slice(split, b)]);
    b = a;
  }
  return cues.reverse();
}

/** Tokens as a line: a space between words, none between CJK characters. */
const lineText = (tokens: readonly Token[]): string => tokens.map((t, i) => (i > 0 && t.spaceBefore ? ' ' : '') + t.text).join('');

/** Cue times from the words' (see the header), in order and never overlapping. */
function timeCues(drafts: readonly Draft[], rules: CueRules, audioMs: number): SpeakerCue[] {
  const first = (d: Draft) => d.lines[0]![0]!.startMs;
  const cues: SpeakerCue[] = [];
  let previousEnd = -Infinity;
  drafts.forEach((draft, i) => {
    const spokenEnd = Math.max(...draft.lines.flat().map((t) => t.endMs));
    const next = drafts[i + 1];
    const nextStart = next ? first(next) : Infinity;
    const startMs = Math.max(first(draft), previousEnd + rules.gapMs);
    let endMs = Math.max(spokenEnd, startMs + rules.minDisplayMs);
    if (nextStart - spokenEnd < rules.chainMs) endMs = Math.max(endMs, nextStart - rules.gapMs);
    // The last cue's minimum display stays within the audio.
    if (!next && audioMs > spokenEnd) endMs = Math.min(endMs, audioMs);
    endMs = Math.max(Math.min(endMs, startMs + rules.maxDurationMs, nextStart - rules.gapMs), startMs + MIN_CUE_MS);
    previousEnd = endMs;
    const cue: SpeakerCue = { startMs, endMs, text: draft.lines.map(lineText).join('\n') };
    if (draft.speaker !== undefined) cue.speaker = draft.speaker;
    cues.push(cue);
  });
  return cues;
}

/** The transcript's subtitle cues, by the rules in the header ([] when nothing was said). */
export function buildTranscriptCues(transcript: Transcript, rules: Partial<CueRules> = {}): SpeakerCue[] {
  const r: CueRules = { ...DEFAULT_CUE_RULES, ...rules };
  const words = phraseWords(transcript.language_code);
  const tokens = transcriptTokens(transcript);
  const diarized = new Set(tokens.map((t) => t.speaker).filter((s) => s !== undefined)).size > 1;
  const drafts = splitBlocks(tokens, r.silenceMs).flatMap((block, i): Draft[] => {
    const prefix = turnPrefix(block, i, r, diarized);
    const marked = prefix ? [{ ...block.tokens[0]!, text: prefix + block.tokens[0]!.text }, ...block.tokens.slice(1)] : block.tokens;
    return partitionBlock(cutLongTokens(marked, r.maxCharsPerLine), r, words).map((lines) => ({ lines, speaker: block.speaker }));
  });
  return timeCues(drafts, r, Math.round((transcript.duration_seconds || 0) * 1000));
}
