// The slides a SCORM package carries (courseSlides): learner text only, and the current version
// (issue 23 points 6 and 8): no trainer notes, also none of the engine prompts content stored
// before trainer notes existed keeps in its notes, and a generated knowledge check that follows
// the objectives slide as the user edited it.
import { plainContent } from '@trainwright/formats';
import { courseSlides } from '../../src/services/course.js';

const PROMPT = 'Trainer prompt: present Listening in your own words. This outline holds no facts yet.';
const SLIDES = [
  '# Complaints',
  '## What you will learn',
  '- Acknowledge a complaint the same day',
  '## Listening',
  '- Explain Listening',
  '**Speaker Notes:**',
  PROMPT,
  '**Trainer Notes:**',
  'Ask for a recent complaint.',
  '## Knowledge check',
  '- Check: Acknowledge a complaint within one day',
].join('\n');

describe('courseSlides', () => {
  it('should carry no trainer notes and the knowledge check of the current objectives', () => {
    const generatedContent = { ...plainContent('', SLIDES), objectives: ['Acknowledge a complaint within one day'] };
    const slides = courseSlides({ title: 'Complaints', slidesContent: '', scriptContent: '', generatedContent })!;
    const text = JSON.stringify(slides.map(({ title, points, paragraphs, notes }) => ({ title, points, paragraphs, notes })));
    expect(text).not.toMatch(/Trainer prompt|Ask for a recent complaint/);
    expect(slides.find((s) => s.title === 'Knowledge check')!.points).toEqual(['Check: Acknowledge a complaint the same day']);
  });
});
