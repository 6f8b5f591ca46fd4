// Tone alignment: how far the measured tone of the text is from what the chosen atmosphere asks
// for. Each atmosphere is a profile of ranges; a value inside its range costs nothing, outside it
// costs in proportion to the distance, up to the feature's tolerance.
import type { Atmosphere } from '@trainwright/catalogue';
import type { ToneMeasures } from './metrics.js';
import { round } from './text.js';

export const TONE_FEATURES = [
  'informal_share',
  'second_person_share',
  'exclamation_share',
  'question_share',
  'imperative_share',
  'passive_share',
  'sentence_length_cv',
  'words_per_sentence',
] as const;
export type ToneFeature = (typeof TONE_FEATURES)[number];

export interface Range {
  min: number;
  max: number;
}

type Profile = Record<ToneFeature, Range>;

const r = (min: number, max: number): Range => ({ min, max });

/**
 * Shares are of sentences (0-1); sentence_length_cv is the spread of sentence length; words_per_sentence
 * is the mean. Formal text avoids contractions, 'you' and exclamations and may use longer sentences;
 * casual text uses contractions and addresses the learner; motivational text speaks to the learner
 * with calls to action and some exclamations; humorous and creative text varies its rhythm and asks.
 */
export const TONE_PROFILES: Record<Atmosphere, Profile> = {
  professional: {
    informal_share: r(0, 0.15),
    second_person_share: r(0.05, 0.5),
    exclamation_share: r(0, 0.03),
    question_share: r(0, 0.2),
    imperative_share: r(0, 0.6),
    passive_share: r(0, 0.2),
    sentence_length_cv: r(0.3, 2),
    words_per_sentence: r(8, 22),
  },
  formal: {
    informal_share: r(0, 0),
    second_person_share: r(0, 0.1),
    exclamation_share: r(0, 0),
    question_share: r(0, 0.1),
    imperative_share: r(0, 0.4),
    passive_share: r(0, 0.4),
    sentence_length_cv: r(0.2, 2),
    words_per_sentence: r(12, 30),
  },
  casual: {
    informal_share: r(0.15, 1),
    second_person_share: r(0.3, 1),
    exclamation_share: r(0, 0.15),
    question_share: r(0.05, 0.4),
    imperative_share: r(0, 0.7),
    passive_share: r(0, 0.1),
    sentence_length_cv: r(0.3, 2),
    words_per_sentence: r(4, 16),
  },
  humorous: {
    informal_share: r(0.1, 1),
    second_person_share: r(0.2, 1),
    exclamation_share: r(0.03, 0.25),
    question_share: r(0.08, 0.4),
    imperative_share: r(0, 0.7),
    passive_share: r(0, 0.1),
    sentence_length_cv: r(0.45, 2),
    words_per_sentence: r(4, 16),
  },
  creative: {
    informal_share: r(0, 0.6),
    second_person_share: r(0.15, 0.9),
    exclamation_share: r(0, 0.2),
    question_share: r(0.08, 0.4),
    imperative_share: r(0.05, 0.7),
    passive_share: r(0, 0.15),
    sentence_length_cv: r(0.45, 2),
    words_per_sentence: r(5, 22),
  },
  motivational: {
    informal_share: r(0, 0.6),
    second_person_share: r(0.35, 1),
    exclamation_share: r(0.03, 0.2),
    question_share: r(0, 0.3),
    imperative_share: r(0.1, 0.7),
    passive_share: r(0, 0.1),
    sentence_length_cv: r(0.3, 2),
    words_per_sentence: r(4, 18),
  },
};

/** Distance outside the range at which a feature counts as entirely wrong. */
const TOLERANCE: Record<ToneFeature, number> = {
  informal_share: 0.3,
  second_person_share: 0.35,
  exclamation_share: 0.1,
  question_share: 0.15,
  imperative_share: 0.3,
  passive_share: 0.25,
  sentence_length_cv: 0.3,
  words_per_sentence: 8,
};

// Register (contractions, address, exclamations) decides tone more than rhythm does.
const WEIGHT: Record<ToneFeature, number> = {
  informal_share: 2,
  second_person_share: 1.5,
  exclamation_share: 1.5,
  question_share: 0.75,
  imperative_share: 0.75,
  passive_share: 1,
  sentence_length_cv: 0.5,
  words_per_sentence: 1,
};

/** What the reason of a tone recommendation calls each feature. */
export const TONE_FEATURE_NAMES: Record<ToneFeature, string> = {
  informal_share: 'informal forms (contractions, familiar address)',
  second_person_share: 'sentences addressing the learner',
  exclamation_share: 'exclamations',
  question_share: 'questions',
  imperative_share: 'calls to action',
  passive_share: 'passive sentences',
  sentence_length_cv: 'variation of sentence length',
  words_per_sentence: 'words per sentence',
};

export interface ToneDeviation {
  feature: ToneFeature;
  value: number;
  range: Range;
  /** 0 inside the range, 1 at or beyond the tolerance. */
  penalty: number;
  direction: 'high' | 'low';
}

/** The features outside the atmosphere's range, worst (weighted) first. */
export function toneDeviations(tone: ToneMeasures, atmosphere: Atmosphere): ToneDeviation[] {
  const profile = TONE_PROFILES[atmosphere];
  const out: ToneDeviation[] = [];
  for (const feature of TONE_FEATURES) {
    const value = tone[feature];
    if (value === null) continue;
    const range = profile[feature];
    const distance = value < range.min ? range.min - value : value > range.max ? value - range.max : 0;
    if (distance <= 0) continue;
    out.push({ feature, value, range, penalty: Math.min(1, distance / TOLERANCE[feature]), direction: value < range.min ? 'low' : 'high' });
  }
  return out.sort((a, b) => b.penalty * WEIGHT[b.feature] - a.penalty * WEIGHT[a.feature]);
}

/** 0-100: the weighted share of tone features inside the atmosphere's ranges. */
export function toneScore(tone: ToneMeasures, atmosphere: Atmosphere): number {
  // No sentences, no tone to match.
  if (tone.words_per_sentence === 0) return 0;
  let weights = 0;
  for (const feature of TONE_FEATURES) if (tone[feature] !== null) weights += WEIGHT[feature];
  if (weights === 0) return 0;
  const lost = toneDeviations(tone, atmosphere).reduce((sum, d) => sum + d.penalty * WEIGHT[d.feature], 0);
  return round(100 * (1 - lost / weights), 1);
}

/** '35% of sentences' for shares, the plain number for the others. */
export function describeToneValue(feature: ToneFeature, value: number): string {
  if (feature === 'words_per_sentence') return `${round(value, 1)}`;
  if (feature === 'sentence_length_cv') return `${round(value, 2)}`;
  return `${Math.round(value * 100)}%`;
}
