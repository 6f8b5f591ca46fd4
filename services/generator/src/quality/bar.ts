// The content quality bar (issue 13) as one definition: the checks a trainer makes on generated
// content, read from the same functions the scorer uses (faults.ts), plus those that need the
// source text the content was made from. The generator's content-bar test and
// `npm run bench:content` both call `contentBar`, so the bar and the scorer cannot disagree.
import { MAX_POINTS_PER_SLIDE, deckToScript, printScript, splitSentences, type Citation, type SlideDeck } from '@trainwright/formats';
import type { GenerationResult, QualityRequest, ScorableContent } from '../domain/types.js';
import { isRunInTitleLine } from '../ingest/txt.js';
import { cutPhrases, findFaults, isGenericTitle, sourceFindings, uncoveredInstructions } from './faults.js';
import { scoreContent } from './score.js';
import { opensWithBloomVerb } from '../adapters/offline/bloom.js';
import { namesAPhrase } from '../adapters/offline/objectives.js';
import { inlineHeading } from '../adapters/offline/nlp.js';
import { baseTitle, fold, sentenceKey, slideRoles, type Language } from './text.js';
import { indexPassages, supportingPassage } from '../services/library/citations.js';
import type { LibraryPassage } from '../services/library/library-source.js';

/** The score a generated deck of realistic material has to reach on the bar (grade B or better). */
export const BAR_MIN_SCORE = 80;

/** A generation result as quality scoring reads it (default template, no branding). */
export function scorableFromResult(result: Pick<GenerationResult, 'deck' | 'objectives' | 'questions' | 'glossary'>): ScorableContent {
  return {
    deck: result.deck,
    script: printScript(deckToScript(result.deck)),
    objectives: result.objectives,
    questions: result.questions,
    glossary: result.glossary,
    templateId: 'corporate-blue',
    fontStyle: 'modern',
    imageStyle: 'photographic',
    branding: null,
  };
}

/**
 * The objectives the bar holds to its checks: the result's, and a learning path's module
 * objectives drawn from the material (modules with topics; a prerequisites or stage module is
 * framing around the request's topic, not the material's).
 */
export function barObjectives(result: Pick<GenerationResult, 'objectives' | 'modules'>): string[] {
  return [...new Set([...result.objectives, ...result.modules.filter((m) => m.topics.length > 0).flatMap((m) => m.objectives)])];
}

export const BAR_REQUEST: QualityRequest = { desired_atmosphere: 'professional', target_audience: 'general', focus_areas: [], notes: '' };

export interface BarReport {
  /** One line per failed check: '<check>: <the text at fault>'. */
  failures: string[];
  /** The scorer's overall score of the content. */
  score: number;
}

function duplicateTitles(content: ScorableContent): string[] {
  const titles = content.deck.slides.map((s) => s.title);
  return [...new Set(titles.filter((t, i) => titles.indexOf(t) !== i))];
}

/**
 * Objectives that are not measurable: they open with no Bloom verb ('Keep your arms ...') or,
 * in English, hold no noun phrase of two or more words ('Carry loads low').
 */
export function unmeasurableObjectives(objectives: readonly string[], language: Language): string[] {
  return objectives.filter((o) => !opensWithBloomVerb(o) || (language === 'en' && !namesAPhrase(o)));
}

/** A deck states this many objectives: fewer is no plan of the training, more is no focus. */
export const BAR_OBJECTIVES = { min: 3, max: 6 } as const;
/** Share of the source's sections a deck has to draw on (its slides, notes or questions). */
export const BAR_SECTION_COVERAGE = 0.8;
/** A slide's notes may hold at most this share of the source's sentences (of a source of eight or more). */
const MAX_NOTES_SHARE = 0.5;

/**
 * The sections of a source text as the bar reads them, each as its sentences: the blocks between
 * title lines (a line of its own, short, without a final stop, that is not a '- ' point) when the
 * text has two or more, else each block between blank lines; a title run into its text (a line of
 * its own without a blank line, or 'Load handling Never exceed ...', nlp.ts `inlineHeading`) opens
 * a section too. A block of text without any of these (a transcript) is one section.
 */
export function sourceSections(text: string): string[][] {
  const blocks = text.replace(/\r\n?/g, '\n').split(/\n\s*\n/).map((b) => b.trim()).filter((b) => b !== '');
  const isTitle = (b: string) => !b.includes('\n') && !/^[-*•]\s/.test(b) && b.split(/\s+/).length <= 12 && !/[.!?:;,]["'”’)]*$/u.test(b);
  const titled = blocks.slice(1).filter(isTitle).length >= 2;
  const sections: string[][] = [];
  let current: string[] | null = null;
  const open = () => sections.push((current = []));
  for (const block of blocks) {
    if (isTitle(block)) {
      current = null;
      continue;
    }
    if (!titled || current === null) open();
    const lines = block.split('\n');
    lines.forEach((line, i) => {
      if (i > 0 && isRunInTitleLine(line.trim(), lines[i - 1]!.trim(), lines[i + 1]?.trim() ?? '')) return void open();
      for (const { text: sentence } of splitSentences(line)) {
        const run = inlineHeading(sentence);
        if (run) open();
        current!.push(run ? run.rest : sentence);
      }
    });
  }
  return sections.map((s) => s.filter((x) => x.split(/\s+/).length >= 5)).filter((s) => s.length > 0);
}

/** Content slides grouped by their title without a continuation number, question slides left out. */
function narratingGroups(deck: SlideDeck): Map<string, string[]> {
  const roles = slideRoles(deck);
  const groups = new Map<string, string[]>();
  deck.slides.forEach((s, i) => {
    if (roles[i] !== 'content' || /^(?:question|pregunta)\s+\d+$/i.test(s.title.trim())) return;
    const notes = s.notes.split(/\n+/).flatMap((line) => splitSentences(line).map((x) => x.text));
    groups.set(baseTitle(s.title), [...(groups.get(baseTitle(s.title)) ?? []), ...notes]);
  });
  return groups;
}

/**
 * Speaker notes drawn from their own section: no slide's notes hold sentences of two sections of
 * the source, or more than half of a source of eight sentences or more, and the notes of two
 * slides do not interleave in the source's order (each narrates a stretch of its own).
 */
export function notesOutsideTheirSection(deck: SlideDeck, sections: readonly string[][]): string[] {
  const index: Array<{ key: string; section: number }> = sections.flatMap((s, section) => s.map((x) => ({ key: sentenceKey(x), section })));
  // A note is a sentence of the source, or (a transcript's, without its 'Okay, so') the end of one.
  const find = (note: string) => {
    const key = sentenceKey(note);
    const exact = index.findIndex((x) => x.key === key);
    return exact >= 0 || key.length <= 20 ? exact : index.findIndex((x) => x.key.endsWith(key));
  };
  const out: string[] = [];
  const spans: Array<{ title: string; from: number; to: number }> = [];
  for (const [title, notes] of narratingGroups(deck)) {
    const at = [...new Set(notes.map(find).filter((i) => i >= 0))];
    if (at.length === 0) continue;
    const owners = new Set(at.map((i) => index[i]!.section));
    if (owners.size > 1) out.push(`${title}: notes hold sentences of ${owners.size} sections`);
    if (index.length >= 8 && at.length > index.length * MAX_NOTES_SHARE) out.push(`${title}: notes hold ${at.length} of the source's ${index.length} sentences`);
    spans.push({ title, from: Math.min(...at), to: Math.max(...at) });
  }
  spans.sort((a, b) => a.from - b.from);
  for (let i = 1; i < spans.length; i++) if (spans[i]!.from <= spans[i - 1]!.to) out.push(`${spans[i - 1]!.title} and ${spans[i]!.title}: notes interleave`);
  return out;
}

const words4 = (text: string) => {
  const w = fold(text).replace(/[^\p{L}\p{N}\s]/gu, ' ').split(/\s+/).filter(Boolean);
  return w.length < 4 ? [w.join(' ')] : w.slice(0, -3).map((_, i) => w.slice(i, i + 4).join(' '));
};

/** Share of the source's sections the content draws on: a section counts when four words in a row of one of its sentences are on a content slide, in its notes or in a question's quoted sentence. */
export function sectionCoverage(content: ScorableContent, sections: readonly string[][]): number {
  if (sections.length === 0) return 1;
  const roles = slideRoles(content.deck);
  const texts = [...content.deck.slides.flatMap((s, i) => (roles[i] === 'content' ? [s.title, ...s.points, ...s.paragraphs, s.notes] : [])), ...content.questions.map((q) => q.source ?? '')];
  const grams = new Set(texts.flatMap(words4));
  return sections.filter((s) => s.some((sentence) => words4(sentence).some((g) => grams.has(g)))).length / sections.length;
}

/**
 * Titles a deck of material may not have: a generic one ('Introduction', even opening the deck),
 * and a numbered one ('Load handling (2)') that does not continue a full slide of the same title.
 */
export function titlesThatNameNoTopic(deck: SlideDeck): string[] {
  const roles = slideRoles(deck);
  return deck.slides.flatMap((s, i) => {
    if (roles[i] !== 'content') return [];
    if (isGenericTitle(s.title)) return [`generic section title: ${s.title}`];
    const n = /\((\d+)\)\s*$/.exec(s.title);
    if (!n) return [];
    const prev = deck.slides[i - 1];
    const continues = prev !== undefined && baseTitle(prev.title) === baseTitle(s.title) && (prev.points.length >= MAX_POINTS_PER_SLIDE || prev.paragraphs.length > 0);
    return continues ? [] : [`numbered title that continues no full slide: ${s.title}`];
  });
}

/** Points and note sentences of content slides that still open with a title run into them ('Load handling Never exceed ...'). */
export function gluedHeadings(deck: SlideDeck): string[] {
  const roles = slideRoles(deck);
  return deck.slides.flatMap((s, i) => (roles[i] === 'content' ? [...s.points, ...s.notes.split(/\n+/).flatMap((l) => splitSentences(l).map((x) => x.text))] : [])).filter((t) => inlineHeading(t) !== null);
}

/**
 * The bar's checks of content generated from `sourceText` ('' = unknown); empty `failures` = it
 * passes. `deckObjectives`: the objectives the deck states (a learning path's own, without its
 * modules'), held to BAR_OBJECTIVES.
 */
export function contentBar(content: ScorableContent, sourceText: string, language: Language = 'en', deckObjectives: readonly string[] = content.objectives): BarReport {
  const faults = findFaults(content, slideRoles(content.deck), language);
  // Without the source text (an AI model's answer) only the deck's own checks apply.
  const source = sourceText.trim() === '' ? { objectives_not_in_source: [], question_faults: faults.question_faults, false_statements_not_negations: [], duplicate_titles: duplicateTitles(content), cut_phrases: cutPhrases(content, '') } : sourceFindings(content, sourceText);
  const failures = [
    ...faults.fragment_objectives.map((o) => `objective under three words or not taught: ${o}`),
    ...source.objectives_not_in_source.map((o) => `objective phrase not in the source: ${o}`),
    ...unmeasurableObjectives(content.objectives, language).map((o) => `objective without a Bloom verb and a phrase of two words: ${o}`),
    ...faults.fragment_summary_points.map((p) => `summary point under three words: ${p}`),
    ...source.duplicate_titles.map((t) => `duplicate slide title: ${t}`),
    // A phrase cut mid-way ('Length of parental'): read with the English tagger.
    ...(language === 'en' ? source.cut_phrases.map((t) => `title or objective cut mid-phrase: ${t}`) : []),
    ...faults.generic_titles.map((t) => `generic section title: ${t}`),
    ...faults.markup.map((m) => `markup on a slide face: ${m}`),
    ...faults.engine_instructions.map((i) => `instruction to the writer: ${i}`),
    ...source.question_faults.map((q) => `question ${q.problem.replace(/_/g, ' ')}: ${q.prompt}`),
    ...source.false_statements_not_negations.map((p) => `false statement does not contradict its sentence: ${p}`),
    // The notes narrate the section; a slide holds every instruction of its section (English).
    ...faults.filler_note_openers.map((n) => `notes open with filler: ${n}`),
    ...(language === 'en' && sourceText.trim() !== '' ? uncoveredInstructions(content.deck, sourceText).map((a) => `instruction missing from its slide: ${a}`) : []),
    ...(sourceText.trim() !== '' ? materialChecks(content, sourceText, deckObjectives) : []),
  ];
  return { failures: [...new Set(failures)], score: scoreContent(content, BAR_REQUEST).overall_score };
}

/**
 * The checks of issue 27 on content made from material: 3-6 objectives, titles that name a
 * topic, no title glued to its text, notes drawn from their own section, and the share of the
 * source's sections covered.
 */
function materialChecks(content: ScorableContent, sourceText: string, deckObjectives: readonly string[]): string[] {
  const sections = sourceSections(sourceText);
  const coverage = sectionCoverage(content, sections);
  const count = new Set(deckObjectives).size;
  return [
    ...(count < BAR_OBJECTIVES.min || count > BAR_OBJECTIVES.max ? [`objectives: ${count}, not ${BAR_OBJECTIVES.min}-${BAR_OBJECTIVES.max}`] : []),
    ...titlesThatNameNoTopic(content.deck),
    ...gluedHeadings(content.deck).map((t) => `title glued to its text: ${t}`),
    ...notesOutsideTheirSection(content.deck, sections).map((n) => `notes outside their section: ${n}`),
    ...(coverage < BAR_SECTION_COVERAGE ? [`source sections covered: ${Math.round(coverage * 100)}% (at least ${BAR_SECTION_COVERAGE * 100}%)`] : []),
  ];
}

/**
 * The citations of a deck built from company library passages (issue 27, docs/library.md), as a
 * reviewer checks them: there are some; each names a slide of the deck and a passage that exists
 * (its text and document, with the document's title) and that supports a point of that slide;
 * every slide with points, but the objectives slide, cites a passage and each of its points and
 * paragraphs is drawn from one (`supportingPassage`, the matching the citations are made with);
 * and the notes of every cited slide end with '<label>: <its documents' titles>.'.
 */
export function citationFaults(deck: SlideDeck, citations: readonly Citation[], passages: readonly LibraryPassage[], label = 'Source'): string[] {
  const indexed = indexPassages(passages);
  const roles = slideRoles(deck);
  const out: string[] = citations.length === 0 ? ['no citations'] : [];
  const quote = (text: string) => (text.length > 60 ? `${text.slice(0, 60)}...` : text);
  for (const c of citations) {
    const slide = deck.slides[c.slide_index];
    const passage = passages.find((p) => p.text === c.passage && p.documentId === c.document_id);
    if (!slide) out.push(`citation of no slide: ${c.slide_index}`);
    else if (!passage) out.push(`citation names no passage of ${c.document_id}: ${slide.title}: ${quote(c.passage)}`);
    else if (passage.documentTitle !== c.document_title) out.push(`citation names the wrong document title: ${slide.title}: ${c.document_title}, not ${passage.documentTitle}`);
    else if (![...slide.points, ...slide.paragraphs].some((t) => supportingPassage(t, indexed)?.id === passage.id)) out.push(`citation supports no point of its slide: ${slide.title}: ${quote(c.passage)}`);
  }
  deck.slides.forEach((slide, i) => {
    const own = citations.filter((c) => c.slide_index === i);
    const texts = [...slide.points, ...slide.paragraphs].filter((t) => t.trim() !== '');
    if (roles[i] !== 'objectives' && texts.length > 0) {
      if (own.length === 0) out.push(`slide cites no passage: ${slide.title}`);
      for (const t of texts) if (supportingPassage(t, indexed) === null) out.push(`point drawn from no passage: ${slide.title}: ${t}`);
    }
    if (own.length === 0) return;
    const line = `${label}: ${[...new Set(own.map((c) => c.document_title))].join('; ')}.`;
    if (!slide.notes.trim().endsWith(line)) out.push(`notes do not end with '${line}': ${slide.title}`);
  });
  return [...new Set(out)];
}
