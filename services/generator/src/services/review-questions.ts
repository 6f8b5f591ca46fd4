// Review questions for an improved deck ('add a knowledge check'), from its own sentences: the
// offline engine's method, whichever engine made the content.
import { deckToSource } from '../domain/source.js';
import type { ScorableContent } from '../domain/types.js';
import { generateQuestions } from '../adapters/offline/questions.js';

export function questionsFromContent(content: ScorableContent, count: number): ScorableContent['questions'] {
  return generateQuestions(deckToSource(content.deck), { count, types: ['multiple_choice', 'true_false'], difficulty: 'intermediate', includeExplanations: true });
}
