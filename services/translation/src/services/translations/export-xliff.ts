// The XLIFF 2.0 round trip with a translation agency, out: the completed translation's segments.
import { projectAccess } from './access.js';
import type { TranslationDeps } from './deps.js';
import { completedTranslation } from './stored-translation.js';

export async function exportXliff(
  deps: Pick<TranslationDeps, 'projects' | 'memberships' | 'store' | 'xliff'>,
  userId: string,
  projectId: string,
  language: string,
): Promise<{ filename: string; xml: string }> {
  await projectAccess(deps, userId, projectId, 'project.read');
  const t = await completedTranslation(deps, projectId, language);
  const xml = deps.xliff.write({ projectId, sourceLanguage: t.sourceLanguage, targetLanguage: t.language, segments: t.segments! });
  return { filename: `translation-${t.sourceLanguage}-${t.language}-${projectId.slice(0, 8)}-v${t.version}.xlf`, xml };
}
