import { QUALITY_DIMENSIONS, qualityBand, qualityGrade, type QualityDimension } from '@trainwright/catalogue';
import { MAX_POINTS_PER_SLIDE, parseSlideText } from '@trainwright/formats';
import { measure, overallScore, priorityAreas, scoreContent } from '../../src/quality/index.js';
import { CASUAL_SLIDES, FORMAL_SLIDES, FRENCH_SLIDES, POOR_SLIDES, SPANISH_SLIDES, content, goodContent, poorContent, request } from './fixtures.js';

const scores = (values: number[]): Record<QualityDimension, number> =>
  Object.fromEntries(QUALITY_DIMENSIONS.map((d, i) => [d, values[i]!])) as Record<QualityDimension, number>;

describe('scoreContent', () => {
  it('should give the same assessment for the same content', () => {
    expect(scoreContent(poorContent(), request())).toEqual(scoreContent(poorContent(), request()));
    expect(scoreContent(goodContent(), request({ desired_atmosphere: 'casual' }))).toEqual(scoreContent(goodContent(), request({ desired_atmosphere: 'casual' })));
  });

  it('should give integer scores from 0 to 100 and the grade of the overall score', () => {
    for (const c of [poorContent(), goodContent(), content(SPANISH_SLIDES), content(FRENCH_SLIDES)]) {
      const a = scoreContent(c, request());
      for (const value of [a.overall_score, a.engagement_prediction, ...Object.values(a.dimension_scores)]) {
        expect(Number.isInteger(value)).toBe(true);
        expect(value).toBeGreaterThanOrEqual(0);
        expect(value).toBeLessThanOrEqual(100);
      }
      expect(Object.keys(a.dimension_scores).sort()).toEqual([...QUALITY_DIMENSIONS].sort());
      for (const value of Object.values(a.metrics)) expect(Number.isFinite(value)).toBe(true);
      expect(a.quality_grade).toBe(qualityGrade(a.overall_score));
    }
  });

  it('should score a poor deck lower on every dimension its faults touch', () => {
    const poor = scoreContent(poorContent(), request());
    const good = scoreContent(goodContent(), request());
    for (const d of ['content_quality', 'structure_flow', 'visual_design', 'educational_effectiveness', 'technical_accuracy'] as const) {
      expect(poor.dimension_scores[d]).toBeLessThan(good.dimension_scores[d]);
    }
    expect(poor.overall_score).toBeLessThan(good.overall_score);
    expect(poor.engagement_prediction).toBeLessThan(good.engagement_prediction);
    expect(good.quality_grade).toBe('A');
    expect(poor.quality_grade).toBe('F');
  });

  it('should lower a dimension when only its own fault is added', () => {
    const good = goodContent();
    const base = scoreContent(good, request()).dimension_scores;
    const withPlaceholder = structuredClone(good);
    withPlaceholder.deck.slides[2]!.points.push('TODO: add the breach statistics');
    expect(scoreContent(withPlaceholder, request()).dimension_scores.technical_accuracy).toBeLessThan(base.technical_accuracy);

    const withoutNotes = structuredClone(good);
    for (const s of withoutNotes.deck.slides) s.notes = '';
    expect(scoreContent(withoutNotes, request()).dimension_scores.content_quality).toBeLessThan(base.content_quality);

    const withoutQuestions = { ...structuredClone(good), questions: [] };
    expect(scoreContent(withoutQuestions, request()).dimension_scores.educational_effectiveness).toBeLessThan(base.educational_effectiveness);

    const dense = structuredClone(good);
    dense.deck.slides[3]!.points.push('Write passwords down only in a locked place', 'Do not share passwords with colleagues', 'Use the password reset page when locked out');
    expect(dense.deck.slides[3]!.points.length).toBeGreaterThan(MAX_POINTS_PER_SLIDE);
    expect(scoreContent(dense, request()).dimension_scores.visual_design).toBeLessThan(base.visual_design);
  });

  it('should score a contraction-heavy casual text better for casual than for formal, and a formal text the other way round', () => {
    const casual = content(CASUAL_SLIDES);
    const formal = content(FORMAL_SLIDES);
    const tone = (c: typeof casual, atmosphere: 'casual' | 'formal') => scoreContent(c, request({ desired_atmosphere: atmosphere })).dimension_scores.tone_alignment;
    expect(tone(casual, 'formal')).toBeLessThan(tone(casual, 'casual'));
    expect(tone(formal, 'casual')).toBeLessThan(tone(formal, 'formal'));
    // Only tone depends on the atmosphere.
    const a = scoreContent(casual, request({ desired_atmosphere: 'formal' }));
    const b = scoreContent(casual, request({ desired_atmosphere: 'casual' }));
    for (const d of QUALITY_DIMENSIONS.filter((x) => x !== 'tone_alignment')) expect(a.dimension_scores[d]).toBe(b.dimension_scores[d]);
  });

  it('should recommend matching the tone with the measurements that are off', () => {
    const a = scoreContent(content(CASUAL_SLIDES), request({ desired_atmosphere: 'formal' }));
    const rec = a.recommendations.find((r) => r.id === 'match-tone-formal');
    const m = measure(content(CASUAL_SLIDES));
    expect(rec).toBeDefined();
    expect(rec!.dimension).toBe('tone_alignment');
    expect(rec!.reason).toContain(`${Math.round(m.tone.informal_share * 100)}% (formal wants none)`);
    expect(a.recommendations.some((r) => r.id === 'match-tone-casual')).toBe(false);
  });

  it('should count focus areas twice in the overall score', () => {
    const base = scoreContent(poorContent(), request());
    const values = QUALITY_DIMENSIONS.map((d) => base.dimension_scores[d]);
    const sum = values.reduce((a, b) => a + b, 0);
    expect(base.overall_score).toBe(Math.round(sum / 6));

    const weakest = QUALITY_DIMENSIONS.reduce((a, b) => (base.dimension_scores[a] <= base.dimension_scores[b] ? a : b));
    const strongest = QUALITY_DIMENSIONS.reduce((a, b) => (base.dimension_scores[a] >= base.dimension_scores[b] ? a : b));
    const onWeakest = scoreContent(poorContent(), request({ focus_areas: [weakest] }));
    const onStrongest = scoreContent(poorContent(), request({ focus_areas: [strongest] }));
    expect(onWeakest.dimension_scores).toEqual(base.dimension_scores);
    expect(onWeakest.overall_score).toBe(Math.round((sum + base.dimension_scores[weakest]) / 7));
    expect(onStrongest.overall_score).toBe(Math.round((sum + base.dimension_scores[strongest]) / 7));
    expect(onWeakest.overall_score).toBeLessThan(base.overall_score);
    expect(onStrongest.overall_score).toBeGreaterThan(base.overall_score);
    expect(overallScore(scores([100, 0, 0, 0, 0, 0]), ['content_quality', 'structure_flow'])).toBe(Math.round(200 / 8));
  });

  it('should list focus-area recommendations first among those of equal priority', () => {
    const plain = scoreContent(poorContent(), request()).recommendations;
    const focused = scoreContent(poorContent(), request({ focus_areas: ['structure_flow'] })).recommendations;
    expect(focused.map((r) => r.id).sort()).toEqual(plain.map((r) => r.id).sort());
    const firstMedium = (list: typeof plain) => list.find((r) => r.priority === 'medium')!;
    expect(firstMedium(plain).id).toBe('shorten-long-points');
    expect(firstMedium(focused).id).toBe('add-summary-slide');
  });

  it('should grade and colour at the 90, 80, 70 and 60 cut-offs', () => {
    const cases: Array<[number, string, string]> = [
      [100, 'A', 'green'],
      [90, 'A', 'green'],
      [89, 'B', 'blue'],
      [80, 'B', 'blue'],
      [79, 'C', 'yellow'],
      [70, 'C', 'yellow'],
      [69, 'D', 'orange'],
      [60, 'D', 'orange'],
      [59, 'F', 'red'],
      [0, 'F', 'red'],
    ];
    for (const [score, grade, band] of cases) {
      expect(qualityGrade(score)).toBe(grade);
      expect(qualityBand(score)).toBe(band);
    }
  });

  it('should list dimensions below 80 as priority areas, lowest first', () => {
    expect(priorityAreas(scores([80, 79, 70, 69, 60, 59]))).toEqual([
      { name: 'technical_accuracy', score: 59, priority: 'high' },
      { name: 'tone_alignment', score: 60, priority: 'medium' },
      { name: 'educational_effectiveness', score: 69, priority: 'medium' },
      { name: 'visual_design', score: 70, priority: 'low' },
      { name: 'structure_flow', score: 79, priority: 'low' },
    ]);
    expect(priorityAreas(scores([95, 90, 85, 80, 99, 100]))).toEqual([]);
  });

  it('should give each recommendation a stable id and a reason with the measured numbers', () => {
    const deck = parseSlideText(POOR_SLIDES);
    const a = scoreContent(poorContent(), request());
    const byId = new Map(a.recommendations.map((r) => [r.id, r]));
    expect([...byId.keys()].sort()).toEqual(
      [
        'add-knowledge-check',
        'add-objectives-slide',
        'add-speaker-notes',
        'add-summary-slide',
        'match-tone-professional',
        'remove-ai-phrases',
        'remove-placeholders',
        'remove-repeated-sentences',
        'shorten-long-points',
        'simplify-long-sentences',
        'split-dense-slides',
        'unify-term-spelling',
        'unify-units',
      ].sort(),
    );
    const dense = deck.slides.filter((s) => s.points.length > MAX_POINTS_PER_SLIDE).length;
    expect(byId.get('split-dense-slides')!.reason).toBe(`${dense} of ${deck.slides.length} slides have more than ${MAX_POINTS_PER_SLIDE} points`);
    expect(byId.get('add-speaker-notes')!.reason).toBe(`5 of 5 slides have no speaker notes`);
    expect(byId.get('remove-placeholders')!.reason).toMatch(/^4 placeholder markers remain in the text: 'TODO'/);
    expect(byId.get('unify-term-spelling')!.reason).toContain("'email' / 'e-mail'");
    expect(byId.get('unify-units')!.reason).toContain("'10MB' / '10 MB'");
    expect(byId.get('shorten-long-points')!.reason).toContain('longest: 32 words');
    // 4 of the 30 sentences end with '!'.
    expect(byId.get('match-tone-professional')!.reason).toContain('exclamations 13% (professional wants at most 3%)');
    for (const r of a.recommendations) {
      expect(['high', 'medium', 'low']).toContain(r.priority);
      expect(['high', 'medium', 'low']).toContain(r.effort);
      expect(r.action).not.toBe('');
      expect(r.implementation).not.toBe('');
    }
    // Most important first.
    const order = a.recommendations.map((r) => ['high', 'medium', 'low'].indexOf(r.priority));
    expect(order).toEqual([...order].sort((x, y) => x - y));
    expect(a.priority_areas.map((p) => p.name)).toContain('educational_effectiveness');
  });

  it('should score a deck without text low instead of failing', () => {
    const a = scoreContent(content('## Title only'), request());
    expect(a.overall_score).toBeLessThan(20);
    expect(a.dimension_scores).toMatchObject({ content_quality: 0, tone_alignment: 0, technical_accuracy: 60 });
    for (const value of Object.values(a.metrics)) expect(Number.isFinite(value)).toBe(true);
  });

  it('should make no recommendation for what a complete deck already does', () => {
    expect(scoreContent(goodContent(), request()).recommendations).toEqual([]);
  });

  it('should score Spanish and French content with the language-neutral measures', () => {
    for (const slides of [SPANISH_SLIDES, FRENCH_SLIDES]) {
      const a = scoreContent(content(slides), request({ desired_atmosphere: 'casual' }));
      expect(a.metrics.lix).toBeGreaterThan(0);
      // English-only measures are left out rather than guessed.
      expect(a.metrics.flesch_reading_ease).toBeUndefined();
      expect(a.metrics.grade_level).toBeUndefined();
      expect(a.metrics.tone_passive_share).toBeUndefined();
      expect(a.recommendations.map((r) => r.id)).toEqual(expect.arrayContaining(['split-dense-slides', 'add-objectives-slide', 'add-knowledge-check']));
    }
  });
});
