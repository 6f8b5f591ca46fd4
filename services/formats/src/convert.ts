// Conversions between scripts and decks. Deterministic and inventing nothing: every word on a
// slide or in a script comes from the input, apart from the continuation marks ' (2)' and the
// fixed transition text.
import { detectTextFormat } from './detect.js';
import { MAX_POINTS_PER_SLIDE, type Slide, type SlideDeck } from './slide-model.js';
import { parseScript, type Script, type ScriptBlock } from './script-text.js';
import { parseSlideText } from './slide-text.js';
import { currentObjectives, withCurrentKnowledgeCheck } from './deck-parts.js';
import { withTrainerNotesApart } from './trainer-notes.js';

export const DEFAULT_TRANSITION = 'Next slide';

export interface SentenceSpan {
  text: string;
  /** Offsets into the source text, end exclusive; text === source.slice(start, end). */
  start: number;
  end: number;
}

const TERMINATORS = '.!?…‽。！？｡';
// CJK full stops end a sentence even without a following space.
const CJK_TERMINATORS = '。！？｡';
const CLOSERS = `"'”’»)]}」』）】`;

/**
 * Splits text into sentences with a fixed rule rather than Intl.Segmenter, whose results vary
 * between ICU versions: a sentence ends after a run of terminators (and closing quotes or
 * brackets) that is followed by whitespace or the end, after a CJK full stop, and at every line
 * break. Abbreviations such as 'e.g.' therefore end a sentence. Nothing is dropped but whitespace.
 */
export function splitSentences(text: string): SentenceSpan[] {
  const spans: SentenceSpan[] = [];
  const push = (from: number, to: number) => {
    while (from < to && /\s/.test(text[from]!)) from++;
    while (to > from && /\s/.test(text[to - 1]!)) to--;
    if (to > from) spans.push({ text: text.slice(from, to), start: from, end: to });
  };
  let start = 0;
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === '\n' || ch === '\r') {
      push(start, i);
      start = i + 1;
      i++;
      continue;
    }
    if (TERMINATORS.includes(ch)) {
      let j = i;
      let cjk = false;
      while (j < text.length && TERMINATORS.includes(text[j]!)) cjk ||= CJK_TERMINATORS.includes(text[j++]!);
      while (j < text.length && CLOSERS.includes(text[j]!)) j++;
      if (cjk || j === text.length || /\s/.test(text[j]!)) {
        push(start, j);
        start = j;
      }
      i = j;
      continue;
    }
    i++;
  }
  push(start, text.length);
  return spans;
}

export interface ScriptToDeckOptions {
  maxPointsPerSlide?: number;
}

/**
 * Each scene starts a slide titled by the scene text. Narration (NARRATOR and SPEAKER lines) goes
 * into the notes, and each of its sentences becomes a point. A slide that already holds the maximum
 * of points continues on 'Title (2)', 'Title (3)', ..., and the notes follow their sentences there.
 * Paragraphs go into the notes of the current slide. Transitions are slide changes and carry no
 * content. Text before the first scene goes on a slide titled with the deck title. Notes from
 * separate blocks are separated by a blank line.
 */
export function scriptToDeck(script: Script, title: string, options: ScriptToDeckOptions = {}): SlideDeck {
  const max = Math.max(1, Math.floor(options.maxPointsPerSlide ?? MAX_POINTS_PER_SLIDE));
  const slides: Slide[] = [];
  const notes = new Map<Slide, string[]>();
  let base = title;
  let part = 1;
  let slide: Slide | null = null;

  const open = (slideTitle: string): Slide => {
    const s: Slide = { title: slideTitle, points: [], paragraphs: [], notes: '' };
    slides.push(s);
    notes.set(s, []);
    return s;
  };
  const current = (): Slide => (slide ??= open(base));
  const roomFor = (): Slide => {
    let s = current();
    if (s.points.length >= max) {
      part++;
      s = slide = open(`${base} (${part})`.trim());
    }
    return s;
  };

  const add = (block: ScriptBlock): void => {
    switch (block.kind) {
      case 'scene':
        base = block.text;
        part = 1;
        slide = open(base);
        return;
      case 'transition':
        return;
      case 'paragraph':
        if (block.text.trim() !== '') notes.get(current())!.push(block.text.trim());
        return;
      case 'line': {
        // Consecutive sentences on one slide keep their original text, line breaks included, as notes.
        let group: { slide: Slide; start: number; end: number } | null = null;
        const flush = () => {
          if (group) notes.get(group.slide)!.push(block.text.slice(group.start, group.end));
        };
        for (const sentence of splitSentences(block.text)) {
          const s = roomFor();
          s.points.push(sentence.text);
          if (group && group.slide === s) group.end = sentence.end;
          else {
            flush();
            group = { slide: s, start: sentence.start, end: sentence.end };
          }
        }
        flush();
        return;
      }
    }
  };

  for (const block of script.blocks) add(block);
  for (const s of slides) s.notes = notes.get(s)!.join('\n\n');
  return { title, slides };
}

/**
 * The deck of a script as the user wrote it, in either format: slide text is read as slides (its
 * notes stay notes; its '# Title', else `title`, titles the deck), anything else as the script
 * format by scriptToDeck.
 */
export function scriptTextToDeck(text: string, title: string, options: ScriptToDeckOptions = {}): SlideDeck {
  if (detectTextFormat(text) === 'slides') {
    const deck = parseSlideText(text);
    return { ...deck, title: deck.title || title };
  }
  return scriptToDeck(parseScript(text), title, options);
}

export interface DeckToScriptOptions {
  transition?: string;
}

/**
 * One scene per slide, titled by the slide title, with a transition between slides. The narration
 * is the notes, one NARRATOR line per block of note lines between blank lines; a slide without
 * notes is narrated from its points, then its paragraphs, one line each.
 */
export function deckToScript(deck: SlideDeck, options: DeckToScriptOptions = {}): Script {
  const transition = options.transition ?? DEFAULT_TRANSITION;
  const blocks: ScriptBlock[] = [];
  deck.slides.forEach((slide, i) => {
    if (i > 0) blocks.push({ kind: 'transition', text: transition });
    blocks.push({ kind: 'scene', text: slide.title });
    const narration =
      slide.notes.trim() !== '' ? slide.notes.split(/(?:\r\n|\r|\n)\s*(?:\r\n|\r|\n)/) : [...slide.points, ...slide.paragraphs];
    for (const text of narration) {
      if (text.trim() !== '') blocks.push({ kind: 'line', speaker: 'NARRATOR', text: text.trim() });
    }
  });
  return { blocks };
}

const sceneKey = (title: string) => title.normalize('NFC').replace(/\s+/gu, ' ').trim().toLowerCase();

/**
 * The narration (NARRATOR and SPEAKER lines; stage directions are not said) of the script's scene
 * for each slide, null where none belongs to it. A scene belongs to the slide of the same title
 * (ignoring case and runs of whitespace); when titles do not match, scene n to slide n if the
 * script has exactly one scene per slide (a script written from the deck). Each scene serves once.
 */
export function sceneLinesFor(slides: readonly Pick<Slide, 'title'>[], script: string): Array<string[] | null> {
  const scenes: Array<{ key: string; lines: string[] }> = [];
  if (script.trim() !== '') {
    for (const block of parseScript(script).blocks) {
      if (block.kind === 'scene') scenes.push({ key: sceneKey(block.text), lines: [] });
      else if (block.kind === 'line' && scenes.length > 0) scenes[scenes.length - 1]!.lines.push(block.text);
    }
  }
  const used = new Set<number>();
  return slides.map((slide, i) => {
    const key = sceneKey(slide.title);
    let at = key ? scenes.findIndex((s, n) => !used.has(n) && s.key === key) : -1;
    if (at < 0 && scenes.length === slides.length && !used.has(i)) at = i;
    if (at < 0) return null;
    used.add(at);
    return scenes[at]!.lines;
  });
}

/**
 * What the video says over the current slides, as a script (the share page shows it): for each
 * slide its notes, else its scene of `script`, else its points and paragraphs. So an edit of the
 * slides reaches it, and a script written by hand still narrates the slides it matches. Trainer
 * notes are never part of it.
 */
export function narrationScript(deck: SlideDeck, script: string, options: DeckToScriptOptions = {}): Script {
  const scenes = sceneLinesFor(deck.slides, script);
  const narrated: SlideDeck = {
    ...deck,
    slides: deck.slides.map((slide, i) => {
      const scene = scenes[i]?.filter((l) => l.trim() !== '') ?? [];
      return slide.notes.trim() === '' && scene.length > 0 ? { ...slide, notes: scene.join('\n\n') } : slide;
    }),
  };
  return deckToScript(narrated, options);
}

/**
 * The deck every export of a project shows: its generated slides, else the slides it was given,
 * else its script made into slides; null while it has none of them.
 */
export function projectDeck(project: { title: string; slidesContent: string; scriptContent: string }, generatedSlides = '', storedObjectives: readonly string[] = []): SlideDeck | null {
  if (generatedSlides.trim()) {
    // Generated slides stored before trainer notes existed hold the engine's prompts in their notes;
    // a generated knowledge check follows the objectives slide as the user edited it.
    const deck = withTrainerNotesApart(parseSlideText(generatedSlides));
    return withCurrentKnowledgeCheck(deck, storedObjectives, currentObjectives(deck, storedObjectives));
  }
  if (project.slidesContent.trim()) return parseSlideText(project.slidesContent);
  if (project.scriptContent.trim()) return scriptTextToDeck(project.scriptContent, project.title);
  return null;
}
