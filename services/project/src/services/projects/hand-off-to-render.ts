// Content that is ready goes to rendering: a render job for the project's content version, keyed
// by what it renders, so a redelivered event or a repeated edit enqueues nothing new.
import type { OwnerPlan } from '@trainwright/platform';
import { applyPipelineEvent, type PipelineEvent } from './apply-pipeline-event.js';
import type { ProjectDeps, ProjectRow } from './deps.js';
import { resolveTemplate } from '../templates/templates.js';
import { renderKeyOf } from './render-key.js';

/** Enqueues the render of the row's current version with the owner's plan: the caller's (read
 * fresh by an edit's access check), else read now (content generated, the welcome sample). */
export async function enqueueRender(deps: Pick<ProjectDeps, 'templates' | 'jobs' | 'memberships'>, row: ProjectRow, plan?: OwnerPlan): Promise<void> {
  const template = await resolveTemplate(deps, row.template_id, row.company_id);
  await deps.jobs.render(row.id, renderKeyOf(row, template), row.content_version, plan ?? (await deps.memberships.companyPlan(row.company_id)));
}

/** Enqueues the render of a project whose content is ready (creating_slides, or the sample). */
export async function handOffToRender(deps: ProjectDeps, projectId: string): Promise<void> {
  const row = await deps.projects.findById(projectId);
  if (!row || !row.generated_content || row.generation_version !== null) return;
  if (row.status !== 'creating_slides' && !row.is_sample) return;
  await enqueueRender(deps, row);
}

/** generation.completed: the content is applied with generating_content at 100, then rendering. */
export async function completeGeneration(deps: ProjectDeps, eventId: string, event: PipelineEvent): Promise<void> {
  await applyPipelineEvent(deps, eventId, { ...event, status: 'creating_slides', stage: 'generating_content', percent: 100 });
  await handOffToRender(deps, event.projectId);
}
