import { projectAccess } from './access.js';
import type { TranslationDeps } from './deps.js';
import { translationOverview, type TranslationOverview } from './overview.js';

export async function listTranslations(deps: Pick<TranslationDeps, 'projects' | 'memberships' | 'store' | 'translator'>, userId: string, projectId: string): Promise<TranslationOverview> {
  const { project, membership } = await projectAccess(deps, userId, projectId, 'project.read');
  return translationOverview(deps, project, membership.ownerTier);
}
