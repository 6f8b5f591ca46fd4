// What a render job renders, read in one place for every job (the project's documents, its paid
// video, a translation's files): the project, its resolved template and the render key, as the
// project service answers GetGenerationInput now, with the owner's plan the job carries.
import { trialRefusal } from '@trainwright/catalogue';
import type { OwnerPlan } from '@trainwright/platform';
import { RenderError } from '../../domain/types.js';
import type { RenderDeps } from './deps.js';
import type { RenderJobInput } from './render-input.js';

/** The job's input; a job created after the owner's trial ended renders nothing. */
export async function readJobInput(deps: Pick<RenderDeps, 'projects'>, projectId: string, plan: OwnerPlan): Promise<RenderJobInput> {
  const refusal = trialRefusal(plan.trialState);
  if (refusal) throw new RenderError(refusal);
  return { ...(await deps.projects.renderInput(projectId)), plan };
}
