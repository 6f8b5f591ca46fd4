// What the speech benches (transcription, voices, video) share: the training-course sentences they
// speak, and a work folder with the worker supervisor the recognisers' speaker-change method uses,
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
