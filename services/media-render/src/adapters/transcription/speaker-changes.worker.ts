// Worker thread entry of the offline speaker-change method (speaker-changes.ts): reads one WAV's
// features in pieces, then finds its speaker turns. A fresh thread per file, with the time and
// heap limits of SpeakerChangeDiarizer (speaker-change-diarizer.ts); the caller's abort arrives
// as a shared flag. It imports the method and the worker protocol only.
import { parentPort } from 'node:worker_threads';
import { serveTasks, type WorkerMessage } from '@trainwright/platform/worker-sandbox';
import { computeWavFeatures, findSpeakerTurns, type SpeakerChangeTask, type StopCheck } from './speaker-changes.js';

const post = (message: WorkerMessage): void => parentPort!.postMessage(message);

serveTasks(async ({ wavPath, info, regions, options, stopFlag }: SpeakerChangeTask) => {
  const flag = new Int32Array(stopFlag);
  const stop: StopCheck = () => {
    if (Atomics.load(flag, 0) !== 0) throw new Error('stopped by the caller');
  };
  // Reading the features is most of the work: it reports 0..0.9 of the progress.
  const features = await computeWavFeatures(wavPath, info, (fraction) => post({ type: 'progress', value: fraction * 0.9 }), stop);
  const result = findSpeakerTurns(features, regions, options, stop);
  post({ type: 'progress', value: 1 });
  return result;
});
