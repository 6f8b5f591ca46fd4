// The plan's languages (never the project's own), each queued as a `translate` job of the
// project's current content; starting a language again gives it a new run id.
import { CONTENT_LANGUAGES, TRANSLATION_MESSAGES, catalogueMessage, translationTargetsProblem } from '@trainwright/catalogue';
import { AppError } from '@trainwright/platform';
import { projectAccess } from './access.js';
import type { TranslationDeps } from './deps.js';
import { translationOverview, type TranslationOverview } from './overview.js';

/** Languages one request may start (every plan language but the primary). */
const MAX_TARGETS = CONTENT_LANGUAGES.length - 1;

/** Queues a translation of the project's current content into each language (again for one that exists). */
export async function startTranslations(
  deps: Pick<TranslationDeps, 'projects' | 'memberships' | 'store' | 'translator' | 'jobs' | 'newRunId'>,
  userId: string,
  projectId: string,
  targetLanguages: string[],
): Promise<TranslationOverview> {
  const targets = [...new Set(targetLanguages.map((code) => code.trim().toLowerCase()))];
  if (targets.length > MAX_TARGETS) throw AppError.validation('target_languages', catalogueMessage(TRANSLATION_MESSAGES, 'tooManyLanguages', MAX_TARGETS));
  const { project, membership } = await projectAccess(deps, userId, projectId, 'project.update');
  const problem = translationTargetsProblem(membership.ownerTier, project.primaryLanguage, targets);
  if (problem) throw problem.status === 403 ? new AppError('PLAN_LIMIT_REACHED', problem.message) : AppError.validation(problem.field, problem.message);
  if (!project.hasContent) throw new AppError('CONFLICT', catalogueMessage(TRANSLATION_MESSAGES, 'noContent'));
  const started = await deps.store.start(
    targets.map((language) => ({
      projectId: project.id,
      companyId: project.companyId,
      language,
      sourceLanguage: project.primaryLanguage,
      sourceVersion: project.contentVersion,
      sourceHash: project.sourceHash,
      runId: deps.newRunId(),
    })),
  );
  for (const t of started) await deps.jobs.enqueue(t.id, t.runId);
  return translationOverview(deps, project, membership.ownerTier);
}
