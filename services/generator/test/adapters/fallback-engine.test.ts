// The AI model with the offline engine behind it, against the local fake OpenAI server: a model
// that fails (HTTP errors, invalid JSON, a timeout) or answers with content the quality checks
// grade F gives the offline engine's result, named as a fallback and explained in a notice.
import { readFileSync } from 'node:fs';
import { normalizeGeneratorRequest } from '@trainwright/catalogue';
import type { GenerationInput } from '../../src/domain/types.js';
import { OfflineEngine } from '../../src/adapters/offline/offline-engine.js';
import { documentFromText } from '../../src/ingest/index.js';
import { FallbackEngine, FALLBACK_BELOW_SCORE } from '../../src/adapters/fallback-engine.js';
import { OpenAiEngine } from '../../src/adapters/openai-engine.js';
import { contentBar, scorableFromResult } from '../../src/quality/index.js';
import { startFakeOpenAi, type FakeOpenAi, type FakeStep } from '../fakes/fake-openai.js';

const TEXT = readFileSync(new URL('../fixtures/sources/forklift-safety.txt', import.meta.url), 'utf8');
const input: GenerationInput = {
  task: { kind: 'generator', request: normalizeGeneratorRequest('document_analysis', {}, true), source: documentFromText(TEXT, '') },
  title: 'Forklift safety',
  description: '',
  aiInstructions: '',
  language: 'en',
};

let fake: FakeOpenAi | null = null;
afterEach(async () => {
  await fake?.close();
  fake = null;
});

async function engineFor(steps: FakeStep[], timeoutMs = 2000): Promise<FallbackEngine> {
  fake = await startFakeOpenAi(steps);
  const model = new OpenAiEngine({ baseURL: fake.baseURL, apiKey: 'test-key', model: 'fake-model', timeoutMs, maxOutputTokens: 4000, maxSourceChars: 20_000, attempts: 2, jsonMode: 'json_schema', retryDelayMs: 10 });
  return new FallbackEngine(model, new OfflineEngine());
}

const FALLBACK = 'offline (fallback from openai:fake-model)';

describe('FallbackEngine', () => {
  test("a sound answer is the model's own", async () => {
    const engine = await engineFor([{ kind: 'answer' }]);
    const result = await engine.generate(input, () => {});
    expect(engine.name).toBe('openai:fake-model');
    expect(result.engine).toBe('openai:fake-model');
    expect(contentBar(scorableFromResult(result), '').score).toBeGreaterThanOrEqual(FALLBACK_BELOW_SCORE);
  });

  test.each<[string, FakeStep[], RegExp]>([
    ['server errors', [{ kind: 'error', status: 500 }, { kind: 'error', status: 503 }], /could not be used/],
    ['a refused key', [{ kind: 'error', status: 401, message: 'bad key' }], /could not be used/],
    ['invalid JSON twice', [{ kind: 'invalid_json' }, { kind: 'invalid_json' }], /could not be used \(The AI model returned invalid content/],
  ])('%s give the offline result, named as a fallback', async (_name, steps, notice) => {
    const engine = await engineFor(steps);
    const result = await engine.generate(input, () => {});
    expect(result.engine).toBe(FALLBACK);
    expect(result.notices[0]).toMatch(notice);
    expect(result.notices[0]).toContain('the offline engine made this content');
    expect(result.deck.slides.map((s) => s.title)).toContain('Pre-use inspection');
  });

  test('a timeout gives the offline result', async () => {
    const engine = await engineFor([{ kind: 'delay', ms: 1500, stall: 'headers' }, { kind: 'delay', ms: 1500, stall: 'headers' }], 200);
    const result = await engine.generate(input, () => {});
    expect(result.engine).toBe(FALLBACK);
    expect(result.notices[0]).toMatch(/did not answer within/);
  });

  test('an answer the quality checks grade F is replaced, and the notice names its faults', async () => {
    const engine = await engineFor([
      {
        kind: 'answer',
        edit: (a) => {
          a.objectives = ['Forks', 'Brakes', 'Speed'];
          a.slides = a.slides.map((s) => ({ title: 'Introduction', points: ['**forks**', '**horn**', '`brakes`'], notes: 'For a general audience: keep to plain words and one idea per slide.' }));
        },
      },
    ]);
    const result = await engine.generate(input, () => {});
    expect(result.engine).toBe(FALLBACK);
    expect(result.notices[0]).toMatch(/The AI model's answer scored \d+ on the quality checks \(objective under three words/);
  });
});
