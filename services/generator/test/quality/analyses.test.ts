import { AI_SERVICE_TYPES, ANALYSIS_TYPES, SERVICE_ANALYSES } from '@trainwright/catalogue';
import { MAX_POINTS_PER_SLIDE, countWords, parseSlideText, splitSentences } from '@trainwright/formats';
import { analyze, initializeService, scoreContent } from '../../src/quality/index.js';
import { FRENCH_SLIDES, POOR_SLIDES, SPANISH_SLIDES, content, goodContent, poorContent, request } from './fixtures.js';

const deck = parseSlideText(POOR_SLIDES);
const sentences = deck.slides.flatMap((s) => [...s.points, ...s.paragraphs, s.notes].flatMap((t) => splitSentences(t).map((x) => x.text)));

describe('analyze', () => {
  it.each([...ANALYSIS_TYPES])('%s should answer a score in range, insights and recommendations with numbers', (type) => {
    for (const c of [poorContent(), goodContent(), content(SPANISH_SLIDES), content(FRENCH_SLIDES)]) {
      const r = analyze(type, c, {});
      expect(Number.isInteger(r.score)).toBe(true);
      expect(r.score).toBeGreaterThanOrEqual(0);
      expect(r.score).toBeLessThanOrEqual(100);
      expect(Object.keys(r.insights).length).toBeGreaterThan(0);
      expect(analyze(type, c, {})).toEqual(r);
    }
    const poor = analyze(type, poorContent(), {});
    expect(poor.recommendations.length).toBeGreaterThan(0);
    // Each names a count, quotes the content, or states an absence.
    for (const sentence of poor.recommendations) {
      expect(sentence).toMatch(/\d|'[^']+'|\b(?:none|no|No)\b/);
      expect(sentence).toMatch(/[.!?]$/);
    }
    expect(analyze(type, goodContent(), {}).score).toBeGreaterThan(poor.score);
  });

  it('content_quality should be the assessment in brief', () => {
    const a = scoreContent(poorContent(), request({ desired_atmosphere: 'formal', focus_areas: ['tone_alignment'] }));
    const r = analyze('content_quality', poorContent(), { desired_atmosphere: 'formal', focus_areas: ['tone_alignment', 'nonsense'], target_audience: 7 });
    expect(r.score).toBe(a.overall_score);
    expect(r.insights).toMatchObject({ quality_grade: a.quality_grade, dimension_scores: a.dimension_scores, quality_band: 'red', desired_atmosphere: 'formal' });
    expect(r.recommendations).toEqual(a.recommendations.map((x) => `${x.action}: ${x.reason}.`));
  });

  it('readability_check should list the longest sentences and count the long ones', () => {
    const r = analyze('readability_check', poorContent(), {});
    const long = sentences.filter((s) => countWords(s) > 25);
    const longest = [...sentences].sort((a, b) => countWords(b) - countWords(a))[0]!;
    expect(r.insights).toMatchObject({ long_sentence_count: long.length, language: 'en', lix_band: 'medium' });
    expect((r.insights.longest_sentences as Array<{ text: string; words: number }>)[0]).toMatchObject({ text: longest, words: countWords(longest) });
    expect(r.recommendations[0]).toContain(`Split the ${long.length} sentences over 25 words; the longest (${countWords(longest)} words, slide 2)`);
    const es = analyze('readability_check', content(SPANISH_SLIDES), {});
    expect(es.insights).toMatchObject({ language: 'es', grade_level: null, flesch_reading_ease: null });
  });

  it('visual_optimization should report text density per slide and the style choices', () => {
    const r = analyze('visual_optimization', poorContent(), { image_style: 'flat illustration' });
    const dense = deck.slides.filter((s) => s.points.length > MAX_POINTS_PER_SLIDE).length;
    expect(r.insights.words_per_slide).toEqual(deck.slides.map((s) => countWords([...s.points, ...s.paragraphs].join('\n'))));
    expect(r.insights).toMatchObject({ dense_slide_count: dense, image_style: 'flat illustration', font_style: null });
    expect(r.recommendations).toContain(`Split ${dense} slides with more than 6 points.`);
    expect(r.recommendations).toContain('No font style is chosen: choose one so every slide uses the same type.');
    expect(r.recommendations.some((s) => s.startsWith('No image style'))).toBe(false);
  });

  it('content_suggestions should name what is missing', () => {
    const c = { ...goodContent(), objectives: [...goodContent().objectives, 'Configure the corporate firewall rules for branch offices'] };
    c.deck.slides.push({ title: 'Incident reporting', points: [], paragraphs: [], notes: '' });
    const r = analyze('content_suggestions', c, {});
    expect(r.insights).toMatchObject({ empty_slides: ['Incident reporting'], uncovered_objectives: ['Configure the corporate firewall rules for branch offices'], slides_without_notes: 1 });
    expect(r.recommendations).toEqual(
      expect.arrayContaining([
        "Add points to 1 slides that have only a heading: 'Incident reporting'.",
        "Cover 1 of 5 objectives the slides do not address: 'Configure the corporate firewall rules for branch offices'.",
        'Write speaker notes for 1 of 10 slides.',
      ]),
    );
    const poor = analyze('content_suggestions', poorContent(), {});
    expect(poor.insights.undefined_terms).toEqual(poor.insights.key_terms);
    expect(poor.recommendations).toContain('Write speaker notes for 5 of 5 slides.');
  });

  it('learning_effectiveness should report coverage and the Bloom spread of the objectives', () => {
    const good = analyze('learning_effectiveness', goodContent(), {});
    expect(good.insights).toMatchObject({ objective_coverage: 1, assessed_section_share: 1, bloom_level_count: 4, higher_order_share: 0.25 });
    const sameLevel = { ...goodContent(), objectives: ['List the password rules', 'Name the second factors', 'Define phishing'] };
    const r = analyze('learning_effectiveness', sameLevel, {});
    expect(r.insights).toMatchObject({ bloom_level_count: 1, higher_order_share: 0 });
    expect(r.recommendations).toContain('Vary the objectives: all 3 classified objectives are at the knowledge level.');
    expect(analyze('learning_effectiveness', poorContent(), {}).recommendations).toContain('Add questions: none of the 5 content slides is assessed.');
  });

  it('engagement_prediction should explain its weakest drivers first', () => {
    const a = scoreContent(poorContent(), request());
    const r = analyze('engagement_prediction', poorContent(), {});
    expect(r.score).toBe(a.engagement_prediction);
    expect((r.insights.components as Record<string, number>).interactivity).toBe(0);
    expect(r.recommendations[0]).toBe('Add questions: there are 0 for 5 content slides (0 per slide; aim for at least 0.5).');
  });

  it('brand_consistency should check the branding, the company name, template and font', () => {
    expect(analyze('brand_consistency', goodContent(), {}).score).toBe(100);
    const poor = analyze('brand_consistency', poorContent(), {});
    // With branding on, every slide's footer names the company: only the template and font are missing.
    expect(poor.score).toBe(75);
    expect(poor.recommendations).toEqual(['No template is chosen: choose one so the deck follows the company look.', 'No font style is chosen for the project.']);
    const variants = goodContent();
    variants.deck.slides[1]!.notes += '\nACME corp staff take this course every year.';
    const v = analyze('brand_consistency', variants, { font_style: 'classic' });
    // Three in the text and one in each slide's footer.
    expect(v.insights).toMatchObject({ company_name_variants: ['ACME corp'], company_name_mentions: 3 + variants.deck.slides.length });
    expect(v.score).toBe(70);
    const unbranded = analyze('brand_consistency', { ...goodContent(), branding: null }, {});
    expect(unbranded.score).toBe(25);
    expect(unbranded.recommendations).toEqual(['Set the company branding (name, logo, website) in the project settings: none is set.']);
  });
});

describe('initializeService', () => {
  it.each([...AI_SERVICE_TYPES])('%s should combine the analyses of the service', (type) => {
    for (const c of [poorContent(), goodContent()]) {
      const results = SERVICE_ANALYSES[type].map((a) => analyze(a, c, {}));
      const r = initializeService(type, c);
      expect(r.score).toBe(Math.round(results.reduce((n, x) => n + x.score, 0) / results.length));
      expect(Object.keys(r.insights)).toEqual(SERVICE_ANALYSES[type]);
      SERVICE_ANALYSES[type].forEach((a, i) => expect(r.insights[a]).toEqual({ score: results[i]!.score, ...results[i]!.insights }));
      expect(new Set(r.recommendations).size).toBe(r.recommendations.length);
      expect(r.recommendations).toEqual([...new Set(results.flatMap((x) => x.recommendations))]);
    }
  });

  it('should not repeat a recommendation two analyses share', () => {
    const c = { ...poorContent(), branding: null };
    const r = initializeService('quality_optimizer', c);
    const both = [...analyze('content_quality', c, {}).recommendations, ...analyze('brand_consistency', c, {}).recommendations];
    expect(r.recommendations.length).toBeLessThanOrEqual(both.length);
    expect(r.recommendations).toEqual([...new Set(both)]);
  });
});
