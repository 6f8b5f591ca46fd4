// Runs the offline speaker-change method (speaker-changes.ts) in a worker thread of the service's
// WorkerSupervisor, with a time limit (a fixed part plus a share of the audio's length) and a heap
// limit, refusing audio past a length before any thread starts. The caller's abort raises a flag
// in shared memory that the thread reads between pieces of work.
import type { WorkerLimits, WorkerOutcome, WorkerSupervisor } from '@trainwright/platform/worker-sandbox';
import { compiledWorkerScript } from '@trainwright/platform/worker-sandbox';
import { RenderError } from '../../domain/types.js';
import { readWavInfo, WAVE_FORMAT_PCM } from '../speech/wav.js';
import {
  DEFAULT_SPEAKER_CHANGE_OPTIONS,
  formatDuration,
  SPEAKER_CHANGE_METHOD,
  type SpeakerChangeOptions,
  type SpeakerChangeResult,
  type SpeakerChangeTask,
  type SpeechRegion,
} from './speaker-changes.js';

export interface SpeakerChangeDiarizerOptions {
  supervisor: WorkerSupervisor;
  /** Longest audio accepted, in seconds (the features take 17 MB an hour). Default 4 h. */
  maxSeconds?: number;
  /** The worker's time: this plus `msPerAudioSecond` for each second of audio. */
  baseTimeoutMs?: number;
  msPerAudioSecond?: number;
  /** The worker's V8 heap (the features are in typed arrays outside it). */
  maxMemoryMb?: number;
  tuning?: Partial<SpeakerChangeOptions>;
}

/** Runs the method in a worker thread of the given supervisor, with a time and heap limit. */
export class SpeakerChangeDiarizer {
  readonly method = SPEAKER_CHANGE_METHOD;
  private readonly script = compiledWorkerScript(import.meta.url, 'speaker-changes.worker');

  constructor(private readonly options: SpeakerChangeDiarizerOptions) {}

  async diarize(request: { wavPath: string; regions?: SpeechRegion[]; signal?: AbortSignal; onProgress?: (fraction: number) => void }): Promise<SpeakerChangeResult> {
    request.signal?.throwIfAborted();
    const info = readWavInfo(request.wavPath);
    if (info.audioFormat !== WAVE_FORMAT_PCM || info.bitsPerSample !== 16 || info.channels !== 1) {
      throw new RenderError(`Speaker changes need a 16-bit PCM mono WAV (this one is ${info.channels} channel(s), ${info.bitsPerSample} bit, format ${info.audioFormat})`);
    }
    const seconds = info.durationMs / 1000;
    const maxSeconds = this.options.maxSeconds ?? 4 * 3600;
    if (seconds > maxSeconds) {
      throw new RenderError(`Speaker changes are found in audio of up to ${formatDuration(maxSeconds)}; this one is ${formatDuration(seconds)}`);
    }
    const limits: WorkerLimits = {
      timeoutMs: (this.options.baseTimeoutMs ?? 30_000) + Math.ceil(seconds * (this.options.msPerAudioSecond ?? 100)),
      maxMemoryMb: this.options.maxMemoryMb ?? 128,
    };
    const stopFlag = new SharedArrayBuffer(4);
    const task: SpeakerChangeTask = { wavPath: request.wavPath, info, regions: request.regions, options: { ...DEFAULT_SPEAKER_CHANGE_OPTIONS, ...this.options.tuning }, stopFlag };
    // The supervisor has no abort of its own: an abort raises the shared flag, which the worker reads
    // between pieces of work (every 1 MB of samples, every window, every merge) and stops.
    const onAbort = (): void => {
      Atomics.store(new Int32Array(stopFlag), 0, 1);
    };
    request.signal?.addEventListener('abort', onAbort, { once: true });
    let outcome: WorkerOutcome<SpeakerChangeResult>;
    try {
      outcome = await this.options.supervisor.run<SpeakerChangeResult>(this.script, { workerData: task }, limits, request.onProgress);
    } finally {
      request.signal?.removeEventListener('abort', onAbort);
    }
    request.signal?.throwIfAborted();
    switch (outcome.kind) {
      case 'ok':
        return outcome.value;
      case 'error':
        throw new RenderError(`Speaker changes could not be found: ${outcome.error.message}`);
      case 'timeout':
        throw new RenderError(`Speaker changes took longer than ${Math.round(limits.timeoutMs / 1000)} s`, true);
      case 'out_of_memory':
        throw new RenderError(`Speaker changes needed more than ${limits.maxMemoryMb} MB`);
      case 'stopped':
        throw new RenderError('Speaker changes were stopped: the service is shutting down', true);
      case 'crashed':
        throw new RenderError(`Speaker changes failed: ${outcome.detail}`, true);
      default:
        throw new RenderError(`Speaker changes ended in an unknown way (${(outcome as { kind: string }).kind})`);
    }
  }
}
