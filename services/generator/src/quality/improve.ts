// Apply-improvements: one deterministic transformation per recommendation id. Nothing the content
// says is lost: text leaves a slide only as a placeholder, a stock phrase or a second copy of a
// sentence; everything else that moves (long points, points of split slides) lands in the notes
// or on a continuation slide. Text that is added comes from the content itself (titles, points,
// objectives, questions made from its sentences), except the short tone framing lines in notes.
import type { Atmosphere } from '@trainwright/catalogue';
import { MAX_POINTS_PER_SLIDE, countWords, opensWithTitleSlide, splitSentences, type GeneratedQuestion, type Slide, type SlideDeck } from '@trainwright/formats';
import type { QualityAssessment, ScorableContent } from '../domain/types.js';
import { findAiPhrases, stripAiPhrases } from '../adapters/offline/ai-phrases.js';
import { LONG_SENTENCE_WORDS, shortenAtClause, splitLongSentence } from '../adapters/offline/clauses.js';
import { analyseSource, type Analysis } from '../adapters/offline/text-analysis.js';
import { sectionObjective } from '../adapters/offline/objectives.js';
import { summaryPoints } from '../adapters/offline/segment.js';
import { deckToSource } from '../domain/source.js';
import {
  LONG_POINT_WORDS,
  POINT_TARGET_WORDS,
  REPEAT_MIN_WORDS,
  UNIT_FAMILIES,
  deckPieces,
  measureTone,
  spellingForm,
  termVariants,
  unitMatches,
  unitVariants,
  measure,
} from './metrics.js';
import { MIN_STATEMENT_WORDS, cutPhrase, findMarkup, isEngineInstruction, isFillerOpener, isGenericTitle, materialOf, questionFaults, unshownInstructions } from './faults.js';
import { slidePoint } from '../adapters/offline/points.js';
import { TONE_RECOMMENDATION_PREFIX, recommendationSpec } from './score.js';
import { TONE_PROFILES, toneDeviations, type ToneFeature } from './tone.js';
import {
  LABELS,
  TONE_FRAMING,
  asSentence,
  capitalise,
  baseTitle,
  contentStems,
  contractPairs,
  deckLanguage,
  expandContractions,
  fold,
  findPlaceholders,
  hasBody,
  mapSentences,
  removePlaceholderMarks,
  sentenceKey,
  slideRoles,
  type Labels,
  type Language,
} from './text.js';

export interface ImproveHelpers {
  /** Questions made from the content (another module generates them). */
  makeQuestions(content: ScorableContent, count: number): GeneratedQuestion[];
}

export interface ImproveResult {
  content: ScorableContent;
  /** Ids whose transformation changed the content, in the order they ran. */
  applied: string[];
  skipped: Array<{ id: string; reason: string }>;
}

interface Work {
  content: ScorableContent;
  language: Language;
  labels: Labels;
  helpers: ImproveHelpers;
}

/** What a step did: null when it changed something, else why it could not. */
type Step = (work: Work, id: string) => string | null;

// ---------------------------------------------------------------------------------------------
// Text rewriting over every place text lives.

interface RewriteTargets {
  titles?: boolean;
  objectives?: boolean;
  script?: boolean;
  glossary?: boolean;
}

/** Applies `fn` to titles (optional), points, paragraphs and notes; empty points and paragraphs go. */
function rewriteDeck(work: Work, fn: (text: string) => string, targets: RewriteTargets = {}): void {
  const { content } = work;
  for (const slide of content.deck.slides) {
    if (targets.titles) slide.title = fn(slide.title);
    slide.points = slide.points.map(fn).filter((p) => p.trim() !== '');
    slide.paragraphs = slide.paragraphs.map(fn).filter((p) => p.trim() !== '');
    slide.notes = fn(slide.notes);
  }
  if (targets.objectives) content.objectives = content.objectives.map(fn).filter((o) => o.trim() !== '');
  if (targets.script) content.script = fn(content.script);
  if (targets.glossary) content.glossary = content.glossary.map((g) => ({ term: fn(g.term), definition: fn(g.definition) }));
}

/** Drops slides that had text before a step and have none (not even notes) after it. */
function dropEmptied(deck: SlideDeck, before: ReadonlySet<Slide>): void {
  deck.slides = deck.slides.filter((s) => !before.has(s) || hasBody(s) || s.notes.trim() !== '');
}

function slidesWithText(deck: SlideDeck): Set<Slide> {
  return new Set(deck.slides.filter((s) => hasBody(s) || s.notes.trim() !== ''));
}

function appendNotes(slide: Slide, text: string, separator = '\n'): void {
  slide.notes = slide.notes.trim() === '' ? text : `${slide.notes}${separator}${text}`;
}

/** Splits items into the fewest parts of at most `max`, as even as possible (8 -> 4 + 4). */
function balancedChunks<T>(items: readonly T[], max: number = MAX_POINTS_PER_SLIDE): T[][] {
  const parts = Math.max(1, Math.ceil(items.length / max));
  const base = Math.floor(items.length / parts);
  const extra = items.length % parts;
  const out: T[][] = [];
  let at = 0;
  for (let k = 0; k < parts; k++) {
    const size = base + (k < extra ? 1 : 0);
    out.push(items.slice(at, at + size));
    at += size;
  }
  return out;
}

function firstWords(text: string, n: number): string {
  return text
    .split(/\s+/)
    .slice(0, n)
    .join(' ')
    .replace(/[\s,;:.\-–—]+$/u, '');
}

/**
 * A long point cut to its first sentence or its first clauses (about POINT_TARGET_WORDS, at most
 * LONG_POINT_WORDS); without a clause boundary, its first words and an ellipsis.
 */
function shortenPoint(point: string, language: Language): string {
  const first = splitSentences(point)[0]?.text ?? point;
  if (countWords(first) <= LONG_POINT_WORDS) return first;
  for (const max of [POINT_TARGET_WORDS, LONG_POINT_WORDS]) {
    const cut = shortenAtClause(first, max, language);
    if (countWords(cut) <= max) return cut;
  }
  return `${firstWords(first, POINT_TARGET_WORDS)}…`;
}

function continuationTitle(title: string, part: number): string {
  const m = /^(.*?)\s*\((\d+)\)\s*$/.exec(title);
  const base = m ? m[1]! : title;
  const start = m ? Number(m[2]) : 1;
  return `${base} (${start + part})`.trim();
}

/** Slides of at most MAX_POINTS_PER_SLIDE short points; a shortened point keeps its full text in the notes. */
function buildSlides(title: string, items: string[], notesFor: (part: string[]) => string[], language: Language): Slide[] {
  return balancedChunks(items).map((part, k) => {
    const points: string[] = [];
    const notes = notesFor(part);
    for (const item of part) {
      const point = countWords(item) > LONG_POINT_WORDS ? shortenPoint(item, language) : item;
      points.push(point);
      if (point !== item && !notes.some((n) => n.includes(item))) notes.push(asSentence(item));
    }
    return { title: k === 0 ? title : continuationTitle(title, k), points, paragraphs: [], notes: notes.join('\n') };
  });
}

/** The content slides: not title, objectives, knowledge check or summary, and with text. */
function contentSlides(deck: SlideDeck): Slide[] {
  const roles = slideRoles(deck);
  return deck.slides.filter((s, i) => roles[i] === 'content' && hasBody(s));
}

function sectionTitles(deck: SlideDeck): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const slide of contentSlides(deck)) {
    const title = baseTitle(slide.title);
    const key = title.toLowerCase();
    if (title === '' || seen.has(key)) continue;
    seen.add(key);
    out.push(title);
  }
  return out;
}

/** Where a closing slide goes: before a summary among the last three slides, else at the end. */
function closingIndex(deck: SlideDeck): number {
  const roles = slideRoles(deck);
  const from = Math.max(0, roles.length - 3);
  const summary = roles.findIndex((r, i) => i >= from && r === 'summary');
  return summary >= 0 ? summary : deck.slides.length;
}

// ---------------------------------------------------------------------------------------------
// The steps.

const removePlaceholders: Step = (work) => {
  const { deck } = work.content;
  const before = slidesWithText(deck);
  const drop = (sentence: string) => (findPlaceholders(sentence).length > 0 ? null : sentence);
  for (const slide of deck.slides) {
    if (findPlaceholders(slide.title).length === 0) continue;
    const title = removePlaceholderMarks(slide.title);
    // A title that was only a placeholder is named after the slide's first point.
    slide.title = title || firstWords(slide.points.find((p) => findPlaceholders(p).length === 0) ?? '', 6);
  }
  rewriteDeck(work, (text) => mapSentences(text, drop), { objectives: true, script: true });
  dropEmptied(deck, before);
  return null;
};

const removeAiPhrases: Step = (work) => {
  // A phrase that opened a line leaves the line's start blank.
  const strip = (text: string) => (findAiPhrases(text).length > 0 ? stripAiPhrases(text).replace(/^[ \t]+/gm, '') : text);
  rewriteDeck(work, strip, { titles: true, objectives: true, script: true });
  return null;
};

const WORD = /[\p{L}\p{N}]+(?:[-'’][\p{L}\p{N}]+)*/gu;

const unifyTermSpelling: Step = (work) => {
  const variants = termVariants(deckPieces(work.content.deck));
  if (variants.length === 0) return 'every term already has one spelling';
  const preferred = new Map<string, string>();
  for (const v of variants) for (const form of v.forms) if (form !== v.preferred) preferred.set(form, v.preferred);
  const unify = (text: string) =>
    text.replace(WORD, (token) => {
      const target = preferred.get(spellingForm(token));
      if (target === undefined) return token;
      // Keep the capital a sentence or title gave the word.
      return /^\p{Lu}/u.test(token) && /^\p{Ll}/u.test(target) ? capitalise(target) : target;
    });
  rewriteDeck(work, unify, { titles: true, objectives: true, script: true, glossary: true });
  return null;
};

const unifyUnits: Step = (work) => {
  const variants = unitVariants(deckPieces(work.content.deck));
  if (variants.length === 0) return 'every unit is already written one way';
  const preferred = new Map(variants.map((v) => [v.unit, v.preferred]));
  const unify = (text: string) => {
    let out = text;
    // From the end, so earlier offsets stay valid.
    for (const m of unitMatches(text).reverse()) {
      const form = preferred.get(m.unit);
      if (form === undefined || form === m.form) continue;
      const spaced = form.startsWith(' ');
      const family = UNIT_FAMILIES.find((f) => f.unit === m.unit && f.spellings[0] === form.trim())!;
      const spelling = m.number === '1' ? family.spellings[0]! : family.spellings[family.spellings.length - 1]!;
      out = `${out.slice(0, m.index)}${m.number}${spaced ? ' ' : ''}${spelling}${out.slice(m.index + m.length)}`;
    }
    return out;
  };
  rewriteDeck(work, unify, { titles: true, objectives: true, script: true, glossary: true });
  return null;
};

const shortenLongPoints: Step = (work) => {
  for (const slide of work.content.deck.slides) {
    slide.points = slide.points.map((point) => {
      if (countWords(point) <= LONG_POINT_WORDS) return point;
      const short = shortenPoint(point, work.language);
      if (short !== point && !slide.notes.includes(point)) appendNotes(slide, asSentence(point));
      return short;
    });
  }
  return null;
};

/** Sentences of notes with the break that came before each: ' ' in a line, '\n' or '\n\n' between lines. */
function noteUnits(notes: string): Array<{ text: string; separator: string }> {
  const units: Array<{ text: string; separator: string }> = [];
  let separator = '';
  for (const line of notes.split('\n')) {
    if (line.trim() === '') {
      if (units.length > 0) separator = '\n\n';
      continue;
    }
    splitSentences(line).forEach((s, i) => {
      units.push({ text: s.text, separator: i > 0 ? ' ' : units.length === 0 ? '' : separator || '\n' });
    });
    separator = '';
  }
  return units;
}

/** Gives each note sentence to the part whose points share most words with it; others follow the sentence before. */
function distributeNotes(notes: string, parts: string[][], language: Language): string[] {
  const partStems = parts.map((p) => new Set(contentStems(p.join('\n'), language)));
  const out: Array<Array<{ index: number; text: string; separator: string }>> = parts.map(() => []);
  let current = 0;
  noteUnits(notes).forEach((unit, index) => {
    const stems = contentStems(unit.text, language);
    let best = current;
    let bestCount = stems.filter((s) => partStems[current]!.has(s)).length;
    partStems.forEach((set, k) => {
      const count = stems.filter((s) => set.has(s)).length;
      if (count > bestCount) [best, bestCount] = [k, count];
    });
    current = best;
    out[best]!.push({ index, ...unit });
  });
  return out.map((units) =>
    units.map((u, i) => (i === 0 ? '' : u.index === units[i - 1]!.index + 1 ? u.separator : '\n\n') + u.text).join(''),
  );
}

const splitDenseSlides: Step = (work) => {
  const { deck } = work.content;
  const slides: Slide[] = [];
  for (const slide of deck.slides) {
    if (slide.points.length <= MAX_POINTS_PER_SLIDE) {
      slides.push(slide);
      continue;
    }
    const parts = balancedChunks(slide.points);
    const notes = distributeNotes(slide.notes, parts, work.language);
    const title = slide.title;
    parts.forEach((points, k) => {
      if (k === 0) {
        // The slide itself stays the first part (with its paragraphs), so references to it hold.
        slide.points = points;
        slide.notes = notes[0]!;
        slides.push(slide);
      } else {
        slides.push({ title: continuationTitle(title, k), points, paragraphs: [], notes: notes[k]! });
      }
    });
  }
  deck.slides = slides;
  return null;
};

/** A Title Case title as the object of an objective: capitalised words lowered unless the deck writes them as names. */
function titlePhrase(title: string, names: ReadonlySet<string>): string {
  return title.replace(WORD, (w) => (names.has(w.toLowerCase()) ? w : w.replace(/\p{Lu}\p{Ll}+/gu, (part) => part.toLowerCase())));
}

/** The content slides as the engine reads material: one section per topical slide. */
function contentAnalysis(work: Work): Analysis {
  const slides = contentSlides(work.content.deck);
  return analyseSource(deckToSource({ title: work.content.deck.title, slides }), { language: work.language });
}

/**
 * Objectives made the engine's way from the content's own sentences: per section the action it
 * asks for or a phrase of two words or more (English), else 'Explain <title>'; only those of
 * three words or more that are no phrase cut mid-way, so adding them names no fault.
 */
function objectivesFromContent(work: Work): string[] {
  const analysis = contentAnalysis(work);
  const made: string[] = [];
  if (work.language === 'en') {
    const seen = new Set<string>();
    for (const section of analysis.sections) {
      if (made.length >= MAX_POINTS_PER_SLIDE) break;
      if (isGenericTitle(section.heading)) continue;
      const objective = sectionObjective(section, 'intermediate', made.length, analysis.names, seen);
      if (objective && countWords(objective) >= MIN_STATEMENT_WORDS && !cutPhrase(objective, '', false)) made.push(objective);
    }
    if (made.length > 0) return made;
  }
  const titles = sectionTitles(work.content.deck).filter((t) => !isGenericTitle(t));
  return titles.map((t) => `${work.labels.explain} ${titlePhrase(t, analysis.names)}`).filter((o) => countWords(o) >= MIN_STATEMENT_WORDS && !(work.language === 'en' && cutPhrase(o, '', true)));
}

const addObjectivesSlide: Step = (work) => {
  const { content, labels, language } = work;
  const { deck } = content;
  if (slideRoles(deck).slice(0, 3).includes('objectives')) return 'an objectives slide already opens the deck';
  if (content.objectives.length === 0) content.objectives = objectivesFromContent(work);
  if (content.objectives.length === 0) return 'no section of the content gives an objective of three words or more; the trainer writes the objectives';
  const slides = buildSlides(labels.objectives, content.objectives, (part) => part.map(asSentence), language);
  const roles = slideRoles(deck);
  const first = deck.slides[0];
  const at = first && (roles[0] === 'title' || !hasBody(first)) ? 1 : 0;
  deck.slides.splice(at, 0, ...slides);
  return null;
};

const addKnowledgeCheck: Step = (work) => {
  const { content, labels, language, helpers } = work;
  const sections = contentSlides(content.deck).length;
  if (sections === 0) return 'there are no content slides to ask about';
  const known = new Set(content.questions.map((q) => sentenceKey(q.prompt)));
  const count = Math.min(10, Math.max(3, sections));
  // Only questions the scorer's checks hold sound against the deck as it now reads.
  const roles = slideRoles(content.deck);
  const material = materialOf(content.deck.slides.filter((_, i) => roles[i] !== 'knowledge_check').flatMap((s) => [...s.points, ...s.paragraphs, s.notes]));
  const made = helpers.makeQuestions(content, count);
  const unsound = new Set(questionFaults(made, material.sentences, material.text).map((f) => f.id));
  const questions = made.filter((q) => {
    if (unsound.has(q.id)) return false;
    const key = sentenceKey(q.prompt);
    if (key === '' || known.has(key)) return false;
    known.add(key);
    return true;
  });
  if (questions.length === 0) return 'no questions could be made from the content';
  content.questions = [...content.questions, ...questions];
  // A deck with a knowledge check slide keeps it as the only one: the new questions go to the
  // assessment (the guide's and manual's questions with their answer key), not a second check.
  if (roles.includes('knowledge_check')) return null;
  // Numbered, so the answers in the notes can refer to them across continuation slides.
  const items = questions.map((q, i) => `${i + 1}. ${q.prompt}`);
  const answers = new Map(items.map((item, i) => [item, `${labels.answer} ${i + 1}: ${questions[i]!.options.find((o) => o.is_correct)?.text ?? ''}`]));
  const slides = buildSlides(labels.knowledgeCheck, items, (part) => part.map((item) => asSentence(answers.get(item)!)), language);
  content.deck.slides.splice(closingIndex(content.deck), 0, ...slides);
  return null;
};

const addSummarySlide: Step = (work) => {
  const { deck } = work.content;
  if (slideRoles(deck).slice(-3).includes('summary')) return 'a summary already closes the deck';
  const titles = sectionTitles(deck);
  if (titles.length === 0) return 'there are no section titles to summarise';
  // The engine's summary: the best sentence of each section, cut at a clause; the titles it
  // covers go into the notes (a title is no statement: 'Phishing').
  const points = summaryPoints(contentAnalysis(work)).filter((p) => countWords(p) >= MIN_STATEMENT_WORDS);
  if (points.length === 0) return 'no section holds a sentence to summarise; the trainer writes the summary';
  let first = true;
  const covered = () => (first ? ((first = false), [`${work.labels.covered} ${titles.join(', ')}.`]) : []);
  const slides = buildSlides(work.labels.summary, points, covered, work.language);
  deck.slides.push(...slides);
  return null;
};

const addSpeakerNotes: Step = (work) => {
  for (const slide of work.content.deck.slides) {
    if (slide.notes.trim() !== '') continue;
    const lines = hasBody(slide) ? [...slide.points, ...slide.paragraphs].filter((t) => t.trim() !== '') : [slide.title].filter((t) => t.trim() !== '');
    slide.notes = lines.map(asSentence).join('\n');
  }
  return null;
};

const addBranding: Step = (work) => {
  const { branding, deck } = work.content;
  if (!branding?.company_name?.trim()) return 'no branding is set for this project; set it in the project settings';
  const first = deck.slides[0];
  if (!first) return 'the deck has no slides';
  const name = branding.company_name.trim();
  if (deckPieces(deck).some((t) => t.toLowerCase().includes(name.toLowerCase()))) return 'the company is already named in the deck';
  const website = branding.website?.trim();
  appendNotes(first, `${work.labels.presentedBy} ${name}${website ? ` (${website})` : ''}.`);
  return null;
};

const ADDRESS_LEARNER = /(?<![\p{L}\p{N}])(?:the\s+)?(?:learners?|participants?|trainees?|students?)\s+(should|must|can|will|need to|may|have to)(?![\p{L}\p{N}])/giu;
// Features a framing line can raise; what it cannot fix (too many of something) is left to rewriting.
const FRAMED: readonly ToneFeature[] = ['second_person_share', 'question_share', 'imperative_share', 'exclamation_share'];

function calmExclamations(text: string): string {
  return text.replace(/[ \u00a0\u202f]*!+/g, '.').replace(/¡/g, '');
}

const matchTone: Step = (work, id) => {
  const atmosphere = id.slice(TONE_RECOMMENDATION_PREFIX.length) as Atmosphere;
  const profile = TONE_PROFILES[atmosphere];
  const { deck } = work.content;
  const english = work.language === 'en';
  const deviations = () => toneDeviations(measureTone(deck, work.language), atmosphere);
  const off = (feature: ToneFeature, direction: 'high' | 'low') => deviations().some((d) => d.feature === feature && d.direction === direction);

  if (english && off('informal_share', 'high')) rewriteDeck(work, expandContractions, { titles: true, objectives: true, script: true });
  if (profile.exclamation_share.min === 0 && off('exclamation_share', 'high')) rewriteDeck(work, calmExclamations, { titles: true, script: true });
  if (english && off('informal_share', 'low')) rewriteDeck(work, contractPairs, { script: true });
  if (english && atmosphere !== 'formal' && atmosphere !== 'professional' && off('second_person_share', 'low')) {
    rewriteDeck(work, (t) => t.replace(ADDRESS_LEARNER, (m: string, verb: string) => (/^\p{Lu}/u.test(m) ? `You ${verb}` : `you ${verb}`)), { script: true });
  }
  if (atmosphere !== 'formal' && deviations().some((d) => d.direction === 'low' && FRAMED.includes(d.feature))) {
    const template = TONE_FRAMING[atmosphere][work.language];
    for (const slide of contentSlides(deck)) appendNotes(slide, template.replace('{title}', baseTitle(slide.title) || deck.title), '\n\n');
  }
  return null;
};

const simplifyLongSentences: Step = (work) => {
  const split = (sentence: string) =>
    countWords(sentence) > LONG_SENTENCE_WORDS && !/[?¿]/u.test(sentence) ? splitLongSentence(sentence, work.language).join(' ') : sentence;
  rewriteDeck(work, (text) => mapSentences(text, split));
  return null;
};

const removeRepeatedSentences: Step = (work) => {
  const { deck } = work.content;
  const before = slidesWithText(deck);
  const seen = { slides: new Set<string>(), notes: new Set<string>() };
  const once = (layer: Set<string>) => (sentence: string) => {
    if (countWords(sentence) < REPEAT_MIN_WORDS) return sentence;
    const key = sentenceKey(sentence);
    if (layer.has(key)) return null;
    layer.add(key);
    return sentence;
  };
  // Slide order, points before paragraphs, as the measurement reads them.
  for (const slide of deck.slides) {
    slide.points = slide.points.map((p) => mapSentences(p, once(seen.slides))).filter((p) => p.trim() !== '');
    slide.paragraphs = slide.paragraphs.map((p) => mapSentences(p, once(seen.slides))).filter((p) => p.trim() !== '');
    slide.notes = mapSentences(slide.notes, once(seen.notes));
  }
  dropEmptied(deck, before);
  return null;
};


const removeEngineInstructions: Step = (work) => {
  const before = slidesWithText(work.content.deck);
  rewriteDeck(work, (text) => mapSentences(text, (sentence) => (isEngineInstruction(sentence) ? null : sentence)), { objectives: true, script: true });
  dropEmptied(work.content.deck, before);
  return null;
};

/** The words of a slide text without the markup around them. */
export function stripMarkup(text: string): string {
  const entities: Record<string, string> = { nbsp: ' ', amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
  return text
    .split('\n')
    .map((line) =>
      line
        .replace(/<\/?[a-z][a-z0-9]*(?:\s[^>]*)?>/gi, '')
        .replace(/&(?:([a-z]{2,8})|#(\d{2,5}));/gi, (m: string, name?: string, code?: string) => (code ? String.fromCodePoint(Number(code)) : (entities[name!.toLowerCase()] ?? ' ')))
        .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
        .replace(/\*\*|`/g, '')
        .replace(/(?<!_)__(?!_)([^_\s][^_]*?)(?<!_)__(?!_)/g, '$1')
        .replace(/(?<![\w*])\*([^\s*][^*]*)\*(?![\w*])/g, '$1')
        .replace(/\\([*_#`[\]])/g, '$1')
        .replace(/^\s*(?:#{1,6}|>|[-*+•])\s+/, '')
        .replace(/\|\s*:?-{3,}[-|: ]*/g, '')
        .replace(/^\s*\|(.*)\|\s*$/, (_m: string, cells: string) => cells.split('|').map((c) => c.trim()).filter(Boolean).join(', '))
        .replace(/\s{2,}/g, ' ')
        .trim(),
    )
    .join('\n');
}

const removeMarkup: Step = (work) => {
  for (const slide of work.content.deck.slides) {
    const clean = (t: string) => (findMarkup(t) === null ? t : stripMarkup(t));
    slide.title = clean(slide.title);
    slide.points = slide.points.map(clean).filter((p) => p.trim() !== '');
    slide.paragraphs = slide.paragraphs.map(clean).filter((p) => p.trim() !== '');
  }
  return null;
};

const removeRepeatedTitleSlide: Step = (work) => {
  const { deck } = work.content;
  const title = fold(deck.title).trim();
  if (title === '') return 'the deck has no title';
  const cover = opensWithTitleSlide(deck);
  const kept: Slide[] = [];
  let carried: string[] = [];
  deck.slides.forEach((slide, i) => {
    if (fold(baseTitle(slide.title)).trim() === title && !(i === 0 && cover)) {
      carried.push(...[...slide.points, ...slide.paragraphs].filter((t) => t.trim() !== '').map(asSentence), slide.notes.trim());
      return;
    }
    const text = carried.filter((t) => t !== '').join('\n');
    if (text !== '') slide.notes = slide.notes.trim() === '' ? text : `${text}\n\n${slide.notes}`;
    carried = [];
    kept.push(slide);
  });
  if (kept.length === 0) return 'every slide has the title of the deck';
  const rest = carried.filter((t) => t !== '').join('\n');
  if (rest !== '') appendNotes(kept[kept.length - 1]!, rest, '\n\n');
  deck.slides = kept;
  return null;
};

const fixQuestions: Step = (work) => {
  const { content } = work;
  const faulty = new Set(measure(content).question_faults.map((f) => f.id));
  const removed = content.questions.filter((q) => faulty.has(q.id));
  content.questions = content.questions.filter((q) => !faulty.has(q.id));
  const prompts = new Set(removed.map((q) => sentenceKey(q.prompt)));
  for (const slide of content.deck.slides) slide.points = slide.points.filter((p) => !prompts.has(sentenceKey(p.replace(/^\d{1,3}[.)]\s+/, ''))));
  return null;
};

/** Topical section titles as objectives: 'Explain <title>', with the section's first words when the title alone is too short. */
const rewriteObjectives: Step = (work) => {
  const { content, labels, language } = work;
  const fragments = new Set(measure(content).fragment_objectives);
  const { names } = analyseSource(deckToSource(content.deck), { language });
  const topics = sectionTitles(content.deck).filter((t) => !isGenericTitle(t));
  if (topics.length === 0) return 'no section title names a topic to build an objective from; the trainer writes the objectives';
  const made = topics.map((t) => `${labels.explain} ${titlePhrase(t, names)}`).filter((o) => countWords(o) >= MIN_STATEMENT_WORDS);
  if (made.length === 0) return 'the section titles are too short to make objectives of; the trainer writes the objectives';
  const keptObjectives = content.objectives.filter((o) => !fragments.has(o));
  const known = new Set(keptObjectives.map(sentenceKey));
  content.objectives = [...keptObjectives, ...made.filter((o) => !known.has(sentenceKey(o)))];
  const roles = slideRoles(content.deck);
  const slide = content.deck.slides.find((_, i) => roles[i] === 'objectives');
  if (slide) {
    const points = slide.points.filter((p) => !fragments.has(p) && countWords(p) >= MIN_STATEMENT_WORDS);
    const onSlide = new Set(points.map(sentenceKey));
    slide.points = [...points, ...content.objectives.filter((o) => !onSlide.has(sentenceKey(o)))].slice(0, MAX_POINTS_PER_SLIDE);
  }
  return null;
};

const writeSummarySentences: Step = (work) => {
  const { deck } = work.content;
  const roles = slideRoles(deck);
  const firstPoints = contentSlides(deck)
    .filter((s) => !isGenericTitle(s.title))
    .map((s) => [...s.points, ...s.paragraphs].find((p) => countWords(p) >= MIN_STATEMENT_WORDS))
    .filter((p): p is string => p !== undefined);
  if (firstPoints.length === 0) return 'no topical section has a point to summarise; the trainer writes the summary';
  let changed = false;
  deck.slides.forEach((slide, i) => {
    if (roles[i] !== 'summary') return;
    const words = slide.points.filter((p) => p.trim() !== '' && countWords(p) < MIN_STATEMENT_WORDS);
    if (words.length === 0) return;
    const kept = slide.points.filter((p) => !words.includes(p));
    slide.points = [...kept, ...firstPoints.filter((p) => !kept.includes(p))].slice(0, MAX_POINTS_PER_SLIDE);
    appendNotes(slide, asSentence(`${words.join(', ')}`), '\n\n');
    changed = true;
  });
  return changed ? null : 'the summary has no single-word points';
};

const retitleGenericSections: Step = (work) => {
  const { deck } = work.content;
  const { language } = work;
  const used = new Set(deck.slides.map((s) => fold(s.title).trim()));
  let changed = 0;
  for (const slide of contentSlides(deck)) {
    if (!isGenericTitle(slide.title)) continue;
    const terms = analyseSource(deckToSource({ title: '', slides: [slide] }), { language }).terms;
    const term = terms.find((t) => !used.has(fold(capitalise(t.display)).trim()) && !isGenericTitle(t.display));
    if (!term) continue;
    slide.title = capitalise(term.display);
    used.add(fold(slide.title).trim());
    changed++;
  }
  return changed > 0 ? null : 'no key term names the topic of these slides; the trainer writes the titles';
};

const removeFillerOpeners: Step = (work) => {
  const { deck } = work.content;
  const roles = slideRoles(deck);
  let changed = false;
  deck.slides.forEach((slide, i) => {
    if (roles[i] !== 'content') return;
    const notes = slide.notes.trim();
    const first = splitSentences(notes.split(/\n\n/)[0]!)[0]?.text ?? '';
    if (first === '' || !isFillerOpener(first)) return;
    const rest = notes.slice(notes.indexOf(first) + first.length).trim();
    // Notes are never left empty: the slide's own points and paragraphs are read instead.
    slide.notes = rest !== '' ? rest : [...slide.points, ...slide.paragraphs].filter((t) => t.trim() !== '').map(asSentence).join('\n');
    changed = true;
  });
  return changed ? null : 'no notes open with a section opener';
};

const showEveryInstruction: Step = (work) => {
  if (work.language !== 'en') return 'instructions are read in English material only';
  const { deck } = work.content;
  const slides = contentSlides(deck);
  let added = 0;
  for (const gap of unshownInstructions(deck)) {
    const home = slides.find((s) => s.title === gap.slide);
    const group = slides.filter((s) => baseTitle(s.title) === baseTitle(gap.slide));
    const target = [...(home ? [home] : []), ...group].find((s) => s.points.length < MAX_POINTS_PER_SLIDE);
    if (!target || group.some((s) => s.points.some((p) => sentenceKey(p) === sentenceKey(gap.point)))) continue;
    target.points.push(slidePoint(gap.point));
    added++;
  }
  return added > 0 ? null : 'the slides that narrate these instructions are full';
};

const addMaterial: Step = () => 'improvements add no facts: upload the full document or write more of the script, then generate again';

/**
 * The order the steps run in, whatever order they were selected in: cleaning first, then
 * structure, then additions, then sentence-level polish over everything, and the knowledge check
 * last, made from the final text.
 */
const PIPELINE: ReadonlyArray<[match: (id: string) => boolean, step: Step]> = [
  [(id) => id === 'remove-placeholders', removePlaceholders],
  [(id) => id === 'remove-engine-instructions', removeEngineInstructions],
  [(id) => id === 'remove-markup', removeMarkup],
  [(id) => id === 'fix-questions', fixQuestions],
  [(id) => id === 'remove-repeated-title-slide', removeRepeatedTitleSlide],
  [(id) => id === 'retitle-generic-sections', retitleGenericSections],
  [(id) => id === 'rewrite-objectives', rewriteObjectives],
  [(id) => id === 'write-summary-sentences', writeSummarySentences],
  [(id) => id === 'add-material', addMaterial],
  [(id) => id === 'remove-filler-openers', removeFillerOpeners],
  [(id) => id === 'remove-ai-phrases', removeAiPhrases],
  [(id) => id === 'unify-term-spelling', unifyTermSpelling],
  [(id) => id === 'unify-units', unifyUnits],
  [(id) => id === 'shorten-long-points', shortenLongPoints],
  [(id) => id === 'split-dense-slides', splitDenseSlides],
  [(id) => id === 'show-every-instruction', showEveryInstruction],
  [(id) => id === 'add-objectives-slide', addObjectivesSlide],
  [(id) => id === 'add-summary-slide', addSummarySlide],
  [(id) => id === 'add-speaker-notes', addSpeakerNotes],
  [(id) => id === 'add-branding', addBranding],
  [(id) => id.startsWith(TONE_RECOMMENDATION_PREFIX), matchTone],
  [(id) => id === 'simplify-long-sentences', simplifyLongSentences],
  [(id) => id === 'remove-repeated-sentences', removeRepeatedSentences],
  // Last: its questions quote the content's sentences as the rewriting steps left them.
  [(id) => id === 'add-knowledge-check', addKnowledgeCheck],
];

function pipelineIndex(id: string): number {
  return PIPELINE.findIndex(([match]) => match(id));
}

/**
 * Applies the selected recommendations of an assessment to a copy of the content. A user's
 * modification text for a recommendation goes into the notes of the slides it touched (at most
 * three), otherwise into the improvement notes on the first slide, as do `notes`.
 */
export function applyImprovements(
  content: ScorableContent,
  assessment: QualityAssessment,
  selected: string[],
  modifications: Record<string, string>,
  notes: string,
  helpers: ImproveHelpers,
): ImproveResult {
  const copy = structuredClone(content);
  const language = deckLanguage(copy.deck);
  const work: Work = { content: copy, language, labels: LABELS[language], helpers };
  const applied: string[] = [];
  const skipped: ImproveResult['skipped'] = [];
  const touched = new Map<string, Slide[]>();
  const recommended = new Set(assessment.recommendations.map((r) => r.id));

  const runnable: string[] = [];
  for (const id of [...new Set(selected)]) {
    if (!recommendationSpec(id) || pipelineIndex(id) < 0) skipped.push({ id, reason: 'unknown recommendation' });
    else if (!recommended.has(id)) skipped.push({ id, reason: 'not a recommendation of this assessment' });
    else runnable.push(id);
  }
  runnable.sort((a, b) => pipelineIndex(a) - pipelineIndex(b));

  for (const id of runnable) {
    const beforeAll = JSON.stringify(copy);
    const beforeSlides = new Map(copy.deck.slides.map((s) => [s, JSON.stringify(s)]));
    const reason = PIPELINE[pipelineIndex(id)]![1](work, id);
    if (reason === null && JSON.stringify(copy) === beforeAll) {
      skipped.push({ id, reason: 'nothing left to change' });
      continue;
    }
    if (reason !== null) {
      skipped.push({ id, reason });
      continue;
    }
    applied.push(id);
    touched.set(
      id,
      copy.deck.slides.filter((s) => beforeSlides.get(s) !== JSON.stringify(s)),
    );
  }

  // User text is never dropped: on the slides a change touched, or in the improvement notes.
  const improvementLines: string[] = [];
  if (notes.trim() !== '') improvementLines.push(`${work.labels.improvementNotes}: ${notes.trim()}`);
  const modified = Object.keys(modifications).sort((a, b) => {
    const ia = runnable.indexOf(a);
    const ib = runnable.indexOf(b);
    return (ia < 0 ? Infinity : ia) - (ib < 0 ? Infinity : ib) || (a < b ? -1 : a > b ? 1 : 0);
  });
  for (const id of modified) {
    const text = modifications[id]?.trim();
    if (!text) continue;
    const line = `${work.labels.reviewerNote} (${id}): ${text}`;
    const slides = (touched.get(id) ?? []).filter((s) => copy.deck.slides.includes(s));
    if (slides.length > 0 && slides.length <= 3) for (const s of slides) appendNotes(s, line, '\n\n');
    else improvementLines.push(line);
  }
  if (improvementLines.length > 0) {
    if (copy.deck.slides.length === 0) copy.deck.slides.push({ title: work.labels.improvementNotes, points: [], paragraphs: [], notes: '' });
    appendNotes(copy.deck.slides[0]!, improvementLines.join('\n'), '\n\n');
  }
  return { content: copy, applied, skipped };
}
