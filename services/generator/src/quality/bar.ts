// The content quality bar (issue 13) as one definition: the checks a trainer makes on generated
// content, read from the same functions the scorer uses (faults.ts), plus those that need the
// source text the content was made from. The generator's content-bar test and
// `npm run bench:content` both call `contentBar`, so the bar and the scorer cannot disagree.
import { deckToScript, printScript } from '@trainwright/formats';
import type { GenerationResult, QualityRequest, ScorableContent } from '../domain/types.js';
import { cutPhrases, findFaults, sourceFindings, uncoveredInstructions } from './faults.js';
import { scoreContent } from './score.js';
import { opensWithBloomVerb } from '../adapters/offline/bloom.js';
import { nounPhrases } from '../adapters/offline/nlp.js';
import { slideRoles, type Language } from './text.js';

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
  return objectives.filter((o) => !opensWithBloomVerb(o) || (language === 'en' && !nounPhrases(o).some((p) => p.text.split(/\s+/).length >= 2)));
}

/** The bar's checks of content generated from `sourceText` ('' = unknown); empty `failures` = it passes. */
export function contentBar(content: ScorableContent, sourceText: string, language: Language = 'en'): BarReport {
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
  ];
  return { failures, score: scoreContent(content, BAR_REQUEST).overall_score };
}
