import { defineMessages } from './messages.js';
// AI quality scoring and the Enhanced AI Dashboard (part 2 sections 2-4, 7 and 9): dimensions,
// atmospheres, colour bands, grades, the four AI services and the seven analysis types.

export const QUALITY_DIMENSIONS = [
  'content_quality',
  'structure_flow',
  'visual_design',
  'educational_effectiveness',
  'tone_alignment',
  'technical_accuracy',
] as const;
export type QualityDimension = (typeof QUALITY_DIMENSIONS)[number];

export const ATMOSPHERES = ['professional', 'humorous', 'casual', 'formal', 'creative', 'motivational'] as const;
export type Atmosphere = (typeof ATMOSPHERES)[number];
export const DEFAULT_ATMOSPHERE: Atmosphere = 'professional';
export const DEFAULT_TARGET_AUDIENCE = 'professional learners';

export const PRIORITIES = ['high', 'medium', 'low'] as const;
export type Priority = (typeof PRIORITIES)[number];
export const EFFORTS = ['low', 'medium', 'high'] as const;
export type Effort = (typeof EFFORTS)[number];

export type QualityBand = 'green' | 'blue' | 'yellow' | 'orange' | 'red';

/** 90 and above green, 80 blue, 70 yellow, 60 orange, below 60 red. */
export function qualityBand(score: number): QualityBand {
  if (score >= 90) return 'green';
  if (score >= 80) return 'blue';
  if (score >= 70) return 'yellow';
  if (score >= 60) return 'orange';
  return 'red';
}

/** The grade shown in the score circle; the same cut-offs as the colour bands. */
export function qualityGrade(score: number): 'A' | 'B' | 'C' | 'D' | 'F' {
  if (score >= 90) return 'A';
  if (score >= 80) return 'B';
  if (score >= 70) return 'C';
  if (score >= 60) return 'D';
  return 'F';
}

export const AI_SERVICE_TYPES = ['content_generator', 'quality_optimizer', 'visual_enhancer', 'adaptive_learning'] as const;
export type AiServiceType = (typeof AI_SERVICE_TYPES)[number];

export const ANALYSIS_TYPES = [
  'content_quality',
  'engagement_prediction',
  'content_suggestions',
  'readability_check',
  'learning_effectiveness',
  'visual_optimization',
  'brand_consistency',
] as const;
export type AnalysisType = (typeof ANALYSIS_TYPES)[number];

/** The quick actions of each service on the dashboard: the analyses it runs. */
export const SERVICE_ANALYSES: Record<AiServiceType, AnalysisType[]> = {
  content_generator: ['content_suggestions', 'readability_check'],
  quality_optimizer: ['content_quality', 'brand_consistency'],
  visual_enhancer: ['visual_optimization'],
  adaptive_learning: ['learning_effectiveness', 'engagement_prediction'],
};

export const QUALITY_MESSAGES = defineMessages('quality', {
  selectRecommendation: 'Please select at least one recommendation to apply.',
  premiumRequired: 'AI Quality Scoring is a premium feature. Please upgrade your plan to use it.',
  applyStarted: 'Quality improvements are being applied! A new enhanced version will be created while preserving your original.',
  aiAgentsRequired: 'Enhanced AI Agents is a Premium feature available in Professional plans and above.',
  notGenerated: 'This project has no content to analyse yet.',
  assessmentNotFound: 'Assessment not found',
} as const);
