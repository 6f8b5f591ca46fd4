// The end of every creation: the insert within the owner's plan, then the first generation job.
import { TIERS, projectLimitMessage } from '@trainwright/catalogue';
import { AppError, ownerPlanOf, type CallerCompany } from '@trainwright/platform';
import type { NewProject } from './deps.js';
import { projectEvents, snapshotOfNew } from '../events.js';
import type { ProjectDeps } from './deps.js';

/** Inserts within the owner's plan and enqueues the project's first generation, carrying that plan
 * (`company` was read fresh by the caller's access check). */
export async function insertAndGenerate(
  deps: ProjectDeps,
  project: NewProject,
  company: Pick<CallerCompany, 'ownerTier' | 'ownerTrialState' | 'ownerUserId'>,
  fileIds: string[],
  badFilesMessage: string,
): Promise<{ id: string; title: string }> {
  const result = await deps.projects.insertWithinLimit(project, TIERS[company.ownerTier].limits.projectLimit, fileIds, (id) => [
    projectEvents.changed('project.created', { projectId: id, companyId: project.companyId, ownerUserId: company.ownerUserId, ...snapshotOfNew(project) }),
  ]);
  if (result.kind === 'limit') throw new AppError('PLAN_LIMIT_REACHED', projectLimitMessage(company.ownerTier));
  if (result.kind === 'bad_files') throw AppError.validation('file_ids', badFilesMessage);
  deps.afterWrite();
  // Until the generator takes the job the project honestly stays pending.
  await deps.jobs.generate(result.id, 1, ownerPlanOf(company));
  return { id: result.id, title: project.title };
}
