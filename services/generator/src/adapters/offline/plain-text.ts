// Pasted text (content_source, existing_content) when the job hands the engine no parsed source,
// and a parsed source shown as a deck (an uploaded deck for slides_to_script).
import type { SlideDeck } from '@trainwright/formats';
import { emptySection } from '../../domain/source.js';
import type { SourceDocument, SourceSection } from '../../domain/types.js';
import { isRunInTitleLine } from '../../ingest/txt.js';

const HEADING = /^(#{1,6})\s+(.+)$/;
const BULLET = /^(?:[-*•▪◦]|\d{1,3}[.)])\s+(.+)$/u;

/**
 * Markdown-style structure: '#' headings start sections, and so does a title line run straight
 * into its text (`isRunInTitleLine`, as for uploaded text); '-', '*', '•' and '1.' lines are
 * bullets, blank lines separate paragraphs (whose lines join with a space).
 */
export function textToSource(text: string, title: string, origin = 'pasted text'): SourceDocument {
  const sections: SourceSection[] = [];
  let section = emptySection('', 0);
  let paragraph: string[] = [];
  const endParagraph = () => {
    if (paragraph.length > 0) section.paragraphs.push(paragraph.join(' '));
    paragraph = [];
  };
  const endSection = () => {
    endParagraph();
    if (section.heading || section.paragraphs.length > 0 || section.bullets.length > 0) sections.push(section);
  };
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  lines.forEach((raw, i) => {
    const line = raw.trim();
    let m: RegExpExecArray | null;
    if (line === '') endParagraph();
    else if ((m = HEADING.exec(line))) {
      endSection();
      section = emptySection(m[2]!.trim(), m[1]!.length);
    } else if (i > 0 && isRunInTitleLine(line, lines[i - 1]!, lines[i + 1] ?? '')) {
      endSection();
      section = emptySection(line, 1);
    } else if ((m = BULLET.exec(line))) {
      endParagraph();
      section.bullets.push(m[1]!.trim());
    } else paragraph.push(line);
  });
  endSection();
  // Pasted text without a title whose first line is one ('Forklift Safety for Warehouse Staff':
  // short, no full stop, more text after it) takes that line as its title.
  const first = sections[0];
  if (title.trim() === '' && first && first.heading === '' && first.paragraphs.length > 1) {
    const line = first.paragraphs[0]!;
    if (line.split(/\s+/).length <= 10 && !/[.!?:;,]$/.test(line)) title = line;
  }
  return { title, format: 'text', sections, origin };
}

/** One slide per section: bullets and table rows as points, paragraphs as text, notes as notes. */
export function sourceToDeck(source: SourceDocument): SlideDeck {
  return {
    title: source.title,
    slides: source.sections.map((s) => ({
      title: s.heading,
      points: [...s.bullets, ...s.tables.flatMap((t) => t.map((row) => row.join(' | ')))],
      paragraphs: [...s.paragraphs],
      notes: s.notes.join('\n\n'),
    })),
  };
}
