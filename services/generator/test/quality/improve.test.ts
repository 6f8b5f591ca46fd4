import { ATMOSPHERES } from '@trainwright/catalogue';
import { MAX_POINTS_PER_SLIDE, countWords, splitSentences, type Slide, type SlideDeck } from '@trainwright/formats';
import type { ScorableContent } from '../../src/domain/types.js';
import { AI_PHRASES } from '../../src/adapters/offline/ai-phrases.js';
import { applyImprovements, measure, recommendationSpec, scoreContent } from '../../src/quality/index.js';
import { CASUAL_SLIDES, FORMAL_SLIDES, FRENCH_SLIDES, SPANISH_SLIDES, content, makeQuestions, poorContent, request } from './fixtures.js';

const helpers = { makeQuestions };
const PLACEHOLDER = /TODO|TBD|lorem ipsum|\[insert|\?\?\?/i;

function sentencesOf(deck: SlideDeck): string[] {
  return deck.slides.flatMap((s) => [...s.points, ...s.paragraphs, s.notes].flatMap((t) => splitSentences(t).map((x) => x.text)));
}

function slideText(slide: Slide): string {
  return [slide.title, ...slide.points, ...slide.paragraphs, slide.notes].join('\n');
}

// Words a declared rewrite may change: stock phrases, contractions, numbers with units.
const PHRASE_WORDS = new Set(AI_PHRASES.flatMap(([p]) => p.toLowerCase().split(/\s+/).map((w) => w.replace(/[^\p{L}\p{N}]/gu, ''))));
const key = (w: string) => w.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
function contentKeys(sentence: string): string[] {
  return sentence
    .split(/\s+/)
    .filter((w) => !/['’\d]/.test(w))
    .map(key)
    .filter((w) => w.length >= 5 && !PHRASE_WORDS.has(w));
}

/** Every sentence's content words are still together on one slide (in its points, paragraphs or notes). */
function lostSentences(before: SlideDeck, after: SlideDeck): string[] {
  const slides = after.slides.map((s) => new Set(slideText(s).split(/\s+/).map(key)));
  return sentencesOf(before)
    .filter((s) => !PLACEHOLDER.test(s))
    .filter((s) => !slides.some((words) => contentKeys(s).every((k) => words.has(k))));
}

function applyAll(c: ScorableContent, atmosphere: (typeof ATMOSPHERES)[number] = 'professional') {
  const assessment = scoreContent(c, request({ desired_atmosphere: atmosphere }));
  const ids = assessment.recommendations.map((r) => r.id);
  const result = applyImprovements(c, assessment, ids, {}, '', helpers);
  return { assessment, ids, result, after: scoreContent(result.content, request({ desired_atmosphere: atmosphere })) };
}

describe('applyImprovements', () => {
  it('should change nothing when nothing is selected', () => {
    const c = poorContent();
    const result = applyImprovements(c, scoreContent(c, request()), [], {}, '', helpers);
    expect(result).toEqual({ content: poorContent(), applied: [], skipped: [] });
  });

  it('should not modify its input and give the same result every time', () => {
    const c = poorContent();
    const snapshot = JSON.stringify(c);
    const first = applyAll(c);
    expect(JSON.stringify(c)).toBe(snapshot);
    expect(applyAll(poorContent()).result).toEqual(first.result);
  });

  it.each(['professional', 'casual', 'formal'] as const)('should raise the overall score and every targeted metric when all recommendations are applied (%s)', (atmosphere) => {
    const { assessment, ids, result, after } = applyAll(poorContent(), atmosphere);
    expect(result.skipped).toEqual([]);
    expect(result.applied.sort()).toEqual([...ids].sort());
    expect(after.overall_score).toBeGreaterThan(assessment.overall_score);
    expect(ids).toContain(`match-tone-${atmosphere}`);
    for (const id of result.applied) {
      const spec = recommendationSpec(id)!;
      const before = assessment.metrics[spec.metric]!;
      const now = after.metrics[spec.metric]!;
      expect(typeof before).toBe('number');
      // The id is part of the compared value so a failure names the recommendation.
      expect({ id, direction: Math.sign(now - before) }).toEqual({ id, direction: spec.better === 'lower' ? -1 : 1 });
    }
    // The recommendations it acted on are not made again.
    const again = new Set(after.recommendations.map((r) => r.id));
    for (const id of ['remove-placeholders', 'split-dense-slides', 'add-speaker-notes', 'add-objectives-slide', 'add-summary-slide', 'remove-ai-phrases']) {
      expect(again.has(id)).toBe(false);
    }
  });

  it('should keep every sentence of the original, at worst moved into the notes', () => {
    const c = poorContent();
    const { result } = applyAll(c);
    expect(lostSentences(c.deck, result.content.deck)).toEqual([]);
    // Placeholders are the one thing that goes.
    expect(sentencesOf(result.content.deck).filter((s) => PLACEHOLDER.test(s))).toEqual([]);
  });

  it('should keep every original sentence word for word when only structure changes', () => {
    const c = poorContent();
    const assessment = scoreContent(c, request());
    const structural = ['split-dense-slides', 'shorten-long-points', 'add-speaker-notes', 'add-objectives-slide', 'add-summary-slide', 'add-knowledge-check'];
    const { content: improved, applied } = applyImprovements(c, assessment, structural, {}, '', helpers);
    expect(applied.sort()).toEqual([...structural].sort());
    const text = improved.deck.slides.map(slideText).join('\n');
    for (const sentence of sentencesOf(c.deck)) expect(text).toContain(sentence);
    for (const slide of improved.deck.slides) {
      expect(slide.points.length).toBeLessThanOrEqual(MAX_POINTS_PER_SLIDE);
      for (const point of slide.points) expect(countWords(point)).toBeLessThanOrEqual(20);
      expect(slide.notes).not.toBe('');
    }
  });

  it('should split a dense slide into balanced continuation slides whose notes follow their points', () => {
    const c = content(
      `## Backups\n**Content:**\n${['Back up the finance database every night', 'Keep one backup copy offline', 'Test a restore every month', 'Encrypt every backup archive', 'Label tapes with the backup date', 'Store tapes in the fire safe', 'Delete expired backups after ninety days', 'Report failed backup jobs at once']
        .map((p) => `- ${p}`)
        .join('\n')}\n**Speaker Notes:**\nThe finance database changes every day, so nightly copies matter.\nExpired backups are deleted after ninety days to save space.`,
    );
    const assessment = scoreContent(c, request());
    const { content: improved } = applyImprovements(c, assessment, ['split-dense-slides'], {}, '', helpers);
    expect(improved.deck.slides.map((s) => [s.title, s.points.length])).toEqual([
      ['Backups', 4],
      ['Backups (2)', 4],
    ]);
    expect(improved.deck.slides[0]!.notes).toBe('The finance database changes every day, so nightly copies matter.');
    expect(improved.deck.slides[1]!.notes).toBe('Expired backups are deleted after ninety days to save space.');
  });

  it('should cut a long point at a clause boundary and keep the full point in the notes', () => {
    const long = 'Do not put personal details such as birthdays, pet names or the names of family members into a password, because attackers search social media profiles first.';
    const c = content(`## Rules\n**Content:**\n- ${long}\n- Use fourteen characters`);
    const { content: improved } = applyImprovements(c, scoreContent(c, request()), ['shorten-long-points'], {}, '', helpers);
    const slide = improved.deck.slides[0]!;
    expect(slide.points[0]).toBe('Do not put personal details such as birthdays');
    expect(slide.points[1]).toBe('Use fourteen characters');
    expect(slide.notes).toBe(long);
  });

  it('should derive objectives the engine way from the sections when none are defined', () => {
    const c = poorContent();
    const { content: improved } = applyImprovements(c, scoreContent(c, request()), ['add-objectives-slide'], {}, '', helpers);
    // Per section the action it asks for or a phrase of its sentences: never 'Explain phishing'.
    expect(improved.objectives).toEqual([
      'Explain a strong password policy',
      'Show how to change a password at once when a breach is suspected',
      'Explain a password manager',
      'Check the sender address of every email before clicking a link',
      'Explain multi-factor authentication',
    ]);
    expect(improved.deck.slides[0]).toMatchObject({ title: 'Learning objectives', points: improved.objectives });
  });

  it('should add the questions it shows on the knowledge check, with the answers in the notes', () => {
    const c = poorContent();
    const { content: improved } = applyImprovements(c, scoreContent(c, request()), ['add-knowledge-check'], {}, '', helpers);
    const made = makeQuestions(c, 5);
    expect(improved.questions).toEqual(made);
    const check = improved.deck.slides.find((s) => s.title === 'Knowledge check')!;
    expect(check.points).toEqual(made.map((q, i) => `${i + 1}. ${q.prompt}`));
    expect(check.notes.split('\n')[0]).toBe(`Answer 1: ${made[0]!.options.find((o) => o.is_correct)!.text}`);
    expect(measure(improved).assessed_section_share).toBeGreaterThan(0);
  });

  it('should skip what it cannot do and say why', () => {
    const c = { ...poorContent(), branding: null };
    const assessment = scoreContent(c, request());
    const result = applyImprovements(c, assessment, ['add-branding', 'make-it-pop', 'match-tone-formal', 'add-summary-slide'], {}, '', {
      makeQuestions: () => [],
    });
    expect(result.applied).toEqual(['add-summary-slide']);
    expect(result.skipped).toEqual([
      { id: 'make-it-pop', reason: 'unknown recommendation' },
      { id: 'match-tone-formal', reason: 'not a recommendation of this assessment' },
      { id: 'add-branding', reason: 'no branding is set for this project; set it in the project settings' },
    ]);
    const noQuestions = applyImprovements(c, assessment, ['add-knowledge-check'], {}, '', { makeQuestions: () => [] });
    expect(noQuestions.skipped).toEqual([{ id: 'add-knowledge-check', reason: 'no questions could be made from the content' }]);
    expect(noQuestions.content).toEqual(c);
  });

  it('should put user modifications on the slides they concern and the improvement notes on the first slide', () => {
    const c = poorContent();
    const assessment = scoreContent(c, request());
    const { content: improved } = applyImprovements(
      c,
      assessment,
      ['add-summary-slide', 'split-dense-slides', 'remove-placeholders'],
      { 'add-summary-slide': 'Mention the helpdesk number.', 'split-dense-slides': 'Keep the phishing examples together.', 'remove-ai-phrases': 'Not now.' },
      'Reviewed by the security trainer.',
      helpers,
    );
    const summary = improved.deck.slides[improved.deck.slides.length - 1]!;
    expect(summary.title).toBe('Summary');
    expect(summary.notes).toContain('Reviewer note (add-summary-slide): Mention the helpdesk number.');
    // The split touched six slides: too many to repeat the note on each, so it joins the improvement notes.
    const first = improved.deck.slides[0]!.notes;
    expect(first).toContain('Improvement notes: Reviewed by the security trainer.');
    expect(first).toContain('Reviewer note (split-dense-slides): Keep the phishing examples together.');
    expect(first).toContain('Reviewer note (remove-ai-phrases): Not now.');
    expect(improved.deck.slides.filter((s) => s.notes.includes('Keep the phishing examples together.'))).toHaveLength(1);
  });

  it('should move the tone towards the chosen atmosphere', () => {
    for (const [slides, atmosphere] of [
      [CASUAL_SLIDES, 'formal'],
      [CASUAL_SLIDES, 'professional'],
      [FORMAL_SLIDES, 'casual'],
      [FORMAL_SLIDES, 'motivational'],
      [SPANISH_SLIDES, 'casual'],
    ] as const) {
      const c = content(slides);
      const before = scoreContent(c, request({ desired_atmosphere: atmosphere }));
      const id = `match-tone-${atmosphere}`;
      expect(before.recommendations.map((r) => r.id)).toContain(id);
      const { content: improved, applied } = applyImprovements(c, before, [id], {}, '', helpers);
      expect(applied).toEqual([id]);
      const after = scoreContent(improved, request({ desired_atmosphere: atmosphere }));
      expect(after.dimension_scores.tone_alignment).toBeGreaterThan(before.dimension_scores.tone_alignment);
      expect(lostSentences(c.deck, improved.deck)).toEqual([]);
    }
  });

  it('should write out contractions and exclamations for the formal tone only in wording, not in facts', () => {
    const c = content(CASUAL_SLIDES);
    const before = scoreContent(c, request({ desired_atmosphere: 'formal' }));
    const { content: improved } = applyImprovements(c, before, ['match-tone-formal'], {}, '', helpers);
    expect(improved.deck.slides[0]!.points).toEqual(['You will get your laptop in the morning', 'Do not worry, it is already set up for you', 'You are going to pick a password you cannot forget']);
    expect(measure(improved).tone.informal_share).toBe(0);
    expect(measure(improved).tone.exclamation_share).toBe(0);
  });

  it('should improve Spanish and French decks in their own language', () => {
    for (const [slides, objectives, summary] of [
      [SPANISH_SLIDES, 'Objetivos de aprendizaje', 'Resumen'],
      [FRENCH_SLIDES, "Objectifs d'apprentissage", 'Résumé'],
    ] as const) {
      const c = content(slides);
      const { assessment, result, after } = applyAll(c);
      expect(after.overall_score).toBeGreaterThan(assessment.overall_score);
      expect(result.content.deck.slides[0]!.title).toBe(objectives);
      expect(result.content.deck.slides[result.content.deck.slides.length - 1]!.title).toBe(summary);
      expect(lostSentences(c.deck, result.content.deck)).toEqual([]);
    }
  });
});
