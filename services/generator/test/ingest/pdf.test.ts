import { describe, expect, test } from '@jest/globals';
import { PDFDocument, PDFHexString, PDFName, PDFNumber, StandardFonts, rgb } from 'pdf-lib';
import { extractDocument, IngestError } from '../../src/ingest/index.js';
import { makePdf, prose } from './fixtures.js';
import { twentyPageManual } from './pdf-fixtures.js';

const HANDBOOK = {
  title: 'Workplace Safety Handbook',
  sections: [
    { heading: 'Introduction', paragraphs: [prose(1, 1), prose(1, 2), prose(1, 3)] },
    {
      heading: 'Hazard Reporting',
      paragraphs: [prose(2, 1, 14), prose(2, 2, 14)],
      bullets: ['Report spills within ten minutes', 'Photograph the hazard before cleaning up'],
    },
    { heading: 'Emergency Procedures', paragraphs: [prose(3, 1, 16), prose(3, 2, 16), prose(3, 3, 16)] },
  ],
  pageNumbers: true,
};

const handbook = await makePdf(HANDBOOK);

describe('pdf', () => {
  test('the title and the headings (larger, bold) structure the document across pages', async () => {
    expect(handbook.pageCount).toBeGreaterThanOrEqual(3);
    const doc = await extractDocument({ bytes: handbook.bytes, filename: 'handbook.pdf' });
    expect(doc.format).toBe('pdf');
    expect(doc.pageCount).toBe(handbook.pageCount);
    expect(doc.title).toBe(HANDBOOK.title);
    expect(doc.sections.map((s) => [s.heading, s.level])).toEqual(HANDBOOK.sections.map((s) => [s.heading, 1]));
  });

  test('wrapped lines are joined back into the paragraphs that were written, page breaks included', async () => {
    const doc = await extractDocument({ bytes: handbook.bytes, filename: 'handbook.pdf' });
    doc.sections.forEach((section, i) => {
      expect(section.paragraphs).toEqual(HANDBOOK.sections[i]!.paragraphs);
    });
    expect(doc.sections[1]!.bullets).toEqual(HANDBOOK.sections[1]!.bullets);
  });

  test('page numbers in the footer are not text of the document', async () => {
    const doc = await extractDocument({ bytes: handbook.bytes, filename: 'handbook.pdf' });
    const all = JSON.stringify(doc.sections);
    expect(all).not.toMatch(/Page \d/);
  });

  test('several heading sizes give levels; a document without headings gets a section per page', async () => {
    const mixed = await PDFDocument.create();
    const bold = await mixed.embedFont(StandardFonts.HelveticaBold);
    const regular = await mixed.embedFont(StandardFonts.Helvetica);
    const page = mixed.addPage([595, 842]);
    const lines: Array<[string, number, typeof bold]> = [
      ['Chapter One', 20, bold],
      ['Opening words of the chapter.', 11, regular],
      ['A Subsection', 14, bold],
      ['Details of the subsection.', 11, regular],
      ['A bold run-in heading', 11, bold],
      ['Body text under the bold heading.', 11, regular],
      ['Chapter Two', 20, bold],
      ['Closing words.', 11, regular],
    ];
    lines.forEach(([text, size, font], i) => page.drawText(text, { x: 56, y: 780 - i * 40, size, font }));
    const structured = await extractDocument({ bytes: Buffer.from(await mixed.save()), filename: 'levels.pdf' });
    expect(structured.sections.map((s) => [s.heading, s.level])).toEqual([
      ['Chapter One', 1],
      ['A Subsection', 2],
      ['A bold run-in heading', 3],
      ['Chapter Two', 1],
    ]);

    const plain = await makePdf({ sections: [{ paragraphs: Array.from({ length: 14 }, (_, i) => prose(9, i, 6)) }] });
    expect(plain.pageCount).toBeGreaterThanOrEqual(2);
    const byPage = await extractDocument({ bytes: plain.bytes, filename: 'plain.pdf' });
    expect(byPage.sections.map((s) => s.heading)).toEqual(
      Array.from({ length: plain.pageCount }, (_, i) => `Page ${i + 1}`)
    );
    expect(byPage.sections.every((s) => s.paragraphs.length > 0)).toBe(true);
  });

  test('a 20-page text PDF gives a section per chapter (its time: pdf.timed.test.ts)', async () => {
    const pages = await twentyPageManual();
    expect(pages.pageCount).toBe(20);
    const doc = await extractDocument({ bytes: pages.bytes, filename: 'manual.pdf' });
    expect(doc.sections.map((s) => s.heading)).toEqual(Array.from({ length: 20 }, (_, i) => `Chapter ${i + 1}`));
  });

  test('maxChars stops at a section boundary', async () => {
    const full = await extractDocument({ bytes: handbook.bytes, filename: 'handbook.pdf' });
    const firstTwo = full.sections.slice(0, 2);
    const budget = JSON.stringify(firstTwo).length; // more than the text of two sections, less than three
    const cut = await extractDocument({ bytes: handbook.bytes, filename: 'handbook.pdf' }, { maxChars: budget });
    expect(cut.sections).toEqual(firstTwo);
    expect(cut.pageCount).toBe(full.pageCount);
  });
});

describe('pdf: bad input', () => {
  test('a .pdf that is not a PDF', async () => {
    await expect(
      extractDocument({ bytes: Buffer.from('PK\u0003\u0004 zip pretending'), filename: 'fake.pdf' })
    ).rejects.toThrow(new IngestError('invalid', 'The file is not a valid PDF.'));
    const garbage = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from('no objects here, just noise '.repeat(50))]);
    await expect(extractDocument({ bytes: garbage, filename: 'noise.pdf' })).rejects.toThrow(IngestError);
  });

  test('a password-protected PDF', async () => {
    const pdf = await PDFDocument.create();
    pdf.addPage().drawText('Top secret', { x: 50, y: 700 });
    const context = pdf.context;
    // A standard security handler whose user password is not empty: pdfjs must ask for one.
    const encrypt = context.obj({
      Filter: PDFName.of('Standard'),
      V: PDFNumber.of(1),
      R: PDFNumber.of(2),
      O: PDFHexString.of('4a'.repeat(32)),
      U: PDFHexString.of('b7'.repeat(32)),
      P: PDFNumber.of(-4),
    });
    context.trailerInfo.Encrypt = context.register(encrypt);
    context.trailerInfo.ID = context.obj([PDFHexString.of('01'.repeat(16)), PDFHexString.of('01'.repeat(16))]);
    const bytes = Buffer.from(await pdf.save({ useObjectStreams: false }));
    const error = await extractDocument({ bytes, filename: 'locked.pdf' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(IngestError);
    expect((error as IngestError).code).toBe('encrypted');
    expect((error as IngestError).message).toBe(
      'The document is password-protected. Please remove the password and upload it again.'
    );
  });

  test('a PDF without text (a scan) says so', async () => {
    const pdf = await PDFDocument.create();
    pdf.addPage().drawRectangle({ x: 50, y: 50, width: 400, height: 600, color: rgb(0.8, 0.8, 0.8) });
    await expect(extractDocument({ bytes: Buffer.from(await pdf.save()), filename: 'scan.pdf' })).rejects.toThrow(
      'The PDF has no selectable text; it may be a scanned image. Please upload a PDF with text or a Word file.'
    );
  });
});
