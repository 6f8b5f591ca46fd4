// Narration of the video: what is said over each slide, spoken through whichever SpeechProvider is
// configured, and the timeline that follows from the clips' lengths. The title card is narrated
// with the notes of the title slide it stands for (content.ts), else with the title; a slide with
// its speaker notes, else with its scene of the script, else with its points and paragraphs.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { sceneLinesFor, splitSentences } from '@trainwright/formats';
import { RenderError, type ProgressReporter, type RenderInput, type SpeechClip, type SpeechProvider, type VoiceSettings } from '../domain/types.js';
import { cleanLine, cleanText, prepareContent } from '../render/content.js';
import { concatWavs, parseWav, WavError } from '../adapters/speech/wav.js';
import { TITLE_CARD } from './slide-image.js';
import { mapLimit } from '../domain/map-limit.js';

/** Silence after each slide's narration, so one slide's last word does not run into the next. */
export const SLIDE_PAUSE_MS = 600;
/** The shortest a slide is shown: long enough to read a title even when nothing is said. */
export const MIN_SLIDE_MS = 2500;
/** The title card says at most this much of the title: a title is a label, not a text to read out. */
export const TITLE_NARRATION_CHARS = 200;

/** One part of a slide's narration (a notes paragraph or sentence, a script line, a point) and where it plays. */
export interface NarrationPart {
  text: string;
  /** Where the part starts within the slide's clip. */
  startMs: number;
  durationMs: number;
  /** How many of the slide's items (points, then paragraphs) are on screen from this part on. */
  revealed: number;
}

export interface NarratedSlide {
  /** TITLE_CARD or the slide's index in the deck. */
  index: number;
  /** What is said; '' for a silent slide. */
  text: string;
  clip: SpeechClip | null;
  /** The narration part by part, in order (empty for a silent slide). */
  parts?: NarrationPart[];
  /** How many items (points, then paragraphs) the slide shows; 0 for the title card. */
  items?: number;
  /** Where the slide starts in the video. */
  startMs: number;
  durationMs: number;
}

export interface Narration {
  slides: NarratedSlide[];
  totalMs: number;
}

// A sentence end, possibly inside closing quotes or brackets.
const SENTENCE_END = /[.!?…‽。！？｡:;]["'”’»)\]}」』）】]*$/u;
const CJK_LAST = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]$/u;

/**
 * Units (notes paragraphs, points) as one text, one unit per line with its whitespace collapsed.
 * A unit without a sentence end gets one: bullet points rarely have a full stop, and without it a
 * speech engine runs them together and the subtitles merge them into one sentence.
 */
export function speakableText(units: string[]): string {
  return speakableUnits(units).join('\n');
}

/** The units of speakableText, one string each (empty units dropped). */
export function speakableUnits(units: string[]): string[] {
  return units
    .map((u) => u.replace(/\s+/gu, ' ').trim())
    .filter((u) => u !== '')
    .map((u) => (SENTENCE_END.test(u) ? u : `${u}${CJK_LAST.test(u) ? '。' : '.'}`));
}

/** What a video slide says, part by part, and how many of its items each part brings on screen. */
export interface SlideNarration {
  /** The parts, each a speakable unit; empty for a silent slide. */
  parts: string[];
  /** For each part, how many items are shown from its start (never decreasing, the last = items). */
  revealed: number[];
  /** Items the slide draws: its points, then its paragraphs (0 for the title card). */
  items: number;
}

/**
 * When each item comes on screen. Parts spoken from the items themselves (a slide without notes
 * or a scene) match them one to one; otherwise the items are spread over the parts in order, the
 * first with the first part and the last by the last part (notes rarely follow the points word for
 * word, but they follow their order).
 */
export function revealSchedule(parts: number, items: number): number[] {
  if (items === 0) return new Array<number>(parts).fill(0);
  return Array.from({ length: parts }, (_, j) => (j === parts - 1 ? items : Math.min(items, Math.max(1, Math.round(((j + 1) * items) / parts)))));
}

/**
 * Notes or script lines as parts: their paragraphs (or lines), or their sentences when there are
 * fewer paragraphs than items to reveal, so that the items can come one by one.
 */
function spokenParts(units: string[], items: number): string[] {
  const parts = speakableUnits(units);
  if (items < 2 || parts.length >= items) return parts;
  const sentences = parts.flatMap((p) => splitSentences(p).map((s) => s.text.trim())).filter((t) => t !== '');
  return sentences.length > parts.length ? speakableUnits(sentences) : parts;
}

/** The narration of every video slide, in video order (the title card first), part by part. */
export function narrationParts(input: RenderInput): SlideNarration[] {
  const content = prepareContent(input);
  const slides = input.deck.slides;
  // Each slide's scene of the script (formats' sceneLinesFor: the share page's Script is matched the same way).
  const scenes = sceneLinesFor(slides.map((s) => ({ title: cleanLine(s?.title) })), typeof input.script === 'string' ? cleanText(input.script) : '');
  const sceneFor = (i: number): string[] | null => scenes[i] ?? null;
  // Blank lines separate the notes' paragraphs; single line breaks inside one are wrapping.
  const paragraphs = (text: string) => text.split(/\n\s*\n/);
  const texts = content.sections.map((section): SlideNarration => {
    const items = section.points.length + section.paragraphs.length;
    const spoken = (parts: string[]) => ({ parts, revealed: revealSchedule(parts.length, items), items });
    if (section.notes) return spoken(spokenParts(paragraphs(section.notes), items));
    const scene = sceneFor(section.slide);
    if (scene && scene.some((l) => l.trim() !== '')) return spoken(spokenParts(scene, items));
    // Said from the items themselves: each item comes with its own part.
    const all = [...section.points, ...section.paragraphs];
    const parts: string[] = [];
    const revealed: number[] = [];
    all.forEach((item, i) => {
      const unit = speakableUnits([item]);
      if (unit.length > 0) {
        parts.push(unit[0]!);
        revealed.push(i + 1);
      }
    });
    if (revealed.length > 0) revealed[revealed.length - 1] = items;
    return { parts, revealed, items };
  });
  const title = content.coverNotes ? speakableUnits(paragraphs(content.coverNotes)) : speakableUnits([shorten(content.title, TITLE_NARRATION_CHARS)]);
  return [{ parts: title, revealed: revealSchedule(title.length, 0), items: 0 }, ...texts];
}

/** The narration text of every video slide, in video order (the title card first). */
export function narrationTexts(input: RenderInput): string[] {
  return narrationParts(input).map((n) => n.parts.join('\n'));
}

/** The text cut after a whole word at about `max` characters. */
function shorten(text: string, max: number): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  // By code points, so an emoji or other astral character is never split.
  const cut = chars.slice(0, max).join('');
  const space = cut.lastIndexOf(' ');
  return space > max / 2 ? cut.slice(0, space) : cut;
}

/** How long a slide stays: its narration and a pause, and never less than MIN_SLIDE_MS. */
export function slideDurationMs(clipMs: number | null): number {
  return clipMs === null ? MIN_SLIDE_MS : Math.max(MIN_SLIDE_MS, Math.round(clipMs + SLIDE_PAUSE_MS));
}

/**
 * Speaks every video slide's narration into `workDir/narration/` and lays the slides out in time.
 * Each part is spoken on its own (so that the video knows when each part, and the item it brings,
 * is reached) and a slide's parts are joined into its clip, NNN.wav. Parts are synthesised in
 * parallel (up to one per core, at most 4): a local engine is CPU-bound, a cloud one waits on the
 * network. When a provider's parts cannot be joined (not PCM, or formats that differ), the slide is
 * spoken in one piece and its parts are timed by their share of the text, as the subtitles are.
 */
export async function narrate(
  input: RenderInput,
  provider: SpeechProvider,
  settings: VoiceSettings,
  workDir: string,
  progress?: ProgressReporter,
): Promise<Narration> {
  const plan = narrationParts(input);
  const dir = join(workDir, 'narration');
  await mkdir(dir, { recursive: true });
  const slideName = (n: number) => join(dir, `${String(n).padStart(3, '0')}.wav`);
  const tasks = plan.flatMap((p, n) => p.parts.map((text, k) => ({ n, k, text, single: p.parts.length === 1 })));
  let done = 0;
  const speak = async (text: string, outPath: string, n: number): Promise<SpeechClip> => {
    const clip = await provider.synthesize(text, settings, outPath);
    if (!(clip.durationMs > 0) || !Number.isFinite(clip.durationMs)) {
      throw new RenderError(`The speech provider '${clip.engine ?? provider.name}' returned an empty clip for slide ${n}.`);
    }
    return clip;
  };
  const spoken = await mapLimit(tasks, Math.max(1, Math.min(4, availableParallelism())), async (t) => {
    const out = t.single ? slideName(t.n) : join(dir, `${String(t.n).padStart(3, '0')}-${String(t.k + 1).padStart(2, '0')}.wav`);
    const clip = await speak(t.text, out, t.n);
    await progress?.((++done / Math.max(1, tasks.length)) * 100);
    return clip;
  });
  const partClips = plan.map(() => [] as SpeechClip[]);
  tasks.forEach((t, i) => partClips[t.n]!.push(spoken[i]!));

  let startMs = 0;
  const slides: NarratedSlide[] = [];
  for (const [n, p] of plan.entries()) {
    const text = p.parts.join('\n');
    let clip: SpeechClip | null = null;
    let parts: NarrationPart[] = [];
    const clips = partClips[n]!;
    if (clips.length === 1) {
      clip = clips[0]!;
      parts = [{ text: p.parts[0]!, startMs: 0, durationMs: clip.durationMs, revealed: p.revealed[0]! }];
    } else if (clips.length > 1) {
      const joined = await joinClips(clips, slideName(n));
      if (joined) {
        clip = joined.clip;
        parts = p.parts.map((part, k) => ({ text: part, startMs: joined.starts[k]!, durationMs: clips[k]!.durationMs, revealed: p.revealed[k]! }));
      } else {
        clip = await speak(text, slideName(n), n);
        parts = partsByShare(p, clip.durationMs);
      }
    }
    const slide: NarratedSlide = { index: n === 0 ? TITLE_CARD : n - 1, text, clip, parts, items: p.items, startMs, durationMs: slideDurationMs(clip?.durationMs ?? null) };
    startMs += slide.durationMs;
    slides.push(slide);
  }
  return { slides, totalMs: startMs };
}

/** Parts timed by their share of the text (a slide spoken in one piece). */
function partsByShare(p: SlideNarration, clipMs: number): NarrationPart[] {
  const total = p.parts.reduce((t, x) => t + x.length, 0) || 1;
  let before = 0;
  return p.parts.map((text, k) => {
    const startMs = (clipMs * before) / total;
    before += text.length;
    return { text, startMs, durationMs: (clipMs * before) / total - startMs, revealed: p.revealed[k]! };
  });
}

/** The part clips joined into one WAV at `outPath` (each part starts where the one before ends), or null when they cannot be joined. */
async function joinClips(clips: SpeechClip[], outPath: string): Promise<{ clip: SpeechClip; starts: number[] } | null> {
  const wavs = await Promise.all(clips.map((c) => readFile(c.wavPath)));
  let joined: Buffer;
  try {
    joined = concatWavs(wavs);
  } catch (err) {
    if (err instanceof WavError) return null;
    throw err;
  }
  await writeFile(outPath, joined);
  // The parts' own files are no longer needed: the joined clip has them all.
  await Promise.all(clips.map((c) => rm(c.wavPath, { force: true })));
  const starts: number[] = [];
  let at = 0;
  for (const w of wavs) {
    starts.push(at);
    at += parseWav(w).durationMs;
  }
  return { clip: { wavPath: outPath, durationMs: parseWav(joined).durationMs }, starts };
}
