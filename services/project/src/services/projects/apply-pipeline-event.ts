// A pipeline fact (generator or media render) applied once. The status moves only along the
// machine; an event the machine does not allow (late, duplicate, out of order) changes nothing.
import { canTransition, isPipelineStage, isProjectStatus, type ProjectStatus } from '@trainwright/catalogue';
import type { GeneratedContent } from '@trainwright/formats';
import { projectEvents } from '../events.js';
import type { ProjectChanges, ProjectDeps } from './deps.js';

export interface PipelineEvent {
  projectId: string;
  status: string;
  stage: string;
  percent: number;
  error: string;
  generatedContent?: GeneratedContent;
  qualityScore?: number;
  engagementPrediction?: number;
}

export async function applyPipelineEvent(deps: ProjectDeps, eventId: string, event: PipelineEvent): Promise<boolean> {
  if (!isProjectStatus(event.status)) return false;
  const target: ProjectStatus = event.status;
  const applied = await deps.projects.onceForEvent(eventId, async (trx) => {
    const row = await deps.projects.findByIdUnscoped(event.projectId);
    if (!row || !isProjectStatus(row.status) || !canTransition(row.status, target)) return [];
    const progress = { ...row.progress };
    if (isPipelineStage(event.stage)) progress[event.stage] = Math.max(0, Math.min(100, Math.round(event.percent)));
    if (target === 'completed') for (const stage of Object.keys(progress)) progress[stage] = 100;
    const changes: ProjectChanges = {
      status: target,
      progress: JSON.stringify(progress),
      error: target === 'failed' ? event.error || 'Generation failed' : '',
    };
    if (event.generatedContent) changes.generated_content = JSON.stringify(event.generatedContent);
    if (event.qualityScore !== undefined) changes.quality_score = event.qualityScore;
    if (event.engagementPrediction !== undefined) changes.engagement_prediction = event.engagementPrediction;
    if (target === 'completed') changes.needs_regeneration = false;
    const moved = await deps.projects.transition(trx, row.id, row.status, changes);
    if (!moved) return [];
    return [
      projectEvents.statusChanged({
        projectId: row.id,
        companyId: row.company_id,
        status: target,
        progress,
        error: String(changes.error),
      }),
    ];
  });
  if (applied) deps.afterWrite();
  return applied;
}
