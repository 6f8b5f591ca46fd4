// Rendered files that go with what they were made of: a deleted project's (every language) and a
// deleted translation's (its language), storage too.
import type { RenderDeps } from './deps.js';
import { deleteStored } from './rendered-set.js';

/** project.deleted: the project's renders and their files go. */
export async function forgetProjectRenders(deps: Pick<RenderDeps, 'files' | 'storage'>, projectId: string): Promise<void> {
  await deleteStored(deps, await deps.files.forgetProject(projectId));
}

/** translation.deleted: the language's files go. */
export async function forgetTranslationRenders(deps: Pick<RenderDeps, 'files' | 'storage'>, projectId: string, language: string): Promise<void> {
  await deleteStored(deps, await deps.files.forgetLanguage(projectId, language));
}
