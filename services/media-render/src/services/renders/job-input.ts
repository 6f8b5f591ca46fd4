// What a render job renders, read in one place for every job (the project's documents, its paid
// video, a translation's files): the project, its resolved template, the owner's plan and trial
// state and the render key, as the project service answers GetGenerationInput now.
import { isTrialState, trialRefusal } from '@trainwright/catalogue';
import { RenderError } from '../../domain/types.js';
import type { RenderDeps } from './deps.js';
import type { RenderJobInput } from './render-input.js';

export function readJobInput(deps: Pick<RenderDeps, 'projects'>, projectId: string): Promise<RenderJobInput> {
  return deps.projects.renderInput(projectId);
}

/** A job queued before the owner's trial ended renders nothing after it. */
export function refuseEndedTrial(input: Pick<RenderJobInput, 'ownerTrialState'>): void {
  const refusal = isTrialState(input.ownerTrialState) ? trialRefusal(input.ownerTrialState) : null;
  if (refusal) throw new RenderError(refusal.text);
}
