// A hand edit of one translated slide, as the lines of the slide text it changes. A translation
// keeps its source's line structure (segments are lines), so an edit changes the words of the
// slide's title line, each point line and each notes line, never the shape: the same number of
// points and of notes lines. XLIFF export and the renders then stay aligned with the source.
import { parseSlideText, slideMarker } from '@trainwright/formats';
import { AppError } from '@trainwright/platform';

export interface SlideEdit {
  title: string;
  points: string[];
  notes: string;
}

export const SLIDE_EDIT_MESSAGES = {
  notFound: 'Slide not found',
  title: 'Enter the slide title.',
  points: (n: number) => `This slide has ${n} point${n === 1 ? '' : 's'}: edit their words, keep their number (add or remove points in the project itself).`,
  notes: (n: number) => `This slide's notes have ${n} line${n === 1 ? '' : 's'}: edit their words, keep their number.`,
} as const;

const POINT = /^(?:[-*]|\d{1,3}\.)(?:\s+|$)/;
const NOTES = /^\*\*\s*(speaker\s*notes|notes)\s*(?::\s*\*\*|\*\*\s*:)/i;

/** The slide text's lines, without their endings (line i is segment `<path>:<i>`). */
export function slideLines(text: string): string[] {
  return text.split(/\r\n|\r|\n/);
}

/** Line index -> new text for the edited slide's title, points and notes lines. */
export function slideLineEdits(slidesText: string, slideIndex: number, edit: SlideEdit): Map<number, string> {
  const lines = slideLines(slidesText);
  const headings = lines.flatMap((line, i) => (slideMarker(line) === 'heading' && !line.startsWith('\\') ? [i] : []));
  // Text before the first heading is an untitled first slide (formats' parser): it has no title line.
  const leading = parseSlideText(slidesText).slides.length - headings.length;
  const position = slideIndex - leading;
  if (slideIndex < 0 || position < 0 || position >= headings.length) throw AppError.notFound(SLIDE_EDIT_MESSAGES.notFound);
  const start = headings[position]!;
  const end = headings[position + 1] ?? lines.length;
  const title = edit.title.replace(/\s+/g, ' ').trim();
  if (!title) throw AppError.validation('title', SLIDE_EDIT_MESSAGES.title);

  const pointLines: number[] = [];
  const noteLines: number[] = [];
  let inNotes = false;
  for (let i = start + 1; i < end; i++) {
    const trimmed = lines[i]!.trim();
    if (slideMarker(trimmed) === 'section') {
      inNotes = NOTES.test(trimmed);
      // Text after a notes marker on its line is a line of the notes.
      if (inNotes && trimmed.replace(NOTES, '').trim()) noteLines.push(i);
      continue;
    }
    if (!trimmed) continue;
    if (inNotes) noteLines.push(i);
    else if (POINT.test(trimmed)) pointLines.push(i);
  }
  if (edit.points.length !== pointLines.length) throw AppError.validation('points', SLIDE_EDIT_MESSAGES.points(pointLines.length));
  const notes = edit.notes.split(/\r\n|\r|\n/).filter((l) => l.trim() !== '');
  if (notes.length !== noteLines.length) throw AppError.validation('notes', SLIDE_EDIT_MESSAGES.notes(noteLines.length));

  const edits = new Map<number, string>([[start, title]]);
  pointLines.forEach((line, k) => edits.set(line, edit.points[k]!.replace(/\s+/g, ' ').trim()));
  noteLines.forEach((line, k) => edits.set(line, notes[k]!.trim()));
  return edits;
}
