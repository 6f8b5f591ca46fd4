// Quality scoring, improvements and the AI-service analyses of the generator.
export { measure, numericMetrics, termVariants, unitVariants, lixBand, LONG_POINT_WORDS, POINT_TARGET_WORDS, TEXT_HEAVY_SLIDE_WORDS } from './metrics.js';
export type { ContentMetrics, ToneMeasures, TermVariant, UnitVariant } from './metrics.js';
export {
  scoreContent,
  assess,
  dimensionScores,
  overallScore,
  priorityAreas,
  engagementPrediction,
  readingTarget,
  recommendationSpec,
  RECOMMENDATIONS,
  TONE_RECOMMENDATION_PREFIX,
} from './score.js';
export type { RecommendationSpec } from './score.js';
export { TONE_PROFILES, toneScore, toneDeviations } from './tone.js';
export type { ToneFeature } from './tone.js';
export { applyImprovements } from './improve.js';
export type { ImproveHelpers, ImproveResult } from './improve.js';
export { analyze, initializeService, requestFromParameters } from './analyses.js';
export { barObjectives, contentBar, scorableFromResult, unmeasurableObjectives, BAR_MIN_SCORE, BAR_REQUEST } from './bar.js';
export type { BarReport } from './bar.js';
export { findFaults, sourceFindings, cutPhrase, cutPhrases, isNegationOf, objectivePhraseFound, findMarkup, isEngineInstruction, isGenericTitle, MIN_STATEMENT_WORDS } from './faults.js';
