import type { AssessmentType, DifficultyLevel } from '@trainwright/catalogue';
import { sourceText } from '../../../src/domain/source.js';
import type { GeneratedQuestion } from '@trainwright/formats';
import type { SourceDocument } from '../../../src/domain/types.js';
import { FRAMING } from '../../../src/adapters/offline/framing.js';
import { BLANK, generateQuestionSet, generateQuestions } from '../../../src/adapters/offline/questions.js';
import { analyseSource, stemWord, tokenize } from '../../../src/adapters/offline/text-analysis.js';
import { FIRE_SAFETY, SEGURIDAD, largeDocument } from './fixtures.js';

const ALL_TYPES: AssessmentType[] = ['multiple_choice', 'true_false', 'scenario'];

function options(count: number, difficulty: DifficultyLevel = 'intermediate', types = ALL_TYPES) {
  return { count, types, difficulty, includeExplanations: true };
}

/** The units of the material a question may quote: every sentence, bullet and note. */
function sentencesOf(doc: SourceDocument): Set<string> {
  return new Set(analyseSource(doc).units.map((u) => u.text));
}

const correctOf = (q: GeneratedQuestion) => q.options.filter((o) => o.is_correct);

function checkQuestion(q: GeneratedQuestion, doc: SourceDocument, language: 'en' | 'es'): void {
  const framing = FRAMING[language];
  const sentences = sentencesOf(doc);
  const material = sourceText(doc).toLowerCase();
  expect(correctOf(q)).toHaveLength(1);
  const correct = correctOf(q)[0]!;
  const texts = q.options.map((o) => o.text.toLowerCase());
  expect(new Set(texts).size).toBe(texts.length);
  expect(new Set(q.options.map((o) => o.id)).size).toBe(q.options.length);
  expect(sentences.has(q.source)).toBe(true);
  switch (q.type) {
    case 'multiple_choice': {
      expect(q.options).toHaveLength(4);
      expect(q.prompt.startsWith(`${framing.cloze} `)).toBe(true);
      const stem = q.prompt.slice(framing.cloze.length + 1);
      expect(stem.split(BLANK)).toHaveLength(2);
      // Filling the blank with the answer gives back the source sentence.
      expect(stem.replace(BLANK, correct.text)).toBe(q.source);
      const stems = ` ${tokenize(q.source, language).map((t) => stemWord(t.lower)).join(' ')} `;
      for (const wrong of q.options.filter((o) => !o.is_correct)) {
        // A distractor is not in the sentence, not the answer in another case or number, and does not make a sentence of the material.
        const wrongStem = tokenize(wrong.text, language).map((t) => stemWord(t.lower)).join(' ');
        expect(stems.includes(` ${wrongStem} `)).toBe(false);
        expect(sentences.has(stem.replace(BLANK, wrong.text))).toBe(false);
      }
      break;
    }
    case 'true_false': {
      expect(q.options.map((o) => o.text)).toEqual([framing.trueLabel, framing.falseLabel]);
      expect(q.prompt.startsWith(`${framing.trueFalse} `)).toBe(true);
      const statement = q.prompt.slice(framing.trueFalse.length + 1);
      if (correct.text === framing.trueLabel) expect(statement).toBe(q.source);
      else {
        expect(statement).not.toBe(q.source);
        expect(material.includes(statement.toLowerCase())).toBe(false);
      }
      break;
    }
    case 'scenario': {
      expect(q.options).toHaveLength(4);
      expect(correct.text).toBe(q.source);
      const analysis = analyseSource(doc);
      const sectionOf = (text: string) => analysis.units.find((u) => u.text === text)!.section;
      for (const wrong of q.options.filter((o) => !o.is_correct)) {
        expect(sentences.has(wrong.text)).toBe(true);
        expect(sectionOf(wrong.text)).not.toBe(sectionOf(correct.text));
      }
      break;
    }
  }
}

describe('generateQuestions', () => {
  it('should make the requested number of questions, each supported by the material', () => {
    for (const difficulty of ['basic', 'intermediate', 'advanced'] as const) {
      const questions = generateQuestions(FIRE_SAFETY, options(15, difficulty));
      expect(questions).toHaveLength(15);
      for (const q of questions) checkQuestion(q, FIRE_SAFETY, 'en');
      expect(new Set(questions.map((q) => q.type))).toEqual(new Set(ALL_TYPES));
      for (const q of questions) expect(q.difficulty).toBe(difficulty);
    }
  });

  it('should use each sentence of the material for one question at most', () => {
    const questions = generateQuestions(FIRE_SAFETY, options(20));
    expect(new Set(questions.map((q) => q.source)).size).toBe(questions.length);
    expect(new Set(questions.map((q) => q.id)).size).toBe(questions.length);
  });

  it('should mix true and false statements', () => {
    const tf = generateQuestions(FIRE_SAFETY, options(10, 'intermediate', ['true_false']));
    expect(tf).toHaveLength(10);
    const trues = tf.filter((q) => correctOf(q)[0]!.text === 'True').length;
    expect(trues).toBeGreaterThanOrEqual(4);
    expect(trues).toBeLessThanOrEqual(6);
  });

  it('should shuffle options deterministically and not always put the answer first', () => {
    const a = generateQuestions(FIRE_SAFETY, options(10, 'intermediate', ['multiple_choice']));
    const b = generateQuestions(FIRE_SAFETY, options(10, 'intermediate', ['multiple_choice']));
    expect(b).toEqual(a);
    const positions = new Set(a.map((q) => q.options.findIndex((o) => o.is_correct)));
    expect(positions.size).toBeGreaterThan(1);
  });

  it('should quote the source sentence in the explanation only when asked', () => {
    const withExplanations = generateQuestions(FIRE_SAFETY, options(6));
    for (const q of withExplanations) expect(q.explanation).toContain(q.source);
    const without = generateQuestions(FIRE_SAFETY, { ...options(6), includeExplanations: false });
    for (const q of without) expect(q.explanation).toBe('');
  });

  it('should let the difficulty choose different sentences', () => {
    const basic = generateQuestions(FIRE_SAFETY, options(10, 'basic', ['multiple_choice']));
    const advanced = generateQuestions(FIRE_SAFETY, options(10, 'advanced', ['multiple_choice']));
    const words = (qs: GeneratedQuestion[]) => qs.reduce((n, q) => n + q.source.split(' ').length, 0) / qs.length;
    expect(basic.map((q) => q.source)).not.toEqual(advanced.map((q) => q.source));
    expect(words(basic)).toBeLessThan(words(advanced));
  });

  it('should make questions from Spanish material with Spanish stems', () => {
    const questions = generateQuestions(SEGURIDAD, options(8));
    expect(questions.length).toBe(8);
    for (const q of questions) checkQuestion(q, SEGURIDAD, 'es');
  });

  it('should return fewer questions and say why when the material is too small, never padding', () => {
    const tiny: SourceDocument = {
      title: 'Fire doors',
      format: 'text',
      origin: 'pasted text',
      sections: [
        {
          heading: 'Fire doors',
          level: 1,
          paragraphs: ['Fire doors must be kept closed at all times. A fire door holds back smoke and flames for thirty minutes. Wedging a fire door open is a disciplinary offence.'],
          bullets: [],
          tables: [],
          notes: [],
        },
      ],
    };
    const set = generateQuestionSet(analyseSource(tiny), options(10, 'intermediate', ['true_false', 'scenario']));
    expect(set.questions.length).toBeLessThan(10);
    for (const q of set.questions) checkQuestion(q, tiny, 'en');
    expect(set.questions.some((q) => q.type === 'scenario')).toBe(false);
    expect(set.shortfall).toContain(`supports ${set.questions.length} of the 10 requested questions`);
    expect(set.shortfall).toContain('scenario questions need complete sentences in at least two sections');
    expect(generateQuestionSet(analyseSource(FIRE_SAFETY), options(5)).shortfall).toBeNull();
  });

  it('should make 20 questions from a 10,000-word document (its time: questions.timed.test.ts)', () => {
    const doc = largeDocument();
    const questions = generateQuestions(doc, options(20));
    expect(questions).toHaveLength(20);
    for (const q of questions.slice(0, 6)) expect(correctOf(q)).toHaveLength(1);
  });
});
