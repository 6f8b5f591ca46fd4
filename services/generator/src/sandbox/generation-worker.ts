// Worker thread entry for the CPU-heavy steps: the offline engine, and quality scoring,
// improvements and analyses (see sandboxed-engine.ts). Only data crosses the thread boundary; the
// quality helpers (review questions) are imported here. The threads are kept between tasks
// (WorkerSupervisor's `keep`): each imports what its op needs the first time (the quality modules
// about 0.5 s, the whole engine with its icons and charts about 1.8 s) and never again.
import { parentPort } from 'node:worker_threads';
import type { AiServiceType, AnalysisType } from '@trainwright/catalogue';
import type { GenerationInput, QualityAssessment, QualityRequest, ScorableContent } from '../domain/types.js';
import { serveTasks, type WorkerMessage } from '@trainwright/platform/worker-sandbox';

export type GenerationWorkerData =
  | { op: 'generate'; input: GenerationInput }
  | { op: 'score'; content: ScorableContent; request: QualityRequest }
  | { op: 'improve'; content: ScorableContent; assessment: QualityAssessment; selected: string[]; modifications: Record<string, string>; notes: string }
  | { op: 'analyze'; type: AnalysisType; content: ScorableContent; parameters: Record<string, unknown> }
  | { op: 'initialize'; type: AiServiceType; content: ScorableContent };

const port = parentPort!;
const post = (message: WorkerMessage): void => port.postMessage(message);

async function work(data: GenerationWorkerData): Promise<unknown> {
  if (data.op === 'generate') {
    const { OfflineEngine } = await import('../adapters/offline/offline-engine.js');
    return new OfflineEngine().generate(data.input, (percent) => post({ type: 'progress', value: percent }));
  }
  const { InProcessQuality } = await import('../adapters/in-process-quality.js');
  const quality = new InProcessQuality();
  switch (data.op) {
    case 'score':
      return quality.score(data.content, data.request);
    case 'improve':
      return quality.improve(data.content, data.assessment, data.selected, data.modifications, data.notes);
    case 'analyze':
      return quality.analyze(data.type, data.content, data.parameters);
    case 'initialize':
      return quality.initialize(data.type, data.content);
  }
}

serveTasks(work);
