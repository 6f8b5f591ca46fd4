// The offline engine and quality scoring in worker threads: the same results as in-process,
// progress forwarded in order, and the time and memory limits mapped onto the retry rules.
import { GenerationError, type GenerationInput } from '../../src/domain/types.js';
import { OfflineEngine } from '../../src/adapters/offline/offline-engine.js';
import { scoreContent } from '../../src/quality/index.js';
import { generationMemoryLimitMessage, generationTimeLimitMessage, SandboxedOfflineEngine, WorkerSandbox } from '../../src/sandbox/sandboxed-engine.js';
import { WorkerSupervisor } from '@trainwright/platform';
import { GLOVES_SCRIPT } from './fixtures.js';

const SCRIPT = GLOVES_SCRIPT;

function input(paragraphs: number): GenerationInput {
  const sentences = Array.from({ length: paragraphs }, (_, i) => `Step ${i + 1}: a technician checks the fume hood airflow gauge before opening chemical container number ${i + 1}, because vapours collect quickly.`);
  return {
    task: {
      kind: 'script_to_slides',
      source: { title: 'Lab safety', format: 'text', origin: 'text', sections: [{ heading: 'Lab safety', level: 1, paragraphs: sentences, bullets: [], tables: [], notes: [] }] },
      scriptText: SCRIPT,
    },
    title: 'Lab safety',
    description: '',
    aiInstructions: '',
    language: 'en',
  } as GenerationInput;
}

describe('SandboxedOfflineEngine and WorkerSandbox', () => {
  const supervisor = new WorkerSupervisor();
  afterAll(() => supervisor.closeAll());

  it('should generate in a worker exactly what the engine generates in-process, with its progress', async () => {
    const sandbox = new WorkerSandbox(supervisor, { timeoutMs: 30_000, maxMemoryMb: 256 });
    const inWorker: number[] = [];
    const here: number[] = [];
    const result = await new SandboxedOfflineEngine(sandbox).generate(input(5), (p) => void inWorker.push(p));
    expect(result).toEqual(await new OfflineEngine().generate(input(5), (p) => void here.push(p)));
    expect(inWorker).toEqual(here);
    expect(supervisor.size).toBe(0);
    const scorable = { deck: result.deck, script: '', objectives: result.objectives, questions: result.questions, glossary: result.glossary, templateId: '', fontStyle: '', imageStyle: '', branding: null };
    const request = { desired_atmosphere: 'professional', target_audience: 'general', focus_areas: [], notes: '' } as never;
    expect(await sandbox.score(scorable as never, request)).toEqual(scoreContent(scorable as never, request));
  });

  it('should stop a generation at its time limit and fail it for good with the limit in the message', async () => {
    const sandbox = new WorkerSandbox(supervisor, { timeoutMs: 100, maxMemoryMb: 256 });
    const error = await new SandboxedOfflineEngine(sandbox).generate(input(4000), () => undefined).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GenerationError);
    expect(error).toMatchObject({ message: generationTimeLimitMessage(100).text, retryable: false, messageRef: { id: 'generation.generationTimeLimit', params: [1] } });
    expect(generationTimeLimitMessage(100).text).toBe('Generating the content took longer than the time limit of 1 second. Please use shorter source material or split it into parts.');
    expect(supervisor.size).toBe(0);
  });

  it('should report a worker out of memory as retryable, naming the memory limit', async () => {
    const sandbox = new WorkerSandbox(supervisor, { timeoutMs: 30_000, maxMemoryMb: 8 });
    const error = await new SandboxedOfflineEngine(sandbox).generate(input(20_000), () => undefined).catch((e: unknown) => e);
    expect(error).toMatchObject({ message: generationMemoryLimitMessage(8).text, retryable: true, messageRef: { id: 'generation.generationMemoryLimit', params: [8] } });
    expect(supervisor.size).toBe(0);
  });
});
