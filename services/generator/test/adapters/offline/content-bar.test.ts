// The content quality bar (issue 13): four realistic sources through every generator method with
// the real offline engine, and checks a trainer would make on the result. A regression in the
// objectives, summary, titles or questions fails here.
import { readFileSync } from 'node:fs';
import { GENERATOR_TYPES, type GeneratorType, normalizeGeneratorRequest } from '@trainwright/catalogue';
import type { GenerationResult, GenerationTask } from '../../../src/domain/types.js';
import { OfflineEngine } from '../../../src/adapters/offline/offline-engine.js';
import { documentFromText } from '../../../src/ingest/index.js';
import { BAR_MIN_SCORE, barObjectives, contentBar, cutPhrase, isNegationOf, objectivePhraseFound, scorableFromResult, unmeasurableObjectives } from '../../../src/quality/index.js';
import { fillerNoteOpeners, uncoveredInstructions } from '../../../src/quality/faults.js';

const SOURCES: Record<string, [file: string, topic: string]> = {
  forklift: ['forklift-safety.txt', 'Forklift safety'],
  software: ['software-howto.txt', 'Expense reports in the finance app'],
  hr: ['hr-leave-policy.txt', 'Leave policy'],
  sales: ['sales-playbook.txt', 'Discovery calls'],
};
const read = (file: string) => readFileSync(new URL(`../../fixtures/sources/${file}`, import.meta.url), 'utf8');

function task(type: GeneratorType, text: string, topic: string): GenerationTask {
  const source = documentFromText(text, '');
  const data: Record<GeneratorType, [Record<string, unknown>, boolean]> = {
    topic_to_content: [{ topic }, true],
    url_content: [{ url: 'https://intranet.example.com/training' }, true],
    document_analysis: [{}, true],
    assessment_generator: [{ content_source: text, question_count: 10, assessment_types: ['multiple_choice', 'true_false', 'scenario'] }, false],
    content_refresh: [{ existing_content: text }, false],
    learning_path: [{ main_topic: topic, include_assessments: true }, true],
  };
  const [requestData, withSource] = data[type];
  return { kind: 'generator', request: normalizeGeneratorRequest(type, requestData, withSource), source: withSource ? source : null };
}

const engine = new OfflineEngine();
const cases = Object.entries(SOURCES).flatMap(([name, [file, topic]]) => GENERATOR_TYPES.map((type) => [name, type, file, topic] as const));
// Methods whose deck teaches the material (an assessment's deck is its questions).
const TEACHING_DECK = new Set<GeneratorType>(['topic_to_content', 'url_content', 'document_analysis', 'content_refresh']);

describe('content quality bar', () => {
  // Every check is the quality module's own (src/quality/bar.ts, faults.ts): objectives and summary
  // points of three words or more, each objective's phrase from the source, unique and topical
  // titles, no markup on a slide face, no instruction to the writer, every question answerable
  // from the source with a right key, every false statement the negation of its sentence.
  it.each(cases)('%s through %s', async (_name, type, file, topic) => {
    const text = read(file);
    const result: GenerationResult = await engine.generate({ task: task(type, text, topic), title: '', description: '', aiInstructions: '', language: 'en' }, () => {});
    // A learning path's module objectives are held to the same checks as the deck's.
    const bar = contentBar({ ...scorableFromResult(result), objectives: barObjectives(result) }, text);
    expect(bar.failures).toEqual([]);
    // Several objectives for every source and method.
    expect(result.objectives.length).toBeGreaterThanOrEqual(3);
    // A deck made from realistic material scores well with the scorer.
    if (TEACHING_DECK.has(type)) expect(bar.score).toBeGreaterThanOrEqual(BAR_MIN_SCORE);
  });

  it('holds a false statement to the negation of its sentence, not just a "not"', () => {
    expect(isNegationOf('Pedestrians do not have the right of way.', 'Pedestrians have the right of way.')).toBe(true);
    expect(isNegationOf('You should not keep your arms inside the cab.', 'Keep your arms inside the cab.')).toBe(true);
    expect(isNegationOf('Pedestrians do not have the right of way.', 'Pedestrians have priority.')).toBe(false);
    expect(isNegationOf('Forklifts are not toys.', 'Forklifts are not toys.')).toBe(false);
    expect(isNegationOf('Pedestrians do not have the right of way at all.', 'Pedestrians have the right of way.')).toBe(false);
  });

  it('catches a title or objective cut mid-phrase (its last word is not the noun the phrase ends on)', () => {
    const hr = read('hr-leave-policy.txt');
    // The HR deck's titles and objectives before 'leave' was read as a noun.
    for (const cut of ['Length of parental', 'Explain the length of parental', 'Describe the length of parental', 'Forks and the', 'Explain the HR']) expect({ cut, found: cutPhrase(cut, hr, true) }).toEqual({ cut, found: true });
    for (const whole of ['Parental leave', 'Annual leave', 'Remaining days', 'Explain the length of parental leave', 'Send a short agenda the day before', 'Carry loads low']) expect({ whole, found: cutPhrase(whole, hr, false) }).toEqual({ whole, found: false });
  });

  it('gives the HR policy topical titles and objectives without cut phrases or bare quantities', async () => {
    const result = await engine.generate({ task: task('document_analysis', read('hr-leave-policy.txt'), 'Leave policy'), title: '', description: '', aiInstructions: '', language: 'en' }, () => {});
    const titles = result.deck.slides.map((s) => s.title);
    expect(titles).toEqual(expect.arrayContaining(['Annual leave', 'Sick leave', 'Parental leave']));
    for (const bad of ['Three calendar days', 'Length of parental', 'Full-time employee']) expect(titles).not.toContain(bad);
    for (const o of result.objectives) expect(o).not.toMatch(/\bparental$|full-time employee$/);
  });

  it('holds objectives to a Bloom verb and a phrase of two words or more', async () => {
    // The forklift objectives of the first rework: instructions as written, one of them a single noun.
    expect(unmeasurableObjectives(['Check the forks, chains and mast for cracks or bends', 'Keep your arms and legs inside the cab at all times', 'Carry loads low', 'Report every incident and near miss within 24 hours'], 'en')).toEqual(['Keep your arms and legs inside the cab at all times', 'Carry loads low']);
    expect(unmeasurableObjectives(['Explicar el triángulo del fuego', 'Mantener los brazos dentro'], 'es')).toEqual(['Mantener los brazos dentro']);
    const result = await engine.generate({ task: task('document_analysis', read('forklift-safety.txt'), 'Forklift safety'), title: '', description: '', aiInstructions: '', language: 'en' }, () => {});
    expect(result.objectives).toEqual(expect.arrayContaining(['Check the forks, chains and mast for cracks or bends', 'Demonstrate how to carry loads low, about 15 cm above the floor, with the mast tilted back', 'Report every incident and near miss within 24 hours']));
    // A quantity is stated, not explained.
    const hr = await engine.generate({ task: task('document_analysis', read('hr-leave-policy.txt'), 'Leave policy'), title: '', description: '', aiInstructions: '', language: 'en' }, () => {});
    expect(hr.objectives[0]).toBe('Explain the number of days of annual leave per calendar year');
  });

  it('finds an objective phrase in the source after its verb and "how to"', () => {
    const source = read('forklift-safety.txt');
    expect(objectivePhraseFound('Describe how to park the truck correctly', source)).toBe(true);
    expect(objectivePhraseFound('Explain speed limits', source)).toBe(true);
    expect(objectivePhraseFound('Explain warehouse fire drills', source)).toBe(false);
  });

  it('holds every instruction of a section on its slide, one point each, and narrates the section without filler', async () => {
    const text = read('forklift-safety.txt');
    const result = await engine.generate({ task: task('document_analysis', text, 'Forklift safety'), title: '', description: '', aiInstructions: '', language: 'en' }, () => {});
    const slide = result.deck.slides.find((s) => s.title === 'Pre-use inspection')!;
    expect(slide.points).toEqual(expect.arrayContaining(['Check the forks, chains and mast for cracks or bends', 'Test the brakes, the steering and the horn', 'Look for hydraulic leaks under the truck', 'Never operate a truck that has failed its inspection']));
    expect(slide.points.some((p) => /^If anything is damaged, tag the forklift out of service and report it to your supervisor/.test(p))).toBe(true);
    // One rule for every point: no final full stop, whether it is a whole sentence or a part of one.
    for (const s of result.deck.slides) for (const p of s.points) expect(p).not.toMatch(/[^.]\.$/);
    expect(slide.notes.startsWith('Every shift starts with a pre-use inspection. Before you drive, check the forks')).toBe(true);
    // The deck before: two points, 'This section covers' opening the notes.
    const before = { ...result.deck, slides: [{ ...slide, points: ['Before you drive, check the forks, chains and mast for cracks or bends', 'Never operate a truck that has failed its inspection.'], notes: `This section covers pre-use inspection.\n\n${slide.notes}` }] };
    expect(uncoveredInstructions(before, text)).toEqual(['Pre-use inspection: test brake horn', 'Pre-use inspection: look truck', 'Pre-use inspection: tag forklift service report']);
    expect(fillerNoteOpeners(before)).toEqual(['Pre-use inspection: This section covers pre-use inspection.']);
    for (const opener of ['Esta sección trata el triángulo del fuego.', 'Cette section traite de la sécurité.', "Let's look at speed limits."]) expect(fillerNoteOpeners({ ...before, slides: [{ ...slide, notes: opener }] })).toHaveLength(1);
  });

  it('gives the forklift script topics, phrase objectives and a sentence summary', async () => {
    const result = await engine.generate({ task: task('document_analysis', read('forklift-safety.txt'), 'Forklift safety'), title: '', description: '', aiInstructions: '', language: 'en' }, () => {});
    const titles = result.deck.slides.map((s) => s.title);
    expect(titles).toEqual(expect.arrayContaining(['Pre-use inspection', 'Speed limits', 'Load handling', 'Pedestrians']));
    expect(titles.some((t) => t.startsWith('Introduction'))).toBe(false);
    expect(result.objectives.length).toBeGreaterThanOrEqual(5);
    // A summary point is a complete statement: a section's best sentence that fits a point whole.
    const summary = result.deck.slides.find((s) => s.title === 'Summary')!;
    expect(summary.points[0]).toBe('Every shift starts with a pre-use inspection');
    expect(summary.points).toEqual(expect.arrayContaining(['Carry loads low, about 15 cm above the floor, with the mast tilted back', 'Report every incident and near miss within 24 hours']));
    for (const p of summary.points) expect(p).not.toMatch(/^Before you drive/);
    const tf = result.questions.filter((q) => q.type === 'true_false');
    for (const q of tf) expect(q.prompt).not.toMatch(/\bblind your\b/);
  });
});
