// Wall-clock half of questions.test.ts (run in the timed tier, alone): 20 questions from a
// 10,000-word document well under a second (the questions are checked in questions.test.ts).
import { sourceText } from '../../../src/domain/source.js';
import { generateQuestions } from '../../../src/adapters/offline/questions.js';
import { largeDocument } from './fixtures.js';

describe('generateQuestions (timed)', () => {
  it('should make 20 questions from a 10,000-word document well under a second', () => {
    const doc = largeDocument();
    const started = performance.now();
    const questions = generateQuestions(doc, { count: 20, types: ['multiple_choice', 'true_false', 'scenario'], difficulty: 'intermediate', includeExplanations: true });
    const elapsed = performance.now() - started;
    console.log(`20 questions from ${sourceText(doc).split(/\s+/).length} words: ${elapsed.toFixed(1)} ms`);
    expect(questions).toHaveLength(20);
    expect(elapsed).toBeLessThan(1000);
  });
});
