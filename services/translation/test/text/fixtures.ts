// A small project in the product's formats, with the markup translation must keep.
import type { GeneratedContent } from '@trainwright/formats';
import type { TranslatableContent } from '../../src/text/segments.js';

export const SLIDES = `# Forklift Safety

## Before You Start
**Content:**
- Check the brakes before every shift.
- The forklift can lift **2.5 tonnes** safely.
* Read the *safety rules* at https://example.com/rules.
  Wear a helmet and gloves.
- 42
- https://example.com/manual.pdf

**Speaker Notes:**
Workers must report any damage to their supervisor.

## Driving
**Content:** Drive slowly in the warehouse.
1. Look behind you.
2. Use the horn at every corner.

**Notes:**
Call safety@example.com with questions.
`;

export const SCRIPT = `[SCENE: A busy warehouse in the morning]

NARRATOR: Welcome to the forklift safety training.
The training takes 15 minutes.

[TRANSITION: Fade to the loading dock]

SPEAKER: Always check the brakes.

The workers listen carefully.
`;

export function generated(): GeneratedContent {
  return {
    script: SCRIPT,
    slides: { slide_content: SLIDES, quality_assessment: null },
    engine: 'offline',
    summary: 'This training explains how to drive a forklift safely.',
    objectives: ['Check the brakes', 'Drive slowly'],
    questions: [
      {
        id: 'q1',
        type: 'multiple_choice',
        difficulty: 'basic',
        prompt: 'What must you check before every shift?',
        options: [
          { id: 'a', text: 'The brakes', is_correct: true },
          { id: 'b', text: 'The radio', is_correct: false },
        ],
        explanation: 'The brakes must work before you drive.',
        source: 'Check the brakes before every shift.',
      },
    ],
    glossary: [{ term: 'Forklift', definition: 'A small truck that lifts loads.' }],
    modules: [
      {
        number: 1,
        title: 'Safe driving',
        level: 'basic',
        objectives: ['Drive slowly'],
        topics: ['Brakes'],
        prerequisites: [],
        practice: 'Drive around the warehouse.',
        estimated_minutes: 30,
      },
    ],
    notices: ['No facts were added.'],
    citations: [],
  };
}

export function project(): TranslatableContent {
  return {
    title: 'Forklift Safety',
    description: 'A short training for new drivers.',
    slidesContent: SLIDES,
    scriptContent: SCRIPT,
    generatedContent: generated(),
  };
}

/** Lines of a text with their endings, for line-by-line comparisons. */
export function linesOf(text: string): string[] {
  return text.split(/(?<=\r\n|\r(?!\n)|\n)/);
}
