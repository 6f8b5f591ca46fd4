// A job whose every attempt's process died (killed, out of memory): the project fails instead of
// waiting for ever.
import { failure } from '@trainwright/platform';
import type { GenerationDeps } from './deps.js';

/** When the process running a generation died on every attempt. */
export const ABANDONED_GENERATION = 'Generation stopped because the process running it stopped unexpectedly several times. Please try again.';

export async function abandonGeneration(deps: Pick<GenerationDeps, 'events'>, projectId: string, run: { id: string; contentVersion: number }): Promise<void> {
  const events = deps.events.forRun(run, async () => undefined);
  await events.failed(projectId, failure(ABANDONED_GENERATION));
}
