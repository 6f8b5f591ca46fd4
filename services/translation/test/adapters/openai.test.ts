// The real `openai` SDK against a local chat-completions server on 127.0.0.1.
import { TranslationEngineError } from '../../src/adapters/engine.js';
import { OpenAiEngine } from '../../src/adapters/openai.js';
import { translateContent } from '../../src/text/translate-content.js';
import { startFakeOpenAiTranslate, type FakeOpenAiTranslate } from '../fakes/fake-openai-translate.js';
import type { GlossaryTerm } from '../../src/text/glossary.js';
import { linesOf, project, SLIDES } from '../text/fixtures.js';

let fake: FakeOpenAiTranslate;
let engine: OpenAiEngine;

const glossary: GlossaryTerm[] = [
  { term: 'Trainwright', sourceLanguage: 'en', targetLanguage: '', translation: '', caseSensitive: true },
  { term: 'forklift', sourceLanguage: 'en', targetLanguage: 'es', translation: 'carretilla elevadora', caseSensitive: false },
];

beforeEach(async () => {
  fake = await startFakeOpenAiTranslate();
  engine = new OpenAiEngine({ apiKey: 'sk-test', baseUrl: fake.baseURL, model: 'gpt-test', maxRetries: 0, batchSegments: 10 });
});

afterEach(async () => {
  await fake.close();
});

const texts = ['Lift <ph id="1"/> kg with the forklift.', 'Check the brakes.', 'Trainwright says <ph id="1"/><ph id="2"/>.'];

describe('OpenAI-compatible engine', () => {
  it('translates a project through structured output, markup and glossary kept', async () => {
    const result = await translateContent(engine, project(), { from: 'en', to: 'es', glossary });
    expect(result.engine).toBe('openai:gpt-test');
    const lines = linesOf(result.content.slidesContent);
    expect(lines).toHaveLength(linesOf(SLIDES).length);
    expect(lines[2]).toBe('## [es] Before You Start\n');
    expect(lines[3]).toBe('**Content:**\n');
    expect(lines[5]).toBe('- [es] The carretilla elevadora can lift **2.5 tonnes** safely.\n');
    expect(lines[8]).toBe('- 42\n');
    expect(result.warnings).toEqual([]);
    const first = fake.requests[0]!;
    expect(first.authorization).toBe('Bearer sk-test');
    expect(first.body.model).toBe('gpt-test');
    expect(first.body.response_format.type).toBe('json_schema');
    expect(first.body.response_format.json_schema.strict).toBe(true);
    expect(first.system).toContain('from English (en) into Spanish (es)');
    expect(first.system).toContain('- "forklift" -> "carretilla elevadora"');
    expect(first.system).toContain('- "Trainwright" stays "Trainwright"');
    expect(first.segments.length).toBeLessThanOrEqual(10);
    // Each distinct text once.
    const sent = fake.requests.flatMap((r) => r.segments.map((s) => s.text));
    expect(new Set(sent).size).toBe(sent.length);
  });

  it.each(['drop-placeholder', 'duplicate-placeholder', 'wrong-count', 'wrong-ids', 'ignore-glossary', 'not-json'] as const)('retries a batch answered badly (%s)', async (fault) => {
    fake.misbehave(fault);
    const result = await engine.translate(texts, 'en', 'es', { glossary });
    expect(result.texts).toEqual(['[es] Lift <ph id="1"/> kg with the carretilla elevadora.', '[es] Check the brakes.', '[es] Trainwright says <ph id="1"/><ph id="2"/>.']);
    expect(fake.requests).toHaveLength(2);
    // The retry carries only the bad segments (all of them when the answer was unusable) and what was wrong.
    expect(fake.requests[1]!.user).toContain('Your previous answer had these problems');
  });

  it('goes segment by segment after two bad batch retries', async () => {
    fake.misbehave('wrong-count', 'wrong-count', 'wrong-count');
    const result = await engine.translate(texts, 'en', 'es', { glossary });
    expect(result.texts[2]).toBe('[es] Trainwright says <ph id="1"/><ph id="2"/>.');
    expect(fake.requests.map((r) => r.segments.length)).toEqual([3, 1, 1, 1]);
  });

  it('fails clearly when the model keeps breaking a placeholder', async () => {
    fake.always('drop-placeholder');
    await expect(engine.translate(texts, 'en', 'es', { glossary: [] })).rejects.toThrow(
      'The AI model (openai:gpt-test) returned an unusable translation after 4 attempts: placeholder <ph id="1"/> is missing. The segment: "Lift <ph id="1"/> kg with the forklift."',
    );
  });

  it('keeps a text whose only fault is the glossary, and the caller reports it', async () => {
    fake.always('ignore-glossary');
    const result = await translateContent(engine, { title: 'The forklift', description: '', slidesContent: '', scriptContent: '', generatedContent: null }, { from: 'en', to: 'es', glossary });
    // The glossary is enforced afterwards where the term was left as written.
    expect(result.content.title).toBe('[es] The carretilla elevadora');
    expect(result.warnings).toEqual([]);
    expect(fake.requests).toHaveLength(4);
  });

  it('reports HTTP errors with a clear message', async () => {
    fake.always({ status: 401, message: 'Incorrect API key' });
    const err = await engine.translate(texts, 'en', 'es', { glossary: [] }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TranslationEngineError);
    expect((err as Error).message).toBe('The AI model (openai:gpt-test) returned an error: HTTP 401: the API key was refused.');
    fake.always({ status: 503 });
    const busy = (await engine.translate(texts, 'en', 'es', { glossary: [] }).catch((e: unknown) => e)) as TranslationEngineError;
    expect(busy.retryable).toBe(true);
  });

  it('stops when aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(engine.translate(texts, 'en', 'es', { glossary: [], signal: controller.signal })).rejects.toThrow('The translation was cancelled.');
  });
});
