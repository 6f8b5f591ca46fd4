// Segmentation: the material's own structure made into a deck. One slide per section (continued
// on 'Title (2)' when it holds more points than fit), an objectives and a summary slide.
// Points are the section's bullets and table rows, and its facts: every instruction of a sentence
// as its own point (points.ts), up to a slide's worth, instructions first; the speaker notes
// narrate the section's sentences as written. Every word on a section slide is the material's,
// apart from the lesson timing, which is a lesson plan's trainer notes.
import { CONTENT_LENGTH_MINUTES, type Audience, type ContentLength, type OutputFormat, type WritingStyle } from '@trainwright/catalogue';
import { MAX_POINTS_PER_SLIDE, type Slide, type SlideDeck } from '@trainwright/formats';
import { shortenAtClause } from './clauses.js';
import { FRAMING, fill, titleFor } from './framing.js';
import { isAction, sentencePoints, slidePoint } from './points.js';
import { WORDS_PER_MINUTE, narrationWordBudget } from './summary.js';
import type { Analysis, SectionView, TextUnit } from './text-analysis.js';

/** How an output format shapes the deck. */
export interface FormatShape {
  maxPoints: number;
  /** What happens to the sentences of paragraphs. 'pick': their facts become points (see `fill`). */
  prose: 'pick' | 'points' | 'paragraphs' | 'notes';
  /** A section keeps at least one point per `group` sentences... */
  group: number;
  /** ...and fills its slide with its facts when it has more (instructions first), else keeps only that many. */
  fill: boolean;
  /** Words a picked sentence is cut to (at a clause boundary); null keeps it whole. */
  shortenTo: number | null;
  /** Whether sentences that are not points go into the speaker notes (otherwise they are left out). */
  notes: boolean;
  bullets: 'points' | 'notes';
  /** The source's own speaker notes and comments. */
  sourceNotes: 'notes' | 'paragraphs' | 'drop';
  /** Slide points are the section's key terms, as cues for a narrator (the script format). */
  termCues: boolean;
  /** A time estimate opens each section's notes (the lesson plan). */
  timing: boolean;
  /** Most slides one section may fill; the best points are kept when it has more. */
  maxSlidesPerSection: number | null;
  maxParagraphWords: number;
}

const BASE: FormatShape = {
  maxPoints: MAX_POINTS_PER_SLIDE,
  prose: 'pick',
  group: 3,
  fill: true,
  shortenTo: 20,
  notes: true,
  bullets: 'points',
  sourceNotes: 'notes',
  termCues: false,
  timing: false,
  maxSlidesPerSection: null,
  maxParagraphWords: 220,
};

export const FORMAT_SHAPES: Record<OutputFormat, FormatShape> = {
  slides: BASE,
  lesson_plan: { ...BASE, timing: true },
  script: { ...BASE, prose: 'notes', bullets: 'notes', termCues: true, maxPoints: 4 },
  bullet_points: { ...BASE, prose: 'points', shortenTo: null, notes: false, sourceNotes: 'drop' },
  paragraph: { ...BASE, prose: 'paragraphs', notes: false, sourceNotes: 'drop' },
  handbook: { ...BASE, prose: 'paragraphs', notes: false, sourceNotes: 'paragraphs', maxParagraphWords: 400 },
  outline: { ...BASE, group: 4, fill: false, shortenTo: 12, notes: false, sourceNotes: 'drop' },
  quick_reference: { ...BASE, maxPoints: 4, group: 3, fill: false, shortenTo: 12, notes: false, sourceNotes: 'drop', maxSlidesPerSection: 1 },
};

/** Slide points a minute of delivery carries, to bound the picked points by the requested length. */
export const POINTS_PER_MINUTE = 2;

export interface DeckOptions {
  title: string;
  format: OutputFormat;
  length: ContentLength | null;
  style: WritingStyle;
  audience: Audience;
  includeTables: boolean;
  objectives: string[];
}

type Placement = { kind: 'point'; text: string } | { kind: 'note' } | { kind: 'paragraph' };

export interface DeckPlan {
  analysis: Analysis;
  options: DeckOptions;
  shape: FormatShape;
  placements: ReadonlyMap<number, Placement[]>;
}

function place(map: Map<number, Placement[]>, unit: TextUnit, placement: Placement): void {
  const list = map.get(unit.id);
  if (list) list.push(placement);
  else map.set(unit.id, [placement]);
}

/** A point a sentence gives: one of its instructions, or the sentence (cut at a clause). */
interface Candidate {
  unit: TextUnit;
  text: string;
  /** It asks the learner to do something (an instruction, a 'must' rule): kept first. */
  action: boolean;
  /** Its place among the points of its sentence. */
  part: number;
}

function byRank(a: Candidate, b: Candidate): number {
  return Number(b.action) - Number(a.action) || b.unit.score - a.unit.score || a.unit.id - b.unit.id || a.part - b.part;
}

/** Keeps the best `budget` points, at least one per section, and returns the ones left out. */
function keepBest(points: Candidate[], budget: number): Set<Candidate> {
  if (points.length <= budget) return new Set();
  const kept = new Set<Candidate>();
  const firstPerSection = new Map<number, Candidate>();
  for (const c of [...points].sort(byRank)) if (!firstPerSection.has(c.unit.section)) firstPerSection.set(c.unit.section, c);
  for (const c of firstPerSection.values()) kept.add(c);
  for (const c of [...points].sort(byRank)) {
    if (kept.size >= budget) break;
    kept.add(c);
  }
  return new Set(points.filter((c) => !kept.has(c)));
}

/** Drops the least informative units until their words fit the budget. */
function fitWords(units: TextUnit[], budget: number | null): Set<TextUnit> {
  const dropped = new Set<TextUnit>();
  if (budget === null) return dropped;
  let words = units.reduce((n, u) => n + u.words, 0);
  for (const u of [...units].sort((a, b) => a.score - b.score || b.id - a.id)) {
    if (words <= budget) break;
    dropped.add(u);
    words -= u.words;
  }
  return dropped;
}

/** Decides where every unit of the material goes: a point, the notes, body text or nowhere. */
export function planDeck(analysis: Analysis, options: DeckOptions): DeckPlan {
  const shape = FORMAT_SHAPES[options.format];
  const placements = new Map<number, Placement[]>();
  const picked: Candidate[] = [];
  const narrated: TextUnit[] = [];

  for (const section of analysis.sections) {
    const prose = section.units.filter((u) => u.kind === 'paragraph');
    // A question asked in the material (a participant's in a transcript) is narrated, not shown.
    const statements = prose.filter((u) => !u.question);
    let fixedPoints = 0;
    for (const u of section.units) {
      if (u.kind === 'bullet') {
        if (shape.bullets === 'points') {
          place(placements, u, { kind: 'point', text: u.text });
          fixedPoints++;
        } else place(placements, u, { kind: 'note' });
      } else if (u.kind === 'table') {
        if (options.includeTables) {
          place(placements, u, { kind: 'point', text: u.text });
          fixedPoints++;
        }
      } else if (u.kind === 'note') {
        if (shape.sourceNotes === 'notes') place(placements, u, { kind: 'note' });
        else if (shape.sourceNotes === 'paragraphs') place(placements, u, { kind: 'paragraph' });
      }
    }
    if (shape.prose === 'points') for (const u of prose) place(placements, u, { kind: 'point', text: u.text });
    else if (shape.prose === 'paragraphs') for (const u of prose) place(placements, u, { kind: 'paragraph' });
    else if (shape.prose === 'notes') for (const u of prose) place(placements, u, { kind: 'note' });
    else {
      // Every instruction of a sentence is a point of its own; the slide holds the section's facts
      // up to a slide's worth (a long section one point per `group` sentences, continued on
      // 'Title (2)'), instructions first, then the most informative; shown in the source's order.
      const groups = Math.ceil(statements.length / shape.group);
      // A long section (more groups than a slide holds) keeps the best sentence of each group,
      // cut at a clause, as before: splitting and tagging every sentence of a 20-page document
      // costs more than its continued slides gain.
      const fills = shape.fill && groups < shape.maxPoints - fixedPoints;
      const sentences = fills ? statements : [...Array(groups).keys()].map((g) => [...statements.slice(g * shape.group, (g + 1) * shape.group)].sort((a, b) => b.score - a.score || a.id - b.id)[0]!).sort((a, b) => a.id - b.id);
      const candidates = sentences.flatMap((u) =>
        (fills ? sentencePoints(u.text, analysis.language, shape.shortenTo) : [shape.shortenTo === null ? u.text : shortenAtClause(u.text, shape.shortenTo, analysis.language)]).map((text, part) => ({ unit: u, text, action: fills && isAction(text, analysis.language), part })),
      );
      let room = shape.fill ? Math.max(shape.maxPoints - fixedPoints, groups) : groups;
      // A section limited to a few slides keeps its bullets and tables, then its best points.
      if (shape.maxSlidesPerSection !== null) room = Math.min(room, Math.max(1, shape.maxPoints * shape.maxSlidesPerSection - fixedPoints));
      const kept = new Set([...candidates].sort(byRank).slice(0, room));
      picked.push(...candidates.filter((c) => kept.has(c)));
      // The notes narrate the section: all its sentences, as written.
      narrated.push(...prose);
    }
  }

  const pointBudget = options.length ? CONTENT_LENGTH_MINUTES[options.length].max * POINTS_PER_MINUTE : null;
  const demoted = pointBudget === null ? new Set<Candidate>() : keepBest(picked, pointBudget);
  for (const c of picked) if (!demoted.has(c)) place(placements, c.unit, { kind: 'point', text: c.text });
  if (shape.notes) for (const u of narrated) place(placements, u, { kind: 'note' });

  // Narration volume follows the requested length.
  const budget = narrationWordBudget(options.length);
  for (const kind of ['note', 'paragraph'] as const) {
    const units = analysis.units.filter((u) => placements.get(u.id)?.some((p) => p.kind === kind));
    for (const u of fitWords(units, budget)) {
      const rest = placements.get(u.id)!.filter((p) => p.kind !== kind);
      if (rest.length > 0) placements.set(u.id, rest);
      else placements.delete(u.id);
    }
  }
  return { analysis, options, shape, placements };
}

export function sectionTitle(section: SectionView, analysis: Analysis): string {
  return section.heading || FRAMING[analysis.language].introduction;
}

interface NoteLine {
  block: number;
  text: string;
}

/** Note sentences of one block run on; blocks are separated by a blank line. */
function joinNotes(lines: NoteLine[]): string {
  const blocks: string[] = [];
  let last: number | null = null;
  for (const line of lines) {
    if (last === line.block && blocks.length > 0) blocks[blocks.length - 1] += ` ${line.text}`;
    else blocks.push(line.text);
    last = line.block;
  }
  return blocks.join('\n\n');
}

/** The slides of one section: the first titled by its heading, continuations 'Heading (2)', ... */
export function sectionSlides(plan: DeckPlan, section: SectionView): Slide[] {
  const { analysis, shape, options } = plan;
  const framing = FRAMING[analysis.language];
  const units = section.units.filter((u) => plan.placements.has(u.id));
  if (units.length === 0) return [];
  const title = sectionTitle(section, analysis);
  const drafts: Array<{ slide: Slide; notes: NoteLine[]; paragraphWords: number }> = [];
  const open = () => {
    const slide: Slide = { title: drafts.length === 0 ? title : `${title} (${drafts.length + 1})`, points: [], paragraphs: [], notes: '' };
    drafts.push({ slide, notes: [], paragraphWords: 0 });
    return drafts[drafts.length - 1]!;
  };
  let current = open();
  let paragraphBlock: number | null = null;
  for (const u of units) {
    for (const p of plan.placements.get(u.id)!) {
      if (p.kind === 'point') {
        if (current.slide.points.length >= shape.maxPoints) current = open();
        current.slide.points.push(slidePoint(p.text));
      } else if (p.kind === 'note') {
        current.notes.push({ block: u.block, text: u.text });
      } else {
        if (current.paragraphWords > 0 && current.paragraphWords + u.words > shape.maxParagraphWords) {
          current = open();
          paragraphBlock = null;
        }
        // Sentences of one source paragraph stay one paragraph.
        if (paragraphBlock === u.block && current.slide.paragraphs.length > 0) current.slide.paragraphs[current.slide.paragraphs.length - 1] += ` ${u.text}`;
        else current.slide.paragraphs.push(u.text);
        paragraphBlock = u.block;
        current.paragraphWords += u.words;
      }
    }
  }
  if (shape.termCues) {
    const first = drafts[0]!.slide;
    const cues = analysis.terms.filter((t) => t.sections.includes(section.index)).slice(0, Math.max(0, shape.maxPoints - first.points.length));
    first.points.push(...cues.map((t) => t.display));
  }
  // The lesson timing is for the trainer: trainer notes, never narrated. No 'This section covers
  // X.' opener: the title says it, and the notes are the narration.
  if (shape.timing) {
    const words = units.reduce((n, u) => n + u.words, 0);
    drafts[0]!.slide.trainerNotes = fill(framing.timing, { n: Math.max(1, Math.ceil(words / WORDS_PER_MINUTE)) });
  }
  for (const d of drafts) d.slide.notes = joinNotes(d.notes);
  return drafts.map((d) => d.slide);
}

/** What the deck opens with (what it covers, for whom): notes, since the cover carries the title. */
function openingNotes(plan: DeckPlan, sectionTitles: string[]): string {
  const framing = FRAMING[plan.analysis.language];
  // The audience tip is advice to whoever builds the deck, not words for the learner: it stays
  // out of the notes, which are narrated and printed.
  return sectionTitles.length > 0 ? fill(framing.titleNotes, { x: sectionTitles.join(', ') }) : '';
}

/**
 * Slides with `notes` leading the notes of the first. No deck has a slide of its own for its
 * title: every output draws a cover with the title and description, so such a slide would repeat it.
 */
export function withOpeningNotes(slides: Slide[], notes: string): Slide[] {
  const [first, ...rest] = slides;
  if (!first || notes === '') return slides;
  return [{ ...first, notes: [notes, first.notes].filter((n) => n !== '').join('\n\n') }, ...rest];
}

/** A fixed slide, continued on 'Title (2)', ... when its points do not fit on one (no final full stops). */
export function fixedSlides(title: string, items: string[], notes: string): Slide[] {
  const points = items.map(slidePoint);
  const slides: Slide[] = [];
  for (let i = 0; i === 0 || i < points.length; i += MAX_POINTS_PER_SLIDE) {
    const part = slides.length + 1;
    slides.push({ title: part === 1 ? title : `${title} (${part})`, points: points.slice(i, i + MAX_POINTS_PER_SLIDE), paragraphs: [], notes: part === 1 ? notes : '' });
  }
  return slides;
}

/** Words a summary point may hold before it is cut at a clause (the scorer's long point). */
export const SUMMARY_POINT_WORDS = 20;

/**
 * The summary restates the key facts, one complete statement per section: its best sentence that
 * fits a slide point whole, else (no sentence of the section fits) the best one's first
 * instruction (points.ts) or its first clauses that make a statement (never cut inside a list).
 * At most one slide of points, without final full stops; empty when the material has no sentence.
 */
export function summaryPoints(analysis: Analysis): string[] {
  return analysis.sections
    .map((s) => s.units.filter((u) => u.sentence).sort((a, b) => b.score - a.score || a.id - b.id))
    .filter((ranked) => ranked.length > 0)
    .slice(0, MAX_POINTS_PER_SLIDE)
    .map((ranked) => {
      const whole = ranked.find((u) => u.words <= SUMMARY_POINT_WORDS);
      if (whole) return slidePoint(whole.text);
      const best = ranked[0]!;
      const [first] = sentencePoints(best.text, analysis.language, SUMMARY_POINT_WORDS);
      return slidePoint(first ?? shortenAtClause(best.text, SUMMARY_POINT_WORDS, analysis.language));
    });
}

/** Objectives, the section slides, summary: the fixed slides frame the material's own. */
export function assembleDeck(plan: DeckPlan, sections: Slide[][]): SlideDeck {
  const { analysis, options } = plan;
  const framing = FRAMING[analysis.language];
  const titles = sections.filter((s) => s.length > 0).map((s) => s[0]!.title);
  const recap = titles.filter((t) => t !== framing.introduction);
  const slides: Slide[] = [];
  if (options.objectives.length > 0) slides.push(...fixedSlides(titleFor(framing.objectivesTitle, options.style), options.objectives, ''));
  for (const s of sections) slides.push(...s);
  const points = summaryPoints(analysis);
  slides.push(...fixedSlides(titleFor(framing.summaryTitle, options.style), points.length > 0 ? points : recap, framing.summaryNotes));
  return { title: options.title, slides: withOpeningNotes(slides, openingNotes(plan, recap)) };
}

export function buildDeck(analysis: Analysis, options: DeckOptions): SlideDeck {
  const plan = planDeck(analysis, options);
  return assembleDeck(
    plan,
    analysis.sections.map((s) => sectionSlides(plan, s)),
  );
}
