import { describe, expect, test } from '@jest/globals';
import { extractDocument, IngestError } from '../../src/ingest/index.js';

// Written the way Word and WordPad write RTF: tables of fonts, colours and styles, document
// info, a picture, list text, a field, a table, and text in three code pages plus \u escapes.
const RTF = String.raw`{\rtf1\ansi\ansicpg1252\deff0\uc1
{\fonttbl{\f0\fswiss\fcharset0 Arial;}{\f1\froman\fcharset204 Times New Roman Cyr;}{\f2\fnil\fcharset128 MS Mincho;}}
{\colortbl;\red0\green0\blue0;\red255\green0\blue0;}
{\stylesheet{\s0 Normal;}{\s1\outlinelevel0 heading 1;}{\s2 heading 2;}{\s15 Title;}{\*\cs10 \additive Default Paragraph Font;}}
{\info{\title Caf\'e9 Handbook}{\author Someone Secret}}
{\*\generator Riched20 10.0.19041}
\pard\s15 The visible title\par
\pard\s1 Introduction\par
\pard Caf\'e9 na\'efve \u8364? euro, \uc2\u26085\'93\'fa kanji\uc1 , {\f1 \'cf\'f0\'e8\'e2\'e5\'f2} and {\f2 \'93\'fa\'96\'7b}.\par
{\pict\wmetafile8\picw100\pich100 0123456789abcdef0123456789abcdef}
{\header \pard Running header text\par}
\pard\s2 Details\par
\pard{\listtext\'b7\tab}\ls1 First item\par
\pard{\listtext\'b7\tab}\ls1 Second item\par
\pard Line one\line line two\tab tabbed {\field{\*\fldinst HYPERLINK "https://example.com"}{\fldrslt link text}} end.\par
\trowd\cellx2000\cellx4000
\pard\intbl Cell A\cell Cell B\cell\row
\trowd\cellx2000\cellx4000
\pard\intbl Cell C\cell Cell D\cell\row
\pard\outlinelevel1 Outline Heading\par
\pard Braces \{ and \} and backslash \\ and a \bin4 {}\\ binary run.\par
}`;

describe('rtf', () => {
  test('headings from styles and outline levels, in order; title from the document info', async () => {
    const doc = await extractDocument({ bytes: Buffer.from(RTF, 'latin1'), filename: 'handbook.rtf' });
    expect(doc.format).toBe('rtf');
    expect(doc.title).toBe('Café Handbook');
    expect(doc.sections.map((s) => [s.heading, s.level])).toEqual([
      ['Introduction', 1],
      ['Details', 2],
      ['Outline Heading', 2],
    ]);
  });

  test('code pages (1252, 1251 by font charset, Shift-JIS), \\u escapes and their fallbacks', async () => {
    const doc = await extractDocument({ bytes: Buffer.from(RTF, 'latin1'), filename: 'handbook.rtf' });
    expect(doc.sections[0]!.paragraphs).toEqual(['Café naïve € euro, 日 kanji, Привет and 日本.']);
  });

  test('list items, line breaks, tabs, field results and tables; skipped destinations leave no trace', async () => {
    const doc = await extractDocument({ bytes: Buffer.from(RTF, 'latin1'), filename: 'handbook.rtf' });
    const details = doc.sections[1]!;
    expect(details.bullets).toEqual(['First item', 'Second item']);
    expect(details.paragraphs).toEqual(['Line one\nline two tabbed link text end.']);
    expect(details.tables).toEqual([
      [
        ['Cell A', 'Cell B'],
        ['Cell C', 'Cell D'],
      ],
    ]);
    expect(doc.sections[2]!.paragraphs).toEqual(['Braces { and } and backslash \\ and a binary run.']);
    const all = JSON.stringify(doc);
    for (const hidden of ['Arial', 'Someone Secret', 'Running header', 'HYPERLINK', '0123456789', 'Riched20', 'Default Paragraph Font', 'The visible title']) {
      expect(all).not.toContain(hidden);
    }
  });

  test('garbage, a truncated file and an RTF without text are refused', async () => {
    const invalid = new IngestError('invalid', 'The file is not a valid RTF document.');
    const garbage = Buffer.from(Array.from({ length: 512 }, (_, i) => (i * 73 + 11) % 256));
    await expect(extractDocument({ bytes: garbage, filename: 'x.rtf' })).rejects.toThrow(invalid);
    await expect(extractDocument({ bytes: Buffer.from('hello {\\rtf1 text}'), filename: 'x.rtf' })).rejects.toThrow(invalid);
    await expect(extractDocument({ bytes: Buffer.from(RTF.slice(0, RTF.length / 2), 'latin1'), filename: 'cut.rtf' })).rejects.toThrow(invalid);
    await expect(extractDocument({ bytes: Buffer.from('{\\rtf1\\ansi{\\fonttbl{\\f0 Arial;}}\\par}'), filename: 'blank.rtf' })).rejects.toThrow(
      'The document is empty: no text was found.',
    );
  });

  test('a .doc that is really RTF (as Word saves it) is read as RTF', async () => {
    const doc = await extractDocument({ bytes: Buffer.from(RTF, 'latin1'), filename: 'saved-by-word.doc' });
    expect(doc.format).toBe('rtf');
    expect(doc.sections[0]!.heading).toBe('Introduction');
  });
});
