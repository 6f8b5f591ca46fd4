// Improvements never introduce a fault the scorer names: every fixture deck of the quality tests
// (written decks in five registers and languages, and the offline engine's captured output) with
// every applicable recommendation applied, checked with the content bar's fault checks.
import type { ScorableContent } from '../../src/domain/types.js';
import { applyImprovements, contentBar, cutPhrase, scoreContent } from '../../src/quality/index.js';
import { questionsFromContent as makeQuestions } from '../../src/services/review-questions.js';
import { CASUAL_SLIDES, FORMAL_SLIDES, FRENCH_SLIDES, GOOD_SLIDES, POOR_SLIDES, SPANISH_SLIDES, captured, content, request } from './fixtures.js';

const FIXTURES: Array<[name: string, make: () => ScorableContent, language: 'en' | 'es' | 'fr']> = [
  ['poor slides', () => content(POOR_SLIDES), 'en'],
  ['poor slides without objectives', () => ({ ...content(POOR_SLIDES), objectives: [] }), 'en'],
  ['good slides', () => content(GOOD_SLIDES), 'en'],
  ['casual slides', () => content(CASUAL_SLIDES), 'en'],
  ['formal slides', () => content(FORMAL_SLIDES), 'en'],
  ['Spanish slides', () => content(SPANISH_SLIDES), 'es'],
  ['French slides', () => content(FRENCH_SLIDES), 'fr'],
  ['captured forklift deck', () => captured('forklift-safety'), 'en'],
  ['captured three-sentence deck', () => captured('three-sentences'), 'en'],
];

// Without the source text: the deck's own checks (objectives, summary, titles, markup,
// instructions to the writer, questions, phrases cut mid-way).
const faultsOf = (c: ScorableContent, language: 'en' | 'es' | 'fr') => new Set(contentBar(c, '', language).failures);
const newFaults = (before: Set<string>, after: Set<string>) => [...after].filter((f) => !before.has(f));

describe('improvements introduce no fault', () => {
  it.each(FIXTURES)('%s: every applicable improvement applied', (_name, make, language) => {
    const before = make();
    const assessment = scoreContent(before, request());
    const ids = assessment.recommendations.map((r) => r.id);
    const { content: after, applied } = applyImprovements(before, assessment, ids, {}, '', { makeQuestions });
    expect(newFaults(faultsOf(before, language), faultsOf(after, language))).toEqual([]);
    expect(scoreContent(after, request()).overall_score).toBeGreaterThanOrEqual(assessment.overall_score);
    expect(applied.length).toBeGreaterThan(0);
  });

  it.each(FIXTURES)('%s: the objectives and summary slides it adds are statements', (_name, make, language) => {
    // Without the deck's objectives, summary and knowledge check, both slides are made again.
    const bare = make();
    bare.objectives = [];
    bare.deck.slides = bare.deck.slides.filter((s) => !/objective|summary|recap|takeaway|knowledge|resumen|objetivo|résumé|objectif|conclusion/i.test(s.title));
    const assessment = scoreContent(bare, request());
    const ids = ['add-objectives-slide', 'add-summary-slide'].filter((id) => assessment.recommendations.some((r) => r.id === id));
    const { content: after } = applyImprovements(bare, assessment, ids, {}, '', { makeQuestions });
    expect([...faultsOf(after, language)].filter((f) => !faultsOf(bare, language).has(f))).toEqual([]);
    for (const o of after.objectives) expect(o.split(/\s+/).length).toBeGreaterThanOrEqual(3);
    if (language === 'en') for (const o of after.objectives) expect({ o, cut: cutPhrase(o, '', false) }).toEqual({ o, cut: false });
    expect(scoreContent(after, request()).overall_score).toBeGreaterThanOrEqual(assessment.overall_score);
  });
});
