import type { TranslationDeps } from './deps.js';

/** project.deleted: its translations go with it (once per event). */
export async function forgetProject(deps: Pick<TranslationDeps, 'store'>, projectId: string, eventId: string): Promise<void> {
  await deps.store.removeProject(projectId, eventId);
}
