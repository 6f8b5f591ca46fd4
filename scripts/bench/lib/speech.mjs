// What the speech benches (transcription, voices, video) share: the training-course sentences they
// speak, the stretches of speech ffmpeg's silencedetect finds, and a work folder with the worker supervisor the recognisers' speaker-change method uses,
// both cleaned up on exit, a signal or the watchdog.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { shutdownOnSignals, startWatchdog } from './cli.mjs';

/** Sentences of the kind a training course says, in English. */
export const TRAINING_SENTENCES = [
  'Please open the safety manual before you start the machine.',
  'Our training course explains how to store chemicals in a cool dry place.',
  'Remember to wash your hands after handling raw food.',
  'The fire exit is at the end of the corridor on the left.',
  'Customers expect a friendly answer within one working day.',
  'Write down every change to the project in the shared document.',
  'Wear gloves and goggles when you clean the laboratory bench.',
  'If the alarm sounds, leave the building and wait in the car park.',
];

/**
 * The bench's work folder (`keep`: that folder, kept) and a WorkerSupervisor, with `shutdown(code)`
 * closing both and exiting; called on signals and by the watchdog after `watchdogMs`.
 */
export function speechBenchWorkspace({ name, keep, watchdogMs, WorkerSupervisor }) {
  const workRoot = keep ? resolve(keep) : mkdtempSync(join(tmpdir(), `tw-bench-${name}-`));
  mkdirSync(workRoot, { recursive: true });
  const supervisor = new WorkerSupervisor();
  let stopping = false;
  async function shutdown(code) {
    if (stopping) return;
    stopping = true;
    await supervisor.closeAll();
    if (!keep) rmSync(workRoot, { recursive: true, force: true });
    process.exit(code);
  }
  shutdownOnSignals(shutdown);
  startWatchdog(watchdogMs, shutdown);
  return { workRoot, supervisor, shutdown };
}

/**
 * The stretches of speech, [start, end] in seconds, from the stderr of an ffmpeg run with
 * `silencedetect` (the benches use n=-40dB:d=0.1) over audio of `seconds`.
 */
export function speechIslands(stderr, seconds) {
  const islands = [];
  let from = 0;
  for (const m of stderr.matchAll(/silence_(start|end): (-?[\d.]+)/g)) {
    const at = Number(m[2]);
    if (m[1] === 'start' && from !== null) {
      if (at > from) islands.push([from, at]);
      from = null;
    } else if (m[1] === 'end') from = at;
  }
  // A file that ends in silence gets a silence_end at its end.
  if (from !== null && seconds - from > 0.02) islands.push([from, seconds]);
  return islands;
}
