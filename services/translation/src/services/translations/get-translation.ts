import type { ProjectInfo, TranslationWithContent } from '../types.js';
import { projectAccess } from './access.js';
import type { TranslationDeps } from './deps.js';
import { existingTranslation } from './stored-translation.js';

/** One translation, and the project as it is now (isStale). */
export async function getTranslation(
  deps: Pick<TranslationDeps, 'projects' | 'memberships' | 'store'>,
  userId: string,
  projectId: string,
  language: string,
): Promise<{ translation: TranslationWithContent; project: ProjectInfo }> {
  const { project } = await projectAccess(deps, userId, projectId, 'project.read');
  return { translation: await existingTranslation(deps, projectId, language), project };
}
