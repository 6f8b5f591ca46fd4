import { TRANSLATION_MESSAGES, catalogueMessage } from '@trainwright/catalogue';
import { AppError } from '@trainwright/platform';
import type { TranslationRecord } from '../types.js';
import { projectAccess } from './access.js';
import type { TranslationDeps } from './deps.js';

export async function deleteTranslation(deps: Pick<TranslationDeps, 'projects' | 'memberships' | 'store'>, userId: string, projectId: string, language: string): Promise<TranslationRecord> {
  await projectAccess(deps, userId, projectId, 'project.update');
  const removed = await deps.store.remove(projectId, language);
  if (!removed) throw AppError.notFound(catalogueMessage(TRANSLATION_MESSAGES, 'notFound'));
  return removed;
}
