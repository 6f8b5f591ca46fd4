// Worker thread entry for the CPU-heavy steps of a generation: the offline engine and quality
// scoring (see sandboxed-engine.ts).
import { parentPort, workerData } from 'node:worker_threads';
import type { GenerationInput, QualityRequest, ScorableContent } from '../domain/types.js';
import { OfflineEngine } from '../engine/offline-engine.js';
import { scoreContent } from '../quality/index.js';
import { serializeError, type WorkerMessage } from './supervisor.js';

export type GenerationWorkerData =
  | { op: 'generate'; input: GenerationInput }
  | { op: 'score'; content: ScorableContent; request: QualityRequest };

const port = parentPort!;
const post = (message: WorkerMessage): void => port.postMessage(message);
const data = workerData as GenerationWorkerData;
try {
  const value =
    data.op === 'generate'
      ? await new OfflineEngine().generate(data.input, (percent) => post({ type: 'progress', value: percent }))
      : scoreContent(data.content, data.request);
  post({ type: 'result', value });
} catch (error) {
  post({ type: 'error', error: serializeError(error) });
}
