// A script_to_slides script written in the slide text format (issue 11): the job hands it to the
// offline engine the way the generation job does, and the slides keep the user's notes as
// notes and never repeat the title.
import { opensWithTitleSlide, parseScript, parseSlideText, type GeneratedContent, type SlideDeck } from '@trainwright/formats';
import { GenerationInput, Project } from '@trainwright/proto/trainwright/project/v1/project';
import { InProcessQuality } from '../../../src/adapters/in-process-quality.js';
import { OfflineEngine } from '../../../src/adapters/offline/offline-engine.js';
import type { GenerationEvents } from '../../../src/services/generations/deps.js';
import { runGeneration } from '../../../src/services/generations/run-generation.js';
import { makeQuestions } from '../../quality/fixtures.js';

const FORKLIFT_SCRIPT = `# Forklift Safety

## Inspect before each shift
- Check the forks for cracks
- Test the brakes and the horn

**Speaker Notes:** Walk the trainees round the truck.

## Lifting a load
- Keep the load low and tilted back
- Never lift people on the forks

**Speaker Notes:** Show the load chart on the overhead guard.
Ask who has lifted a full pallet before.
`;

/** Runs a script_to_slides job on `scriptContent` through the real engine and returns what it publishes. */
async function generate(scriptContent: string, title = 'Forklift Safety'): Promise<GeneratedContent> {
  const published: GeneratedContent[] = [];
  const events: GenerationEvents = {
    progress: async () => undefined,
    completed: async (_id, content) => void published.push(content),
    failed: async (_id, failure) => {
      throw new Error(failure.text);
    },
  };
  const deps: Parameters<typeof runGeneration>[0] = {
    projects: {
      generationInput: async () =>
        GenerationInput.fromPartial({ project: Project.fromPartial({ id: 'p1', companyId: 'c1', title, projectType: 'script_to_slides', scriptContent }), files: [] }),
      // The library keeps the script (run-generation.test.ts checks what it is given).
      indexSource: async () => undefined,
    },
    sources: {
      file: async () => {
        throw new Error('no files in this test');
      },
      url: async () => {
        throw new Error('no pages in this test');
      },
      text: () => {
        throw new Error('no pasted text in this test');
      },
    },
    engine: new OfflineEngine(),
    assessments: { find: async () => undefined },
    quality: new InProcessQuality(makeQuestions),
    logger: {
      error: (fields: unknown) => {
        throw (fields as { err: unknown }).err;
      },
    },
  };
  await runGeneration(deps, { projectId: 'p1', plan: { tier: 'free-trial', trialState: 'active_trial' } }, { attempt: 1, maxAttempts: 1 }, events);
  expect(published).toHaveLength(1);
  return published[0]!;
}

const faceText = (deck: SlideDeck) => deck.slides.flatMap((s) => [s.title, ...s.points, ...s.paragraphs]);

describe('script_to_slides with a script in the slide text format', () => {
  it('should keep the slides as written, with the notes in the notes and never on a slide', async () => {
    const content = await generate(FORKLIFT_SCRIPT);
    const deck = parseSlideText(content.slides.slide_content);
    expect(deck.title).toBe('Forklift Safety');
    expect(deck.slides).toEqual([
      { title: 'Inspect before each shift', points: ['Check the forks for cracks', 'Test the brakes and the horn'], paragraphs: [], notes: 'Walk the trainees round the truck.' },
      {
        title: 'Lifting a load',
        points: ['Keep the load low and tilted back', 'Never lift people on the forks'],
        paragraphs: [],
        notes: 'Show the load chart on the overhead guard.\nAsk who has lifted a full pallet before.',
      },
    ]);
    for (const text of faceText(deck)) expect(text).not.toMatch(/Speaker Notes|\*\*|Walk the trainees|load chart/);
    // The narration script stored with it says the notes, slide by slide.
    const lines = parseScript(content.script).blocks.filter((b) => b.kind === 'line').map((b) => b.text);
    expect(lines).toEqual(deck.slides.map((s) => s.notes));
    expect(content.questions.length).toBeGreaterThan(0);
  });

  it('should make no slide that repeats the title', async () => {
    const content = await generate(FORKLIFT_SCRIPT);
    const deck = parseSlideText(content.slides.slide_content);
    expect(opensWithTitleSlide(deck, { title: 'Forklift Safety' })).toBe(false);
    expect(deck.slides.map((s) => s.title)).not.toContain('Forklift Safety');
  });

  it('should read the notes section however the user marks it, and title the deck with the project', async () => {
    const content = await generate('## Checks\n**Content:**\n* Forks\n1. Brakes\n**notes**: Look under the mast.\n\n## Driving\nKeep to the lanes.\n**Notes:**\nSound the horn at corners.', 'Forklift induction');
    const deck = parseSlideText(content.slides.slide_content);
    expect(deck.title).toBe('Forklift induction');
    expect(deck.slides).toEqual([
      { title: 'Checks', points: ['Forks', 'Brakes'], paragraphs: [], notes: 'Look under the mast.' },
      { title: 'Driving', points: [], paragraphs: ['Keep to the lanes.'], notes: 'Sound the horn at corners.' },
    ]);
  });

  it('should still read a script in the script format scene by scene', async () => {
    const content = await generate('[SCENE: Checks]\nNARRATOR: Check the forks. Test the brakes.\n\n[SCENE: Driving]\nNARRATOR: Keep to the lanes.');
    const deck = parseSlideText(content.slides.slide_content);
    expect(deck.slides.map((s) => [s.title, s.points, s.notes])).toEqual([
      ['Checks', ['Check the forks.', 'Test the brakes.'], 'Check the forks. Test the brakes.'],
      ['Driving', ['Keep to the lanes.'], 'Keep to the lanes.'],
    ]);
  });
});
