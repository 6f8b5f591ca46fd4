// Structure-preserving segmentation of a project's content (and of texts that go with it, such as
// an interactive video's, each a plain field: segmentTexts, assembleTexts). One line-based pass
// over the raw text (not parse + print, which would normalise what the user wrote): each line is
// split into the structure around its text (indentation, '## ', '**Content:**', '- ',
// '[SCENE: ' ... ']', 'NARRATOR: ', a literal line's backslash, trailing spaces, the line ending)
// and the text, and only the text is a segment. `assemble` writes translated texts back into the same places, so
// everything else comes back byte-exact. Which lines are markers is decided by the formats
// package's own classifiers (slideMarker, scriptMarker), not by rules of our own.
import { scriptMarker, slideMarker, type GeneratedContent } from '@trainwright/formats';
import { keptTermFinder, type GlossaryTerm } from './glossary.js';
import { hasTranslatableText, protect, type Placeholder } from './placeholders.js';

export interface TranslatableContent {
  title: string;
  description: string;
  slidesContent: string;
  scriptContent: string;
  generatedContent: GeneratedContent | null;
}

export interface Segment {
  /** Where the text sits: 'title', 'slides:12' (line 12, 0-based), 'generated.questions.3.options.1'. */
  id: string;
  /** The text as written. */
  text: string;
  /** The text with <ph id="N"/> tags for its protected spans, XML-escaped around them. */
  source: string;
  placeholders: Placeholder[];
}

type Format = 'plain' | 'slides' | 'script';

/** Calls `edit` for every text field of a value and returns a copy holding what it returned. */
type FieldMapper<T> = (value: T, edit: (path: string, text: string, format: Format) => string) => T;

/** Every text field of a project's content. */
const mapFields: FieldMapper<TranslatableContent> = (content, edit) => {
  const g = content.generatedContent;
  const list = (path: string, items: string[]): string[] => items.map((s, i) => edit(`${path}.${i}`, s, 'plain'));
  return {
    title: edit('title', content.title, 'plain'),
    description: edit('description', content.description, 'plain'),
    slidesContent: edit('slides', content.slidesContent, 'slides'),
    scriptContent: edit('script', content.scriptContent, 'script'),
    generatedContent: g && {
      ...g,
      script: edit('generated.script', g.script, 'script'),
      slides: { ...g.slides, slide_content: edit('generated.slides', g.slides.slide_content, 'slides') },
      summary: edit('generated.summary', g.summary, 'plain'),
      objectives: list('generated.objectives', g.objectives),
      questions: g.questions.map((q, i) => {
        const p = `generated.questions.${i}`;
        return {
          ...q,
          prompt: edit(`${p}.prompt`, q.prompt, 'plain'),
          options: q.options.map((o, j) => ({ ...o, text: edit(`${p}.options.${j}`, o.text, 'plain') })),
          explanation: edit(`${p}.explanation`, q.explanation, 'plain'),
          source: edit(`${p}.source`, q.source, 'plain'),
        };
      }),
      glossary: g.glossary.map((e, i) => ({ ...e, term: edit(`generated.glossary.${i}.term`, e.term, 'plain'), definition: edit(`generated.glossary.${i}.definition`, e.definition, 'plain') })),
      modules: g.modules.map((m, i) => {
        const p = `generated.modules.${i}`;
        return {
          ...m,
          title: edit(`${p}.title`, m.title, 'plain'),
          objectives: list(`${p}.objectives`, m.objectives),
          topics: list(`${p}.topics`, m.topics),
          prerequisites: list(`${p}.prerequisites`, m.prerequisites),
          practice: edit(`${p}.practice`, m.practice, 'plain'),
        };
      }),
      notices: list('generated.notices', g.notices),
    },
  };
};

/** Texts that go with a project's content (an interactive video's), each a plain field 'texts.N'. */
const mapTexts: FieldMapper<readonly string[]> = (texts, edit) => texts.map((text, i) => edit(`texts.${i}`, text, 'plain'));

interface LineParts {
  prefix: string;
  body: string;
  suffix: string;
  /** Whether the line is structure (a marker) rather than plain text. */
  marker: boolean;
}

const POINT = /^(?:[-*]|\d{1,3}\.)(?:\s+|$)/;
const HEADING = /^#{1,2}(?:\s+|$)/;

/** The shortest start of `rest` that the classifier already reads as the marker: its end. */
function markerEnd(rest: string, isMarker: (s: string) => boolean): number {
  const limit = Math.min(rest.length, 80);
  for (let k = 1; k <= limit; k++) if (isMarker(rest.slice(0, k))) return k;
  return 0;
}

function splitLine(line: string, format: Format): LineParts {
  const indent = /^\s*/.exec(line)![0];
  let rest = line.slice(indent.length);
  let prefix = indent;
  let suffix = '';
  let marker = false;
  const take = (re: RegExp): void => {
    const m = re.exec(rest);
    if (m) {
      prefix += m[0];
      rest = rest.slice(m[0].length);
    }
  };
  if (rest.startsWith('\\')) {
    // A literal line (text-lines.ts): the backslash and the guard are escape, the rest is text.
    prefix += '\\';
    rest = rest.slice(1);
    if (rest.endsWith('\\')) {
      suffix = '\\';
      rest = rest.slice(0, -1);
    }
  } else if (format === 'slides') {
    const kind = slideMarker(rest);
    marker = kind !== null;
    if (kind === 'section') {
      const end = markerEnd(rest, (s) => slideMarker(s) === 'section');
      prefix += rest.slice(0, end);
      rest = rest.slice(end);
      take(/^\s*/);
      take(POINT);
    } else if (kind === 'heading') take(HEADING);
    else take(HEADING.test(rest) ? HEADING : POINT); // '# Deck title', points
  } else if (format === 'script') {
    const kind = scriptMarker(rest);
    marker = kind !== null;
    if (kind === 'scene' || kind === 'transition') {
      take(/^\[\s*[\p{L}]+\s*(?::\s*)?/u);
      const close = /\s*\]$/.exec(rest)!;
      suffix = close[0];
      rest = rest.slice(0, close.index);
    } else if (kind === 'line') take(/^\p{L}+\s*:\s*/u);
    else take(POINT);
  } else take(POINT);
  const trailing = /\s*$/.exec(rest)![0];
  return { prefix, body: rest.slice(0, rest.length - trailing.length), suffix: trailing + suffix, marker };
}

/** Lines with their endings kept apart: [line, ending, line, ending, ..., line]. */
function splitKeepingEndings(text: string): string[] {
  return text.split(/(\r\n|\r|\n)/);
}

function lineIds(path: string, format: Format, pieces: string[]): (i: number) => string {
  const single = format === 'plain' && pieces.length === 1;
  return (i) => (single ? path : `${path}:${i / 2}`);
}

export interface SegmentOptions {
  /** The pair's glossary rules (termsFor); kept terms become placeholders. */
  glossary?: readonly GlossaryTerm[];
}

/** Every text of the content worth translating, in reading order, one per line of text. */
export function segment(content: TranslatableContent, options: SegmentOptions = {}): Segment[] {
  return segmentFields(content, mapFields, options);
}

/** Every one of the texts worth translating, as `segment` cuts a plain field ('texts.N', 'texts.N:line'). */
export function segmentTexts(texts: readonly string[], options: SegmentOptions = {}): Segment[] {
  return segmentFields(texts, mapTexts, options);
}

function segmentFields<T>(value: T, map: FieldMapper<T>, options: SegmentOptions): Segment[] {
  const finders = options.glossary && options.glossary.length > 0 ? [keptTermFinder(options.glossary)] : [];
  const segments: Segment[] = [];
  map(value, (path, text, format) => {
    if (text.trim() === '') return text;
    const pieces = splitKeepingEndings(text);
    const idOf = lineIds(path, format, pieces);
    for (let i = 0; i < pieces.length; i += 2) {
      const { body } = splitLine(pieces[i]!, format);
      if (body === '') continue;
      // Only numbers, URLs, markup: kept as is. Decided without the glossary, so a segment's id
      // never depends on it (a line that is only a kept term is a segment with nothing to do).
      const plain = protect(body);
      if (!hasTranslatableText(plain.text)) continue;
      const tagged = finders.length > 0 ? protect(body, finders) : plain;
      segments.push({ id: idOf(i), text: body, source: tagged.text, placeholders: tagged.placeholders });
    }
    return text;
  });
  return segments;
}

/** The text of every non-blank line by segment id, translatable or not (for texts edited by hand). */
export function textsById(content: TranslatableContent): Map<string, string> {
  const texts = new Map<string, string>();
  mapFields(content, (path, text, format) => {
    const pieces = splitKeepingEndings(text);
    const idOf = lineIds(path, format, pieces);
    for (let i = 0; i < pieces.length; i += 2) {
      const { body } = splitLine(pieces[i]!, format);
      if (body !== '') texts.set(idOf(i), body);
    }
    return text;
  });
  return texts;
}

/** Whether a rebuilt line would be read as structure; such a line is written as a literal line. */
function readsAsMarker(line: string, format: Format): boolean {
  const trimmed = line.trim();
  if (format === 'slides') return slideMarker(trimmed) !== null || HEADING.test(trimmed);
  if (format === 'script') return scriptMarker(trimmed) !== null;
  return false;
}

/**
 * The content with each segment's text replaced by its translation (plain text, placeholders
 * already restored). Every segment of the content must have one; markers, indentation, blank
 * lines, line endings and the non-text fields stay exactly as they were.
 */
export function assemble(content: TranslatableContent, translatedById: ReadonlyMap<string, string> | Readonly<Record<string, string>>): TranslatableContent {
  return assembleFields(content, mapFields, translatedById);
}

/** The texts with each segment's text replaced by its translation, as `assemble` does for content. */
export function assembleTexts(texts: readonly string[], translatedById: ReadonlyMap<string, string>): string[] {
  return [...assembleFields(texts, mapTexts, translatedById)];
}

function assembleFields<T>(value: T, map: FieldMapper<T>, translatedById: ReadonlyMap<string, string> | Readonly<Record<string, string>>): T {
  const lookup = (id: string): string | undefined => (translatedById instanceof Map ? translatedById.get(id) : (translatedById as Record<string, string>)[id]);
  const known = new Set(segmentFields(value, map, {}).map((s) => s.id));
  return map(value, (path, text, format) => {
    if (text.trim() === '') return text;
    const pieces = splitKeepingEndings(text);
    const idOf = lineIds(path, format, pieces);
    for (let i = 0; i < pieces.length; i += 2) {
      const id = idOf(i);
      if (!known.has(id)) continue;
      const translated = lookup(id);
      if (translated === undefined) throw new Error(`No translation for segment ${id}.`);
      const parts = splitLine(pieces[i]!, format);
      // A translation is one line: a line break inside it would change the structure.
      const body = translated.replace(/\s*(?:\r\n|\r|\n)\s*/g, ' ').trim();
      let line = parts.prefix + body + parts.suffix;
      if (!parts.marker && !parts.prefix.trimStart().startsWith('\\') && readsAsMarker(line, format) && !readsAsMarker(pieces[i]!, format)) {
        line = `${parts.prefix}\\${body}${parts.suffix}`;
      }
      pieces[i] = line;
    }
    return pieces.join('');
  });
}
