import type { LogoDeps } from './deps.js';

/** Forgets a deleted project's logos and removes their bytes. */
export async function forgetProjectLogos(deps: Pick<LogoDeps, 'logos'>, projectId: string): Promise<void> {
  await deps.logos.forget(projectId);
}
