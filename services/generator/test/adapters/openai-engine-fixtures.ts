// Shared by openai-engine.test.ts and openai-engine.timed.test.ts: a source document, generator
// tasks and inputs, an OpenAiEngine against a local fake chat-completions server, and the
// GenerationError a failed generation rejects with.
import { normalizeGeneratorRequest, type GeneratorType } from '@trainwright/catalogue';
import { GenerationError, type GenerationInput, type GenerationTask, type SourceDocument } from '../../src/domain/types.js';
import { OpenAiEngine, type OpenAiEngineConfig } from '../../src/adapters/openai-engine.js';
import { startFakeOpenAi, type FakeOpenAi, type FakeStep } from '../fakes/fake-openai.js';

export const SECTIONS: Array<[string, string[]]> = [
  ['Raising the alarm', ['Press the nearest red call point as soon as you see fire or smoke.', 'Then call the fire service on 112.']],
  ['Evacuation routes', ['Leave by the nearest green-signed exit and never use the lifts.']],
  ['Assembly point', ['Gather at the car park by the north gate so wardens can count everyone.']],
];

export function doc(sections: Array<[string, string[]]> = SECTIONS): SourceDocument {
  return {
    title: 'Fire safety handbook',
    format: 'docx',
    origin: 'fire-safety.docx',
    sections: sections.map(([heading, paragraphs]) => ({ heading, level: 1, paragraphs, bullets: [], tables: [], notes: [] })),
  };
}

export function generator(type: GeneratorType, data: Record<string, unknown>, source: SourceDocument | null): GenerationTask {
  return { kind: 'generator', request: normalizeGeneratorRequest(type, data, source !== null), source };
}

export function input(task: GenerationTask, extra: Partial<GenerationInput> = {}): GenerationInput {
  return { task, title: 'Fire safety for new staff', description: 'Induction training', aiInstructions: '', language: 'en', ...extra };
}

let fake: FakeOpenAi | null = null;

export async function engineFor(steps: FakeStep[], config: Partial<OpenAiEngineConfig> = {}): Promise<{ engine: OpenAiEngine; fake: FakeOpenAi }> {
  fake = await startFakeOpenAi(steps);
  const engine = new OpenAiEngine({
    baseURL: fake.baseURL,
    apiKey: 'test-key',
    model: 'fake-model',
    timeoutMs: 2000,
    maxOutputTokens: 4000,
    maxSourceChars: 20_000,
    attempts: 3,
    jsonMode: 'json_schema',
    retryDelayMs: 10,
    ...config,
  });
  return { engine, fake };
}

/** Closes the fake server of the last engineFor (each file calls it after each test). */
export async function closeFake(): Promise<void> {
  await fake?.close();
  fake = null;
}

export async function failure(promise: Promise<unknown>): Promise<GenerationError> {
  try {
    await promise;
  } catch (err) {
    expect(err).toBeInstanceOf(GenerationError);
    return err as GenerationError;
  }
  throw new Error('expected a GenerationError');
}
