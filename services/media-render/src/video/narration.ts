// Narration of the video: what is said over each slide, spoken through whichever SpeechProvider is
// configured, and the timeline that follows from the clips' lengths. The title card is narrated
// with the notes of the title slide it stands for (content.ts), else with the title; a slide with
// its speaker notes, else with its scene of the script, else with its points and paragraphs.
import { mkdir } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { parseScript } from '@trainwright/formats';
import { RenderError, type ProgressReporter, type RenderInput, type SpeechClip, type SpeechProvider, type VoiceSettings } from '../domain/types.js';
import { cleanLine, cleanText } from '../render/content.js';
import { contentOf, TITLE_CARD } from './slide-image.js';

/** Silence after each slide's narration, so one slide's last word does not run into the next. */
export const SLIDE_PAUSE_MS = 600;
/** The shortest a slide is shown: long enough to read a title even when nothing is said. */
export const MIN_SLIDE_MS = 2500;
/** The title card says at most this much of the title: a title is a label, not a text to read out. */
export const TITLE_NARRATION_CHARS = 200;

export interface NarratedSlide {
  /** TITLE_CARD or the slide's index in the deck. */
  index: number;
  /** What is said; '' for a silent slide. */
  text: string;
  clip: SpeechClip | null;
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
  return units
    .map((u) => u.replace(/\s+/gu, ' ').trim())
    .filter((u) => u !== '')
    .map((u) => (SENTENCE_END.test(u) ? u : `${u}${CJK_LAST.test(u) ? '。' : '.'}`))
    .join('\n');
}

const titleKey = (title: string) => cleanLine(title).toLowerCase();

/** The narration of each scene of the script: its NARRATOR and SPEAKER lines (stage directions are not said). */
function scriptScenes(script: unknown): Array<{ key: string; lines: string[] }> {
  if (typeof script !== 'string' || script.trim() === '') return [];
  const scenes: Array<{ key: string; lines: string[] }> = [];
  for (const block of parseScript(cleanText(script)).blocks) {
    if (block.kind === 'scene') scenes.push({ key: titleKey(block.text), lines: [] });
    else if (block.kind === 'line' && scenes.length > 0) scenes[scenes.length - 1]!.lines.push(block.text);
  }
  return scenes;
}

/** The narration text of every video slide, in video order (the title card first). */
export function narrationTexts(input: RenderInput): string[] {
  const content = contentOf(input);
  const slides = input.deck.slides;
  const scenes = scriptScenes(input.script);
  const used = new Set<number>();
  // A scene belongs to the slide of the same title; when titles do not match, scene n to slide n
  // if the script has exactly one scene per slide (a script written from the deck).
  const sceneFor = (i: number): string[] | null => {
    const key = titleKey(slides[i]?.title ?? '');
    let at = key ? scenes.findIndex((s, n) => !used.has(n) && s.key === key) : -1;
    if (at < 0 && scenes.length === slides.length && !used.has(i)) at = i;
    if (at < 0) return null;
    used.add(at);
    return scenes[at]!.lines;
  };
  // Blank lines separate the notes' paragraphs; single line breaks inside one are wrapping.
  const notes = (text: string) => speakableText(text.split(/\n\s*\n/));
  const texts = content.sections.map((section) => {
    if (section.notes) return notes(section.notes);
    const scene = sceneFor(section.slide);
    if (scene && scene.some((l) => l.trim() !== '')) return speakableText(scene);
    return speakableText([...section.points, ...section.paragraphs]);
  });
  const title = content.coverNotes ? notes(content.coverNotes) : speakableText([shorten(content.title, TITLE_NARRATION_CHARS)]);
  return [title, ...texts];
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

/** Runs `task` over `items` with at most `limit` at a time, keeping the order of results. */
async function mapLimit<T, R>(items: T[], limit: number, task: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await task(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/**
 * Speaks every video slide's narration into `workDir/narration/` and lays the slides out in time.
 * Clips are synthesised in parallel (one per core): a local engine is CPU-bound, a cloud one waits
 * on the network.
 */
export async function narrate(
  input: RenderInput,
  provider: SpeechProvider,
  settings: VoiceSettings,
  workDir: string,
  progress?: ProgressReporter,
): Promise<Narration> {
  const texts = narrationTexts(input);
  const dir = join(workDir, 'narration');
  await mkdir(dir, { recursive: true });
  let done = 0;
  const clips = await mapLimit(texts, Math.max(1, Math.min(4, availableParallelism())), async (text, n) => {
    let clip: SpeechClip | null = null;
    if (text !== '') {
      clip = await provider.synthesize(text, settings, join(dir, `${String(n).padStart(3, '0')}.wav`));
      if (!(clip.durationMs > 0) || !Number.isFinite(clip.durationMs)) {
        throw new RenderError(`The speech provider '${provider.name}' returned an empty clip for slide ${n}.`);
      }
    }
    await progress?.((++done / texts.length) * 100);
    return clip;
  });
  let startMs = 0;
  const slides = clips.map((clip, n): NarratedSlide => {
    const slide = { index: n === 0 ? TITLE_CARD : n - 1, text: texts[n]!, clip, startMs, durationMs: slideDurationMs(clip?.durationMs ?? null) };
    startMs += slide.durationMs;
    return slide;
  });
  return { slides, totalMs: startMs };
}
