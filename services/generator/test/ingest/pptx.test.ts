import { describe, expect, test } from '@jest/globals';
import JSZip from 'jszip';
import { extractDocument, IngestError } from '../../src/ingest/index.js';
import { DECK, DECK_TABLE, PptxGenJS, makePptx, reorderSlides } from './fixtures.js';

const pptx = await makePptx();

describe('pptx', () => {
  test('one section per slide: title placeholder as heading, body paragraphs as bullets', async () => {
    const doc = await extractDocument({ bytes: pptx, filename: 'training.pptx' });
    expect(doc.format).toBe('pptx');
    expect(doc.pageCount).toBe(DECK.length);
    expect(doc.sections).toHaveLength(DECK.length);
    expect(doc.sections.map((s) => [s.heading, s.level])).toEqual(DECK.map((slide) => [slide.title, 1]));
    expect(doc.sections.map((s) => s.bullets)).toEqual(DECK.map((slide) => slide.bullets));
    // The first slide's title, not the package's default core title.
    expect(doc.title).toBe('Welcome');
  });

  test('speaker notes are attached to their own slide', async () => {
    const doc = await extractDocument({ bytes: pptx, filename: 'training.pptx' });
    expect(doc.sections.map((s) => s.notes)).toEqual(DECK.map((slide) => (slide.notes ? [slide.notes] : [])));
  });

  test('tables on a slide keep their cells', async () => {
    const doc = await extractDocument({ bytes: pptx, filename: 'training.pptx' });
    expect(doc.sections[2]!.tables).toEqual([DECK_TABLE]);
    expect(doc.sections.filter((s) => s.tables.length > 0)).toHaveLength(1);
  });

  test('slides follow the order in presentation.xml, not the part names', async () => {
    const reordered = await reorderSlides(pptx, [0, 2, 1, 3]);
    const doc = await extractDocument({ bytes: reordered, filename: 'moved.pptx' });
    const expected = [DECK[0]!, DECK[2]!, DECK[1]!, DECK[3]!];
    expect(doc.sections.map((s) => s.heading)).toEqual(expected.map((slide) => slide.title));
    // Notes move with their slides.
    expect(doc.sections.map((s) => s.notes[0] ?? '')).toEqual(expected.map((slide) => slide.notes));
  });

  test('a deck without placeholders: a lone short text box is the title, bullet paragraphs are bullets', async () => {
    const deck = new PptxGenJS();
    const slide = deck.addSlide();
    slide.addText('Loose Title', { x: 1, y: 0.5, w: 6, h: 1 });
    slide.addText('A plain sentence on the slide.', { x: 1, y: 1.5, w: 6, h: 1 });
    slide.addText(
      [
        { text: 'First point', options: { bullet: true, breakLine: true } },
        { text: 'Second point', options: { bullet: true } },
      ],
      {
        x: 1,
        y: 2.5,
        w: 6,
        h: 2,
      }
    );
    deck.addSlide().addText('中文标题 — Überblick', { x: 1, y: 0.5, w: 6, h: 1 });
    const bytes = (await deck.write({ outputType: 'nodebuffer' })) as Buffer;
    const doc = await extractDocument({ bytes, filename: 'script-made.pptx' });
    expect(doc.sections.map((s) => s.heading)).toEqual(['Loose Title', '中文标题 — Überblick']);
    expect(doc.sections[0]!.paragraphs).toEqual(['A plain sentence on the slide.']);
    expect(doc.sections[0]!.bullets).toEqual(['First point', 'Second point']);
    expect(doc.pageCount).toBe(2);
  });

  test('a slide list pointing at missing parts, or a pptx with no text, is handled', async () => {
    const zip = await JSZip.loadAsync(pptx);
    zip.remove('ppt/slides/slide2.xml');
    const doc = await extractDocument({ bytes: await zip.generateAsync({ type: 'nodebuffer' }), filename: 'gap.pptx' });
    expect(doc.sections.map((s) => s.heading)).toEqual([DECK[0]!.title, DECK[2]!.title, DECK[3]!.title]);
    expect(doc.pageCount).toBe(3);

    const empty = new PptxGenJS();
    empty.addSlide();
    const blank = (await empty.write({ outputType: 'nodebuffer' })) as Buffer;
    // Untitled slides are called 'Slide N', but a deck with no text of its own is empty.
    await expect(extractDocument({ bytes: blank, filename: 'blank.pptx' })).rejects.toThrow(
      'The document is empty: no text was found.'
    );
  });

  test('a .pptx that is not a zip is invalid', async () => {
    await expect(extractDocument({ bytes: Buffer.from('not a presentation'), filename: 'x.pptx' })).rejects.toThrow(
      new IngestError('invalid', 'The file is not a valid PowerPoint presentation (.pptx).')
    );
  });
});
