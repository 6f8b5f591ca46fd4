// What a generation job works on, read in this one place: the project, its files and the original of
// an enhanced version (the project service's GetGenerationInput), with the owner's plan the job
// carries (read when the job was created; the worker does not ask auth).
import { trialRefusal } from '@trainwright/catalogue';
import type { OwnerPlan } from '@trainwright/platform';
import { GenerationError } from '../../domain/types.js';
import type { ProjectGenerationInput } from '../ports.js';
import type { GenerationDeps } from './deps.js';

/** A generation job: the project and the owner's plan (GENERATE_PROJECT_JOB's payload). */
export interface GenerationJob {
  projectId: string;
  plan: OwnerPlan;
}

export type JobGenerationInput = ProjectGenerationInput & { plan: OwnerPlan };

export async function readGenerationInput(deps: Pick<GenerationDeps, 'projects'>, job: GenerationJob): Promise<JobGenerationInput> {
  // A job created after the owner's trial ended does no new work.
  const refusal = trialRefusal(job.plan.trialState);
  if (refusal) throw new GenerationError(refusal);
  return { ...(await deps.projects.generationInput(job.projectId)), plan: job.plan };
}
