// What a generation job works on, read in this one place: the project, its files, the original of
// an enhanced version and the owner's plan and trial state (the project service's
// GetGenerationInput).
import { isTrialState, trialRefusal } from '@trainwright/catalogue';
import { GenerationError } from '../../domain/types.js';
import type { ProjectGenerationInput } from '../ports.js';
import type { GenerationDeps } from './deps.js';

export async function readGenerationInput(deps: Pick<GenerationDeps, 'projects'>, projectId: string): Promise<ProjectGenerationInput> {
  const input = await deps.projects.generationInput(projectId);
  // A job queued before the owner's trial ended does no new work after it.
  const refusal = isTrialState(input.ownerTrialState) ? trialRefusal(input.ownerTrialState) : null;
  if (refusal) throw new GenerationError(refusal.text);
  return input;
}
