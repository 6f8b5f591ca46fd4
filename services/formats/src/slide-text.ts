// The slide text format of part 1 section 5: '## Title' starts a slide, '**Content:**' and
// '**Speaker Notes:**' (or '**Notes:**') set the section, '- ' and '* ' lines are points. Where the
// specification is silent the rules below apply; docs/formats.md states them for users.
//
// - A first non-blank line '# Title' is the deck title. Text before the first '##' is the content
//   of an untitled first slide, so nothing typed there is lost.
// - Lines after '## Title' and before any section marker are content.
// - Headings follow Markdown: the hashes, then whitespace or the end of the line ('###' is text).
// - Section markers are matched ignoring case and whitespace inside and around them, also with the
//   colon after the closing asterisks ('**Notes**:'). Text after a marker on the same line belongs
//   to that section.
// - Points: '- ', '* ' and '1. ' to '999. ' (numbered lines are points too; the number is not
//   kept). A lone '-' or '*' is an empty point. Up to three digits, so '2024. was a good year' is
//   text. An indented non-point line right after a point continues it.
// - Other content lines are paragraph text; blank lines separate paragraphs, lines in one block
//   join with a line break. Points and paragraphs are kept in separate lists, so their
//   interleaving is not (the printer writes points first).
// - Notes are every line of the notes section, line breaks and inner blank lines kept; blank lines
//   at its start and end are dropped. A second notes section is appended after a blank line.
// - '**Trainer Notes:**' (our own marker, not the specification's) starts the trainer notes: the
//   same rules as the notes, kept in `trainerNotes`, which learners never see (docs/formats.md).
// - Lines are read without surrounding whitespace; CRLF, CR and LF all end a line (U+2028 does
//   not, so the patterns use the s flag to let '.' match it).
// - Escape: see text-lines.ts. The printer writes a line as a literal line whenever it would
//   otherwise be misread, and writes further lines of a title as indented literal lines directly
//   under the heading. So parseSlideText(printSlideText(deck)) equals deck for every deck whose
//   strings use '\n' for line breaks (a CR in a model string reads back as '\n').
import type { Slide, SlideDeck } from './slide-model.js';
import { isLiteral, readText, splitLines, viewLine, writeLiteral, writeText } from './text-lines.js';

type Section = 'content' | 'notes' | 'trainer';

type SlideLine =
  | { kind: 'deck-title'; text: string }
  | { kind: 'heading'; text: string }
  | { kind: 'section'; section: Section; rest: string }
  | { kind: 'point'; text: string }
  | { kind: 'text' };

const DECK_TITLE = /^#(?:\s+(.*))?$/s;
const HEADING = /^##(?:\s+(.*))?$/s;
const SECTION = /^\*\*\s*(content|speaker\s*notes|trainer\s*notes|notes)\s*(?::\s*\*\*|\*\*\s*:)(.*)$/is;
const BULLET = /^[-*](?:\s+(.*))?$/s;
const NUMBERED = /^\d{1,3}\.\s+(.*)$/s;

/** One classifier for parser and printer, so the printer escapes exactly what would be misread. */
function classify(trimmed: string, context: { atStart: boolean; section: Section }): SlideLine {
  let m: RegExpExecArray | null;
  if (context.atStart && (m = DECK_TITLE.exec(trimmed))) return { kind: 'deck-title', text: m[1] ?? '' };
  if ((m = HEADING.exec(trimmed))) return { kind: 'heading', text: m[1] ?? '' };
  if ((m = SECTION.exec(trimmed))) {
    const name = m[1]!.toLowerCase();
    const section: Section = name === 'content' ? 'content' : name.startsWith('trainer') ? 'trainer' : 'notes';
    return { kind: 'section', section, rest: (m[2] ?? '').trim() };
  }
  if (context.section === 'content' && ((m = BULLET.exec(trimmed)) || (m = NUMBERED.exec(trimmed)))) {
    return { kind: 'point', text: m[1] ?? '' };
  }
  return { kind: 'text' };
}

/**
 * The structure a line marks in slide text, wherever it stands: a '##' heading or a section
 * marker; null for anything else (points, text, a literal line). For telling the formats apart.
 */
export function slideMarker(line: string): 'heading' | 'section' | null {
  const kind = classify(line.trim(), { atStart: false, section: 'notes' }).kind;
  return kind === 'heading' || kind === 'section' ? kind : null;
}

interface NoteLine {
  text: string;
  /** A blank source line, as opposed to a literal empty line, which is kept even at the edges. */
  blank: boolean;
}

interface SlideDraft {
  title: string;
  points: string[];
  paragraphs: string[];
  noteSections: NoteLine[][];
  trainerSections: NoteLine[][];
}

type Open = 'deck-title' | 'title' | 'point' | 'paragraph' | null;

function finishNotes(sections: NoteLine[][]): string {
  const parts: string[] = [];
  for (const lines of sections) {
    let start = 0;
    let end = lines.length;
    while (start < end && lines[start]!.blank) start++;
    while (end > start && lines[end - 1]!.blank) end--;
    if (end > start) parts.push(lines.slice(start, end).map((l) => l.text).join('\n'));
  }
  return parts.join('\n\n');
}

function finishSlide(d: SlideDraft): Slide {
  const slide: Slide = { title: d.title, points: d.points, paragraphs: d.paragraphs, notes: finishNotes(d.noteSections) };
  const trainerNotes = finishNotes(d.trainerSections);
  if (trainerNotes !== '') slide.trainerNotes = trainerNotes;
  return slide;
}

export function parseSlideText(text: string): SlideDeck {
  let deckTitle = '';
  const slides: Slide[] = [];
  let draft: SlideDraft | null = null;
  let section: Section = 'content';
  let open: Open = null;
  let atStart = true;

  const newDraft = (title: string): SlideDraft => {
    if (draft) slides.push(finishSlide(draft));
    section = 'content';
    draft = { title, points: [], paragraphs: [], noteSections: [], trainerSections: [] };
    return draft;
  };
  // The notes or trainer notes being read (section is one of the two).
  const currentNotes = (d: SlideDraft): NoteLine[] => {
    const sections = section === 'trainer' ? d.trainerSections : d.noteSections;
    if (sections.length === 0) sections.push([]);
    return sections[sections.length - 1]!;
  };

  const contentLine = (d: SlideDraft, trimmed: string, indented: boolean, line: SlideLine): void => {
    if (line.kind === 'point') {
      d.points.push(readText(line.text));
      open = 'point';
      return;
    }
    const value = readText(trimmed);
    const literal = isLiteral(trimmed);
    if (open === 'title' && indented && literal) d.title += `\n${value}`;
    else if (open === 'point' && indented) d.points[d.points.length - 1] += `\n${value}`;
    else if (open === 'paragraph') d.paragraphs[d.paragraphs.length - 1] += `\n${value}`;
    else {
      d.paragraphs.push(value);
      open = 'paragraph';
    }
  };

  for (const raw of splitLines(text)) {
    const { trimmed, indented } = viewLine(raw);
    if (trimmed === '') {
      if (draft && section !== 'content') currentNotes(draft).push({ text: '', blank: true });
      open = null;
      continue;
    }
    const line = classify(trimmed, { atStart, section });
    atStart = false;
    if (line.kind === 'deck-title') {
      deckTitle = readText(line.text);
      open = 'deck-title';
      continue;
    }
    if (open === 'deck-title' && indented && isLiteral(trimmed) && line.kind === 'text') {
      deckTitle += `\n${readText(trimmed)}`;
      continue;
    }
    if (line.kind === 'heading') {
      newDraft(readText(line.text));
      open = 'title';
      continue;
    }
    // Anything else before the first heading opens the untitled first slide.
    const d: SlideDraft = draft ?? newDraft('');
    if (line.kind === 'section') {
      section = line.section;
      open = null;
      if (section === 'notes') d.noteSections.push([]);
      if (section === 'trainer') d.trainerSections.push([]);
      if (line.rest !== '') {
        if (section !== 'content') currentNotes(d).push({ text: readText(line.rest), blank: false });
        else contentLine(d, line.rest, false, classify(line.rest, { atStart: false, section }));
      }
      continue;
    }
    if (section !== 'content') currentNotes(d).push({ text: readText(trimmed), blank: false });
    else contentLine(d, trimmed, indented, line);
  }
  if (draft) slides.push(finishSlide(draft));
  return { title: deckTitle, slides };
}

/** Whether a text line would be read as structure in the given section. */
function isStructural(text: string, section: Section): boolean {
  return classify(text.trim(), { atStart: false, section }).kind !== 'text';
}

/** '# Title' or '## Title'; further title lines are indented literal lines under it. */
function headingLines(marker: string, title: string): string[] {
  const [first = '', ...rest] = title.split(/\r\n|\r|\n/);
  return [`${marker} ${writeText(first)}`.trimEnd(), ...rest.map((l) => `  ${writeLiteral(l)}`)];
}

function pointLines(point: string): string[] {
  const [first = '', ...rest] = point.split(/\r\n|\r|\n/);
  // Continuation lines are indented: a blank one would end the point, a point-like one start a new one.
  const more = rest.map((l) => `  ${writeText(l, l === '' || isStructural(l, 'content'))}`);
  return [`- ${writeText(first)}`.trimEnd(), ...more];
}

function paragraphLines(paragraph: string): string[] {
  return paragraph.split(/\r\n|\r|\n/).map((l) => writeText(l, l === '' || isStructural(l, 'content')));
}

function noteLines(notes: string): string[] {
  const lines = notes.split(/\r\n|\r|\n/);
  const last = lines.length - 1;
  return lines.map((l, i) => {
    // Inner blank lines are kept as they are; at the edges they would be dropped, so write them literally.
    if (l === '' && i > 0 && i < last) return '';
    return writeText(l, l === '' || isStructural(l, 'notes'));
  });
}

export function printSlideText(deck: SlideDeck): string {
  const blocks: string[][] = [];
  if (deck.title !== '') blocks.push(headingLines('#', deck.title));
  for (const slide of deck.slides) {
    blocks.push(headingLines('##', slide.title));
    if (slide.points.length > 0 || slide.paragraphs.length > 0) {
      blocks.push(['**Content:**', ...slide.points.flatMap(pointLines)]);
      for (const p of slide.paragraphs) blocks.push(paragraphLines(p));
    }
    if (slide.notes !== '') blocks.push(['**Speaker Notes:**', ...noteLines(slide.notes)]);
    if (slide.trainerNotes) blocks.push(['**Trainer Notes:**', ...noteLines(slide.trainerNotes)]);
  }
  return blocks.length === 0 ? '' : `${blocks.map((b) => b.join('\n')).join('\n\n')}\n`;
}
