// Scores of real engine output (captured from the offline engine before issue 13's rewrite) and of
// a hand-made forklift deck: a score has to fall for the faults a trainer sees at once.
import type { ScorableContent } from '../../src/domain/types.js';
import { applyImprovements, measure, scoreContent } from '../../src/quality/index.js';
import { captured, content, makeQuestions, request } from './fixtures.js';

const BRANDING = { company_name: 'Northwind Logistics', logo_url: '', website: 'northwind.example' };

export const FORKLIFT_SLIDES = `# Forklift Safety for Warehouse Staff

## Learning objectives
**Content:**
- Carry out the pre-use inspection before every shift
- Apply the warehouse speed limits and load rules
- Protect pedestrians in the aisles and walkways
- Park the truck safely and report every near miss
**Speaker Notes:**
By the end of this session you will be able to do four things on every shift.

## The pre-use inspection
**Content:**
- Check the forks, chains and mast for cracks or bends
- Test the brakes, the steering and the horn
- Look for hydraulic leaks under the truck
- Tag a damaged forklift out of service and tell your supervisor
- Never operate a truck that has failed its inspection
**Speaker Notes:**
Every shift starts with a pre-use inspection.
If anything is damaged, tag the forklift out of service and report it to your supervisor.
Never operate a truck that has failed its inspection.

## Speed limits and blind corners
**Content:**
- 8 km/h inside the warehouse, 5 km/h in loading bays and near doorways
- Slow down at corners and sound the horn at blind intersections
- Keep three truck lengths from the vehicle in front
- Keep your arms and legs inside the cab
**Speaker Notes:**
Speed limits keep everyone safe.
For example, a loaded truck at 8 km/h needs more than a truck length to stop.
Keep your arms and legs inside the cab at all times.

## Handling loads
**Content:**
- Check every load against the capacity plate before you lift it
- Never exceed the rated capacity of 2,500 kg
- Carry loads about 15 cm above the floor with the mast tilted back
- Travel in reverse when a load blocks your forward view
- Never raise or lower a load while the truck is moving
**Speaker Notes:**
Load handling decides whether a forklift stays upright.
Never raise or lower a load while the truck is moving.
Why does a high load make the truck tip more easily? Its centre of gravity moves up.

## Pedestrians have the right of way
**Content:**
- Pedestrians stay inside the green walkways
- Make eye contact with anyone near your path before you move
- Stop when a person walks into the aisle
- Nobody rides on the forks or stands under a raised load
**Speaker Notes:**
Walkways are marked in green, and pedestrians must stay inside them.
For example, stop and wait when a picker steps out between two racks.

## Parking and reporting
**Content:**
- Lower the forks flat to the floor and set the parking brake
- Put the controls in neutral, switch off and remove the key
- Park only in marked bays, never in front of fire exits or panels
- Report every incident and near miss within 24 hours
**Speaker Notes:**
Parking the truck correctly prevents accidents after your shift.
A near miss today is an accident tomorrow, so describe what happened, where it happened and what could prevent it.
Your reports help the safety team fix hazards before anyone gets hurt.

## Knowledge check
**Content:**
- 1. What do you do with a forklift that fails its inspection?
- 2. How fast may you drive in a loading bay?
- 3. How high do you carry a load?
**Speaker Notes:**
Answer 1: Tag it out of service and report it to your supervisor.
Answer 2: 5 km/h.
Answer 3: About 15 cm above the floor, with the mast tilted back.

## Summary
**Content:**
- Inspect the truck before every shift
- Keep to 8 km/h, and 5 km/h in loading bays
- Carry loads low and within the rated capacity
- Give pedestrians the right of way
- Park in marked bays and report every near miss
**Speaker Notes:**
Thank you. These five habits keep you, your colleagues and the trucks safe on every shift.
`;

function wellMade(): ScorableContent {
  const base = content(FORKLIFT_SLIDES, {
    objectives: [
      'Carry out the pre-use inspection before every shift',
      'Apply the warehouse speed limits and load rules',
      'Protect pedestrians in the aisles and walkways',
      'Park the truck safely and report every near miss',
    ],
    glossary: [
      { term: 'Capacity plate', definition: 'The plate on the truck that states the heaviest load it may lift.' },
      { term: 'Near miss', definition: 'An event that could have caused harm but did not.' },
    ],
    templateId: 'corporate-blue',
    fontStyle: 'modern',
    imageStyle: 'photographic',
    branding: BRANDING,
  });
  return { ...base, questions: makeQuestions(base, 6) };
}

const ids = (c: ScorableContent) => scoreContent(c, request()).recommendations.map((r) => r.id);

describe('scoring real engine output', () => {
  it('should score the offline forklift deck of issue 13 low and say why', () => {
    const a = scoreContent(captured('forklift-safety', BRANDING), request());
    expect(a.overall_score).toBeLessThan(70);
    expect(a.quality_grade).not.toBe('A');
    expect(a.dimension_scores.structure_flow).toBeLessThan(70);
    expect(a.dimension_scores.visual_design).toBeLessThan(80);
    expect(a.dimension_scores.educational_effectiveness).toBeLessThan(70);
    expect(a.dimension_scores.technical_accuracy).toBeLessThan(90);
    const byId = new Map(a.recommendations.map((r) => [r.id, r.reason]));
    expect(byId.get('rewrite-objectives')).toContain("'Explain load'");
    expect(byId.get('write-summary-sentences')).toMatch(/single words or pairs.*'load', 'truck'/);
    expect(byId.get('retitle-generic-sections')).toContain("'Introduction', 'Introduction (2)'");
    expect(byId.get('remove-engine-instructions')).toContain("'For a general audience: keep to plain words");
    // Every slide's footer names the company.
    expect(byId.has('add-branding')).toBe(false);
  });

  it('should not give a three-sentence script an A', () => {
    const a = scoreContent(captured('three-sentences', BRANDING), request());
    expect(a.overall_score).toBeLessThan(70);
    const byId = new Map(a.recommendations.map((r) => [r.id, r]));
    expect(byId.get('add-material')!.reason).toMatch(/^The material is thin for a training: 3 teaching sentences/);
    expect(byId.get('add-material')!.priority).toBe('high');
    // 'Always wear a injury hat on the building site.' swaps a word into an ungrammatical statement.
    expect(byId.get('fix-questions')!.reason).toContain('the statement is not a proper sentence');
  });

  it('should score a well-made forklift deck high with nothing to fix', () => {
    const a = scoreContent(wellMade(), request());
    expect(a.quality_grade).toBe('A');
    expect(a.recommendations).toEqual([]);
    const m = measure(wellMade());
    expect(m.question_faults).toEqual([]);
    expect(m.generic_titles).toEqual([]);
  });

  it('should count the company in every footer when branding is on', () => {
    const m = measure(wellMade());
    expect(m.company_name_mentions).toBe(m.slide_count);
    expect(measure({ ...wellMade(), branding: null }).company_name_mentions).toBe(0);
  });

  it('should name each fault a trainer sees and lower its dimension', () => {
    const good = wellMade();
    const base = scoreContent(good, request()).dimension_scores;
    const lower = (c: ScorableContent, d: keyof typeof base, id: string) => {
      const a = scoreContent(c, request());
      expect({ id, lower: a.dimension_scores[d] < base[d] }).toEqual({ id, lower: true });
      expect(a.recommendations.map((r) => r.id)).toContain(id);
    };
    const markup = structuredClone(good);
    markup.deck.slides[1]!.points[0] = '**Check** the forks, chains and mast for cracks or bends';
    lower(markup, 'visual_design', 'remove-markup');

    const instruction = structuredClone(good);
    instruction.deck.slides[2]!.notes += '\nFor a general audience: keep to plain words and one idea per slide.';
    lower(instruction, 'content_quality', 'remove-engine-instructions');

    const repeated = structuredClone(good);
    repeated.deck.slides.unshift({ title: good.deck.title, points: [], paragraphs: ['A course for warehouse staff.'], notes: '' });
    lower(repeated, 'structure_flow', 'remove-repeated-title-slide');

    const generic = structuredClone(good);
    generic.deck.slides[3]!.title = 'Section 2';
    lower(generic, 'structure_flow', 'retitle-generic-sections');

    const fragments = { ...structuredClone(good), objectives: ['Explain load', 'Apply truck', 'Use forks', 'Explain anyone'] };
    lower(fragments, 'educational_effectiveness', 'rewrite-objectives');

    const words = structuredClone(good);
    words.deck.slides[words.deck.slides.length - 1]!.points = ['forklift', 'load', 'forks', 'pedestrian', 'truck'];
    lower(words, 'educational_effectiveness', 'write-summary-sentences');

    const wrongKey = structuredClone(good);
    wrongKey.questions.push({
      id: 'tf',
      type: 'true_false',
      difficulty: 'basic',
      prompt: 'True or false? Never exceed the rated capacity of 2,500 kg',
      options: [
        { id: 'a', text: 'True', is_correct: false },
        { id: 'b', text: 'False', is_correct: true },
      ],
      explanation: 'The material says so.',
      source: 'Never exceed the rated capacity of 2,500 kg',
    });
    lower(wrongKey, 'technical_accuracy', 'fix-questions');
    expect(measure(wrongKey).question_faults).toEqual([{ id: 'tf', prompt: wrongKey.questions.at(-1)!.prompt, problem: 'wrong_key' }]);
  });

  it('should count what the content bar counts: notes opening with filler, instructions the slide does not show', () => {
    const good = wellMade();
    const base = scoreContent(good, request());
    // The old engine's opener ('This section covers ...'), and the old two-point inspection slide.
    const filler = structuredClone(good);
    filler.deck.slides[1]!.notes = `This section covers the pre-use inspection.\n${filler.deck.slides[1]!.notes}`;
    const unshown = structuredClone(good);
    unshown.deck.slides[1]!.points = ['Check the forks, chains and mast for cracks or bends', 'Never operate a truck that has failed its inspection'];
    unshown.deck.slides[1]!.notes = 'Every shift starts with a pre-use inspection. Before you drive, check the forks, chains and mast for cracks or bends, test the brakes, the steering and the horn, and look for hydraulic leaks under the truck.';
    const cases: Array<[ScorableContent, keyof typeof base.dimension_scores, string, RegExp]> = [
      [filler, 'content_quality', 'remove-filler-openers', /^The notes of 1 slide open with a sentence that only says what the section covers.*'The pre-use inspection: This section covers the pre-use/],
      [unshown, 'educational_effectiveness', 'show-every-instruction', /^2 instructions in the speaker notes are not on the slide.*'The pre-use inspection: Test the brakes, the steering and\.\.\.', 'The pre-use inspection: Look for hydraulic leaks under th\.\.\.'/],
    ];
    for (const [c, dimension, id, reason] of cases) {
      const a = scoreContent(c, request());
      expect({ id, lower: a.dimension_scores[dimension] < base.dimension_scores[dimension] }).toEqual({ id, lower: true });
      expect(a.recommendations.find((r) => r.id === id)?.reason).toMatch(reason);
      // The improvement removes the fault and gives the score back.
      const fixed = applyImprovements(c, a, [id], {}, '', { makeQuestions }).content;
      expect(scoreContent(fixed, request()).recommendations.map((r) => r.id)).not.toContain(id);
      expect(scoreContent(fixed, request()).overall_score).toBeGreaterThan(a.overall_score);
    }
    const shown = applyImprovements(unshown, scoreContent(unshown, request()), ['show-every-instruction'], {}, '', { makeQuestions }).content;
    expect(shown.deck.slides[1]!.points.slice(2)).toEqual(['Test the brakes, the steering and the horn', 'Look for hydraulic leaks under the truck']);
    // Lines an improvement writes into the notes are not the material's instructions.
    const framed = structuredClone(good);
    framed.deck.slides[1]!.notes += '\n\nConsider how “The pre-use inspection” applies to your own role.\n\nReviewer note (x): Check the figures.';
    expect(measure(framed).unshown_instructions).toEqual([]);
  });

  it('should fix what it can of the engine deck when every recommendation is applied', () => {
    const c = captured('forklift-safety', BRANDING);
    const before = scoreContent(c, request());
    const result = applyImprovements(c, before, before.recommendations.map((r) => r.id), {}, '', { makeQuestions });
    const after = scoreContent(result.content, request());
    expect(after.overall_score).toBeGreaterThan(before.overall_score);
    expect(ids(result.content)).not.toContain('remove-engine-instructions');
    expect(result.skipped.map((s) => s.id)).toContain('add-material');
  });
});
