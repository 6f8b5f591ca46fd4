// The offline engine and quality scoring, run in worker threads with a time and a memory limit
// (GENERATE_TIMEOUT_MS, GENERATE_MAX_MEMORY_MB): a large source keeps the CPU busy in a worker,
// not on the service's event loop. Past the time limit the project fails at once (another attempt
// would take as long); a worker out of memory is retried like any dead worker.
import { OFFLINE_ENGINE_NAME } from '../engine/offline-engine.js';
import { GenerationError, type GenerationInput, type GenerationResult, type GeneratorEngine, type ProgressReporter, type QualityAssessment, type QualityRequest, type ScorableContent } from '../domain/types.js';
import type { GenerationWorkerData } from './generation-worker.js';
import { valueOf } from './sandboxed-reader.js';
import { workerScript, type WorkerLimits, type WorkerSupervisor } from './supervisor.js';

export const GENERATION_CRASHED_MESSAGE = 'Content generation stopped unexpectedly. Please try again.';

export function generationTimeLimitMessage(timeoutMs: number): string {
  const seconds = Math.ceil(timeoutMs / 1000);
  return `Generating the content took longer than the time limit of ${seconds} second${seconds === 1 ? '' : 's'}. Please use shorter source material or split it into parts.`;
}

export function generationMemoryLimitMessage(mb: number): string {
  return `Generating the content needed more than the memory limit of ${mb} MB. Please use shorter source material or split it into parts.`;
}

export class WorkerSandbox {
  constructor(
    private readonly supervisor: WorkerSupervisor,
    private readonly limits: WorkerLimits,
    private readonly script = workerScript('generation-worker'),
  ) {}

  async run<T>(data: GenerationWorkerData, onProgress?: (value: number) => void): Promise<T> {
    const outcome = await this.supervisor.run<T>(this.script, { workerData: data }, this.limits, onProgress);
    return valueOf(outcome, {
      timeLimit: () => new GenerationError(generationTimeLimitMessage(this.limits.timeoutMs), false),
      memoryLimit: generationMemoryLimitMessage(this.limits.maxMemoryMb),
      crashed: GENERATION_CRASHED_MESSAGE,
    });
  }

  /** Quality scores of generated content, computed in a worker. */
  score(content: ScorableContent, request: QualityRequest): Promise<QualityAssessment> {
    return this.run({ op: 'score', content, request });
  }
}

/** The offline engine, each generation in a worker thread; progress comes back as it advances. */
export class SandboxedOfflineEngine implements GeneratorEngine {
  readonly name = OFFLINE_ENGINE_NAME;

  constructor(private readonly sandbox: WorkerSandbox) {}

  async generate(input: GenerationInput, progress: ProgressReporter): Promise<GenerationResult> {
    // Progress is reported in order, and all of it before the result.
    let reported: Promise<unknown> = Promise.resolve();
    const result = await this.sandbox
      .run<GenerationResult>({ op: 'generate', input }, (percent) => {
        reported = reported.then(() => progress(percent)).catch(() => undefined);
      })
      .finally(() => reported);
    await reported;
    return result;
  }
}
