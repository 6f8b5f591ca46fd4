// Makes a completed translation the project's content and primary language; the content it
// replaces becomes the translation into the former primary language.
import { TRANSLATION_MESSAGES, catalogueMessage } from '@trainwright/catalogue';
import { AppError } from '@trainwright/platform';
import { isStale } from '../staleness.js';
import { projectAccess } from './access.js';
import type { TranslationDeps } from './deps.js';

/**
 * Nothing is lost either way: the project takes the swap only at the content version it was read
 * at (a concurrent edit or set-primary makes it a CONFLICT), and the translation is held as read
 * until the swap is written, so both sides change or neither does.
 */
export async function setPrimaryLanguage(
  deps: Pick<TranslationDeps, 'projects' | 'memberships' | 'store' | 'glossary' | 'translator'>,
  userId: string,
  projectId: string,
  language: string,
): Promise<{ primaryLanguage: string; availableLanguages: string[] }> {
  const { project } = await projectAccess(deps, userId, projectId, 'project.update');
  const code = language.trim().toLowerCase();
  const languages = async () => [project.primaryLanguage, ...(await deps.store.list(projectId)).filter((t) => t.status === 'completed').map((t) => t.language)];
  if (code === project.primaryLanguage) return { primaryLanguage: code, availableLanguages: await languages() };
  const t = await deps.store.find(projectId, code);
  if (!t || t.status !== 'completed' || !t.content || !t.sourceContent || !t.segments) throw AppError.validation('primary_language', catalogueMessage(TRANSLATION_MESSAGES, 'primaryNeedsTranslation', code));
  // Only a translation of the content as it is now may replace it (nothing edited since is lost).
  if (isStale(t, project)) throw new AppError('CONFLICT', catalogueMessage(TRANSLATION_MESSAGES, 'primaryStale', code));
  const former = t.sourceContent;
  const content = t.content;
  const segments = deps.translator.pairs(content, former, await deps.glossary.list(t.companyId), code, project.primaryLanguage);
  await deps.store.swapWithPrimary(t, async () => {
    const updated = await deps.projects.replaceContent(userId, projectId, code, content, project.contentVersion);
    return { language: project.primaryLanguage, content: former, segments, source: { version: updated.contentVersion, hash: updated.sourceHash } };
  });
  const rest = (await deps.store.list(projectId)).filter((x) => x.status === 'completed' && x.language !== code).map((x) => x.language);
  return { primaryLanguage: code, availableLanguages: [code, ...rest] };
}
