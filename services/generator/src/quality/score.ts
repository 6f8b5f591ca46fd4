// Quality scoring: six dimension scores, the overall score and grade, the priority areas, the
// recommendations and the engagement prediction, all computed from the content's measurements.
// Pure and deterministic: the same content and request always give the same numbers.
import { QUALITY_DIMENSIONS, qualityGrade, type Atmosphere, type Effort, type Priority, type QualityDimension } from '@trainwright/catalogue';
import type { QualityAssessment, QualityRequest, Recommendation, ScorableContent } from '../domain/types.js';
import type { QuestionFault } from './faults.js';
import { DEPTH_SENTENCES, DEPTH_SLIDES, MIN_STATEMENT_WORDS } from './faults.js';
import { LONG_POINT_WORDS, LONG_SENTENCE_WORDS, MAX_POINTS_PER_SLIDE, measure, numericMetrics, POINT_TARGET_WORDS, type ContentMetrics } from './metrics.js';
import { TONE_FEATURE_NAMES, describeToneValue, toneDeviations, toneScore, type Range, type ToneFeature } from './tone.js';
import { BLOOM_LEVELS, clamp, fold, round, share } from './text.js';

/** Each part is 0-1; the dimension score is their weighted sum times 100. */
type Parts = Record<string, [value: number, weight: number]>;

function weighted(parts: Parts): number {
  let total = 0;
  let weights = 0;
  for (const [value, weight] of Object.values(parts)) {
    total += clamp(value) * weight;
    weights += weight;
  }
  return weights > 0 ? (100 * total) / weights : 0;
}

/** Reading ease the audience should get: plainer for beginners, denser for experts. */
export function readingTarget(audience: string): number {
  const a = fold(audience);
  if (/\b(?:beginner|novice|new|general|public|student|child|young|principiante|nuevo|estudiante|debutant|nouveau|eleve)/.test(a)) return 60;
  if (/\b(?:expert|advanced|specialist|engineer|developer|executive|scientist|experto|avanzad|especialista|ingenier|avance|specialiste|ingenieur)/.test(a)) return 40;
  return 50;
}

/** 1 at or above the target reading ease, 0 at 40 points below it. */
export function readabilityPart(m: ContentMetrics, target: number): number {
  if (m.sentence_count === 0) return 0;
  return m.reading_ease >= target ? 1 : 1 - (target - m.reading_ease) / 40;
}

/** 1 without long sentences, 0 when 30% or more are long. */
export function sentenceLengthPart(m: ContentMetrics): number {
  return 1 - share(m.long_sentence_count, m.sentence_count) / 0.3;
}

export function dimensionParts(m: ContentMetrics, request: QualityRequest): Record<QualityDimension, Parts | number> {
  const target = readingTarget(request.target_audience);
  const slides = Math.max(1, m.slide_count);
  // Without any text there is nothing to pass a text check: its absence of faults earns nothing.
  const text = m.sentence_count > 0 ? 1 : 0;
  const bloomLevels = BLOOM_LEVELS.filter((l) => m.bloom_levels[l] > 0).length;
  return {
    content_quality: {
      readability: [readabilityPart(m, target), 0.25],
      sentence_length: [text * sentenceLengthPart(m), 0.15],
      ai_phrases: [text * (1 - share(m.ai_phrase_count, Math.max(1, m.sentence_count)) / 0.15), 0.15],
      notes_depth: [m.slide_count > 0 ? 1 - m.slides_without_notes / slides : 0, 0.15],
      depth: [m.depth, 0.3],
    },
    structure_flow: {
      titles: [m.slide_count > 0 ? 1 - m.untitled_slide_count / slides : 0, 0.1],
      unique_titles: [text * (1 - m.duplicate_title_count / slides), 0.1],
      topical_titles: [m.content_slide_count > 0 ? 1 - m.generic_titles.length / m.content_slide_count : 0, 0.2],
      opening: [m.has_objectives_slide ? 1 : 0, 0.15],
      closing: [m.has_summary_slide ? 1 : 0, 0.15],
      slide_sizing: [m.slide_count > 0 ? 1 - m.dense_or_empty_share : 0, 0.2],
      balance: [text * (1 - m.points_per_slide_cv), 0.1],
    },
    visual_design: {
      point_length: [text * (m.avg_words_per_point <= POINT_TARGET_WORDS ? 1 : 1 - (m.avg_words_per_point - POINT_TARGET_WORDS) / POINT_TARGET_WORDS), 0.2],
      long_points: [text * (1 - share(m.long_point_count, m.point_count) / 0.3), 0.15],
      point_density: [text * (1 - m.dense_slide_count / slides), 0.15],
      text_density: [text * (1 - m.text_heavy_slide_count / slides), 0.1],
      word_lists: [text * (1 - m.word_list_slides.length / slides), 0.2],
      design_choices: [(Number(m.has_template) + Number(m.has_font_style) + Number(m.has_image_style)) / 3, 0.1],
      branding: [m.has_branding ? (m.company_name_mentions > 0 ? 1 : 0.5) : 0, 0.1],
    },
    educational_effectiveness: {
      objectives_defined: [m.objective_count > 0 ? 1 : 0, 0.1],
      objective_wording: [m.objective_count > 0 ? 1 - m.fragment_objectives.length / m.objective_count : 0, 0.15],
      objective_coverage: [m.objective_coverage, 0.1],
      objectives_slide: [m.has_objectives_slide ? 1 : 0, 0.05],
      assessment: [m.assessed_section_share, 0.15],
      sound_questions: [m.question_count > 0 ? 1 - m.question_faults.length / m.question_count : 0, 0.1],
      knowledge_check: [m.has_knowledge_check_slide ? 1 : 0, 0.05],
      summary: [m.has_summary_slide ? 1 - share(m.fragment_summary_points.length, m.summary_point_count) : 0, 0.1],
      examples: [m.example_share / 0.5, 0.05],
      bloom_spread: [bloomLevels >= 2 ? 1 : bloomLevels / 2, 0.05],
      depth: [m.depth, 0.1],
    },
    tone_alignment: toneScore(m.tone, request.desired_atmosphere),
    technical_accuracy:
      100 -
      Math.min(40, 10 * m.placeholder_count) -
      Math.min(25, 5 * m.repeated_sentence_count) -
      Math.min(24, 6 * m.inconsistent_terms.length) -
      Math.min(18, 6 * m.unit_inconsistencies.length) -
      40 * share(m.empty_slide_count, m.slide_count) -
      Math.min(40, 10 * m.question_faults.length),
  };
}

/**
 * Faults a trainer would not let through, taken off the dimension they spoil after the weighted
 * parts: instructions to the writer in what learners see or hear, markup characters on a slide,
 * a slide that repeats the cover, generic section titles, lists of single words, notes that open
 * with 'This section covers ...', instructions the notes give that their slide does not show.
 */
export function faultPenalties(m: ContentMetrics): Record<QualityDimension, number> {
  const instructions = m.engine_instructions.length;
  return {
    content_quality: Math.min(30, 12 * instructions) + Math.min(24, 6 * m.filler_note_openers.length),
    structure_flow: Math.min(30, 10 * m.generic_titles.length) + Math.min(20, 10 * m.repeated_title_slide_count),
    visual_design: Math.min(30, 6 * m.markup.length) + Math.min(30, 12 * m.word_list_slides.length),
    educational_effectiveness: Math.round(20 * share(m.fragment_objectives.length, m.objective_count)) + Math.min(20, 4 * m.unshown_instructions.length),
    tone_alignment: 0,
    technical_accuracy: Math.min(30, 10 * instructions) + Math.min(20, 5 * m.markup.length),
  };
}

export function dimensionScores(m: ContentMetrics, request: QualityRequest): Record<QualityDimension, number> {
  const parts = dimensionParts(m, request);
  const penalties = faultPenalties(m);
  const out = {} as Record<QualityDimension, number>;
  for (const d of QUALITY_DIMENSIONS) {
    const p = parts[d];
    out[d] = Math.round(clamp((typeof p === 'number' ? p : weighted(p)) - penalties[d], 0, 100));
  }
  return out;
}

/** Mean of the dimension scores, focus areas counted twice. */
export function overallScore(scores: Record<QualityDimension, number>, focus: readonly QualityDimension[]): number {
  let total = 0;
  let weights = 0;
  for (const d of QUALITY_DIMENSIONS) {
    const w = focus.includes(d) ? 2 : 1;
    total += scores[d] * w;
    weights += w;
  }
  return Math.round(total / weights);
}

/** Dimensions below 80, lowest first: high below 60, medium below 70, low otherwise. */
export function priorityAreas(scores: Record<QualityDimension, number>): QualityAssessment['priority_areas'] {
  return QUALITY_DIMENSIONS.filter((d) => scores[d] < 80)
    .map((name) => ({ name, score: scores[name], priority: (scores[name] < 60 ? 'high' : scores[name] < 70 ? 'medium' : 'low') as Priority }))
    .sort((a, b) => a.score - b.score || QUALITY_DIMENSIONS.indexOf(a.name) - QUALITY_DIMENSIONS.indexOf(b.name));
}

export interface EngagementParts {
  interactivity: number;
  readability: number;
  slide_length: number;
  learner_address: number;
  variety: number;
}

const ENGAGEMENT_WEIGHTS: EngagementParts = { interactivity: 0.3, readability: 0.2, slide_length: 0.2, learner_address: 0.15, variety: 0.15 };

export function engagementParts(m: ContentMetrics, audience: string): EngagementParts {
  const bodyWords = m.words_per_slide.filter((_, i) => m.roles[i] === 'content');
  const perSlide = bodyWords.length ? bodyWords.reduce((a, b) => a + b, 0) / bodyWords.length : 0;
  // 15 to 60 words on a slide hold attention; fewer say too little, more turn into reading.
  const slideLength = perSlide < 15 ? perSlide / 15 : perSlide > 60 ? 1 - (perSlide - 60) / 90 : 1;
  return {
    interactivity: clamp(m.questions_per_slide / 0.5),
    readability: clamp(readabilityPart(m, readingTarget(audience))),
    slide_length: clamp(slideLength),
    learner_address: clamp(m.tone.second_person_share / 0.2),
    variety: 0.5 * clamp(m.tone.sentence_length_cv / 0.5) + 0.5 * clamp((m.tone.question_share + m.tone.exclamation_share) / 0.1),
  };
}

/** 0-100: how likely learners stay engaged, from interactivity, readability, slide length, address and variety. */
export function engagementPrediction(m: ContentMetrics, audience: string): number {
  const parts = engagementParts(m, audience);
  let total = 0;
  for (const key of Object.keys(ENGAGEMENT_WEIGHTS) as Array<keyof EngagementParts>) total += parts[key] * ENGAGEMENT_WEIGHTS[key];
  return Math.round(100 * total);
}

// ---------------------------------------------------------------------------------------------
// Recommendations.

export const TONE_RECOMMENDATION_PREFIX = 'match-tone-';
export const TONE_RECOMMENDATION_BELOW = 90;

export interface RecommendationSpec {
  id: string;
  dimension: QualityDimension;
  effort: Effort;
  action: string;
  /** The metric (a key of the assessment's metrics) the improvement moves, and which way is better. */
  metric: string;
  better: 'lower' | 'higher';
}

const spec = (id: string, dimension: QualityDimension, effort: Effort, action: string, metric: string, better: 'lower' | 'higher'): RecommendationSpec => ({
  id,
  dimension,
  effort,
  action,
  metric,
  better,
});

/** Every recommendation the scorer can make, in the order they are listed at equal priority. */
export const RECOMMENDATIONS: readonly RecommendationSpec[] = [
  spec('remove-placeholders', 'technical_accuracy', 'low', 'Remove placeholder text', 'placeholder_count', 'lower'),
  spec('add-objectives-slide', 'educational_effectiveness', 'medium', 'Add a learning objectives slide', 'has_objectives_slide', 'higher'),
  spec('add-knowledge-check', 'educational_effectiveness', 'medium', 'Add a knowledge check', 'question_count', 'higher'),
  spec('split-dense-slides', 'visual_design', 'medium', 'Split dense slides into continuation slides', 'dense_slide_count', 'lower'),
  spec('shorten-long-points', 'visual_design', 'medium', 'Shorten long bullet points', 'long_point_count', 'lower'),
  spec('simplify-long-sentences', 'content_quality', 'medium', 'Simplify long sentences', 'long_sentence_count', 'lower'),
  spec('add-speaker-notes', 'content_quality', 'medium', 'Add speaker notes to every slide', 'slides_without_notes', 'lower'),
  spec('remove-repeated-sentences', 'technical_accuracy', 'low', 'Remove repeated sentences', 'repeated_sentence_count', 'lower'),
  spec('remove-ai-phrases', 'content_quality', 'low', 'Remove stock AI phrases', 'ai_phrase_count', 'lower'),
  spec('add-summary-slide', 'structure_flow', 'low', 'Add a summary slide', 'has_summary_slide', 'higher'),
  spec('unify-term-spelling', 'technical_accuracy', 'low', 'Use one spelling per term', 'inconsistent_term_count', 'lower'),
  spec('unify-units', 'technical_accuracy', 'low', 'Write each unit the same way', 'unit_inconsistency_count', 'lower'),
  spec('add-branding', 'visual_design', 'low', 'Add company branding', 'company_name_mentions', 'higher'),
  spec('remove-engine-instructions', 'content_quality', 'low', 'Remove instructions to the writer from the slides and the narration', 'engine_instruction_count', 'lower'),
  spec('rewrite-objectives', 'educational_effectiveness', 'medium', 'Write each learning objective as a full statement', 'fragment_objective_count', 'lower'),
  spec('write-summary-sentences', 'educational_effectiveness', 'medium', 'Write the summary as the points to remember', 'fragment_summary_point_count', 'lower'),
  spec('retitle-generic-sections', 'structure_flow', 'medium', 'Give every section a title that names its topic', 'generic_title_count', 'lower'),
  spec('remove-repeated-title-slide', 'structure_flow', 'low', 'Remove the slide that repeats the cover', 'repeated_title_slide_count', 'lower'),
  spec('remove-markup', 'visual_design', 'low', 'Remove markup characters from the slides', 'markup_count', 'lower'),
  spec('fix-questions', 'technical_accuracy', 'low', 'Remove questions the material does not support', 'unsound_question_count', 'lower'),
  spec('remove-filler-openers', 'content_quality', 'low', 'Open the speaker notes with the first fact, not with what the section covers', 'filler_opener_count', 'lower'),
  spec('show-every-instruction', 'educational_effectiveness', 'low', 'Show on each slide every instruction its notes give', 'unshown_instruction_count', 'lower'),
  spec('add-material', 'content_quality', 'high', 'Add more material for a full training', 'teaching_sentence_count', 'higher'),
];

/** Words a trainer understands for what is wrong with a question. */
const QUESTION_PROBLEMS: Record<QuestionFault['problem'], string> = {
  not_in_material: 'the material does not say this',
  wrong_key: 'the answer key does not match the material',
  ambiguous: 'more than one option is right',
  ungrammatical: 'the statement is not a proper sentence',
};

export function toneRecommendationSpec(atmosphere: Atmosphere): RecommendationSpec {
  return spec(`${TONE_RECOMMENDATION_PREFIX}${atmosphere}`, 'tone_alignment', 'medium', `Match the ${atmosphere} tone`, 'tone_match', 'higher');
}

/** The spec of a recommendation id, tone ones included; undefined for an unknown id. */
export function recommendationSpec(id: string): RecommendationSpec | undefined {
  if (id.startsWith(TONE_RECOMMENDATION_PREFIX)) {
    const atmosphere = id.slice(TONE_RECOMMENDATION_PREFIX.length);
    return atmosphere in TONE_IMPLEMENTATION ? toneRecommendationSpec(atmosphere as Atmosphere) : undefined;
  }
  return RECOMMENDATIONS.find((r) => r.id === id);
}

const TONE_IMPLEMENTATION: Record<Atmosphere, string> = {
  formal: 'Contractions are written out in full and exclamation marks become full stops.',
  casual: "Common word pairs are contracted ('do not' to 'don't'), 'learners should' becomes 'you should', and each section's notes get a short line addressed to the learner.",
  professional: "Contractions and exclamations beyond the professional range are written out; each section's notes get a line relating it to the learner's role.",
  humorous: "Each section's notes get a short, light framing line with a question to the learner; the slide text stays as it is.",
  creative: "Each section's notes get a short line inviting the learner to imagine the topic in their own work; the slide text stays as it is.",
  motivational: "Each section's notes get a short line encouraging the learner to act on it; the slide text stays as it is.",
};

const quote = (items: readonly string[], n = 3): string =>
  items
    .slice(0, n)
    .map((i) => `'${i.length > 60 ? `${i.slice(0, 57)}...` : i}'`)
    .join(', ') + (items.length > n ? ` and ${items.length - n} more` : '');

function describeRange(feature: ToneFeature, range: Range): string {
  const show = (v: number) => describeToneValue(feature, v);
  const share = feature.endsWith('_share');
  if (range.max === 0) return 'none';
  if (range.min === 0) return `at most ${show(range.max)}`;
  if (share && range.max >= 1) return `at least ${show(range.min)}`;
  return `${show(range.min)} to ${show(range.max)}`;
}

const have = (n: number) => (n === 1 ? 'has' : 'have');

const byShare = (value: number, high: number, medium: number): Priority => (value >= high ? 'high' : value >= medium ? 'medium' : 'low');

/** The recommendations the measurements call for, most important first. */
export function recommendationsFor(m: ContentMetrics, request: QualityRequest, toneMatch: number): Recommendation[] {
  const target = readingTarget(request.target_audience);
  const atmosphere = request.desired_atmosphere;
  const found: Array<{ spec: RecommendationSpec; priority: Priority; reason: string; implementation: string }> = [];
  const add = (id: string, priority: Priority, reason: string, implementation: string) => {
    found.push({ spec: recommendationSpec(id)!, priority, reason, implementation });
  };

  if (m.placeholder_count > 0) {
    add(
      'remove-placeholders',
      'high',
      `${m.placeholder_count} placeholder marker${m.placeholder_count === 1 ? ' remains' : 's remain'} in the text: ${quote(m.placeholders)}`,
      'Sentences and points holding TODO, TBD, lorem ipsum, [insert ...], {{...}} or ??? are removed; a slide left without any text is removed.',
    );
  }
  if (!m.has_objectives_slide) {
    add(
      'add-objectives-slide',
      m.objective_count === 0 ? 'high' : 'medium',
      m.objective_count > 0
        ? `${m.objective_count} learning objectives are defined but none of the first three slides presents them`
        : 'No learning objectives are defined and none of the first three slides states what the learner will be able to do',
      "A 'Learning objectives' slide listing the objectives goes after the title slide; when none are defined, one objective is derived from each section title.",
    );
  }
  if (m.content_slide_count > 0 && (m.question_count === 0 || m.assessed_section_share < 0.5)) {
    const assessed = Math.round(m.assessed_section_share * m.content_slide_count);
    add(
      'add-knowledge-check',
      m.question_count === 0 ? 'high' : 'medium',
      m.question_count === 0
        ? `There are no questions: none of the ${m.content_slide_count} content slides is assessed`
        : `${m.question_count} questions assess ${assessed} of ${m.content_slide_count} content slides`,
      "Questions made from the content's own sentences are added, with a 'Knowledge check' slide before the summary; the answers are in its notes.",
    );
  }
  if (m.dense_slide_count > 0) {
    add(
      'split-dense-slides',
      byShare(share(m.dense_slide_count, m.slide_count), 0.3, 0.1),
      `${m.dense_slide_count} of ${m.slide_count} slides ${have(m.dense_slide_count)} more than ${MAX_POINTS_PER_SLIDE} points`,
      `Each slide with more than ${MAX_POINTS_PER_SLIDE} points becomes slides of at most ${MAX_POINTS_PER_SLIDE} points titled 'Title (2)', 'Title (3)'; speaker notes follow the points they explain.`,
    );
  }
  if (m.long_point_count > 0) {
    add(
      'shorten-long-points',
      byShare(share(m.long_point_count, m.point_count), 0.2, 0.05),
      `${m.long_point_count} of ${m.point_count} points ${have(m.long_point_count)} more than ${LONG_POINT_WORDS} words (longest: ${m.max_words_per_point} words)`,
      `Points over ${LONG_POINT_WORDS} words are cut at a clause boundary to about ${POINT_TARGET_WORDS} words; the full point moves into the speaker notes.`,
    );
  }
  if (m.long_sentence_count > 0) {
    const longShare = share(m.long_sentence_count, m.sentence_count);
    add(
      'simplify-long-sentences',
      longShare >= 0.15 || m.reading_ease < target - 15 ? 'high' : byShare(longShare, 0.15, 0.05),
      `${m.long_sentence_count} of ${m.sentence_count} sentences ${have(m.long_sentence_count)} more than ${LONG_SENTENCE_WORDS} words; reading ease is ${m.reading_ease} (target ${target} for ${request.target_audience})`,
      `Sentences over ${LONG_SENTENCE_WORDS} words are split at semicolons and before ', and', ', but' or ', so' into shorter sentences.`,
    );
  }
  if (m.slides_without_notes > 0) {
    add(
      'add-speaker-notes',
      byShare(share(m.slides_without_notes, m.slide_count), 0.5, 0.2),
      `${m.slides_without_notes} of ${m.slide_count} slides ${have(m.slides_without_notes)} no speaker notes`,
      'Slides without notes get notes made from their own points and paragraphs, one sentence each.',
    );
  }
  if (m.repeated_sentence_count > 0) {
    add(
      'remove-repeated-sentences',
      m.repeated_sentence_count >= 3 ? 'high' : 'medium',
      `${m.repeated_sentence_count} sentence${m.repeated_sentence_count === 1 ? ' repeats' : 's repeat'} earlier text, e.g. ${quote(m.repeated_sentences, 1)}`,
      'Later copies of a repeated sentence are removed; the first one stays.',
    );
  }
  if (m.ai_phrase_count > 0) {
    add(
      'remove-ai-phrases',
      m.ai_phrase_count >= 5 ? 'high' : m.ai_phrase_count >= 2 ? 'medium' : 'low',
      `${m.ai_phrase_count} stock phrase${m.ai_phrase_count === 1 ? '' : 's'} found: ${quote(m.ai_phrases, 4)}`,
      "Stock phrases are replaced with plain wording ('delve into' becomes 'explore') or removed.",
    );
  }
  if (!m.has_summary_slide && m.slide_count > 0) {
    add(
      'add-summary-slide',
      'medium',
      `None of the last three of ${m.slide_count} slides is a summary or recap`,
      "A closing 'Summary' slide lists the section titles, with the same list in its notes.",
    );
  }
  // Tone is cheap to adjust, so a miss of more than a tenth of the profile is worth a recommendation.
  if (toneMatch < TONE_RECOMMENDATION_BELOW) {
    const deviations = toneDeviations(m.tone, atmosphere).slice(0, 2);
    const detail = deviations
      .map((d) => `${TONE_FEATURE_NAMES[d.feature]} ${describeToneValue(d.feature, d.value)} (${atmosphere} wants ${describeRange(d.feature, d.range)})`)
      .join('; ');
    found.push({
      spec: toneRecommendationSpec(atmosphere),
      priority: toneMatch < 60 ? 'high' : toneMatch < 70 ? 'medium' : 'low',
      reason: `The tone matches the ${atmosphere} profile at ${Math.round(toneMatch)}/100: ${detail}`,
      implementation: TONE_IMPLEMENTATION[atmosphere],
    });
  }
  if (m.inconsistent_terms.length > 0) {
    add(
      'unify-term-spelling',
      m.inconsistent_terms.length >= 3 ? 'medium' : 'low',
      `${m.inconsistent_terms.length} term${m.inconsistent_terms.length === 1 ? ' is' : 's are'} spelled in more than one way: ${m.inconsistent_terms
        .slice(0, 3)
        .map((t) => t.forms.map((f) => `'${f}'`).join(' / '))
        .join('; ')}`,
      'Every variant is replaced with the most frequent spelling.',
    );
  }
  if (m.unit_inconsistencies.length > 0) {
    add(
      'unify-units',
      m.unit_inconsistencies.length >= 3 ? 'medium' : 'low',
      `${m.unit_inconsistencies.length} unit${m.unit_inconsistencies.length === 1 ? ' is' : 's are'} written in more than one way: ${m.unit_inconsistencies
        .map((u) => `${u.unit} as ${u.examples.map((e) => `'${e}'`).join(' / ')}`)
        .join('; ')}`,
      'Every quantity uses the most frequent way of writing its unit.',
    );
  }
  if (m.engine_instructions.length > 0) {
    add(
      'remove-engine-instructions',
      'high',
      `${m.engine_instructions.length} sentence${m.engine_instructions.length === 1 ? ' is an instruction' : 's are instructions'} to the writer, not training text, and would be shown or read aloud to learners: ${quote(m.engine_instructions, 2)}`,
      'These sentences are removed from the slides, the speaker notes (which the narration reads) and the objectives.',
    );
  }
  if (m.fragment_objectives.length > 0) {
    add(
      'rewrite-objectives',
      m.fragment_objectives.length === m.objective_count ? 'high' : 'medium',
      `${m.fragment_objectives.length} of ${m.objective_count} learning objectives ${have(m.fragment_objectives.length)} no clear statement of what the learner will do: ${quote(m.fragment_objectives)} (an objective needs a verb and what it acts on, at least ${MIN_STATEMENT_WORDS} words, in the material's own terms)`,
      "Each such objective is replaced by one built from a section title that names a topic ('Explain <section title>'), on the objectives slide too; when no section names a topic, the objectives are left for the trainer to write.",
    );
  }
  if (m.fragment_summary_points.length > 0) {
    add(
      'write-summary-sentences',
      share(m.fragment_summary_points.length, m.summary_point_count) >= 0.5 ? 'high' : 'medium',
      `${m.fragment_summary_points.length} points of the summary are single words or pairs, not points a learner can remember: ${quote(m.fragment_summary_points, 6)}`,
      'The summary lists the first point of each topical section instead; the words it listed move into its notes as key terms.',
    );
  }
  if (m.generic_titles.length > 0 || m.word_list_slides.length > 0) {
    const titles = m.generic_titles.length > 0;
    add(
      'retitle-generic-sections',
      m.generic_titles.length >= Math.max(1, m.content_slide_count) ? 'high' : 'medium',
      [
        titles ? `${m.generic_titles.length} section title${m.generic_titles.length === 1 ? ' names' : 's name'} no topic: ${quote(m.generic_titles)}` : '',
        m.word_list_slides.length > 0 ? `${m.word_list_slides.length} slide${m.word_list_slides.length === 1 ? ' is a list' : 's are lists'} of single words: ${quote(m.word_list_slides)}` : '',
      ]
        .filter(Boolean)
        .join('; '),
      "Each generic title is replaced by the slide's most frequent key term ('Near miss'), numbered when two slides share one.",
    );
  }
  if (m.repeated_title_slide_count > 0) {
    add(
      'remove-repeated-title-slide',
      'medium',
      `${m.repeated_title_slide_count} slide${m.repeated_title_slide_count === 1 ? ' repeats' : 's repeat'} the title '${m.deck_title}' that every output already shows on its cover`,
      'The slide that repeats the title is removed; its text moves into the notes of the slide after it.',
    );
  }
  if (m.markup.length > 0) {
    add(
      'remove-markup',
      m.markup.length >= 3 ? 'high' : 'medium',
      `${m.markup.length} slide text${m.markup.length === 1 ? ' shows' : 's show'} markup characters to learners: ${quote(m.markup)}`,
      'Markdown marks (**, __, #, `), HTML tags, link syntax and stray bullet marks are removed from titles, points and paragraphs; the words stay.',
    );
  }
  if (m.question_faults.length > 0) {
    add(
      'fix-questions',
      m.question_faults.length * 2 >= m.question_count ? 'high' : 'medium',
      `${m.question_faults.length} of ${m.question_count} questions cannot be used as they are: ${m.question_faults
        .slice(0, 3)
        .map((f) => `${quote([f.prompt], 1)} (${QUESTION_PROBLEMS[f.problem]})`)
        .join('; ')}${m.question_faults.length > 3 ? ` and ${m.question_faults.length - 3} more` : ''}`,
      'These questions are removed (and from the knowledge check slide); the sound ones stay.',
    );
  }
  if (m.filler_note_openers.length > 0) {
    const n = m.filler_note_openers.length;
    add(
      'remove-filler-openers',
      'medium',
      `The notes of ${n} slide${n === 1 ? ' open' : 's open'} with a sentence that only says what the section covers, which its title already tells: ${quote(m.filler_note_openers)}`,
      "That opening sentence is removed from the notes, so the narration starts with the section's first fact; notes left empty are made from the slide's points.",
    );
  }
  if (m.unshown_instructions.length > 0) {
    const n = m.unshown_instructions.length;
    add(
      'show-every-instruction',
      n >= 3 ? 'high' : 'medium',
      `${n} instruction${n === 1 ? '' : 's'} in the speaker notes ${n === 1 ? 'is' : 'are'} not on the slide, so learners hear ${n === 1 ? 'it' : 'them'} but do not see ${n === 1 ? 'it' : 'them'}: ${quote(m.unshown_instructions)}`,
      `Each missing instruction is added to its slide as a point of its own, in the material's words (its part of a compound sentence), while the slide has fewer than ${MAX_POINTS_PER_SLIDE} points.`,
    );
  }
  if (m.depth < 0.75 && m.slide_count > 0) {
    add(
      'add-material',
      m.depth < 0.5 ? 'high' : 'medium',
      `The material is thin for a training: ${m.teaching_sentence_count} teaching sentence${m.teaching_sentence_count === 1 ? '' : 's'} (a training deck has at least ${DEPTH_SENTENCES}) on ${m.topical_slide_count} slide${m.topical_slide_count === 1 ? '' : 's'} with a topic of its own (at least ${DEPTH_SLIDES})`,
      'Improvements add no facts: upload the full document or write more of the script, then generate again.',
    );
  }
  if (!m.has_branding || m.company_name_mentions === 0) {
    add(
      'add-branding',
      'low',
      m.has_branding ? `The company name '${m.company_name}' appears 0 times on the slides, in their footers and in the notes` : 'No company branding is set for this project',
      m.has_branding
        ? "A 'Presented by' note with the company name (and website) goes on the first slide."
        : 'Set the company branding in the project settings; the company is then named on the first slide.',
    );
  }

  const order: Priority[] = ['high', 'medium', 'low'];
  const catalogue = (id: string) => {
    const i = RECOMMENDATIONS.findIndex((r) => r.id === id);
    return i < 0 ? RECOMMENDATIONS.length : i;
  };
  const focus = (d: QualityDimension) => (request.focus_areas.includes(d) ? 0 : 1);
  return found
    .sort(
      (a, b) =>
        order.indexOf(a.priority) - order.indexOf(b.priority) ||
        focus(a.spec.dimension) - focus(b.spec.dimension) ||
        catalogue(a.spec.id) - catalogue(b.spec.id),
    )
    .map(({ spec: s, priority, reason, implementation }) => ({
      id: s.id,
      dimension: s.dimension,
      action: s.action,
      priority,
      effort: s.effort,
      reason,
      implementation,
    }));
}

/** The assessment of content for a request: scores, grade, priority areas, recommendations, metrics. */
export function scoreContent(content: ScorableContent, request: QualityRequest): QualityAssessment {
  return assess(measure(content), request);
}

/** scoreContent for content already measured (the AI-service analyses share one measurement). */
export function assess(m: ContentMetrics, request: QualityRequest): QualityAssessment {
  const scores = dimensionScores(m, request);
  const overall = overallScore(scores, request.focus_areas);
  const toneMatch = toneScore(m.tone, request.desired_atmosphere);
  return {
    overall_score: overall,
    quality_grade: qualityGrade(overall),
    dimension_scores: scores,
    priority_areas: priorityAreas(scores),
    recommendations: recommendationsFor(m, request, toneMatch),
    metrics: { ...numericMetrics(m), tone_match: round(toneMatch, 1), reading_target: readingTarget(request.target_audience) },
    engagement_prediction: engagementPrediction(m, request.target_audience),
  };
}
