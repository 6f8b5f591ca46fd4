// The offline engine and the quality work (scoring, improvements, analyses), run in worker threads
// with a time and a memory limit: a large source or project keeps the CPU busy in a worker, not on
// the service's event loop. For a generation job (GENERATE_TIMEOUT_MS, GENERATE_MAX_MEMORY_MB)
// past the time limit the project fails at once (another attempt would take as long) and a worker
// out of memory is retried like any dead worker; for a gRPC call (QUALITY_TIMEOUT_MS) each limit
// is an AppError the caller reads.
import { type AiServiceType, type AnalysisType, GENERATION_FAILURES, catalogueMessage, type CatalogueMessage } from '@trainwright/catalogue';
import { AppError } from '@trainwright/platform';
import { OFFLINE_ENGINE_NAME } from '../adapters/offline/offline-engine.js';
import {
  GenerationError,
  type AiServiceResult,
  type GenerationInput,
  type GenerationResult,
  type GeneratorEngine,
  type ProgressReporter,
  type QualityAssessment,
  type QualityRequest,
  type ScorableContent,
} from '../domain/types.js';
import type { ImproveResult } from '../quality/index.js';
import type { QualityEngine } from '../services/ports.js';
import type { GenerationWorkerData } from './generation-worker.js';
import { valueOf, workerError } from './sandboxed-reader.js';
import { compiledWorkerScript, type WorkerLimits, type WorkerOutcome, type WorkerSupervisor } from '@trainwright/platform';

export const QUALITY_STOPPED_MESSAGE = 'The generator is restarting. Please try again in a moment.';

export function generationTimeLimitMessage(timeoutMs: number): CatalogueMessage {
  return catalogueMessage(GENERATION_FAILURES, 'generationTimeLimit', Math.ceil(timeoutMs / 1000));
}

export function generationMemoryLimitMessage(mb: number): CatalogueMessage {
  return catalogueMessage(GENERATION_FAILURES, 'generationMemoryLimit', mb);
}

export function qualityTimeLimitMessage(timeoutMs: number): string {
  return `Analysing the content took longer than the time limit of ${seconds(timeoutMs)}. Please shorten the project or split it into parts.`;
}

export function qualityMemoryLimitMessage(mb: number): string {
  return `Analysing the content needed more than the memory limit of ${mb} MB. Please shorten the project or split it into parts.`;
}

function seconds(ms: number): string {
  const s = Math.ceil(ms / 1000);
  return `${s} second${s === 1 ? '' : 's'}`;
}

/** Who waits for the worker: a generation job (its retry rules) or a gRPC call (its status). */
export type SandboxCaller = 'job' | 'call';

export class WorkerSandbox implements QualityEngine {
  constructor(
    private readonly supervisor: WorkerSupervisor,
    private readonly limits: WorkerLimits,
    private readonly caller: SandboxCaller = 'job',
    private readonly script = compiledWorkerScript(import.meta.url, 'generation-worker'),
  ) {}

  async run<T>(data: GenerationWorkerData, onProgress?: (value: number) => void): Promise<T> {
    const outcome = await this.supervisor.run<T>(this.script, { workerData: data, keep: true }, this.limits, onProgress);
    if (this.caller === 'call') return callValueOf(outcome, this.limits);
    return valueOf(outcome, {
      timeLimit: () => new GenerationError(generationTimeLimitMessage(this.limits.timeoutMs), false),
      memoryLimit: generationMemoryLimitMessage(this.limits.maxMemoryMb),
      crashed: catalogueMessage(GENERATION_FAILURES, 'generationCrashed'),
    });
  }

  score(content: ScorableContent, request: QualityRequest): Promise<QualityAssessment> {
    return this.run({ op: 'score', content, request });
  }

  improve(content: ScorableContent, assessment: QualityAssessment, selected: string[], modifications: Record<string, string>, notes: string): Promise<ImproveResult> {
    return this.run({ op: 'improve', content, assessment, selected, modifications, notes });
  }

  analyze(type: AnalysisType, content: ScorableContent, parameters: Record<string, unknown>): Promise<AiServiceResult> {
    return this.run({ op: 'analyze', type, content, parameters });
  }

  initialize(type: AiServiceType, content: ScorableContent): Promise<AiServiceResult> {
    return this.run({ op: 'initialize', type, content });
  }
}

/** A worker's value for a gRPC call: the limits as 4xx/5xx the caller can read; a crash is INTERNAL (logged). */
function callValueOf<T>(outcome: WorkerOutcome<T>, limits: WorkerLimits): T {
  switch (outcome.kind) {
    case 'ok':
      return outcome.value;
    case 'error':
      throw workerError(outcome.error);
    case 'timeout':
      throw new AppError('TIMEOUT', qualityTimeLimitMessage(limits.timeoutMs));
    case 'out_of_memory':
      throw new AppError('PAYLOAD_TOO_LARGE', qualityMemoryLimitMessage(limits.maxMemoryMb));
    case 'stopped':
      throw new AppError('UNAVAILABLE', QUALITY_STOPPED_MESSAGE);
    case 'crashed':
      throw new Error(`the quality worker crashed: ${outcome.detail}`);
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
