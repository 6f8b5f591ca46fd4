// What every reader shares: text clean-up and the rule that a heading starts a new section.
import { emptySection } from '../domain/source.js';
import type { SourceDocument, SourceFormat, SourceSection } from '../domain/types.js';
import { IngestError } from './errors.js';

/**
 * Plain, single-spaced text: invisible characters (soft hyphens, zero-width spaces, control
 * codes) removed, runs of spaces and tabs made one space, line breaks kept but never doubled.
 */
export function cleanText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[\u00ad\u200b\u2060\ufeff\u0000-\u0008\u000e-\u001f\u007f]/g, '')
    .replace(/[^\S\n]+/g, ' ')
    .replace(/ ?\n ?/g, '\n')
    .replace(/\n{2,}/g, '\n')
    .trim();
}

/** 'reports/Q3_sales-review.final.docx' -> 'Q3 sales review.final'. */
export function titleFromFilename(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? '';
  const stem = base.includes('.') ? base.slice(0, base.lastIndexOf('.')) : base;
  return cleanText(stem.replace(/[_-]+/g, ' '));
}

/** How much text a document may keep unless the caller says otherwise. */
export const DEFAULT_MAX_CHARS = 2_000_000;

export class DocumentBuilder {
  // The untitled lead section collects what comes before the first heading.
  private readonly sections: SourceSection[] = [emptySection('', 0)];

  private get current(): SourceSection {
    return this.sections[this.sections.length - 1]!;
  }

  heading(text: string, level: number): void {
    const heading = cleanText(text).replace(/\n/g, ' ');
    if (heading) this.sections.push(emptySection(heading, Math.max(1, level)));
  }

  paragraph(text: string): void {
    const paragraph = cleanText(text);
    if (paragraph) this.current.paragraphs.push(paragraph);
  }

  bullet(text: string): void {
    const bullet = cleanText(text);
    if (bullet) this.current.bullets.push(bullet);
  }

  note(text: string): void {
    const note = cleanText(text);
    if (note) this.current.notes.push(note);
  }

  /** Rows of cell text; rows with no text are dropped, a table with none is ignored. */
  table(rows: string[][]): void {
    const cleaned = rows
      .map((row) => row.map((cell) => cleanText(cell).replace(/\n/g, ' ')))
      .filter((row) => row.some((cell) => cell !== ''));
    if (cleaned.length > 0) this.current.tables.push(cleaned);
  }

  /** True when any text has been added, headings included. */
  hasText(): boolean {
    return this.sections.some((section) => sectionLength(section) > 0);
  }

  /** The document; refuses one without any text, which no later step could use. */
  build(meta: { title: string; format: SourceFormat; origin: string; pageCount?: number }): SourceDocument {
    if (!this.hasText()) throw IngestError.noText();
    const [lead, ...rest] = this.sections;
    const sections = lead && sectionLength(lead) > 0 ? [lead, ...rest] : rest;
    const document: SourceDocument = {
      title: cleanText(meta.title).replace(/\n/g, ' '),
      format: meta.format,
      sections,
      origin: meta.origin,
    };
    if (meta.pageCount !== undefined) document.pageCount = meta.pageCount;
    return document;
  }
}

/** Characters of text in a section: heading, paragraphs, bullets, table cells and notes. */
function sectionLength(section: SourceSection): number {
  let length = section.heading.length;
  for (const text of [...section.paragraphs, ...section.bullets, ...section.notes]) length += text.length;
  for (const table of section.tables) for (const row of table) for (const cell of row) length += cell.length;
  return length;
}

/**
 * Keeps whole sections while the text fits in `maxChars`. When even the first section is too
 * long, it keeps that section's leading paragraphs and bullets that fit, so something remains.
 */
export function limitDocumentLength(document: SourceDocument, maxChars: number): SourceDocument {
  const kept: SourceSection[] = [];
  let total = 0;
  for (const section of document.sections) {
    const length = sectionLength(section);
    if (total + length > maxChars) {
      if (kept.length === 0) kept.push(truncateSection(section, maxChars));
      break;
    }
    kept.push(section);
    total += length;
  }
  return { ...document, sections: kept };
}

function truncateSection(section: SourceSection, maxChars: number): SourceSection {
  let budget = maxChars - section.heading.length;
  const take = (texts: string[]): string[] => {
    const taken: string[] = [];
    for (const text of texts) {
      if (text.length > budget) {
        // A single huge paragraph (e.g. a text file without line breaks) is cut at a word.
        if (taken.length === 0 && budget > 0) taken.push(cutAtWord(text, budget));
        budget = 0;
        break;
      }
      taken.push(text);
      budget -= text.length;
    }
    return taken;
  };
  const paragraphs = take(section.paragraphs);
  const bullets = take(section.bullets);
  return { ...section, paragraphs, bullets, tables: [], notes: [] };
}

function cutAtWord(text: string, maxChars: number): string {
  const cut = text.slice(0, maxChars);
  const lastSpace = cut.lastIndexOf(' ');
  return lastSpace > maxChars / 2 ? cut.slice(0, lastSpace) : cut;
}
