// The measurable properties of a deck and what came with it. Scores, recommendations,
// improvements and the AI-service analyses all read these numbers, so they agree with each other
// and every figure a user sees can be traced to a count in the content.
import { MAX_POINTS_PER_SLIDE, countWords, type SlideDeck } from '@trainwright/formats';
import { deckToSource } from '../domain/source.js';
import type { ScorableContent } from '../domain/types.js';
import { findAiPhrases } from '../adapters/offline/ai-phrases.js';
import { LONG_SENTENCE_WORDS } from '../adapters/offline/clauses.js';
import { analyseSource, stemPhrase } from '../adapters/offline/text-analysis.js';
import { findFaults, type QuestionFault } from './faults.js';
import {
  BLOOM_LEVELS,
  LONG_WORD_LETTERS,
  OBJECTIVE_FRAME_WORDS,
  bloomLevel,
  contentStems,
  deckLanguage,
  deckSentences,
  escapeRegExp,
  findPlaceholders,
  fold,
  hasBody,
  letterCount,
  round,
  sentenceKey,
  sentenceTone,
  share,
  slideRoles,
  slideTexts,
  syllables,
  wordPattern,
  wordsOf,
  type BloomLevel,
  type Language,
  type SentenceRef,
  type SlideRole,
} from './text.js';

/** A point longer than this is hard to read on a slide. */
export const LONG_POINT_WORDS = 20;
/** What a shortened point aims for. */
export const POINT_TARGET_WORDS = 12;
/** A slide with more words than this (points and paragraphs) is a wall of text. */
export const TEXT_HEAVY_SLIDE_WORDS = 80;
/** Shorter sentences ('Thank you.') repeat naturally and are not counted as repeats. */
export const REPEAT_MIN_WORDS = 5;
/** Share of an objective's content words that must occur in the slides for it to count as covered. */
export const OBJECTIVE_MATCH = 0.6;
/** Share of a question's content words one slide must hold for the question to assess that slide. */
export const QUESTION_MATCH = 0.5;
export { LONG_SENTENCE_WORDS, MAX_POINTS_PER_SLIDE };

export interface ToneMeasures {
  /** English: sentences with a contraction; Spanish and French: sentences with the familiar 'you'. */
  informal_share: number;
  second_person_share: number;
  exclamation_share: number;
  question_share: number;
  imperative_share: number;
  /** English heuristic; null for other languages. */
  passive_share: number | null;
  /** Standard deviation of sentence length over its mean. */
  sentence_length_cv: number;
  words_per_sentence: number;
}

export interface TermVariant {
  /** The most frequent spelling; improvements write this one everywhere. */
  preferred: string;
  /** Every spelling seen, most frequent first. */
  forms: string[];
  counts: Record<string, number>;
}

export interface UnitVariant {
  unit: string;
  preferred: string;
  forms: string[];
  counts: Record<string, number>;
  /** The first quantity written in each form, in the order of `forms` ('10MB', '10 MB'). */
  examples: string[];
}

export interface ContentMetrics {
  language: Language;
  slide_count: number;
  content_slide_count: number;
  roles: SlideRole[];
  /** Words on the slides (titles, points, paragraphs). */
  word_count: number;
  notes_word_count: number;
  sentence_count: number;
  words_per_sentence: number;
  long_word_share: number;
  /** 0-100, higher is easier: Flesch reading ease for English, from LIX otherwise. */
  reading_ease: number;
  flesch_reading_ease: number | null;
  /** Flesch-Kincaid grade (English only). */
  grade_level: number | null;
  lix: number;
  long_sentence_count: number;
  longest_sentences: Array<{ text: string; words: number; slide: number }>;
  point_count: number;
  avg_words_per_point: number;
  max_words_per_point: number;
  long_point_count: number;
  avg_points_per_slide: number;
  /** Spread of points per content slide (standard deviation over mean). */
  points_per_slide_cv: number;
  dense_slide_count: number;
  empty_slide_count: number;
  empty_slides: string[];
  dense_or_empty_share: number;
  words_per_slide: number[];
  text_heavy_slide_count: number;
  slides_without_notes: number;
  untitled_slide_count: number;
  duplicate_title_count: number;
  has_objectives_slide: boolean;
  has_summary_slide: boolean;
  has_knowledge_check_slide: boolean;
  objective_count: number;
  objective_coverage: number;
  uncovered_objectives: string[];
  bloom_levels: Record<BloomLevel | 'unclassified', number>;
  question_count: number;
  questions_per_slide: number;
  assessed_section_share: number;
  unassessed_slides: string[];
  example_share: number;
  repeated_sentence_count: number;
  repeated_sentences: string[];
  placeholder_count: number;
  placeholders: string[];
  ai_phrase_count: number;
  ai_phrases: string[];
  inconsistent_terms: TermVariant[];
  unit_inconsistencies: UnitVariant[];
  key_terms: string[];
  undefined_terms: string[];
  glossary_count: number;
  has_template: boolean;
  has_font_style: boolean;
  has_image_style: boolean;
  has_branding: boolean;
  company_name: string;
  company_name_mentions: number;
  company_name_variants: string[];
  /** Faults a trainer sees in the rendered deck (faults.ts). */
  fragment_objectives: string[];
  fragment_summary_points: string[];
  summary_point_count: number;
  word_list_slides: string[];
  generic_titles: string[];
  repeated_title_slide_count: number;
  markup: string[];
  engine_instructions: string[];
  question_faults: QuestionFault[];
  teaching_sentence_count: number;
  topical_slide_count: number;
  deck_title: string;
  /** 0-1: how much of a training deck's material the content holds. */
  depth: number;
  /** Content slides whose notes open with 'This section covers ...', as '<title>: <sentence>'. */
  filler_note_openers: string[];
  /** English: instructions the notes give that their slide does not show, as '<slide>: <point>'. */
  unshown_instructions: string[];
  tone: ToneMeasures;
}

const EXAMPLE = /for example|for instance|e\.g\.|such as|por ejemplo|p\. ?ej\.|par exemple|p\. ?ex\./iu;

function mean(values: number[]): number {
  return values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0;
}

function cv(values: number[]): number {
  const m = mean(values);
  if (values.length < 2 || m === 0) return 0;
  const variance = mean(values.map((v) => (v - m) ** 2));
  return Math.sqrt(variance) / m;
}

function readability(sentences: SentenceRef[], language: Language) {
  const words = sentences.flatMap((s) => wordsOf(s.text));
  const wps = share(words.length, sentences.length);
  const longShare = share(words.filter((w) => letterCount(w) >= LONG_WORD_LETTERS).length, words.length);
  const lix = wps + 100 * longShare;
  if (language === 'en' && words.length > 0) {
    const spw = words.reduce((n, w) => n + syllables(w), 0) / words.length;
    const flesch = 206.835 - 1.015 * wps - 84.6 * spw;
    const grade = 0.39 * wps + 11.8 * spw - 15.59;
    return { wps, longShare, lix, ease: Math.min(100, Math.max(0, flesch)), flesch, grade: Math.max(0, grade) };
  }
  // LIX 20 (very easy) maps to 100 and LIX 70 (very hard) to 0, the span Flesch gives English.
  const ease = words.length > 0 ? Math.min(100, Math.max(0, 100 - (lix - 20) * 2)) : 0;
  return { wps, longShare, lix, ease, flesch: null, grade: null };
}

/** Readability bands of LIX (Björnsson): the grade-level view for languages without Flesch-Kincaid. */
export function lixBand(lix: number): 'very easy' | 'easy' | 'medium' | 'difficult' | 'very difficult' {
  if (lix < 30) return 'very easy';
  if (lix < 40) return 'easy';
  if (lix < 50) return 'medium';
  if (lix < 60) return 'difficult';
  return 'very difficult';
}

/** The tone measurements of a deck alone (improvements check them without measuring everything). */
export function measureTone(deck: SlideDeck, language: Language = deckLanguage(deck)): ToneMeasures {
  return tone(deckSentences(deck), language);
}

function tone(sentences: SentenceRef[], language: Language): ToneMeasures {
  const tones = sentences.map((s) => sentenceTone(s.text, language));
  const n = tones.length;
  const count = (f: (t: (typeof tones)[number]) => boolean) => share(tones.filter(f).length, n);
  const lengths = sentences.map((s) => s.words);
  return {
    informal_share: count((t) => t.informal),
    second_person_share: count((t) => t.secondPerson),
    exclamation_share: count((t) => t.exclamation),
    question_share: count((t) => t.question),
    imperative_share: count((t) => t.imperative),
    passive_share: language === 'en' ? count((t) => t.passive === true) : null,
    sentence_length_cv: cv(lengths),
    words_per_sentence: mean(lengths),
  };
}

/** Repeats inside one layer: what the slides show, and what the notes say. A note that reads a point aloud is not a repeat. */
export function repeatedSentences(deck: SlideDeck): string[] {
  const seen = { slides: new Set<string>(), notes: new Set<string>() };
  const repeats: string[] = [];
  for (const s of deckSentences(deck)) {
    if (s.words < REPEAT_MIN_WORDS) continue;
    const layer = s.field === 'notes' ? seen.notes : seen.slides;
    const key = sentenceKey(s.text);
    if (layer.has(key)) repeats.push(s.text);
    else layer.add(key);
  }
  return repeats;
}

/**
 * How a word is spelled, apart from the capital a sentence or a title gives it: each hyphen part
 * written as a capitalised word is lowered ('Multi-Factor' and 'E-mail' read as 'multi-factor',
 * 'e-mail'), inner capitals stay ('JavaScript', 'SQL').
 */
export function spellingForm(token: string): string {
  return token
    .split('-')
    .map((part) => (/^\p{Lu}\p{Ll}*$/u.test(part) ? part.toLowerCase() : part))
    .join('-');
}

/**
 * Key words written in more than one way: with and without a hyphen ('e-mail', 'email') or with
 * different inner capitals ('JavaScript', 'Javascript'). Upper-case words longer than five letters
 * are shouting, not a spelling, and are ignored.
 */
export function termVariants(texts: string[]): TermVariant[] {
  const groups = new Map<string, Map<string, number>>();
  for (const text of texts) {
    for (const token of wordsOf(text)) {
      if (letterCount(token) < 4 || /^\p{N}/u.test(token)) continue;
      if (letterCount(token) > 5 && token === token.toUpperCase()) continue;
      const key = token.toLowerCase().replace(/-/g, '');
      const form = spellingForm(token);
      let forms = groups.get(key);
      if (!forms) groups.set(key, (forms = new Map()));
      forms.set(form, (forms.get(form) ?? 0) + 1);
    }
  }
  const out: TermVariant[] = [];
  for (const forms of groups.values()) {
    if (forms.size < 2) continue;
    // Stable sort: equal counts keep the order of first appearance.
    const ranked = [...forms.entries()].sort((a, b) => b[1] - a[1]);
    out.push({ preferred: ranked[0]![0], forms: ranked.map(([f]) => f), counts: Object.fromEntries(ranked) });
  }
  return out;
}

/** Unit spellings: each family is one way of writing the unit (singular and plural together). */
export const UNIT_FAMILIES: ReadonlyArray<{ unit: string; spellings: readonly string[] }> = [
  { unit: 'percent', spellings: ['%'] },
  { unit: 'percent', spellings: ['percent'] },
  { unit: 'percent', spellings: ['per cent'] },
  { unit: 'percent', spellings: ['por ciento'] },
  { unit: 'percent', spellings: ['pour cent'] },
  { unit: 'kilobyte', spellings: ['KB'] },
  { unit: 'kilobyte', spellings: ['kB'] },
  { unit: 'kilobyte', spellings: ['Ko'] },
  { unit: 'kilobyte', spellings: ['kilobyte', 'kilobytes'] },
  { unit: 'megabyte', spellings: ['MB'] },
  { unit: 'megabyte', spellings: ['Mo'] },
  { unit: 'megabyte', spellings: ['megabyte', 'megabytes'] },
  { unit: 'megabyte', spellings: ['mégaoctet', 'mégaoctets'] },
  { unit: 'gigabyte', spellings: ['GB'] },
  { unit: 'gigabyte', spellings: ['Go'] },
  { unit: 'gigabyte', spellings: ['gigabyte', 'gigabytes'] },
  { unit: 'millisecond', spellings: ['ms'] },
  { unit: 'millisecond', spellings: ['millisecond', 'milliseconds'] },
  { unit: 'second', spellings: ['sec', 'secs'] },
  { unit: 'second', spellings: ['second', 'seconds'] },
  { unit: 'second', spellings: ['segundo', 'segundos'] },
  { unit: 'second', spellings: ['seconde', 'secondes'] },
  { unit: 'minute', spellings: ['min', 'mins'] },
  { unit: 'minute', spellings: ['minute', 'minutes'] },
  { unit: 'minute', spellings: ['minuto', 'minutos'] },
  { unit: 'hour', spellings: ['h'] },
  { unit: 'hour', spellings: ['hr', 'hrs'] },
  { unit: 'hour', spellings: ['hour', 'hours'] },
  { unit: 'hour', spellings: ['hora', 'horas'] },
  { unit: 'hour', spellings: ['heure', 'heures'] },
  { unit: 'kilometre', spellings: ['km'] },
  { unit: 'kilometre', spellings: ['kilometre', 'kilometres'] },
  { unit: 'kilometre', spellings: ['kilometer', 'kilometers'] },
  { unit: 'kilogram', spellings: ['kg'] },
  { unit: 'kilogram', spellings: ['kilogram', 'kilograms'] },
];

const NUMBER = '\\d+(?:[.,]\\d+)*';
const SPACE = '[ \\u00a0\\u202f]';

export interface UnitMatch {
  index: number;
  length: number;
  number: string;
  unit: string;
  family: number;
  spaced: boolean;
  /** How the quantity is written: the family and whether a space separates it from the number. */
  form: string;
}

const UNIT_PATTERNS = UNIT_FAMILIES.map(
  (f) => new RegExp(`(?<![\\p{L}\\p{N}.,])(${NUMBER})(${SPACE}?)(${f.spellings.map(escapeRegExp).join('|')})(?![\\p{L}\\p{N}])`, 'gu'),
);

export function unitMatches(text: string): UnitMatch[] {
  const out: UnitMatch[] = [];
  UNIT_PATTERNS.forEach((re, family) => {
    for (const m of text.matchAll(re)) {
      const spaced = m[2] !== '';
      const spelling = UNIT_FAMILIES[family]!.spellings[0]!;
      out.push({
        index: m.index,
        length: m[0].length,
        number: m[1]!,
        unit: UNIT_FAMILIES[family]!.unit,
        family,
        spaced,
        form: `${spaced ? ' ' : ''}${spelling}`,
      });
    }
  });
  return out.sort((a, b) => a.index - b.index);
}

/** Units written in more than one way ('10 MB', '10MB' and '10 megabytes' in one deck). */
export function unitVariants(texts: string[]): UnitVariant[] {
  const groups = new Map<string, Map<string, number>>();
  const examples = new Map<string, string>();
  for (const text of texts) {
    for (const m of unitMatches(text)) {
      let forms = groups.get(m.unit);
      if (!forms) groups.set(m.unit, (forms = new Map()));
      forms.set(m.form, (forms.get(m.form) ?? 0) + 1);
      const key = `${m.unit}|${m.form}`;
      if (!examples.has(key)) examples.set(key, text.slice(m.index, m.index + m.length));
    }
  }
  const out: UnitVariant[] = [];
  for (const [unit, forms] of groups) {
    if (forms.size < 2) continue;
    const ranked = [...forms.entries()].sort((a, b) => b[1] - a[1]);
    out.push({
      unit,
      preferred: ranked[0]![0],
      forms: ranked.map(([f]) => f),
      counts: Object.fromEntries(ranked),
      examples: ranked.map(([f]) => examples.get(`${unit}|${f}`)!),
    });
  }
  return out;
}

/** Texts whose spelling the checks read: every title, point, paragraph and note of the deck. */
export function deckPieces(deck: SlideDeck): string[] {
  return deck.slides.flatMap((s) => slideTexts(s));
}

function companyName(deck: SlideDeck, name: string): { mentions: number; variants: string[] } {
  const words = wordsOf(name);
  if (words.length === 0) return { mentions: 0, variants: [] };
  const re = wordPattern(words.map(escapeRegExp).join('[\\s\\-]*'), 'giu');
  let mentions = 0;
  const variants = new Set<string>();
  for (const piece of deckPieces(deck)) {
    for (const m of piece.matchAll(re)) {
      mentions++;
      if (m[0] !== name.trim()) variants.add(m[0]);
    }
  }
  return { mentions, variants: [...variants] };
}

export function measure(content: ScorableContent): ContentMetrics {
  const { deck } = content;
  const language = deckLanguage(deck);
  const roles = slideRoles(deck);
  const sentences = deckSentences(deck);
  const read = readability(sentences, language);
  const slides = deck.slides;

  const contentIdx = slides.map((s, i) => (roles[i] === 'content' && hasBody(s) ? i : -1)).filter((i) => i >= 0);
  // Coverage is checked against what teaches, not against an objectives slide that restates them.
  const teachingIdx = contentIdx.length > 0 ? contentIdx : slides.map((_, i) => i).filter((i) => roles[i] !== 'objectives');
  const slideStems = new Map(teachingIdx.map((i) => [i, new Set(contentStems(slideTexts(slides[i]!).join('\n'), language))]));
  const taught = new Set([...slideStems.values()].flatMap((s) => [...s]));

  const points = slides.flatMap((s) => s.points.filter((p) => p.trim() !== ''));
  const pointWords = points.map((p) => countWords(p));
  const bodyWords = slides.map((s) => countWords([...s.points, ...s.paragraphs].join('\n')));

  const uncovered: string[] = [];
  for (const objective of content.objectives) {
    const stems = [...new Set(contentStems(objective, language, OBJECTIVE_FRAME_WORDS))];
    const found = stems.filter((s) => taught.has(s)).length;
    if (stems.length > 0 && found / stems.length < OBJECTIVE_MATCH) uncovered.push(objective);
  }
  const bloom = Object.fromEntries([...BLOOM_LEVELS, 'unclassified'].map((l) => [l, 0])) as Record<BloomLevel | 'unclassified', number>;
  for (const objective of content.objectives) bloom[bloomLevel(objective) ?? 'unclassified']++;

  const assessed = new Set<number>();
  for (const q of content.questions) {
    const correct = q.options.find((o) => o.is_correct)?.text ?? '';
    const stems = [...new Set(contentStems(q.source || `${q.prompt} ${correct}`, language))];
    if (stems.length === 0) continue;
    let best = -1;
    let bestShare = 0;
    for (const i of contentIdx) {
      const s = share(stems.filter((x) => slideStems.get(i)?.has(x)).length, stems.length);
      if (s > bestShare) [best, bestShare] = [i, s];
    }
    if (best >= 0 && bestShare >= QUESTION_MATCH) assessed.add(best);
  }

  const repeats = repeatedSentences(deck);
  const pieces = deckPieces(deck);
  const placeholders = [...pieces, ...content.objectives].flatMap(findPlaceholders);
  // 'in today's fast-paced world,' also matches 'in today's fast-paced world': count the longer one.
  const aiHits = pieces.flatMap((p) => {
    const found = findAiPhrases(p);
    return found.filter((f) => !found.some((g) => g !== f && g.includes(f)));
  });

  const titles = slides.map((s) => fold(s.title).trim());
  const duplicateTitles = titles.filter((t, i) => t !== '' && titles.indexOf(t) < i).length;

  const analysis = analyseSource(deckToSource(deck), { language });
  // Single common words only when frequent; a term's key is its stems, so plurals are one term.
  const keyTerms = analysis.terms.filter((t) => t.count >= 2 && (t.words > 1 || t.capitalised || t.count >= 3)).slice(0, 10);
  const glossaryStems = content.glossary.map((g) => ` ${stemPhrase(g.term, language)} `);
  const undefinedTerms = keyTerms.filter((t) => !glossaryStems.some((g) => g.includes(` ${t.key} `))).map((t) => t.display);

  const company = content.branding?.company_name?.trim() ? companyName(deck, content.branding.company_name) : { mentions: 0, variants: [] };
  // With branding on, every rendered slide shows the company name in its footer (media-render's
  // brandingLine): the deck is read as the learner sees it.
  const footerMentions = content.branding?.company_name?.trim() ? slides.length : 0;
  const faults = findFaults(content, roles, language);
  const longest = [...sentences]
    .sort((a, b) => b.words - a.words || a.slide - b.slide)
    .slice(0, 3)
    .map((s) => ({ text: s.text, words: s.words, slide: s.slide + 1 }));
  const contentPointCounts = contentIdx.map((i) => slides[i]!.points.length);

  return {
    language,
    slide_count: slides.length,
    content_slide_count: contentIdx.length,
    roles,
    word_count: countWords(deck.slides.flatMap((s) => slideTexts(s, { notes: false })).join('\n')),
    notes_word_count: countWords(slides.map((s) => s.notes).join('\n')),
    sentence_count: sentences.length,
    words_per_sentence: round(read.wps, 1),
    long_word_share: round(read.longShare, 3),
    reading_ease: round(read.ease, 1),
    flesch_reading_ease: read.flesch === null ? null : round(read.flesch, 1),
    grade_level: read.grade === null ? null : round(read.grade, 1),
    lix: round(read.lix, 1),
    long_sentence_count: sentences.filter((s) => s.words > LONG_SENTENCE_WORDS).length,
    longest_sentences: longest,
    point_count: points.length,
    avg_words_per_point: round(mean(pointWords), 1),
    max_words_per_point: pointWords.length ? Math.max(...pointWords) : 0,
    long_point_count: pointWords.filter((w) => w > LONG_POINT_WORDS).length,
    avg_points_per_slide: round(share(points.length, slides.length), 2),
    points_per_slide_cv: round(cv(contentPointCounts), 3),
    dense_slide_count: slides.filter((s) => s.points.length > MAX_POINTS_PER_SLIDE).length,
    empty_slide_count: slides.filter((s, i) => roles[i] !== 'title' && !hasBody(s)).length,
    empty_slides: slides.filter((s, i) => roles[i] !== 'title' && !hasBody(s)).map((s) => s.title || '(untitled)'),
    dense_or_empty_share: round(share(slides.filter((s, i) => s.points.length > MAX_POINTS_PER_SLIDE || (roles[i] !== 'title' && !hasBody(s))).length, slides.length), 3),
    words_per_slide: bodyWords,
    text_heavy_slide_count: bodyWords.filter((w) => w > TEXT_HEAVY_SLIDE_WORDS).length,
    slides_without_notes: slides.filter((s) => s.notes.trim() === '').length,
    untitled_slide_count: slides.filter((s) => s.title.trim() === '').length,
    duplicate_title_count: duplicateTitles,
    has_objectives_slide: roles.slice(0, 3).includes('objectives'),
    has_summary_slide: roles.slice(-3).includes('summary'),
    has_knowledge_check_slide: roles.includes('knowledge_check'),
    objective_count: content.objectives.length,
    objective_coverage: round(share(content.objectives.length - uncovered.length, content.objectives.length), 3),
    uncovered_objectives: uncovered,
    bloom_levels: bloom,
    question_count: content.questions.length,
    questions_per_slide: round(share(content.questions.length, contentIdx.length), 2),
    assessed_section_share: round(share(assessed.size, contentIdx.length), 3),
    unassessed_slides: contentIdx.filter((i) => !assessed.has(i)).map((i) => slides[i]!.title || `Slide ${i + 1}`),
    example_share: round(share(contentIdx.filter((i) => EXAMPLE.test(slideTexts(slides[i]!).join('\n'))).length, contentIdx.length), 3),
    repeated_sentence_count: repeats.length,
    repeated_sentences: [...new Set(repeats)],
    placeholder_count: placeholders.length,
    placeholders: [...new Set(placeholders)],
    ai_phrase_count: aiHits.length,
    ai_phrases: [...new Set(aiHits)],
    inconsistent_terms: termVariants(pieces),
    unit_inconsistencies: unitVariants(pieces),
    key_terms: keyTerms.map((t) => t.display),
    undefined_terms: undefinedTerms,
    glossary_count: content.glossary.length,
    has_template: content.templateId.trim() !== '',
    has_font_style: content.fontStyle.trim() !== '',
    has_image_style: content.imageStyle.trim() !== '',
    has_branding: Boolean(content.branding?.company_name?.trim()),
    company_name: content.branding?.company_name?.trim() ?? '',
    company_name_mentions: company.mentions + footerMentions,
    company_name_variants: company.variants,
    fragment_objectives: faults.fragment_objectives,
    fragment_summary_points: faults.fragment_summary_points,
    summary_point_count: faults.summary_point_count,
    word_list_slides: faults.word_list_slides,
    generic_titles: faults.generic_titles,
    repeated_title_slide_count: faults.repeated_title_slides,
    markup: faults.markup,
    engine_instructions: faults.engine_instructions,
    question_faults: faults.question_faults,
    teaching_sentence_count: faults.teaching_sentence_count,
    topical_slide_count: faults.topical_slide_count,
    deck_title: deck.title,
    depth: round(faults.depth, 3),
    filler_note_openers: faults.filler_note_openers,
    unshown_instructions: faults.unshown_instructions,
    tone: tone(sentences, language),
  };
}

/** The numbers of the metrics, flat, for the assessment (booleans as 0 or 1, lists as counts). */
export function numericMetrics(m: ContentMetrics): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [key, value] of Object.entries(m)) {
    if (typeof value === 'number') out[key] = value;
    else if (typeof value === 'boolean') out[key] = value ? 1 : 0;
  }
  out.inconsistent_term_count = m.inconsistent_terms.length;
  out.unit_inconsistency_count = m.unit_inconsistencies.length;
  out.uncovered_objective_count = m.uncovered_objectives.length;
  out.undefined_term_count = m.undefined_terms.length;
  out.fragment_objective_count = m.fragment_objectives.length;
  out.fragment_summary_point_count = m.fragment_summary_points.length;
  out.word_list_slide_count = m.word_list_slides.length;
  out.generic_title_count = m.generic_titles.length;
  out.markup_count = m.markup.length;
  out.engine_instruction_count = m.engine_instructions.length;
  out.unsound_question_count = m.question_faults.length;
  out.filler_opener_count = m.filler_note_openers.length;
  out.unshown_instruction_count = m.unshown_instructions.length;
  out.bloom_level_count = BLOOM_LEVELS.filter((l) => m.bloom_levels[l] > 0).length;
  for (const [key, value] of Object.entries(m.tone)) if (value !== null) out[`tone_${key}`] = round(value, 3);
  return out;
}
