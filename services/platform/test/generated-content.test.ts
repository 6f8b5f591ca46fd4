import type { GeneratedContent } from '@trainwright/formats';
import { contentFromMessage, contentFromStored, contentToMessage } from '../src/generated-content.js';

const content: GeneratedContent = {
  script: 'Scene 1\nNarrator: Welcome.',
  slides: { slide_content: '## Welcome\n- Point', quality_assessment: { overall_score: 81.5, quality_grade: 'B', dimension_scores: { clarity: 80 } as never, engagement_prediction: 70 } },
  engine: 'offline',
  summary: 'A summary.',
  objectives: ['Inspect the forks before each shift'],
  questions: [{ id: 'q1', type: 'multiple_choice', difficulty: 'basic', prompt: 'Which?', options: [{ id: 'a', text: 'A', is_correct: true }, { id: 'b', text: 'B', is_correct: false }], explanation: 'Because.', source: 'A is right.' }],
  glossary: [{ term: 'Mast', definition: 'The upright part.' }],
  modules: [{ number: 1, title: 'Basics', level: 'basic', objectives: ['o'], topics: ['t'], prerequisites: [], practice: 'p', estimated_minutes: 30 }],
  notices: ['No facts were added.'],
  citations: [{ slide_index: 1, document_id: 'd1', document_title: 'Forklift manual', passage: 'Carry loads low.' }],
};

describe('generated content on the wire', () => {
  it('should come back from its message field for field', () => {
    expect(contentFromMessage(contentToMessage(content))).toEqual(content);
  });

  it('should read an older stored document with the missing fields defaulted', () => {
    expect(contentFromStored({ script: 's', slides: { slide_content: 'x' } })).toEqual({
      script: 's',
      slides: { slide_content: 'x', quality_assessment: null },
      engine: '',
      summary: '',
      objectives: [],
      questions: [],
      glossary: [],
      modules: [],
      notices: [],
      citations: [],
    });
    expect(contentFromStored(null).slides.slide_content).toBe('');
  });
});
