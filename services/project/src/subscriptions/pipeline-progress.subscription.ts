// Pipeline facts from the generator and media render move the project's status; finished
// generation hands the project to rendering.
import { contentFromMessage, messageFromProto, type Subscription } from '@trainwright/platform';
import { PipelineProgress } from '@trainwright/proto/trainwright/events/v1/events';
import { applyPipelineEvent, type PipelineEvent } from '../services/projects/apply-pipeline-event.js';
import type { ProjectDeps } from '../services/projects/deps.js';
import { completeGeneration } from '../services/projects/hand-off-to-render.js';

export function generationProgressSubscription(deps: ProjectDeps): Subscription {
  return {
    name: 'project-generation',
    subject: 'generation.*',
    handle: async (event) => {
      const progress = decode(event.data, 'generation');
      if (event.subject === 'generation.completed') await completeGeneration(deps, event.id, progress);
      else await applyPipelineEvent(deps, event.id, progress);
    },
  };
}

export function renderProgressSubscription(deps: ProjectDeps): Subscription {
  return {
    name: 'project-render',
    subject: 'render.*',
    handle: async (event) => {
      await applyPipelineEvent(deps, event.id, decode(event.data, 'render'));
    },
  };
}

function decode(data: Uint8Array, source: PipelineEvent['source']): PipelineEvent {
  const e = PipelineProgress.decode(data);
  return {
    source,
    projectId: e.projectId,
    status: e.status,
    stage: e.stage,
    percent: e.percent,
    error: e.error,
    errorMessage: messageFromProto(e.errorMessage),
    generatedContent: e.generatedContent ? contentFromMessage(e.generatedContent) : undefined,
    qualityScore: e.qualityScore,
    engagementPrediction: e.engagementPrediction,
    contentVersion: e.contentVersion,
  };
}
