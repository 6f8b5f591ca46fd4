// A new version: validated by the catalogue's one rule set and against the project's real narrated
// video, stored (processing), and the job that pins its video queued. A trial that ended cannot create.
import {
  INTERACTIVE_VIDEO_MESSAGES,
  catalogueMessage,
  interactiveElementCount,
  trialRefusal,
  validateInteractiveVideo,
  videoEndIssue,
  type InteractiveVideoMetadata,
} from '@trainwright/catalogue';
import { AppError } from '@trainwright/platform';
import { loadProject } from './access.js';
import type { InteractiveDeps } from './deps.js';
import { narratedVideo } from './narrated-video.js';
import { INTERACTIVE_METADATA_MAX_BYTES, NUL_MESSAGE, type InteractiveVideoView } from './types.js';

/** Validates and stores a new version (processing) and queues the job that pins its video. */
export async function createInteractiveVideo(
  deps: Pick<InteractiveDeps, 'projects' | 'memberships' | 'videos' | 'media' | 'store' | 'jobs'>,
  userId: string,
  projectId: string,
  metadata: InteractiveVideoMetadata,
  generateAnalytics: boolean,
): Promise<InteractiveVideoView> {
  const { project, membership } = await loadProject(deps, userId, projectId, 'project.update');
  const refusal = trialRefusal(membership.ownerTrialState);
  if (refusal) throw new AppError('TRIAL_ENDED', refusal);
  if (metadata.project_id !== projectId) throw AppError.validation('video_metadata.project_id', 'video_metadata.project_id must name the project of the path.');
  const issue = validateInteractiveVideo(metadata);
  if (issue) throw AppError.validation(`video_metadata.${issue.path}`, issue.message);
  const stored = JSON.stringify(metadata);
  if (stored.length > INTERACTIVE_METADATA_MAX_BYTES) throw AppError.validation('video_metadata', 'This interactive video is too large to store. Shorten its texts.');
  if (hasNul(metadata)) throw AppError.validation('video_metadata', NUL_MESSAGE);
  if (hasNonFinite(metadata)) throw AppError.validation('video_metadata', 'Numbers must be finite.');

  const video = await narratedVideo(deps, userId, projectId);
  if (!video) throw new AppError('CONFLICT', catalogueMessage(INTERACTIVE_VIDEO_MESSAGES, 'noVideo'));
  const late = videoEndIssue(metadata, video.seconds);
  if (late) throw AppError.validation(`video_metadata.${late.path}`, late.message);

  const created = await deps.store.createVersion({
    projectId,
    companyId: project.companyId,
    createdBy: userId,
    title: project.title,
    metadata,
    elementCount: interactiveElementCount(metadata),
    generateAnalytics,
    contentVersion: project.contentVersion,
  });
  await deps.jobs.enqueue(created.video.id, created.version.version);
  return created;
}

/** Whether any number in a document is infinite or NaN (JSON keeps none: it would be stored as null). */
function hasNonFinite(value: unknown): boolean {
  if (typeof value === 'number') return !Number.isFinite(value);
  if (Array.isArray(value)) return value.some(hasNonFinite);
  return value !== null && typeof value === 'object' && Object.values(value).some(hasNonFinite);
}

/** Whether any text in a document holds a NUL character. */
function hasNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(hasNul);
  return value !== null && typeof value === 'object' && Object.values(value).some(hasNul);
}
