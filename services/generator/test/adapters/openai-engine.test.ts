// The OpenAI-compatible engine against a local chat-completions server: the real `openai` SDK,
// real HTTP, scripted answers and failures. That the retried timeouts end within seconds is
// measured in openai-engine.timed.test.ts.
import { findAiPhrases } from '../../src/adapters/offline/ai-phrases.js';
import type { GenerationResult, GenerationTask } from '../../src/domain/types.js';
import { OpenAiEngine } from '../../src/adapters/openai-engine.js';
import { parseAnswer } from '../../src/adapters/answer-schema.js';
import { fitSource } from '../../src/adapters/source-budget.js';
import { startFakeOpenAi, userText, type FakeStep } from '../fakes/fake-openai.js';
import { closeFake, doc, engineFor, failure, generator, input } from './openai-engine-fixtures.js';

afterEach(closeFake);

function allText(result: GenerationResult): string {
  return JSON.stringify([result.title, result.summary, result.objectives, result.deck, result.questions, result.glossary, result.modules]);
}

describe('OpenAiEngine', () => {
  test('a valid answer becomes a GenerationResult; the request carries model, format, budget and source', async () => {
    const { engine, fake } = await engineFor([{ kind: 'answer' }]);
    const progress: number[] = [];
    const result = await engine.generate(input(generator('document_analysis', {}, doc())), (p) => {
      progress.push(p);
    });

    expect(engine.name).toBe('openai:fake-model');
    expect(result.engine).toBe('openai:fake-model');
    expect(result.title).toBe('Fire safety for new staff');
    expect(result.deck.title).toBe('Fire safety for new staff');
    expect(result.deck.slides.map((s) => s.title)).toEqual(['Raising the alarm', 'Evacuation routes', 'Assembly point']);
    expect(result.deck.slides[1]!.points).toEqual(['Leave by the nearest green-signed exit and never use the lifts.']);
    expect(result.questions).toHaveLength(5);
    expect(result.questions.map((q) => q.id)).toEqual(['q1', 'q2', 'q3', 'q4', 'q5']);
    for (const q of result.questions) {
      expect(q.options.filter((o) => o.is_correct)).toHaveLength(1);
      expect(q.options.map((o) => o.id)).toEqual(q.options.map((_, j) => `${q.id}-${'abcd'[j]}`));
    }
    expect(result.glossary.length).toBeGreaterThan(0);
    expect(result.modules).toEqual([]);
    expect(result.notices[0]).toContain('fake-model');
    // Quotes the fake took from the source are found there: no warning about them.
    expect(result.notices.join(' ')).not.toContain('not word for word');
    expect(progress).toEqual([10, 80, 100]);

    expect(fake.requests).toHaveLength(1);
    const { body, headers } = fake.requests[0]!;
    expect(headers.authorization).toBe('Bearer test-key');
    expect(body.model).toBe('fake-model');
    expect(body.response_format.type).toBe('json_schema');
    expect(body.response_format.json_schema.strict).toBe(true);
    expect(body.response_format.json_schema.schema.required).toEqual(['title', 'summary', 'objectives', 'slides', 'questions', 'glossary', 'modules']);
    expect(body.max_tokens).toBe(4000);
    expect(body.max_completion_tokens).toBeUndefined();
    expect(body.temperature).toBe(0.2);
    expect(body.messages[0].role).toBe('system');
    const prompt = userText(fake.requests[0]!);
    expect(prompt).toContain('## Evacuation routes');
    expect(prompt).toContain('Gather at the car park by the north gate so wardens can count everyone.');
  });

  test('json_object mode and max_completion_tokens are sent when configured', async () => {
    const { engine, fake } = await engineFor([{ kind: 'answer' }], { jsonMode: 'json_object', tokenLimitField: 'max_completion_tokens', temperature: null });
    await engine.generate(input(generator('document_analysis', {}, doc())), () => {});
    const { body } = fake.requests[0]!;
    expect(body.response_format).toEqual({ type: 'json_object' });
    expect(body.max_completion_tokens).toBe(4000);
    expect(body.max_tokens).toBeUndefined();
    expect(body.temperature).toBeUndefined();
    // JSON mode has no schema channel, so the schema travels in the prompt.
    expect(body.messages[0].content).toContain('JSON schema of the answer');
  });

  test('an invalid answer is sent back with its errors and the second answer is used', async () => {
    const { engine, fake } = await engineFor([{ kind: 'invalid_json' }, { kind: 'answer' }]);
    const result = await engine.generate(input(generator('document_analysis', {}, doc())), () => {});
    expect(result.deck.slides).toHaveLength(3);
    expect(fake.requests).toHaveLength(2);
    const second = fake.requests[1]!.body.messages as Array<{ role: string; content: string }>;
    expect(second).toHaveLength(4);
    expect(second[2]).toEqual({ role: 'assistant', content: '{"title": "Half an answer", "slides": [' });
    expect(second[3]!.role).toBe('user');
    expect(second[3]!.content).toContain('Validation errors:');
    expect(second[3]!.content).toContain('The answer is not valid JSON');
    expect(result.notices.some((n) => n.includes('corrected on a second request'))).toBe(true);
  });

  test('two invalid answers end the generation: not retryable, with the first error', async () => {
    const { engine, fake } = await engineFor([{ kind: 'schema_violation' }, { kind: 'invalid_json' }, { kind: 'answer' }]);
    const err = await failure(engine.generate(input(generator('document_analysis', {}, doc())), () => {}));
    expect(err.retryable).toBe(false);
    expect(err.message).toMatch(/^The AI model returned invalid content 2 times: slides: /);
    expect(fake.requests).toHaveLength(2);
  });

  test('a question with two correct options is invalid', async () => {
    const twoCorrect: FakeStep = {
      kind: 'answer',
      edit: (a) => {
        a.questions[0]!.options[0]!.is_correct = true;
        a.questions[0]!.options[1]!.is_correct = true;
      },
    };
    const { engine, fake } = await engineFor([twoCorrect, { kind: 'answer' }]);
    const result = await engine.generate(input(generator('document_analysis', {}, doc())), () => {});
    expect(result.questions[0]!.options.filter((o) => o.is_correct)).toHaveLength(1);
    expect(userText(fake.requests[1]!)).toContain('questions[0].options: exactly one option must have is_correct true (found 2)');

    const again = await engineFor([twoCorrect, twoCorrect]);
    const err = await failure(again.engine.generate(input(generator('document_analysis', {}, doc())), () => {}));
    expect(err.message).toBe('The AI model returned invalid content 2 times: questions[0].options: exactly one option must have is_correct true (found 2)');
    expect(err.retryable).toBe(false);
    await fake.close();
  });

  test('assessment_generator gets exactly the questions asked for, from pasted text', async () => {
    const pasted = 'Press the red call point when you see smoke.\n\nNever use the lifts during an evacuation.';
    const task = generator('assessment_generator', { content_source: pasted, question_count: 10, assessment_types: ['true_false'] }, null);
    const { engine, fake } = await engineFor([
      { kind: 'answer', edit: (a) => void a.questions.pop() },
      { kind: 'answer' },
    ]);
    const result = await engine.generate(input(task), () => {});
    expect(result.questions).toHaveLength(10);
    expect(result.questions.every((q) => q.type === 'true_false' && q.options.map((o) => o.text).join() === 'True,False')).toBe(true);
    expect(userText(fake.requests[0]!)).toContain('Never use the lifts during an evacuation.');
    expect(userText(fake.requests[1]!)).toContain('questions: exactly 10 questions are required, the answer has 9');
  });

  test('learning_path gets exactly module_count modules', async () => {
    const task = generator('learning_path', { main_topic: 'Workplace first aid', module_count: 5 }, null);
    const { engine, fake } = await engineFor([
      { kind: 'answer', edit: (a) => void a.modules.splice(2, 1) },
      { kind: 'answer' },
    ]);
    const result = await engine.generate(input(task), () => {});
    expect(result.modules.map((m) => m.number)).toEqual([1, 2, 3, 4, 5]);
    expect(userText(fake.requests[1]!)).toContain('modules: exactly 5 modules are required, the answer has 4');
    expect(result.notices.join(' ')).toContain('own knowledge');
  });

  test('a model that does not answer in time is retried, then a retryable timeout error', async () => {
    const slow: FakeStep = { kind: 'delay', ms: 1500 };
    const { engine, fake } = await engineFor([slow, slow, slow], { timeoutMs: 300 });
    const err = await failure(engine.generate(input(generator('document_analysis', {}, doc())), () => {}));
    expect(err.message).toBe('The AI model did not answer within 0.3 s (3 attempts).');
    expect(err.retryable).toBe(true);
    expect(fake.requests).toHaveLength(3);
  });

  test('a response whose body stalls counts as a timeout and is retried', async () => {
    const { engine, fake } = await engineFor([{ kind: 'delay', ms: 1500, stall: 'body' }, { kind: 'answer' }], { timeoutMs: 300 });
    const result = await engine.generate(input(generator('document_analysis', {}, doc())), () => {});
    expect(result.deck.slides).toHaveLength(3);
    expect(fake.requests).toHaveLength(2);
  });

  test('HTTP 500 is retried within the budget, then a retryable error with the server message', async () => {
    const boom: FakeStep = { kind: 'error', status: 500, message: 'The server had an error while processing your request.' };
    const { engine, fake } = await engineFor([boom, boom, boom]);
    const err = await failure(engine.generate(input(generator('document_analysis', {}, doc())), () => {}));
    expect(err.message).toBe('The AI model returned an error: HTTP 500 The server had an error while processing your request.');
    expect(err.retryable).toBe(true);
    expect(fake.requests).toHaveLength(3);

    const recovering = await engineFor([boom, { kind: 'error', status: 429, message: 'Rate limit reached', headers: { 'retry-after': '0' } }, { kind: 'answer' }]);
    const result = await recovering.engine.generate(input(generator('document_analysis', {}, doc())), () => {});
    expect(result.deck.slides).toHaveLength(3);
    expect(recovering.fake.requests).toHaveLength(3);
    await fake.close();
  });

  test('HTTP 401 is not retried and says the API key was refused', async () => {
    const { engine, fake } = await engineFor([
      { kind: 'error', status: 401, message: 'Incorrect API key provided: te**key.', code: 'invalid_api_key' },
      { kind: 'answer' },
    ]);
    const err = await failure(engine.generate(input(generator('document_analysis', {}, doc())), () => {}));
    expect(err.retryable).toBe(false);
    expect(err.message).toBe("The AI model returned an error: HTTP 401 Incorrect API key provided: te**key: the API key was refused, check the AI key in the generator's configuration.");
    expect(err.message).toContain('the API key was refused');
    expect(fake.requests).toHaveLength(1);
  });

  test('an unreachable server is a retryable error', async () => {
    const closed = await startFakeOpenAi();
    const baseURL = closed.baseURL;
    await closed.close();
    const engine = new OpenAiEngine({
      baseURL,
      apiKey: '',
      model: 'fake-model',
      timeoutMs: 2000,
      maxOutputTokens: 1000,
      maxSourceChars: 1000,
      attempts: 2,
      jsonMode: 'json_schema',
      retryDelayMs: 10,
    });
    const err = await failure(engine.generate(input(generator('document_analysis', {}, doc())), () => {}));
    expect(err.message).toMatch(/^The AI model could not be reached at http:\/\/127\.0\.0\.1:\d+\/v1: .+ \(2 attempts\)\.$/);
    expect(err.retryable).toBe(true);
  });

  test('exclude_ai_phrases: the prompt lists the phrases and they are removed from the answer', async () => {
    const phrasey: FakeStep = {
      kind: 'answer',
      edit: (a) => {
        a.slides[0]!.points.push("Let's delve into the exits.");
        a.slides[0]!.notes = 'It is important to note that fire doors close by themselves.';
        a.summary = 'A robust guide to fire safety.';
      },
    };
    const task = generator('topic_to_content', { topic: 'Fire safety', exclude_ai_phrases: true, include_assessments: false }, null);
    const { engine, fake } = await engineFor([phrasey]);
    const result = await engine.generate(input(task), () => {});
    expect(findAiPhrases(allText(result))).toEqual([]);
    expect(result.deck.slides[0]!.points).toContain("Let's explore the exits.");
    expect(result.deck.slides[0]!.notes).toBe('Fire doors close by themselves.');
    expect(result.summary).toBe('A solid guide to fire safety.');
    expect(result.questions).toEqual([]);
    expect(result.notices.some((n) => /3 stock AI phrases removed/.test(n))).toBe(true);
    expect(userText(fake.requests[0]!)).toContain('"delve into"');

    const keeping = await engineFor([phrasey]);
    const kept = await keeping.engine.generate(input(generator('topic_to_content', { topic: 'Fire safety', exclude_ai_phrases: false }, null)), () => {});
    expect(kept.deck.slides[0]!.points).toContain("Let's delve into the exits.");
    expect(userText(keeping.fake.requests[0]!)).not.toContain('"delve into"');
    await fake.close();
  });

  test('a long source is cut at a section boundary and the result says so', async () => {
    const many: Array<[string, string[]]> = Array.from({ length: 30 }, (_, i) => [`Section ${i + 1}`, [`Rule ${i + 1}: ${'keep the exits clear. '.repeat(20)}`.trim()]]);
    const { engine, fake } = await engineFor([{ kind: 'answer' }], { maxSourceChars: 3000 });
    const result = await engine.generate(input(generator('document_analysis', {}, doc(many))), () => {});
    const prompt = userText(fake.requests[0]!);
    const sent = result.deck.slides.length;
    expect(sent).toBeGreaterThan(1);
    expect(sent).toBeLessThan(30);
    expect(prompt).toContain('## Section 1\n');
    expect(prompt).not.toContain('## Section 30');
    // Whole sections only: the last one sent is complete.
    expect(prompt).toContain(`Rule ${sent}: ${'keep the exits clear. '.repeat(20).trim()}`);
    const notice = result.notices.find((n) => n.startsWith('The source was too long'));
    expect(notice).toContain(`the first ${sent} of 30 sections`);
    expect(notice).toContain('3,000 characters');
  });

  test('slides_to_script keeps the slides and asks for one narration per slide', async () => {
    const slidesText = '# Fire safety\n\n## Alarm\n**Content:**\n- Press the call point\n\n## Exits\n**Content:**\n- Use the green exits\n\n## Assembly\n**Content:**\n- Go to the north gate\n';
    const task: GenerationTask = { kind: 'slides_to_script', source: doc(), slidesText };
    const { engine, fake } = await engineFor([{ kind: 'answer' }]);
    const result = await engine.generate(input(task, { language: 'es' }), () => {});
    expect(result.deck.slides.map((s) => s.title)).toEqual(['Alarm', 'Exits', 'Assembly']);
    expect(result.deck.slides.every((s) => s.notes !== '')).toBe(true);
    expect(userText(fake.requests[0]!)).toContain('exactly the 3 input slides');
    expect(fake.requests[0]!.body.messages[0].content).toContain('Spanish (es)');
  });

  test('script_to_slides makes one slide per scene', async () => {
    const scriptText = '[SCENE: Reception]\nNARRATOR: When the alarm sounds, stop work.\n\n[SCENE: Stairwell]\nNARRATOR: Walk, do not run, and keep to the right.\n';
    const task: GenerationTask = { kind: 'script_to_slides', source: doc(), scriptText };
    const { engine } = await engineFor([{ kind: 'answer' }]);
    const result = await engine.generate(input(task), () => {});
    expect(result.deck.slides.map((s) => s.title)).toEqual(['Reception', 'Stairwell']);
    expect(result.deck.slides[0]!.points).toEqual(['NARRATOR: When the alarm sounds, stop work.']);
  });

  test('script_to_slides reads a script written as slides as slides, with its notes as notes', async () => {
    const scriptText = '## Inspect before each shift\n- Check the forks\n- Test the brakes\n**Speaker Notes:** Walk the trainees round the truck.\n\n## Drive slowly\n- Walking pace indoors\n';
    const task: GenerationTask = { kind: 'script_to_slides', source: doc(), scriptText };
    const { engine, fake } = await engineFor([{ kind: 'answer' }]);
    await engine.generate(input(task), () => {});
    const prompt = userText(fake.requests[0]!);
    expect(prompt).toContain('exactly the 2 input slides');
    expect(prompt).toContain('Inspect before each shift');
    expect(prompt).not.toContain('[SCENE: ...] starts a scene');
  });

  test('parts the request did not ask for are dropped, not argued over', async () => {
    const extra: FakeStep = {
      kind: 'answer',
      edit: (a) => {
        a.questions = [{ type: 'multiple_choice', difficulty: 'basic', prompt: 'Unasked?', options: [{ text: 'x', is_correct: true }, { text: 'y', is_correct: true }], explanation: '', source: '' }];
      },
    };
    const task = generator('topic_to_content', { topic: 'Fire safety', include_assessments: false }, null);
    const { engine, fake } = await engineFor([extra]);
    const result = await engine.generate(input(task), () => {});
    expect(result.questions).toEqual([]);
    expect(fake.requests).toHaveLength(1);
    expect(userText(fake.requests[0]!)).toContain('- questions: none ([])');
  });

  test('the user instructions reach the model', async () => {
    const { engine, fake } = await engineFor([{ kind: 'answer' }]);
    await engine.generate(input(generator('document_analysis', {}, doc()), { aiInstructions: 'Address the reader as "you".' }), () => {});
    expect(userText(fake.requests[0]!)).toContain('Address the reader as "you".');
  });
});

describe('answer parsing and source budget', () => {
  test('a fenced JSON answer is read; a cut-off one asks for a shorter answer', () => {
    const answer = { title: 'T', summary: '', objectives: [], slides: [{ title: 'S', points: ['p'], notes: '' }], questions: [], glossary: [], modules: [] };
    expect(parseAnswer('```json\n' + JSON.stringify(answer) + '\n```', 'stop', {}, 100).ok).toBe(true);
    const cut = parseAnswer(JSON.stringify(answer).slice(0, 30), 'length', {}, 100);
    expect(cut).toEqual({ ok: false, errors: [expect.stringContaining('cut off at the output limit of 100 tokens')] });
    const empty = parseAnswer(JSON.stringify({ ...answer, slides: [] }), 'stop', {}, 100);
    expect(empty).toEqual({ ok: false, errors: ['slides: at least one slide is required'] });
  });

  test('a single section larger than the budget is cut at a sentence or line end', () => {
    const fitted = fitSource(['First sentence here. Second sentence here. Third sentence is much longer than the rest.'], 50);
    expect(fitted).toMatchObject({ text: 'First sentence here. Second sentence here.', sentParts: 1, totalParts: 1, truncated: true });
    expect(fitSource(['a', 'b'], 10)).toMatchObject({ text: 'a\n\nb', truncated: false });
  });
});
