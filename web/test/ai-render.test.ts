// Server-rendered markup of the AI result views: the generated content's engine, notices,
// questions (the correct option marked for screen readers too) and glossary, and scores in their
// colour band with the band in words. No browser: react-dom/server renders to a string.
import { describe, expect, it } from '@jest/globals';
import React, { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import '../app/i18n/index.js';
import { GeneratedDetails } from '../app/components/projects/GeneratedDetails.js';
import { InsightView } from '../app/components/projects/InsightView.js';
import { ScoreBar, ScoreCircle } from '../app/components/projects/Score.js';
import { describeValue, scoreDisplay } from '../app/lib/ai.js';
import type { AiGeneratedFields } from '../app/lib/project-types';

// The shared swc transform compiles JSX with the classic runtime (React.createElement).
(globalThis as { React?: unknown }).React = React;

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();

describe('GeneratedDetails', () => {
  const content: AiGeneratedFields = {
    engine: 'openai:gpt-4o-mini',
    notices: ['Written from your document only.'],
    objectives: ['Name the fire exits'],
    questions: [
      {
        id: 'q1',
        type: 'multiple_choice',
        difficulty: 'basic',
        prompt: 'Where is the assembly point?',
        options: [
          { id: 'a', text: 'Car park', is_correct: true },
          { id: 'b', text: 'Canteen', is_correct: false },
        ],
        explanation: 'The plan names the car park.',
        source: 'Meet at the assembly point in the car park.',
      },
    ],
    glossary: [{ term: 'Egress', definition: 'A way out' }],
  };

  it('shows the engine, notices, objectives, questions with the correct option and the glossary', () => {
    const html = renderToStaticMarkup(h(GeneratedDetails, { content }));
    const shown = text(html);
    expect(shown).toContain('Engine: gpt-4o-mini');
    expect(shown).toContain('Written from your document only.');
    expect(shown).toContain('Name the fire exits');
    expect(shown).toContain('Multiple choice · Basic');
    expect(shown).toContain('Car park (Correct answer)');
    expect(shown).toContain('Explanation: The plan names the car park.');
    expect(shown).toContain('Egress A way out');
    expect(html.match(/data-correct="true"/g)).toHaveLength(1);
  });

  it('says Offline engine, and renders nothing without generated extras', () => {
    expect(text(renderToStaticMarkup(h(GeneratedDetails, { content: { engine: 'offline' } })))).toContain('Engine: Offline engine');
    expect(renderToStaticMarkup(h(GeneratedDetails, { content: { script: 'x' } as never }))).toBe('');
    expect(renderToStaticMarkup(h(GeneratedDetails, { content: null }))).toBe('');
  });
});

describe('scores', () => {
  it('draws the circle in the band with the grade and the band in words', () => {
    const html = renderToStaticMarkup(h(ScoreCircle, { value: scoreDisplay(84, 'B')!, label: 'Overall score' }));
    expect(html).toContain('data-band="blue"');
    expect(html).toContain('stroke-blue-500');
    expect(text(html)).toContain('84 out of 100, Grade B,');
    expect(text(html)).toContain('Good');
  });

  it('draws a dimension bar as a meter', () => {
    const html = renderToStaticMarkup(h(ScoreBar, { value: scoreDisplay(55)!, label: 'Visual design' }));
    expect(html).toContain('role="meter"');
    expect(html).toContain('aria-valuenow="55"');
    expect(html).toContain('bg-red-500');
    expect(html).toContain('aria-valuetext="55 out of 100, Poor"');
  });
});

describe('InsightView', () => {
  it('lays out insights as text, never raw JSON', () => {
    const html = renderToStaticMarkup(h(InsightView, { node: describeValue({ avg_words_per_slide: 41.256, long_slides: ['Intro', 'Hazards'], has_summary: true }) }));
    expect(text(html)).toBe('Avg words per slide 41.26 Long slides Intro Hazards Has summary Yes');
    expect(html).not.toContain('{');
  });
});
