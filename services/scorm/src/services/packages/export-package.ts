import {
  SCORM_MESSAGES,
  TIERS,
  TRANSLATION_MESSAGES,
  catalogueMessage,
  isContentLanguage,
  trialRefusal,
} from '@trainwright/catalogue';
import { AppError, isUuid, type Membership } from '@trainwright/platform';
import { questionsOf } from '../course.js';
import type { PackageRecord, ProjectSource } from '../types.js';
import { requireScormAccess } from './access.js';
import type { PackageDeps } from './deps.js';
import { trackingOf, type ExportSettings } from './settings.js';

/**
 * Queues a package of the project's current content; with `language` (not the project's own),
 * of its completed translation into that language.
 */
export async function exportPackage(
  deps: Pick<PackageDeps, 'projects' | 'memberships' | 'translations' | 'store' | 'jobs'>,
  userId: string,
  projectId: string,
  settings: ExportSettings,
  language = '',
): Promise<PackageRecord> {
  if (!isUuid(projectId)) throw AppError.notFound(catalogueMessage(SCORM_MESSAGES, 'noProject'));
  const project = await deps.projects.project(userId, projectId);
  const membership = await requireScormAccess(deps, userId, project.companyId, 'scorm.export', 'Project not found');
  const refusal = trialRefusal(membership.ownerTrialState);
  if (refusal) throw new AppError('TRIAL_ENDED', refusal);
  if (!project.hasContent) throw new AppError('CONFLICT', catalogueMessage(SCORM_MESSAGES, 'noContent'));
  const tracking = trackingOf(settings.tracking, { hasQuestions: questionsOf(project, []).length > 0 }, settings.includeTracking);
  const packaged = await packageLanguage(deps, project, membership, language);
  const created = await deps.store.create({ projectId, companyId: project.companyId, createdBy: userId, language: packaged, settings: { ...settings, tracking } });
  await deps.jobs.enqueue(created.id);
  return created;
}

/**
 * The language a package is asked for: the project's own when none (or that one) is given;
 * otherwise a content language of the plan the project has a completed translation into.
 */
async function packageLanguage(deps: Pick<PackageDeps, 'translations'>, project: ProjectSource, membership: Membership, requested: string): Promise<string> {
  const language = requested.trim();
  if (!language || language === project.language) return project.language;
  if (!/^[a-z]{2}$/.test(language) || !isContentLanguage(language)) throw AppError.validation('language', catalogueMessage(TRANSLATION_MESSAGES, 'unknownLanguage', language.slice(0, 20)));
  if (!TIERS[membership.ownerTier].limits.languages.includes(language)) throw new AppError('PLAN_LIMIT_REACHED', catalogueMessage(TRANSLATION_MESSAGES, 'notInPlan', membership.ownerTier, language));
  if (!(await deps.translations.renderContent(project.id, language))) throw new AppError('CONFLICT', catalogueMessage(SCORM_MESSAGES, 'noTranslation', language));
  return language;
}
