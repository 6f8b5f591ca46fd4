// A project's completed translations rendered again: after each render of the project's own files
// (a new look renders every completed translation in it; an edit of the project's text alone finds
// their sets complete). Each job renders in the look the project has when it runs.
import type { OwnerPlan } from '@trainwright/platform';
import type { Project } from '@trainwright/proto/trainwright/project/v1/project';
import type { RenderDeps } from './deps.js';

/**
 * Queues the project's completed translations to render again (only those translated from
 * `sourceVersion` when given); `again` names what asks, so each translation version renders once
 * per cause. The number queued.
 */
export async function renderTranslationsAgain(deps: Pick<RenderDeps, 'projects' | 'translations' | 'translationJobs' | 'companyPlans'>, projectId: string, again: string, sourceVersion?: number): Promise<number> {
  let project: Project;
  try {
    project = (await deps.projects.renderInput(projectId)).project;
  } catch (error) {
    // A deleted project has nothing to render.
    if ((error as { status?: number }).status === 404) return 0;
    throw error;
  }
  let queued = 0;
  // The owner's plan, read once when the first job is created; every job carries it.
  let plan: OwnerPlan | undefined;
  // The project keeps the languages of its completed translations (and its own).
  for (const language of project.availableLanguages) {
    if (language === project.primaryLanguage) continue;
    // Deleted, failed or started again meanwhile: null (its next completion renders it).
    const summary = (await deps.translations.renderContent(projectId, language))?.summary;
    if (!summary || (sourceVersion !== undefined && summary.sourceVersion !== sourceVersion)) continue;
    plan ??= await deps.companyPlans.companyPlan(project.companyId);
    await deps.translationJobs.enqueue({ projectId, language, version: summary.version, translationId: summary.id, plan, again });
    queued += 1;
  }
  return queued;
}
