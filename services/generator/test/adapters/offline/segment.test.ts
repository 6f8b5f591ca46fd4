import { OUTPUT_FORMATS, type OutputFormat } from '@trainwright/catalogue';
import { MAX_POINTS_PER_SLIDE, countWords, parseSlideText, printSlideText, splitSentences, type Slide, type SlideDeck } from '@trainwright/formats';
import type { SourceDocument } from '../../../src/domain/types.js';
import { FRAMING } from '../../../src/adapters/offline/framing.js';
import { FORMAT_SHAPES, buildDeck, type DeckOptions } from '../../../src/adapters/offline/segment.js';
import { slidePoint } from '../../../src/adapters/offline/points.js';
import { WORDS_PER_MINUTE } from '../../../src/adapters/offline/summary.js';
import { analyseSource } from '../../../src/adapters/offline/text-analysis.js';
import { FIRE_SAFETY, SEGURIDAD, largeDocument } from './fixtures.js';

const fire = analyseSource(FIRE_SAFETY);

function options(format: OutputFormat, overrides: Partial<DeckOptions> = {}): DeckOptions {
  return { title: 'Workplace Fire Safety', format, length: null, style: 'professional', audience: 'general', includeTables: true, objectives: ['Explain the fire triangle'], ...overrides };
}

/** The slides between the fixed ones (objectives, summary and their continuations). */
function sectionSlidesOf(deck: SlideDeck): Slide[] {
  const fixed = Object.values(FRAMING).flatMap((f) => [f.objectivesTitle, f.summaryTitle].flatMap((t) => [t.plain, t.friendly]));
  return deck.slides.filter((s) => !fixed.some((f) => s.title === f || s.title.startsWith(`${f} (`)));
}
const noteSentences = (slide: Slide) => slide.notes.split(/\n\n/).flatMap((block) => splitSentences(block).map((s) => s.text));

describe('buildDeck', () => {
  it('should make one slide per section, continued only when a section has more points than fit', () => {
    const deck = buildDeck(fire, options('slides'));
    const slides = sectionSlidesOf(deck);
    expect(deck.slides[0]!.points).toEqual(['Explain the fire triangle']);
    // The summary restates one key fact per section: a sentence of the material (cut at a clause).
    const summary = deck.slides[deck.slides.length - 1]!.points;
    expect(summary).toHaveLength(FIRE_SAFETY.sections.length);
    for (const point of summary) expect(point.split(/\s+/).length).toBeGreaterThanOrEqual(3);
    const expected: string[] = [];
    for (const section of FIRE_SAFETY.sections) {
      const base = slides.filter((s) => s.title === section.heading || s.title.startsWith(`${section.heading} (`));
      expect(base[0]!.title).toBe(section.heading);
      base.forEach((s, i) => {
        if (i > 0) {
          expect(s.title).toBe(`${section.heading} (${i + 1})`);
          // A continuation only follows a full slide.
          expect(base[i - 1]!.points).toHaveLength(MAX_POINTS_PER_SLIDE);
        }
      });
      expected.push(...base.map((s) => s.title));
    }
    expect(slides.map((s) => s.title)).toEqual(expected);
    // Five sections; 'Classes of Fire' (bullets and a table) and 'Fire Extinguishers' (eight steps) continue.
    expect(deck.slides).toHaveLength(2 + 5 + 2);
    for (const s of deck.slides) expect(s.points.length).toBeLessThanOrEqual(MAX_POINTS_PER_SLIDE);
  });

  it('should leave the title to the cover: no slide repeats it, the first slide’s notes open the deck', () => {
    for (const objectives of [['Explain the fire triangle'], []]) {
      const deck = buildDeck(fire, options('slides', { objectives }));
      expect(deck.title).toBe('Workplace Fire Safety');
      expect(deck.slides.some((s) => s.title === deck.title)).toBe(false);
      const opening = `This training covers: ${FIRE_SAFETY.sections.map((s) => s.heading).join(', ')}.`;
      // Advice meant for whoever builds the deck is never narrated.
      expect(deck.slides.some((s) => s.notes.includes('For a general audience'))).toBe(false);
      expect(deck.slides[0]!.notes.startsWith(opening)).toBe(true);
      // Without objectives the first section's slide opens the deck, its own notes after the opening.
      if (objectives.length === 0) expect(deck.slides[0]!.title).toBe('Why Fire Safety Matters');
      if (objectives.length === 0) expect(deck.slides[0]!.notes).toMatch(new RegExp(`\n\n${fire.sections[0]!.units.find((u) => u.kind === 'paragraph')!.text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
    }
  });

  it('should take points and notes from the material: points are its words, notes narrate its sentences', () => {
    const deck = buildDeck(fire, options('slides'));
    const material = new Set(fire.units.map((u) => u.text));
    const lower = [...material].map((m) => m.toLowerCase());
    const points = sectionSlidesOf(deck).flatMap((s) => s.points);
    const notes = sectionSlidesOf(deck).flatMap(noteSentences);
    // A point is a sentence, or one of its instructions or clauses, in the material's own words.
    for (const p of points) expect(lower.some((m) => m.includes(p.toLowerCase().replace(/[.]$/, '')))).toBe(true);
    for (const n of notes) expect(material.has(n)).toBe(true);
    expect(new Set(points).size).toBe(points.length);
    expect(new Set(notes).size).toBe(notes.length);
    // The notes narrate every sentence of the sections' paragraphs, in order; none opens with filler.
    const prose = fire.units.filter((u) => u.kind === 'paragraph').map((u) => u.text);
    expect(notes.filter((n) => prose.includes(n))).toEqual(prose);
    for (const s of sectionSlidesOf(deck)) expect(s.notes).not.toMatch(/^This section covers/);
  });

  it('should keep everything the material says in some slide, with the sections’ bullets verbatim but for a final full stop', () => {
    const deck = buildDeck(fire, options('slides'));
    const text = printSlideText(deck);
    for (const u of fire.units) expect(text).toContain(slidePoint(u.text));
    for (const b of FIRE_SAFETY.sections[3]!.bullets) expect(deck.slides.some((s) => s.points.includes(slidePoint(b)))).toBe(true);
  });

  it('should round-trip through the slide text format in every output format', () => {
    for (const doc of [FIRE_SAFETY, SEGURIDAD] as SourceDocument[]) {
      const analysis = analyseSource(doc);
      for (const format of OUTPUT_FORMATS) {
        const deck = buildDeck(analysis, options(format, { title: doc.title }));
        expect(parseSlideText(printSlideText(deck))).toEqual(deck);
      }
    }
  });

  it('should shape the deck by the output format', () => {
    const by = (format: OutputFormat) => sectionSlidesOf(buildDeck(fire, options(format)));
    const prose = fire.units.filter((u) => u.kind === 'paragraph').map((u) => u.text);

    const bullets = by('bullet_points');
    for (const s of bullets) expect(s.notes).toBe('');
    // Points carry no final full stop.
    for (const sentence of prose) expect(bullets.some((s) => s.points.includes(slidePoint(sentence)))).toBe(true);
    for (const s of bullets) for (const p of s.points) expect(p).not.toMatch(/[^.]\.$/);

    for (const format of ['paragraph', 'handbook'] as const) {
      const slides = by(format);
      const body = slides.flatMap((s) => s.paragraphs).join(' ');
      for (const sentence of prose) expect(body).toContain(sentence);
      for (const s of slides) expect(s.notes).toBe('');
    }

    const script = by('script');
    const narration = script.map((s) => s.notes).join('\n');
    for (const sentence of prose) expect(narration).toContain(sentence);
    // Slides of a script show cue words (key terms) and the table rows; the sentences are narrated.
    const rows = fire.units.filter((u) => u.kind === 'table').map((u) => u.text);
    for (const s of script) for (const p of s.points) expect([...fire.terms.map((t) => t.display), ...rows]).toContain(p);

    const quick = by('quick_reference');
    expect(quick).toHaveLength(FIRE_SAFETY.sections.length + quick.filter((s) => / \(\d+\)$/.test(s.title)).length);
    for (const s of quick) {
      expect(s.points.length).toBeLessThanOrEqual(FORMAT_SHAPES.quick_reference.maxPoints);
      expect(s.notes).toBe('');
    }

    // The lesson timing is the trainer's: trainer notes, never the narrated notes.
    for (const s of by('lesson_plan').filter((s) => !/ \(\d+\)$/.test(s.title))) {
      expect(s.trainerNotes).toMatch(/^Time: about \d+ min\.$/);
      expect(s.notes).not.toContain('Time: about');
    }

    const outline = by('outline').flatMap((s) => s.points).length;
    expect(outline).toBeLessThan(by('bullet_points').flatMap((s) => s.points).length);
  });

  it('should frame the deck in the requested writing style, the notes narrating the material in every style and language', () => {
    const conversational = buildDeck(fire, options('slides', { style: 'conversational' }));
    expect(conversational.slides[0]!.title).toBe(FRAMING.en.objectivesTitle.friendly);
    const formal = buildDeck(fire, options('slides', { style: 'formal' }));
    // Framing changes, facts do not: the points and notes are the same, no opener about the section.
    expect(sectionSlidesOf(formal).map((s) => [s.points, s.notes])).toEqual(sectionSlidesOf(conversational).map((s) => [s.points, s.notes]));
    expect(sectionSlidesOf(conversational)[0]!.notes).not.toMatch(/^Let's look at/);
    const spanish = sectionSlidesOf(buildDeck(analyseSource(SEGURIDAD), options('slides', { style: 'conversational' })));
    expect(spanish[0]!.notes).not.toMatch(/^Veamos|^Esta sección/);
    expect(SEGURIDAD.sections.some((sec) => spanish[0]!.notes.startsWith(sec.paragraphs[0]!.split(/(?<=\.)\s/)[0]!))).toBe(true);
  });

  it('should bound points and narration by the requested length', () => {
    const large = analyseSource(largeDocument());
    // Narration without the framing line that opens each section's notes.
    const notesWords = (deck: SlideDeck) =>
      sectionSlidesOf(deck).reduce((n, s) => n + countWords(s.notes.split('\n\n').join(' ')), 0);
    const short = buildDeck(large, options('slides', { length: 'short' }));
    const long = buildDeck(large, options('slides', { length: 'long' }));
    expect(notesWords(short)).toBeLessThanOrEqual(5 * WORDS_PER_MINUTE);
    expect(notesWords(long)).toBeGreaterThan(notesWords(short));
    const shortPoints = sectionSlidesOf(short).flatMap((s) => s.points).length;
    const bullets = large.units.filter((u) => u.kind === 'bullet').length;
    // The bullets stay; picked sentences are bounded (at least one per section).
    expect(shortPoints - bullets).toBeLessThanOrEqual(Math.max(10, large.sections.length));
    expect(sectionSlidesOf(buildDeck(large, options('slides'))).flatMap((s) => s.points).length).toBeGreaterThan(shortPoints);
  });

  it('should leave out tables when asked', () => {
    const withTables = buildDeck(fire, options('slides'));
    const without = buildDeck(fire, options('slides', { includeTables: false }));
    const row = 'B | Flammable liquids | Foam, carbon dioxide or dry powder';
    expect(withTables.slides.some((s) => s.points.includes(row))).toBe(true);
    expect(without.slides.some((s) => s.points.includes(row))).toBe(false);
  });
});
