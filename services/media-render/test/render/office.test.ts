// The PowerPoint deck and the Word manual opened by LibreOffice (headless) and exported to PDF,
// then read with poppler. Files convert in two LibreOffice runs (starting it is most of the cost):
// one for all the PDFs, and one saving a deck as OpenDocument XML to read its speaker notes.
import { writeFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { LAYOUTS, type Layout } from '@trainwright/templates';
import type { RenderInput } from '../../src/domain/types.js';
import { prepareContent } from '../../src/render/content.js';
import { renderDocx } from '../../src/render/docx.js';
import { renderPptx } from '../../src/render/pptx.js';
import { convertWithLibreOffice, flat, pdfImagePages, pdfInfo, pdfPages, pdfText, slideNotes, tempDir } from './consumers.js';
import { bareInput, fireSafetyInput, HOSTILE_COMPANY, hostileInput, SCRIPT_TITLE, SECTION_TITLES, styleOf } from './fixtures.js';

const DECK_SLIDES = SECTION_TITLES.length;
/** More text than a slide holds even at the smallest size. */
const CROWDED_SLIDE = {
  title: 'Everything about extinguishers',
  points: Array.from({ length: 30 }, (_, i) => `Extinguisher fact ${i + 1}: water, foam, powder and CO2 each suit different fires`),
  paragraphs: [],
  notes: 'Go through the chart.',
};
let dir: string;
const pdfs = new Map<string, string>();
let notes: string[] = [];
let notesDeckPages: string[] = [];

async function write(name: string, bytes: Promise<Buffer>): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, await bytes);
  return path;
}

const deckFile = (layout: Layout) => `deck-${layout}.pptx`;
const pdfOf = (name: string) => {
  const pdf = pdfs.get(name);
  if (!pdf) throw new Error(`${name} was not converted`);
  return pdf;
};

beforeAll(async () => {
  dir = await tempDir('office');
  // The deck whose speaker notes are read: it is also saved as OpenDocument XML, where the notes
  // are (they are not part of the slides' PDF).
  const notesDeckInput = fireSafetyInput({ deck: { title: 'Fire Safety Training', slides: [...fireSafetyInput().deck.slides, CROWDED_SLIDE] } });
  const inputs: Array<[string, Promise<Buffer>]> = [
    ...LAYOUTS.map((layout): [string, Promise<Buffer>] => [deckFile(layout), renderPptx(fireSafetyInput({ style: styleOf(layout) }))]),
    ['hostile-deck.pptx', renderPptx(hostileInput())],
    ['bare-deck.pptx', renderPptx(bareInput())],
    ['notes.pptx', renderPptx(notesDeckInput)],
    ['fire-manual.docx', renderDocx(fireSafetyInput())],
    ['hostile-manual.docx', renderDocx(hostileInput())],
    ['bare-manual.docx', renderDocx(bareInput())],
  ];
  const paths = await Promise.all(inputs.map(([name, bytes]) => write(name, bytes)));
  const notesDeck = paths[inputs.findIndex(([name]) => name === 'notes.pptx')]!;
  // Two LibreOffice runs side by side: every PDF, and the notes deck's XML.
  const [converted, fodp] = await Promise.all([convertWithLibreOffice(paths, join(dir, 'pdf')), convertWithLibreOffice([notesDeck], join(dir, 'fodp'), 'fodp')]);
  for (const [i, [name]] of inputs.entries()) pdfs.set(name, converted.get(paths[i]!)!);
  notes = await slideNotes(fodp.get(notesDeck)!);
  notesDeckPages = await pdfPages(pdfOf('notes.pptx'));
}, 240_000);

afterAll(() => rm(dir, { recursive: true, force: true }));

describe('PowerPoint deck', () => {
  it.each(LAYOUTS.map((l) => [l]))('should open in LibreOffice with a title slide and one slide per deck slide (%s)', async (layout) => {
    const pdf = pdfOf(deckFile(layout as Layout));
    const pages = await pdfPages(pdf);
    expect(pages).toHaveLength(1 + DECK_SLIDES);
    expect(flat(pages[0]!)).toContain('Fire Safety Training');
    expect(flat(pages[0]!)).toContain('Acme Safety Ltd · www.acme-safety.example');
    for (const [i, title] of SECTION_TITLES.entries()) {
      const page = flat(pages[i + 1]!);
      expect(page).toContain(title);
      // The branding footer from the master, and the slide's number as every output writes it (the cover not counted).
      expect(page).toContain('Acme Safety Ltd · www.acme-safety.example');
      expect(page).toMatch(new RegExp(`(^|\\s)${i + 1}\\s?/\\s?${DECK_SLIDES}(\\s|$)`));
    }
  });

  it('should show the points and paragraphs, in accented Latin, Cyrillic and CJK', async () => {
    const pages = await pdfPages(pdfOf(deckFile('title-content')));
    expect(flat(pages[2]!)).toContain('Les extincteurs se trouvent près de chaque sortie');
    expect(flat(pages[2]!)).toContain('Ce module présente les règles de sécurité du bâtiment à Genève.');
    expect(flat(pages[3]!)).toContain('Огнетушители расположены у каждого выхода');
    expect(flat(pages[4]!)).toContain('灭火器位于每个出口附近');
    expect(flat(pages[6]!)).toMatch(/Pull the pin .*Aim at the base of the fire .*Squeeze the handle .*Sweep from side to side/);
  });

  it('should arrange each layout differently', async () => {
    // The PASS slide: grid and timeline put one step per card or stop, the others keep a list.
    const passSlide = async (layout: Layout) => flat((await pdfPages(pdfOf(deckFile(layout))))[6]!);
    const texts = await Promise.all(LAYOUTS.map(passSlide));
    expect(new Set(texts).size).toBeGreaterThan(1);
    for (const text of texts) for (const step of ['Pull the pin', 'Squeeze the handle']) expect(text).toContain(step);
  });

  it('should show the logo on every slide', async () => {
    const pages = (await pdfPages(pdfOf(deckFile('sidebar')))).length;
    expect(new Set(await pdfImagePages(pdfOf(deckFile('sidebar'))))).toEqual(new Set(Array.from({ length: pages }, (_, i) => i + 1)));
    // Without a logo the only pictures are the slides' visuals (slides 2 and 3, each with its alpha mask).
    expect([...new Set(await pdfImagePages(pdfOf('bare-deck.pptx')))]).toEqual([2, 3]);
  });

  it('should carry the speaker notes, and the full text of a slide cut to fit', async () => {
    const slides = 1 + DECK_SLIDES + 1;
    expect(notes).toHaveLength(slides);
    // The title slide's notes hold the summary.
    expect(notes[0]).toBe(fireSafetyInput().summary);
    expect(notes[1]).toBe('Welcome everyone and introduce yourself.\nAsk who has used an extinguisher before.');
    expect(notes[3]).toBe('Напомните сотрудникам о месте сбора.');
    expect(notes[4]).toBe('提醒员工集合地点在停车场。');
    expect(notes[7]).toBe('');
    const crowdedSlide = flat(notesDeckPages[slides - 1]!);
    expect(crowdedSlide).toContain('Extinguisher fact 1:');
    expect(crowdedSlide).not.toContain('Extinguisher fact 30:');
    expect(crowdedSlide).toContain('…');
    expect(notes[slides - 1]).toBe(`Go through the chart.\n\nFull text of this slide:\n${CROWDED_SLIDE.points.join('\n')}`);
  });

  it('should render 200 hostile slides, markup literally, crowded slides cut to fit', async () => {
    const pages = await pdfPages(pdfOf('hostile-deck.pptx'));
    expect(pages).toHaveLength(201);
    const all = flat(pages.join(' '));
    expect(all).toContain(SCRIPT_TITLE);
    expect(all).toContain('Topic 200: handling load 200');
    expect(all).toContain('Slide 2');
    expect(all).toContain('Tab here');
    expect(all).toContain('בטיחות');
    // Document properties with markup survive too (LibreOffice copies them into the PDF).
    expect((await pdfInfo(pdfOf('hostile-deck.pptx'))).Author).toBe(HOSTILE_COMPANY);
    // Markup in the branding of the slide master as well.
    expect(flat(pages[200]!)).toContain(`${HOSTILE_COMPANY} · https://example.com/?a=1&b=<2>`);
    // The crowded slide (30 points) ends with an ellipsis rather than running off the slide.
    const crowded = flat(pages[6]!);
    expect(crowded).toContain('Point 1 of a very crowded slide');
    expect(crowded).toContain('…');
    expect(crowded).not.toContain('Point 30 of');
  });

  it('should render without branding or logo', async () => {
    const pages = await pdfPages(pdfOf('bare-deck.pptx'));
    expect(pages).toHaveLength(3);
    expect(flat(pages.join(' '))).not.toContain('Acme');
    expect(flat(pages[1]!)).toContain('Slide 1');
    expect(flat(pages[2]!)).toContain('Only a title');
  });
});

describe('Word manual', () => {
  it('should open in LibreOffice with title page, contents, numbered sections and the document title', async () => {
    const pdf = pdfOf('fire-manual.docx');
    const pages = await pdfPages(pdf);
    expect(pages.length).toBeGreaterThanOrEqual(4);
    expect(flat(pages[0]!)).toContain('Fire Safety Training');
    expect(flat(pages[0]!)).toContain('March 14, 2025');
    // The table of contents lists every Heading 1 before the manual starts.
    const contents = flat(pages[1]!);
    expect(contents).toContain('Contents');
    for (const [i, title] of SECTION_TITLES.entries()) expect(contents).toContain(`${i + 1}. ${title}`);
    const body = flat(pages.slice(2).join(' '));
    const positions = SECTION_TITLES.map((t, i) => body.indexOf(`${i + 1}. ${t}`));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect((await pdfInfo(pdf)).Title).toBe('Fire Safety Training');
  });

  it('should hold the points, notes, questions, answer key table and glossary table in every script', async () => {
    const text = flat(await pdfText(pdfOf('fire-manual.docx')));
    for (const phrase of [
      "Évacuez par l'escalier, jamais par l'ascenseur",
      'Огнетушители расположены у каждого выхода',
      '灭火器位于每个出口附近',
      'Trainer notes',
      'Welcome everyone and introduce yourself.',
    ])
      expect(text).toContain(phrase);
    expect(text).toContain('1. Which of these is NOT part of the fire triangle? A. Heat B. Water C. Oxygen');
    const key = text.slice(text.lastIndexOf('Answer key'));
    expect(key).toMatch(/Question Answer Explanation 1 B – Water The triangle is heat, fuel and oxygen; water\s?removes heat\./);
    expect(key).toContain('3 B – Car park B The assembly point is car park B.');
    expect(text.slice(text.lastIndexOf('Glossary'))).toMatch(
      /Term Definition Assembly point The place where everyone gathers after evacuating\./,
    );
  });

  it('should brand the header and number the pages in the footer', async () => {
    const pages = await pdfPages(pdfOf('fire-manual.docx'));
    expect(pages[0]).not.toContain('Page 1 of');
    for (let i = 1; i < pages.length; i++) {
      expect(pages[i]).toContain('Acme Safety Ltd');
      expect(pages[i]).toContain('www.acme-safety.example');
      expect(pages[i]).toContain(`Page ${i + 1} of ${pages.length}`);
    }
    // The logo: on the title page and in the header of the other pages.
    expect(new Set(await pdfImagePages(pdfOf('fire-manual.docx'))).size).toBe(pages.length);
  });

  it('should render 200 hostile sections with markup kept literally', async () => {
    const text = flat(await pdfText(pdfOf('hostile-manual.docx')));
    expect(text).toContain(SCRIPT_TITLE);
    expect(text).toContain('200. Topic 200: handling load 200');
    expect(text).toContain('2. Slide 2');
    expect(text).toContain('&amp; &lt; &#x41;');
    expect(text).toContain('בטיחות');
    expect(text).toContain(HOSTILE_COMPANY);
    expect(text).toContain('https://example.com/?a=1&b=<2>');
    expect(Number((await pdfInfo(pdfOf('hostile-manual.docx'))).Pages)).toBeGreaterThan(50);
  });

  it('should render without branding: the title in the header, no logo', async () => {
    const pages = await pdfPages(pdfOf('bare-manual.docx'));
    expect(flat(pages.join(' '))).not.toContain('Acme');
    expect(pages[1]).toContain('Bare deck');
    expect(flat(pages.join(' '))).toContain('2. Only a title');
    // No logo on the title page or in a header: the only pictures are the sections' visuals
    // (each listed with its alpha mask), on the sections' page.
    const visuals = prepareContent(bareInput()).sections.filter((s) => s.visual).length;
    const images = await pdfImagePages(pdfOf('bare-manual.docx'));
    expect(images).toHaveLength(2 * visuals);
    expect(images.filter((p) => p < 3)).toEqual([]);
  });
});
