import { describe, expect, test } from '@jest/globals';
import { sourceText } from '../../src/domain/source.js';
import { GenerationError } from '../../src/domain/types.js';
import { documentFromText, extractDocument, IngestError } from '../../src/ingest/index.js';
import { makeDocx } from './fixtures.js';

describe('extractDocument', () => {
  test('empty files, unknown types and mismatched contents get clear, non-retryable errors', async () => {
    const empty = await extractDocument({ bytes: Buffer.alloc(0), filename: 'report.pdf' }).catch((e: unknown) => e);
    expect(empty).toBeInstanceOf(IngestError);
    expect(empty).toBeInstanceOf(GenerationError);
    expect((empty as IngestError).retryable).toBe(false);
    expect((empty as IngestError).message).toBe('The file is empty.');

    await expect(extractDocument({ bytes: Buffer.from('x'), filename: 'sheet.xlsx' })).rejects.toThrow(
      'Files of this type (.xlsx) cannot be read. Please upload a PDF, Word (.docx, .doc), PowerPoint (.pptx, .ppt), text (.txt) or RTF file.'
    );
    await expect(extractDocument({ bytes: Buffer.from('x'), filename: 'README' })).rejects.toThrow(
      /^Files of this type cannot be read/
    );
    await expect(extractDocument({ bytes: Buffer.from('just text'), filename: 'report.pdf' })).rejects.toThrow(
      'The file is not a valid PDF.'
    );
    await expect(
      extractDocument({ bytes: Buffer.from('%PDF-1.4 but named docx'), filename: 'report.docx' })
    ).rejects.toThrow('The file is not a valid Word document (.docx).');
  });

  test('the extension is case-insensitive and a .doc that is really a .docx is read as one', async () => {
    const docx = await makeDocx();
    const upper = await extractDocument({ bytes: docx, filename: 'GUIDE.DOCX' });
    const misnamed = await extractDocument({ bytes: docx, filename: 'guide.doc' }, { libreOfficePath: null });
    expect(misnamed.sections).toEqual(upper.sections);
    expect(misnamed.format).toBe('docx');
  });

  test('maxChars keeps whole sections, or the start of the first one when even that is too long', async () => {
    const text = ['# One', 'a'.repeat(50), '# Two', 'b'.repeat(50), '# Three', 'c'.repeat(50)].join('\n\n');
    const bytes = Buffer.from(text);
    const full = await extractDocument({ bytes, filename: 'x.txt' });
    expect(full.sections.map((s) => s.heading)).toEqual(['One', 'Two', 'Three']);
    const two = await extractDocument({ bytes, filename: 'x.txt' }, { maxChars: 120 });
    expect(two.sections.map((s) => s.heading)).toEqual(['One', 'Two']);
    expect(sourceText(two).length).toBeLessThanOrEqual(120 + two.sections.length);

    const words = Array.from({ length: 400 }, (_, i) => `word${i}`).join(' ');
    const cut = await extractDocument({ bytes: Buffer.from(words), filename: 'long.txt' }, { maxChars: 100 });
    const kept = cut.sections[0]!.paragraphs[0]!;
    expect(kept.length).toBeLessThanOrEqual(100);
    expect(words.startsWith(kept)).toBe(true);
    expect(kept.endsWith(' ')).toBe(false);
    expect(words[kept.length]).toBe(' ');
  });

  test('documentFromText is re-exported for pasted text', () => {
    const doc = documentFromText('INTRO\n\nHello there.', 'Pasted', 'text');
    expect(doc).toEqual({
      title: 'Pasted',
      format: 'text',
      origin: 'pasted text',
      sections: [{ heading: 'INTRO', level: 1, paragraphs: ['Hello there.'], bullets: [], tables: [], notes: [] }],
    });
  });
});
