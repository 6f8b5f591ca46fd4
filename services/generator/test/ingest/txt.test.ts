import { describe, expect, test } from '@jest/globals';
import { documentFromText, extractDocument, IngestError } from '../../src/ingest/index.js';

const NOTES = `# Forklift Training

Every driver completes this course before operating a forklift
on the warehouse floor.

## Daily Checks

- Inspect the forks
* Test the horn
• Check tyre pressure
  and the brakes before each shift

Load Limits
===========

Never exceed the rated capacity.

1. Introduction

Numbered lists are not headings:
1. Lower the load
2. Tilt the mast back

2.3 Scope of Work

SAFETY RULES

| Item | Limit |
|------|-------|
| Speed | 10 km/h |
`;

describe('plain text', () => {
  test('headings from #, setext underlines, numbered titles and ALL-CAPS lines, in order', () => {
    const doc = documentFromText(NOTES, 'Course notes');
    expect(doc.title).toBe('Course notes');
    expect(doc.format).toBe('text');
    expect(doc.sections.map((s) => [s.heading, s.level])).toEqual([
      ['Forklift Training', 1],
      ['Daily Checks', 2],
      ['Load Limits', 1],
      ['1. Introduction', 1],
      ['2.3 Scope of Work', 2],
      ['SAFETY RULES', 1],
    ]);
  });

  test('paragraphs join wrapped lines; bullets, indented continuations and pipe tables', () => {
    const doc = documentFromText(NOTES, '');
    const [training, checks, , intro, , rules] = doc.sections;
    expect(training!.paragraphs).toEqual([
      'Every driver completes this course before operating a forklift on the warehouse floor.',
    ]);
    expect(checks!.bullets).toEqual([
      'Inspect the forks',
      'Test the horn',
      'Check tyre pressure and the brakes before each shift',
    ]);
    expect(intro!.paragraphs).toEqual(['Numbered lists are not headings:']);
    expect(intro!.bullets).toEqual(['1. Lower the load', '2. Tilt the mast back']);
    expect(rules!.tables).toEqual([
      [
        ['Item', 'Limit'],
        ['Speed', '10 km/h'],
      ],
    ]);
    // Without a title, the heading that opens the text names it.
    expect(doc.title).toBe('Forklift Training');
  });

  test('text without structure is one lead section; the title falls back to the first line', () => {
    const doc = documentFromText('just a thought\nthat wraps\n\nand another one', '');
    expect(doc.sections).toEqual([
      {
        heading: '',
        level: 0,
        paragraphs: ['just a thought that wraps', 'and another one'],
        bullets: [],
        tables: [],
        notes: [],
      },
    ]);
    expect(doc.title).toBe('just a thought');
    expect(() => documentFromText(' \n\t\n', 'x')).toThrow('The document is empty: no text was found.');
  });

  test('a .txt file: UTF-8 with or without BOM, UTF-16 with BOM; accents, Cyrillic and CJK survive', async () => {
    const text = 'ÜBERSICHT\n\nCafé crème, naïve façade.\nПривет, как дела?\n日本語の文章と中文。\n';
    const expected = ['Café crème, naïve façade. Привет, как дела? 日本語の文章と中文。'];
    const bom = Buffer.from([0xef, 0xbb, 0xbf]);
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    for (const bytes of [Buffer.from(text), Buffer.concat([bom, Buffer.from(text)]), utf16]) {
      const doc = await extractDocument({ bytes, filename: 'notes/ünïcode_notes.txt' });
      expect(doc.format).toBe('txt');
      expect(doc.sections.map((s) => s.heading)).toEqual(['ÜBERSICHT']);
      expect(doc.sections[0]!.paragraphs).toEqual(expected);
      expect(doc.title).toBe('ÜBERSICHT');
    }
    const untitled = await extractDocument({
      bytes: Buffer.from('plain words only'),
      filename: 'dir/meeting_notes-2024.txt',
    });
    expect(untitled.title).toBe('meeting notes 2024');
  });

  test('invalid UTF-8, binary data and empty files are refused', async () => {
    const latin1 = Buffer.from('Caf\xe9 na\xefve', 'latin1');
    await expect(extractDocument({ bytes: latin1, filename: 'old.txt' })).rejects.toThrow(
      new IngestError(
        'invalid',
        'The text file is not valid UTF-8. Please save it as UTF-8 (Unicode) and upload it again.'
      )
    );
    await expect(
      extractDocument({ bytes: Buffer.from([0x41, 0x00, 0x42, 0x00, 0x43]), filename: 'bin.txt' })
    ).rejects.toThrow('The file is not a valid text file.');
    await expect(extractDocument({ bytes: Buffer.alloc(0), filename: 'empty.txt' })).rejects.toThrow(
      'The file is empty.'
    );
    await expect(extractDocument({ bytes: Buffer.from('\n\n   \n'), filename: 'blank.txt' })).rejects.toThrow(
      'The document is empty: no text was found.'
    );
  });
});
