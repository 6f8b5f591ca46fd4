import { deckToScript, opensWithTitleSlide, parseScript, parseSlideText, printSlideText, scriptToDeck } from '@trainwright/formats';
import { sourceText } from '../../../src/domain/source.js';
import { type GenerationResult, type GenerationTask, GenerationError, type SourceDocument } from '../../../src/domain/types.js';
import { findAiPhrases } from '../../../src/adapters/offline/ai-phrases.js';
import { AI_INSTRUCTIONS_NOTICE, ENGINE_NOTICE, ruleBasedLanguageNotice } from '../../../src/adapters/offline/offline-engine.js';
import { DATED_FIRE_SAFETY, FIRE_SAFETY, SEGURIDAD, largeDocument } from './fixtures.js';
import { engine, generatorTask, input, LARGE_DOCUMENT_RUNS, run } from './offline-engine-fixtures.js';

/** What every result of the offline engine must satisfy. */
function checkResult(result: GenerationResult, progress: number[]): void {
  expect(result.engine).toBe('offline');
  expect(result.notices[0]).toBe(ENGINE_NOTICE);
  expect(parseSlideText(printSlideText(result.deck))).toEqual(result.deck);
  expect(progress[0]).toBe(0);
  expect(progress[progress.length - 1]).toBe(100);
  for (let i = 1; i < progress.length; i++) expect(progress[i]!).toBeGreaterThan(progress[i - 1]!);
  for (const q of result.questions) expect(q.options.filter((o) => o.is_correct)).toHaveLength(1);
  expect(findAiPhrases(printSlideText(result.deck))).toEqual([]);
  // Every output draws the cover from the title, so no slide of the engine's says only the title.
  expect(opensWithTitleSlide(result.deck)).toBe(false);
  expect(result.deck.slides.filter((s) => s.title === result.deck.title && s.points.length === 0 && s.paragraphs.length === 0)).toEqual([]);
}

const SCRIPT = `[SCENE: Raising the alarm]
NARRATOR: When you discover a fire, raise the alarm at once. Break the glass of the nearest fire alarm call point. A fire alarm call point is a red box on the wall that sets off the alarm for the whole building.

[TRANSITION: Next slide]

[SCENE: Leaving the building]
NARRATOR: Leave by the nearest fire exit and close the doors behind you. Do not use the lifts during a fire.
SPEAKER: Go to the assembly point and report to the fire warden, who checks that everyone is out of the building.`;

const SLIDES = `# Fire extinguishers

## Types of extinguisher
**Content:**
- Water extinguishers have a red band.
- Foam extinguishers have a cream band.
**Speaker Notes:**
Show the real extinguishers in the training room.

## Using an extinguisher
**Content:**
- Pull the safety pin.
- Aim the nozzle at the base of the fire.
`;

const SOFTWARE = `Microsoft Excel is the spreadsheet the finance team uses for monthly reports.
- Create a pivot table from the sales export in Excel.
- Use conditional formatting in Excel to flag overdue invoices.
SAP is used to approve purchase orders above 500 euros.
Log in to SAP with your company account before you approve an order.
All staff store their files on the shared drive.`;

describe('OfflineEngine', () => {
  it('should be named offline', () => {
    expect(engine.name).toBe('offline');
  });

  it('should analyse a document into a deck, summary, objectives, glossary and questions from the material', async () => {
    const { result, progress } = await run(generatorTask('document_analysis', { analysis_output: 'slides', create_glossary: true }, FIRE_SAFETY));
    checkResult(result, progress);
    const material = sourceText(FIRE_SAFETY);
    expect(result.title).toBe('Fire safety induction');
    expect(result.deck.slides.map((s) => s.title)).toEqual(expect.arrayContaining(FIRE_SAFETY.sections.map((s) => s.heading)));
    expect(result.objectives).toHaveLength(5);
    expect(result.summary.length).toBeGreaterThan(0);
    for (const sentence of result.summary.split(/(?<=\.) /)) expect(material).toContain(sentence);
    expect(result.glossary.length).toBeGreaterThan(0);
    for (const g of result.glossary) expect(material).toContain(g.definition);
    expect(result.questions).toHaveLength(5);
    for (const q of result.questions) expect(material).toContain(q.source);
    // Progress moves per section and per question batch, not only at the start and the end.
    expect(progress.length).toBeGreaterThanOrEqual(4 + FIRE_SAFETY.sections.length);
  });

  it('should honour the document analysis options', async () => {
    const { result } = await run(generatorTask('document_analysis', { create_glossary: false, extract_tables: false, extract_images: true, analysis_output: 'handbook' }, FIRE_SAFETY));
    expect(result.glossary).toEqual([]);
    expect(printSlideText(result.deck)).not.toContain('Flammable liquids | Foam');
    expect(result.notices.join('\n')).toContain('Images are not analysed by the offline engine');
    expect(result.deck.slides.some((s) => s.paragraphs.length > 0)).toBe(true);
  });

  it('should generate the requested assessment from pasted text, with the questions on the slides', async () => {
    const pasted = FIRE_SAFETY.sections.map((s) => `# ${s.heading}\n\n${s.paragraphs.join('\n\n')}\n\n${s.bullets.map((b) => `- ${b}`).join('\n')}`).join('\n\n');
    const task = generatorTask('assessment_generator', { content_source: pasted, question_count: 10, assessment_types: ['multiple_choice', 'true_false'], scenario_based: true, difficulty_level: 'advanced' }, null);
    const { result, progress } = await run(task);
    checkResult(result, progress);
    expect(result.questions).toHaveLength(10);
    expect(new Set(result.questions.map((q) => q.type))).toEqual(new Set(['multiple_choice', 'true_false', 'scenario']));
    for (const q of result.questions) {
      expect(q.difficulty).toBe('advanced');
      expect(pasted).toContain(q.source);
    }
    expect(result.deck.slides).toHaveLength(10);
    expect(result.deck.slides[0]!.paragraphs).toEqual([result.questions[0]!.prompt]);
    expect(result.deck.slides[0]!.notes).toContain(`Answer: ${result.questions[0]!.options.find((o) => o.is_correct)!.text}`);
  });

  it('should say how many questions the material supports instead of padding', async () => {
    const tiny = { ...FIRE_SAFETY, sections: [FIRE_SAFETY.sections[1]!] };
    const { result } = await run(generatorTask('assessment_generator', { question_count: 20, assessment_types: ['multiple_choice', 'scenario'] }, tiny));
    expect(result.questions.length).toBeLessThan(20);
    expect(result.notices.join('\n')).toContain(`The material supports ${result.questions.length} of the 20 requested questions`);
  });

  it('should fail an assessment the material supports no question of, rather than make a deck without slides', async () => {
    const bare: SourceDocument = { title: 'Doors', format: 'text', origin: 'pasted', sections: [{ heading: '', level: 0, paragraphs: ['Close the door.'], bullets: [], tables: [], notes: [] }] };
    await expect(run(generatorTask('assessment_generator', { question_count: 5, assessment_types: ['multiple_choice'] }, bare))).rejects.toThrow(
      /^The material supports 0 of the 5 requested questions/,
    );
  });

  it('should refresh dated content and report the changes', async () => {
    const { result, progress } = await run(generatorTask('content_refresh', { content_age: '1998' }, DATED_FIRE_SAFETY));
    checkResult(result, progress);
    const text = printSlideText(result.deck);
    expect(text).not.toMatch(/utilize|whilst|facsimile|World Wide Web|in order to/i);
    expect(text).toContain('The fire warden will start the roll call before the arrival of the fire service.');
    expect(result.notices.join('\n')).toContain('"utilize" -> "use" (1)');
  });

  it('should turn a script into its scenes’ slides and question the narration', async () => {
    const task: GenerationTask = { kind: 'script_to_slides', source: { title: '', format: 'text', origin: 'pasted', sections: [] }, scriptText: SCRIPT };
    const { result, progress } = await run(task, 'Evacuation');
    checkResult(result, progress);
    expect(result.deck).toEqual(scriptToDeck(parseScript(SCRIPT), 'Evacuation'));
    expect(result.objectives).toEqual(expect.arrayContaining([expect.stringMatching(/raising the alarm$/), expect.stringMatching(/leaving the building$/)]));
    expect(result.questions.length).toBeGreaterThan(0);
    for (const q of result.questions) expect(SCRIPT).toContain(q.source);
    expect(result.glossary.map((g) => g.term)).toContain('fire alarm call point');
  });

  it('should narrate slides: notes kept, slides without notes narrated from their points', async () => {
    const task: GenerationTask = { kind: 'slides_to_script', source: { title: '', format: 'text', origin: 'pasted', sections: [] }, slidesText: SLIDES };
    const { result, progress } = await run(task, '');
    checkResult(result, progress);
    expect(result.title).toBe('Fire extinguishers');
    expect(result.deck.slides[0]!.notes).toBe('Show the real extinguishers in the training room.');
    expect(result.deck.slides[1]!.notes).toBe('Pull the safety pin.\n\nAim the nozzle at the base of the fire.');
    const narration = deckToScript(result.deck).blocks.filter((b) => b.kind === 'line').map((b) => b.text);
    expect(narration).toEqual(['Show the real extinguishers in the training room.', 'Pull the safety pin.', 'Aim the nozzle at the base of the fire.']);
  });

  it('should sort software details per item into overview, tasks and practice, inventing nothing', async () => {
    const task: GenerationTask = { kind: 'software_analysis', softwareDetails: SOFTWARE, softwareList: ['Excel', 'SAP', 'Salesforce'] };
    const { result, progress } = await run(task, 'Finance tools');
    checkResult(result, progress);
    const titles = result.deck.slides.map((s) => s.title);
    expect(titles).toEqual(expect.arrayContaining(['Overview', 'Excel: overview', 'Excel: tasks', 'Excel: practice', 'SAP: tasks', 'SAP: practice', 'Salesforce']));
    const slide = (title: string) => result.deck.slides.find((s) => s.title === title)!;
    expect(slide('Excel: tasks').points).toEqual(['Create a pivot table from the sales export in Excel', 'Use conditional formatting in Excel to flag overdue invoices']);
    expect(slide('Excel: practice').points).toEqual(['Try this in Excel: Create a pivot table from the sales export in Excel', 'Try this in Excel: Use conditional formatting in Excel to flag overdue invoices']);
    expect(slide('Salesforce').points).toEqual(['Add the tasks your team does in Salesforce']);
    expect(result.notices.join('\n')).toContain('The details say nothing about Salesforce');
    for (const title of ['Overview', 'Excel: overview', 'Excel: tasks', 'SAP: tasks']) for (const p of slide(title).points) expect(SOFTWARE).toContain(p);
  });

  it('should build a framed outline from a topic alone and say that it added no facts', async () => {
    const task = generatorTask('topic_to_content', { topic: 'Leverage the fire triangle', subtopics: 'Heat\nFuel\nOxygen', exclude_ai_phrases: true }, null);
    const { result, progress } = await run(task, '');
    checkResult(result, progress);
    expect(result.deck.title).toBe('Use the fire triangle');
    expect(result.notices.join('\n')).toMatch(/offline engine built an outline from your request .* added no facts/);
    expect(result.questions).toEqual([]);
    expect(result.glossary).toEqual([]);
    const kept = await run(generatorTask('topic_to_content', { topic: 'Leverage the fire triangle', exclude_ai_phrases: false }, null), '');
    expect(kept.result.deck.title).toBe('Leverage the fire triangle');
  });

  it('should plan a learning path, with questions when there is material', async () => {
    const data = { main_topic: 'Fire safety', module_count: 5, skill_level_start: 'basic', skill_level_target: 'advanced' };
    const withMaterial = await run(generatorTask('learning_path', data, FIRE_SAFETY));
    checkResult(withMaterial.result, withMaterial.progress);
    expect(withMaterial.result.modules).toHaveLength(5);
    expect(withMaterial.result.questions.length).toBeGreaterThan(0);
    const without = await run(generatorTask('learning_path', data, null));
    checkResult(without.result, without.progress);
    expect(without.result.modules).toHaveLength(5);
    expect(without.result.questions).toEqual([]);
    expect(without.result.notices.join('\n')).toContain('checklist of its objectives');
  });

  it('should transform a web page to the requested format, focus and length', async () => {
    const page = { ...FIRE_SAFETY, origin: 'https://example.com/fire-safety', format: 'html' as const };
    const { result, progress } = await run(generatorTask('url_content', { url: 'https://example.com/fire-safety', transform_to: 'script', target_length: 'short', content_focus: 'extinguishers', writing_style: 'storytelling' }, page));
    checkResult(result, progress);
    expect(result.notices).toContain('Source: https://example.com/fire-safety');
    // The notes narrate the page; no style opener about the section.
    expect(result.deck.slides.some((s) => s.notes.startsWith('Picture a working day that involves'))).toBe(false);
    // The focus ranks the extinguisher sentences first in the summary.
    expect(result.summary).toMatch(/extinguisher/i);
  });

  it('should use the material’s language for its framing', async () => {
    const { result } = await run(generatorTask('document_analysis', {}, SEGURIDAD));
    expect(result.deck.slides[0]!.title).toBe('Objetivos de aprendizaje');
    expect(result.questions.every((q) => !q.prompt.startsWith('Complete the') && !q.prompt.startsWith('True or false'))).toBe(true);
    // The simpler rules for Spanish are said, not hidden.
    expect(result.notices[1]).toBe(ruleBasedLanguageNotice('es'));
    expect(result.notices[1]).toMatch(/^This material is in Spanish: the offline engine's phrase analysis covers English only/);
  });

  it('should handle French material', async () => {
    const section = (heading: string, paragraphs: string[]) => ({ heading, level: 1, paragraphs, bullets: [], tables: [], notes: [] });
    const doc: SourceDocument = {
      title: 'Sécurité incendie',
      format: 'docx',
      origin: 'securite.docx',
      sections: [
        section('Les extincteurs', [
          "L'extincteur est un appareil portatif qui permet d'éteindre un petit feu. Les extincteurs à eau conviennent aux feux de bois et de papier. Les extincteurs à dioxyde de carbone conviennent aux feux d'origine électrique.",
        ]),
        section("L'évacuation", [
          "Le point de rassemblement est le lieu où le personnel se regroupe après l'évacuation. Le guide-file est la personne qui dirige l'évacuation de son secteur. Les portes coupe-feu doivent rester fermées pour ralentir la fumée.",
        ]),
        section('Les consignes', ["En cas d'alarme, le personnel quitte le bâtiment par la sortie la plus proche. Le personnel ne doit jamais utiliser les ascenseurs pendant l'évacuation."]),
      ],
    };
    const { result, progress } = await run(generatorTask('assessment_generator', { question_count: 5, assessment_types: ['multiple_choice', 'true_false', 'scenario'] }, doc));
    checkResult(result, progress);
    expect(result.questions.length).toBeGreaterThan(0);
    for (const q of result.questions) expect(sourceText(doc)).toContain(q.source);
    const analysis = await run(generatorTask('document_analysis', {}, doc));
    expect(analysis.result.deck.slides[0]!.title).toBe("Objectifs d'apprentissage");
    expect(analysis.result.notices).toContain(ruleBasedLanguageNotice('fr'));
    expect(analysis.result.glossary.map((g) => g.term)).toEqual(expect.arrayContaining(['extincteur', 'guide-file']));
  });

  it('should say that instructions to the AI were not applied', async () => {
    const result = await engine.generate({ ...input(generatorTask('document_analysis', {}, FIRE_SAFETY)), aiInstructions: 'Make it funny.' }, () => {});
    expect(result.notices[result.notices.length - 1]).toBe(AI_INSTRUCTIONS_NOTICE);
  });

  it('should refuse input it can never work with', async () => {
    await expect(run(generatorTask('url_content', { url: 'https://example.com' }, null))).rejects.toBeInstanceOf(GenerationError);
    const empty: SourceDocument = { title: 'Scan', format: 'pdf', origin: 'scan.pdf', sections: [{ heading: '', level: 0, paragraphs: ['  '], bullets: [], tables: [], notes: [] }] };
    await expect(run(generatorTask('document_analysis', {}, empty))).rejects.toThrow('no text the offline engine can use');
    await expect(run({ kind: 'software_analysis', softwareDetails: ' ', softwareList: ['Excel'] })).rejects.toBeInstanceOf(GenerationError);
  });

  it('should give the same result for the same input', async () => {
    const tasks: GenerationTask[] = [
      generatorTask('document_analysis', {}, FIRE_SAFETY),
      generatorTask('assessment_generator', { question_count: 15, assessment_types: ['multiple_choice', 'true_false', 'scenario'] }, FIRE_SAFETY),
      generatorTask('topic_to_content', { topic: 'Fire safety', subtopics: 'Alarms\nExits' }, null),
      generatorTask('learning_path', { main_topic: 'Fire safety' }, null),
    ];
    for (const task of tasks) {
      const first = await run(task);
      const second = await run(task);
      expect(second).toEqual(first);
    }
  });

  it('should process a 20-page document (its time: offline-engine.timed.test.ts)', async () => {
    const doc = largeDocument();
    for (const [type, data] of LARGE_DOCUMENT_RUNS) {
      const { result, progress } = await run(generatorTask(type, data, doc));
      checkResult(result, progress);
    }
  });
});
