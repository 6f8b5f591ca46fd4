// A pipeline fact (generator or media render) applied once. The status moves only along the
// machine; an event the machine does not allow (late, duplicate, out of order) changes nothing,
// and neither does an event of a job an edit has made stale (it worked for an older version).
import { canTransition, isPipelineStage, isProjectStatus, type ProjectStatus } from '@trainwright/catalogue';
import type { GeneratedContent } from '@trainwright/formats';
import type { MessageRef } from '@trainwright/platform';
import { projectEvents, snapshotOfRow } from '../events.js';
import type { ProjectChanges, ProjectDeps, ProjectRow } from './deps.js';
import { contentColumns } from './library-material.js';

export interface PipelineEvent {
  /** Which pipeline published it: a generation job works for `generation_version`, a render for `content_version`. */
  source: 'generation' | 'render';
  projectId: string;
  status: string;
  stage: string;
  percent: number;
  error: string;
  /** The catalogue message `error` is (generation.failed, render.failed), when it is one. */
  errorMessage?: MessageRef | null;
  generatedContent?: GeneratedContent;
  qualityScore?: number;
  engagementPrediction?: number;
  /** The content version the job worked for; absent (or 0): a job from before versions, applied as it comes. */
  contentVersion?: number;
}

/** True when the job that published the event still works for the project's version. */
function isCurrent(row: ProjectRow, event: PipelineEvent): boolean {
  if (!event.contentVersion) return true;
  return event.contentVersion === (event.source === 'generation' ? row.generation_version : row.content_version);
}

/** render.completed: the version whose files downloads now serve (media-render made them current), or null. */
function finishedFiles(row: ProjectRow, event: PipelineEvent): number | null {
  if (event.source !== 'render' || event.status !== 'completed') return null;
  const version = event.contentVersion || row.content_version;
  return version > (row.files_version ?? 0) ? version : null;
}

export async function applyPipelineEvent(deps: ProjectDeps, eventId: string, event: PipelineEvent): Promise<boolean> {
  if (!isProjectStatus(event.status)) return false;
  const target: ProjectStatus = event.status;
  const applied = await deps.projects.onceForEvent(eventId, async (trx) => {
    const row = await deps.projects.findById(event.projectId);
    if (!row || !isProjectStatus(row.status)) return [];
    const seen = { status: row.status, contentVersion: row.content_version };
    // Whatever happens to the status, the files media-render made current are served now: an
    // older version's (an edit came meanwhile), or the sample's (completed from the start).
    const filesVersion = finishedFiles(row, event);
    if (filesVersion !== null) await deps.projects.recordFilesVersion(trx, row.id, filesVersion);
    if (!isCurrent(row, event) || !canTransition(row.status, target)) return [];
    const progress = { ...row.progress };
    if (isPipelineStage(event.stage)) progress[event.stage] = Math.max(0, Math.min(100, Math.round(event.percent)));
    if (target === 'completed') for (const stage of Object.keys(progress)) progress[stage] = 100;
    // A failure keeps its text and, when it is one, its catalogue message (the web translates it
    // by id); a failure without a text gets the generic one, which is no catalogue message.
    const failed = target === 'failed';
    const errorMessage = failed && event.error ? (event.errorMessage ?? null) : null;
    const changes: ProjectChanges = {
      status: target,
      progress: JSON.stringify(progress),
      error: failed ? event.error || 'Generation failed' : '',
      error_message: errorMessage ? JSON.stringify(errorMessage) : null,
    };
    if (event.generatedContent) {
      Object.assign(changes, contentColumns(event.generatedContent));
      changes.generation_version = null;
    }
    if (event.qualityScore !== undefined) changes.quality_score = event.qualityScore;
    if (event.engagementPrediction !== undefined) changes.engagement_prediction = event.engagementPrediction;
    const moved = await deps.projects.transition(trx, row.id, seen, changes);
    if (!moved) return [];
    const events = [
      projectEvents.statusChanged({
        projectId: row.id,
        companyId: row.company_id,
        status: target,
        progress,
        error: String(changes.error),
        errorMessage,
      }),
    ];
    // New content (generation.completed) is an update of the project: those keeping a view of it
    // (downloads) learn it has content. The write was checked against the status and version read.
    if (event.generatedContent) {
      const committed = { ...row, status: target, generated_content: event.generatedContent };
      events.unshift(projectEvents.changed('project.updated', { projectId: row.id, companyId: row.company_id, ownerUserId: row.owner_user_id, ...snapshotOfRow(committed) }));
    }
    return events;
  });
  if (applied) deps.afterWrite();
  return applied;
}
