// A script_to_slides script written in the slide text format, with a title slide of its own
// (issue 11): every output shows the notes as notes, never on a slide, and the title slide once.
// The files are read by their real consumers: LibreOffice for the PowerPoint deck and the Word
// manual, pdftotext for the PDFs.
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { deckToScript, printScript, scriptTextToDeck, type SlideDeck } from '@trainwright/formats';
import type { RenderInput } from '../../src/domain/types.js';
import { renderDocx } from '../../src/render/docx.js';
import { renderPdf } from '../../src/render/pdf.js';
import { renderPptx } from '../../src/render/pptx.js';
import { renderTxt } from '../../src/render/txt.js';
import { convertWithLibreOffice, flat, pdfPages, pdfText, slideNotes, tempDir } from './consumers.js';
import { fireSafetyInput } from './fixtures.js';

const SCRIPT = `# Forklift Safety

## Forklift Safety
**Speaker Notes:** Welcome the group and hand out the checklists.

## Inspect before each shift
- Check the forks for cracks
- Test the brakes and the horn

**Speaker Notes:** Walk the trainees round the truck.

## Lifting a load
- Keep the load low and tilted back
- Never lift people on the forks

**Speaker Notes:** Show the load chart on the overhead guard.
`;
const DESCRIPTION = 'Daily checks and safe lifting for forklift drivers.';

/** The project as it renders: its deck read from the script, the narration script stored with it. */
function forkliftInput(deck: SlideDeck = scriptTextToDeck(SCRIPT, 'Forklift Safety')): RenderInput {
  return fireSafetyInput({
    title: 'Forklift Safety',
    description: DESCRIPTION,
    deck,
    script: printScript(deckToScript(deck)),
    summary: '',
    objectives: [],
    questions: [],
    glossary: [],
  });
}

/** A deck stored before the generator stopped making title slides: the title and the description again. */
function storedDeck(): SlideDeck {
  const deck = scriptTextToDeck(SCRIPT, 'Forklift Safety');
  return { ...deck, slides: [{ title: 'Forklift Safety', points: [], paragraphs: [DESCRIPTION], notes: 'This training covers: Inspect before each shift, Lifting a load.' }, ...deck.slides.slice(1)] };
}

describe('a slide-format script with its own title slide', () => {
  let dir: string;
  const pdf: Record<string, string[]> = {};
  let notes: string[] = [];
  let storedNotes: string[] = [];

  beforeAll(async () => {
    dir = await tempDir('title-slide');
    const write = async (name: string, bytes: Promise<Buffer>) => {
      const path = join(dir, name);
      await writeFile(path, await bytes);
      return path;
    };
    const files = await Promise.all([
      write('deck.pptx', renderPptx(forkliftInput())),
      write('stored.pptx', renderPptx(forkliftInput(storedDeck()))),
      write('manual.docx', renderDocx(forkliftInput())),
      write('guide.pdf', renderPdf(forkliftInput())),
    ]);
    const [pptx, stored, docx, guide] = files as [string, string, string, string];
    const [asPdf, asXml] = await Promise.all([convertWithLibreOffice([pptx, stored, docx], join(dir, 'pdf')), convertWithLibreOffice([pptx, stored], join(dir, 'fodp'), 'fodp')]);
    pdf.deck = await pdfPages(asPdf.get(pptx)!);
    pdf.stored = await pdfPages(asPdf.get(stored)!);
    pdf.manual = [await pdfText(asPdf.get(docx)!)];
    pdf.guide = [await pdfText(guide)];
    notes = await slideNotes(asXml.get(pptx)!);
    storedNotes = await slideNotes(asXml.get(stored)!);
  }, 240_000);

  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('should write the txt with the notes as trainer notes and the title once', () => {
    const text = renderTxt(forkliftInput());
    expect(text).not.toContain('Speaker Notes');
    expect(text).not.toContain('**');
    const lines = text.split('\n');
    expect(lines.filter((l) => l === 'Forklift Safety')).toHaveLength(1);
    expect(text).toContain('Forklift Safety\n===============\n\nDaily checks and safe lifting for forklift drivers.');
    // The title slide's notes are said over the cover, before the first section.
    expect(text.indexOf('Trainer notes:\n  Welcome the group and hand out the checklists.')).toBeGreaterThan(0);
    expect(text.indexOf('Welcome the group')).toBeLessThan(text.indexOf('1. Inspect before each shift'));
    expect(text).toContain(
      '1. Inspect before each shift\n----------------------------\n- Check the forks for cracks\n- Test the brakes and the horn\n\nTrainer notes:\n  Walk the trainees round the truck.',
    );
    expect(text).toContain('2. Lifting a load\n');
    expect(text).not.toMatch(/^\d+\. Forklift Safety$/m);
  });

  it('should give the PowerPoint deck exactly one title slide, the notes in the notes', () => {
    expect(pdf.deck).toHaveLength(3);
    expect(pdf.deck!.filter((page) => flat(page).includes('Forklift Safety'))).toHaveLength(1);
    expect(flat(pdf.deck![0]!)).toContain('Forklift Safety');
    expect(flat(pdf.deck![1]!)).toContain('Inspect before each shift');
    expect(flat(pdf.deck![2]!)).toContain('Lifting a load');
    for (const page of pdf.deck!) expect(page).not.toMatch(/Speaker Notes|Walk the trainees|load chart|Welcome the group/);
    expect(notes).toEqual(['Welcome the group and hand out the checklists.', 'Walk the trainees round the truck.', 'Show the load chart on the overhead guard.']);
  });

  it('should take a stored title slide that repeats the title and description for the cover', () => {
    expect(pdf.stored).toHaveLength(3);
    expect(pdf.stored!.filter((page) => flat(page).includes('Forklift Safety'))).toHaveLength(1);
    expect(pdf.stored!.filter((page) => flat(page).includes(DESCRIPTION))).toHaveLength(1);
    expect(storedNotes[0]).toBe('This training covers: Inspect before each shift, Lifting a load.');
  });

  it.each([['guide'], ['manual']])('should show the notes as trainer notes in the %s, not as slide text', (name) => {
    const text = flat(pdf[name]![0]!);
    expect(text).not.toContain('Speaker Notes');
    expect(text).not.toMatch(/\d\. Forklift Safety/);
    expect(text).toContain('Overview');
    expect(text).toMatch(/Trainer notes Welcome the group and hand out the checklists\./);
    // After the contents: the body, where each section's notes follow its points under the label.
    const body = text.slice(text.lastIndexOf('1. Inspect before each shift')).replace(/[•●] /g, '');
    expect(body).toMatch(/^1\. Inspect before each shift Check the forks for cracks Test the brakes and the horn Trainer notes Walk the trainees round the truck\./);
    expect(body).toMatch(/2\. Lifting a load Keep the load low and tilted back Never lift people on the forks Trainer notes Show the load chart on the overhead guard\./);
  });
});
