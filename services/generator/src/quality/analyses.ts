// The Enhanced AI Dashboard's analyses and services. Each analysis reads the same measurements as
// quality scoring and answers with a score 0-100, recommendations as plain sentences (most
// important first, each naming the measurement behind it) and the measurements as insights.
import {
  ATMOSPHERES,
  DEFAULT_ATMOSPHERE,
  DEFAULT_TARGET_AUDIENCE,
  QUALITY_DIMENSIONS,
  SERVICE_ANALYSES,
  qualityBand,
  type AiServiceType,
  type AnalysisType,
  type QualityDimension,
} from '@trainwright/catalogue';
import type { AiServiceResult, QualityRequest, ScorableContent } from '../domain/types.js';
import { LONG_POINT_WORDS, LONG_SENTENCE_WORDS, MAX_POINTS_PER_SLIDE, TEXT_HEAVY_SLIDE_WORDS, lixBand, measure, type ContentMetrics } from './metrics.js';
import { assess, dimensionScores, engagementParts, engagementPrediction, readabilityPart, readingTarget, sentenceLengthPart, type EngagementParts } from './score.js';
import { BLOOM_LEVELS, clamp, round, share } from './text.js';

type Analysis = (m: ContentMetrics, content: ScorableContent, request: QualityRequest, parameters: Record<string, unknown>) => AiServiceResult;

const pct = (value: number) => `${Math.round(value * 100)}%`;
const list = (items: readonly string[], n = 3) =>
  items
    .slice(0, n)
    .map((i) => `'${i.length > 60 ? `${i.slice(0, 57)}...` : i}'`)
    .join(', ') + (items.length > n ? ` and ${items.length - n} more` : '');
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** The quality request an analysis runs with: the parameters where valid, the defaults otherwise. */
export function requestFromParameters(parameters: Record<string, unknown>): QualityRequest {
  const atmosphere = text(parameters.desired_atmosphere);
  const focus = Array.isArray(parameters.focus_areas) ? parameters.focus_areas : [];
  return {
    desired_atmosphere: (ATMOSPHERES as readonly string[]).includes(atmosphere) ? (atmosphere as QualityRequest['desired_atmosphere']) : DEFAULT_ATMOSPHERE,
    target_audience: text(parameters.target_audience) || DEFAULT_TARGET_AUDIENCE,
    focus_areas: QUALITY_DIMENSIONS.filter((d: QualityDimension) => focus.includes(d)),
    notes: text(parameters.notes),
  };
}

const contentQuality: Analysis = (m, _content, request) => {
  const a = assess(m, request);
  return {
    score: a.overall_score,
    recommendations: a.recommendations.map((r) => `${r.action}: ${r.reason}.`),
    insights: {
      overall_score: a.overall_score,
      quality_grade: a.quality_grade,
      quality_band: qualityBand(a.overall_score),
      dimension_scores: a.dimension_scores,
      priority_areas: a.priority_areas,
      desired_atmosphere: request.desired_atmosphere,
      target_audience: request.target_audience,
      tone_match: a.metrics.tone_match,
    },
  };
};

const ENGAGEMENT_ORDER: Array<keyof EngagementParts> = ['interactivity', 'readability', 'slide_length', 'learner_address', 'variety'];

const engagement: Analysis = (m, _content, request) => {
  const parts = engagementParts(m, request.target_audience);
  const contentWords = m.words_per_slide.filter((_, i) => m.roles[i] === 'content');
  const perSlide = round(share(contentWords.reduce((a, b) => a + b, 0), contentWords.length), 1);
  const target = readingTarget(request.target_audience);
  const advice: Record<keyof EngagementParts, string> = {
    interactivity: `Add questions: there are ${m.question_count} for ${m.content_slide_count} content slides (${m.questions_per_slide} per slide; aim for at least 0.5).`,
    readability: `Make the text easier to follow: reading ease is ${m.reading_ease}, the target for ${request.target_audience} is ${target}.`,
    slide_length:
      perSlide < 15
        ? `Give content slides more substance: they average ${perSlide} words (15 to 60 hold attention).`
        : `Move text from the slides into the notes: content slides average ${perSlide} words (15 to 60 hold attention).`,
    learner_address: `Address the learner directly: ${pct(m.tone.second_person_share)} of sentences say 'you' (aim for 20%).`,
    variety: `Vary the rhythm: sentence length varies by ${round(m.tone.sentence_length_cv, 2)} (aim for 0.5) and ${pct(m.tone.question_share + m.tone.exclamation_share)} of sentences are questions or exclamations.`,
  };
  const weak = ENGAGEMENT_ORDER.filter((k) => parts[k] < 0.7).sort((a, b) => parts[a] - parts[b]);
  return {
    score: engagementPrediction(m, request.target_audience),
    recommendations: weak.map((k) => advice[k]),
    insights: {
      engagement_prediction: engagementPrediction(m, request.target_audience),
      components: Object.fromEntries(ENGAGEMENT_ORDER.map((k) => [k, Math.round(parts[k] * 100)])),
      question_count: m.question_count,
      questions_per_slide: m.questions_per_slide,
      average_words_per_content_slide: perSlide,
      second_person_share: round(m.tone.second_person_share, 3),
      question_share: round(m.tone.question_share, 3),
      exclamation_share: round(m.tone.exclamation_share, 3),
      sentence_length_cv: round(m.tone.sentence_length_cv, 3),
      reading_ease: m.reading_ease,
    },
  };
};

const contentSuggestions: Analysis = (m) => {
  const recs: Array<[weight: number, sentence: string]> = [];
  const slides = Math.max(1, m.slide_count);
  const uncoveredShare = m.objective_count === 0 ? 1 : share(m.uncovered_objectives.length, m.objective_count);
  const undefinedShare = share(m.undefined_terms.length, m.key_terms.length);
  const exampleGap = 1 - clamp(m.example_share / 0.5);
  if (m.placeholder_count > 0) recs.push([1, `Replace ${m.placeholder_count} placeholders with real content: ${list(m.placeholders)}.`]);
  if (m.empty_slide_count > 0) recs.push([share(m.empty_slide_count, slides), `Add points to ${m.empty_slide_count} slides that have only a heading: ${list(m.empty_slides)}.`]);
  if (m.objective_count === 0) recs.push([1, 'Define learning objectives: none are set, so coverage cannot be checked.']);
  else if (m.uncovered_objectives.length > 0) {
    recs.push([uncoveredShare, `Cover ${m.uncovered_objectives.length} of ${m.objective_count} objectives the slides do not address: ${list(m.uncovered_objectives)}.`]);
  }
  if (m.undefined_terms.length > 0) {
    recs.push([undefinedShare, `Define ${m.undefined_terms.length} of ${m.key_terms.length} key terms in the glossary (it has ${m.glossary_count} entries): ${list(m.undefined_terms, 5)}.`]);
  }
  if (m.slides_without_notes > 0) recs.push([share(m.slides_without_notes, slides), `Write speaker notes for ${m.slides_without_notes} of ${m.slide_count} slides.`]);
  if (exampleGap > 0 && m.content_slide_count > 0) {
    const withExample = Math.round(m.example_share * m.content_slide_count);
    recs.push([exampleGap / 2, `Add examples: ${withExample} of ${m.content_slide_count} content slides ${withExample === 1 ? 'gives' : 'give'} one.`]);
  }
  const score =
    100 -
    Math.min(20, 10 * m.placeholder_count) -
    20 * share(m.empty_slide_count, slides) -
    20 * uncoveredShare -
    15 * undefinedShare -
    15 * share(m.slides_without_notes, slides) -
    10 * exampleGap;
  return {
    score: Math.round(clamp(score, 0, 100)),
    recommendations: recs.sort((a, b) => b[0] - a[0]).map(([, s]) => s),
    insights: {
      empty_slides: m.empty_slides,
      objective_count: m.objective_count,
      uncovered_objectives: m.uncovered_objectives,
      key_terms: m.key_terms,
      undefined_terms: m.undefined_terms,
      glossary_count: m.glossary_count,
      slides_without_notes: m.slides_without_notes,
      example_share: m.example_share,
      placeholders: m.placeholders,
    },
  };
};

const readability: Analysis = (m, _content, request) => {
  const target = readingTarget(request.target_audience);
  const ease = clamp(readabilityPart(m, target));
  const sentences = clamp(sentenceLengthPart(m));
  const recs: string[] = [];
  if (m.long_sentence_count > 0) {
    const longest = m.longest_sentences[0]!;
    const which = m.long_sentence_count === 1 ? 'the sentence' : `the ${m.long_sentence_count} sentences`;
    recs.push(`Split ${which} over ${LONG_SENTENCE_WORDS} words; the longest (${longest.words} words, slide ${longest.slide}) reads: ${list([longest.text], 1)}.`);
  }
  if (m.reading_ease < target) {
    recs.push(`Use shorter words and sentences: reading ease is ${m.reading_ease}, below the target of ${target} for ${request.target_audience}; ${pct(m.long_word_share)} of words have 7 or more letters and sentences average ${m.words_per_sentence} words.`);
  }
  if (m.grade_level !== null && m.grade_level > 12) recs.push(`Aim for grade 8 to 10: the Flesch-Kincaid grade level is ${m.grade_level}.`);
  return {
    score: Math.round(100 * (0.7 * ease + 0.3 * sentences)),
    recommendations: recs,
    insights: {
      language: m.language,
      reading_ease: m.reading_ease,
      target_reading_ease: target,
      flesch_reading_ease: m.flesch_reading_ease,
      grade_level: m.grade_level,
      lix: m.lix,
      lix_band: lixBand(m.lix),
      words_per_sentence: m.words_per_sentence,
      long_word_share: m.long_word_share,
      sentence_count: m.sentence_count,
      long_sentence_count: m.long_sentence_count,
      longest_sentences: m.longest_sentences,
    },
  };
};

const learningEffectiveness: Analysis = (m, _content, request) => {
  const classified = BLOOM_LEVELS.reduce((n, l) => n + m.bloom_levels[l], 0);
  const levels = BLOOM_LEVELS.filter((l) => m.bloom_levels[l] > 0);
  const higherOrder = m.bloom_levels.analysis + m.bloom_levels.synthesis + m.bloom_levels.evaluation;
  const recs: string[] = [];
  if (m.objective_count === 0) recs.push('Define learning objectives that start with a measurable verb (explain, apply, compare): none are set.');
  if (m.question_count === 0 && m.content_slide_count > 0) recs.push(`Add questions: none of the ${m.content_slide_count} content slides is assessed.`);
  else if (m.unassessed_slides.length > 0) {
    recs.push(`Assess more sections: questions cover ${pct(m.assessed_section_share)} of content slides; not covered: ${list(m.unassessed_slides)}.`);
  }
  if (m.uncovered_objectives.length > 0) recs.push(`Teach what the objectives promise: ${m.uncovered_objectives.length} of ${m.objective_count} are not covered by the slides: ${list(m.uncovered_objectives)}.`);
  if (m.bloom_levels.unclassified > 0) recs.push(`Start ${m.bloom_levels.unclassified} of ${m.objective_count} objectives with a measurable verb (explain, apply, compare, evaluate).`);
  if (classified > 0 && levels.length === 1) recs.push(`Vary the objectives: all ${classified} classified objectives are at the ${levels[0]} level.`);
  if (classified > 0 && higherOrder === 0) recs.push(`Add an objective at the analysis, synthesis or evaluation level: all ${classified} are at lower levels (${levels.join(', ')}).`);
  if (!m.has_summary_slide) recs.push('Close with a summary: none of the last three slides recaps the content.');
  if (!m.has_objectives_slide && m.objective_count > 0) recs.push(`Show the ${m.objective_count} objectives on a slide near the start.`);
  return {
    score: dimensionScores(m, request).educational_effectiveness,
    recommendations: recs,
    insights: {
      objective_count: m.objective_count,
      objective_coverage: m.objective_coverage,
      uncovered_objectives: m.uncovered_objectives,
      question_count: m.question_count,
      questions_per_slide: m.questions_per_slide,
      assessed_section_share: m.assessed_section_share,
      unassessed_slides: m.unassessed_slides,
      bloom_levels: m.bloom_levels,
      bloom_level_count: levels.length,
      higher_order_share: round(share(higherOrder, classified), 3),
      has_objectives_slide: m.has_objectives_slide,
      has_knowledge_check_slide: m.has_knowledge_check_slide,
      has_summary_slide: m.has_summary_slide,
      example_share: m.example_share,
    },
  };
};

/** Narration pace for the length estimate (words per minute of speech). */
const SPOKEN_WORDS_PER_MINUTE = 150;

const visualOptimization: Analysis = (m, content, request, parameters) => {
  const minutes = round((m.word_count + m.notes_word_count) / SPOKEN_WORDS_PER_MINUTE, 1);
  const imageStyle = text(parameters.image_style) || content.imageStyle.trim();
  const fontStyle = text(parameters.font_style) || content.fontStyle.trim();
  const average = round(share(m.words_per_slide.reduce((a, b) => a + b, 0), m.slide_count), 1);
  const recs: string[] = [];
  if (m.dense_slide_count > 0) recs.push(`Split ${plural(m.dense_slide_count, 'slide')} with more than ${MAX_POINTS_PER_SLIDE} points.`);
  if (m.text_heavy_slide_count > 0) {
    recs.push(`Cut text on ${plural(m.text_heavy_slide_count, 'slide')} with more than ${TEXT_HEAVY_SLIDE_WORDS} words; move the detail into the notes.`);
  }
  if (m.long_point_count > 0) {
    recs.push(`Shorten ${plural(m.long_point_count, 'point')} over ${LONG_POINT_WORDS} words (longest ${m.max_words_per_point}; points average ${m.avg_words_per_point} words).`);
  }
  if (minutes >= 2 && m.slide_count < minutes / 2) recs.push(`Add visual breaks: ${m.slide_count} slides carry about ${minutes} minutes of narration (aim for a slide every 1 to 2 minutes).`);
  if (minutes > 0 && m.slide_count > minutes * 4 && m.slide_count > 8) recs.push(`Merge short slides: ${m.slide_count} slides for about ${minutes} minutes of narration change faster than learners can read.`);
  if (!imageStyle) recs.push('No image style is chosen: choose one so illustrations look alike across slides.');
  if (!fontStyle) recs.push('No font style is chosen: choose one so every slide uses the same type.');
  if (text(parameters.font_style) && content.fontStyle.trim() && text(parameters.font_style) !== content.fontStyle.trim()) {
    recs.push(`The project uses the font style '${content.fontStyle}', not '${text(parameters.font_style)}'; use one throughout.`);
  }
  return {
    score: dimensionScores(m, request).visual_design,
    recommendations: recs,
    insights: {
      slide_count: m.slide_count,
      words_per_slide: m.words_per_slide,
      average_words_per_slide: average,
      text_heavy_slide_count: m.text_heavy_slide_count,
      dense_slide_count: m.dense_slide_count,
      avg_words_per_point: m.avg_words_per_point,
      max_words_per_point: m.max_words_per_point,
      long_point_count: m.long_point_count,
      estimated_minutes: minutes,
      image_style: imageStyle || null,
      font_style: fontStyle || null,
    },
  };
};

const brandConsistency: Analysis = (m, content, _request, parameters) => {
  const branding = content.branding;
  const name = branding?.company_name?.trim() ?? '';
  const requestedFont = text(parameters.font_style);
  const fontConsistent = content.fontStyle.trim() !== '' && (!requestedFont || requestedFont === content.fontStyle.trim());
  // Without branding the name checks fail too, but only the advice to set it is given.
  const checks: Array<[passed: boolean, weight: number, advice: string | null]> = [
    [name !== '', 30, 'Set the company branding (name, logo, website) in the project settings: none is set.'],
    [name !== '' && m.company_name_mentions > 0, 25, name ? `Name the company: '${name}' does not appear on any slide or in the notes.` : null],
    // Consistency needs at least one mention; the advice only comes when there are variants.
    [
      m.company_name_mentions > 0 && m.company_name_variants.length === 0,
      20,
      m.company_name_variants.length > 0 ? `Write the company name one way: it appears as ${list(m.company_name_variants)} besides '${name}'.` : null,
    ],
    [content.templateId.trim() !== '', 15, 'No template is chosen: choose one so the deck follows the company look.'],
    [
      fontConsistent,
      10,
      content.fontStyle.trim() === ''
        ? 'No font style is chosen for the project.'
        : `Use one font style: the project has '${content.fontStyle}', the request names '${requestedFont}'.`,
    ],
  ];
  return {
    score: checks.reduce((n, [passed, weight]) => n + (passed ? weight : 0), 0),
    recommendations: checks.flatMap(([passed, , advice]) => (!passed && advice ? [advice] : [])),
    insights: {
      branding_set: name !== '',
      company_name: name || null,
      company_name_mentions: m.company_name_mentions,
      company_name_variants: m.company_name_variants,
      logo_set: Boolean(branding?.logo_url?.trim()),
      website: branding?.website?.trim() || null,
      template_id: content.templateId || null,
      font_style: content.fontStyle || null,
    },
  };
};

const ANALYSES: Record<AnalysisType, Analysis> = {
  content_quality: contentQuality,
  engagement_prediction: engagement,
  content_suggestions: contentSuggestions,
  readability_check: readability,
  learning_effectiveness: learningEffectiveness,
  visual_optimization: visualOptimization,
  brand_consistency: brandConsistency,
};

/** One analysis of the content; parameters may set desired_atmosphere, target_audience, focus_areas, font_style, image_style. */
export function analyze(type: AnalysisType, content: ScorableContent, parameters: Record<string, unknown> = {}): AiServiceResult {
  return ANALYSES[type](measure(content), content, requestFromParameters(parameters), parameters);
}

/** A service runs its analyses: score is their mean, recommendations merged without repeats, insights per analysis. */
export function initializeService(type: AiServiceType, content: ScorableContent): AiServiceResult {
  const m = measure(content);
  const request = requestFromParameters({});
  const recommendations: string[] = [];
  const insights: Record<string, unknown> = {};
  let total = 0;
  const analyses = SERVICE_ANALYSES[type];
  for (const analysis of analyses) {
    const result = ANALYSES[analysis](m, content, request, {});
    total += result.score;
    for (const r of result.recommendations) if (!recommendations.includes(r)) recommendations.push(r);
    insights[analysis] = { score: result.score, ...result.insights };
  }
  return { score: Math.round(share(total, analyses.length)), recommendations, insights };
}
