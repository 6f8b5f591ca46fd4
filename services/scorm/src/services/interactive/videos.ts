// The interactive video operations (issue 16): the template, creating a version (validated by the
// catalogue's one rule set and against the project's real narrated video), reading the current one
// and the versions, the job that pins the video and captions the elements were timed against, and
// the public side (the published version behind a share token, its media, learners' events).
//
// Tenancy and plan: the project service answers a project only to a member of its company (another
// company's project is NOT_FOUND); creating needs the role action 'project.update', reading
// 'project.read'; the company's plan must include videoGeneration (the elements lie over the
// narrated video: Professional and above); a trial that ended cannot create.
import {
  INTERACTIVE_VIDEO_LIMITS,
  INTERACTIVE_VIDEO_MESSAGES,
  INTERACTIVE_VIDEO_TIME_TOLERANCE_SECONDS,
  interactiveElementCount,
  trialRefusal,
  validateInteractiveVideo,
  videoEndIssue,
  type InteractiveVideoMetadata,
} from '@trainwright/catalogue';
import { AppError, Access, isUuid, type Logger, type Membership } from '@trainwright/platform';
import { courseSlides } from '../course.js';
import { BuildError } from '../packages.js';
import type { InteractiveJobs, InteractiveMedia, InteractiveProgressEvents, InteractiveVideoStore, Memberships, ProjectDirectory, VideoDirectory } from '../ports.js';
import { buildTemplate, templateDuration } from './template.js';
import {
  INTERACTIVE_EVENT_LIMITS,
  INTERACTIVE_EVENT_TYPES,
  INTERACTIVE_METADATA_MAX_BYTES,
  type InteractiveEventInput,
  type InteractiveTemplate,
  type InteractiveVersionSummary,
  type InteractiveVideoView,
  type PublishedInteractiveVideo,
} from './types.js';

export interface InteractiveDeps {
  store: InteractiveVideoStore;
  projects: ProjectDirectory;
  videos: VideoDirectory;
  memberships: Memberships;
  jobs: InteractiveJobs;
  media: InteractiveMedia;
  progressEvents: InteractiveProgressEvents;
  logger: Pick<Logger, 'warn' | 'error'>;
}

const PROJECT_NOT_FOUND = 'Project not found';
/** PostgreSQL keeps no NUL character in text (nor jsonb): refused rather than failing the write. */
const NUL_MESSAGE = 'Texts may not contain NUL characters.';

export function createInteractiveOperations(deps: InteractiveDeps) {
  const access = new Access(deps.memberships);

  /** The caller's membership when they may do `action` in the company and its plan includes videoGeneration. */
  function allowed(userId: string, companyId: string, action: 'project.update' | 'project.read'): Promise<Membership> {
    return access.require({ userId, companyId, action, capability: 'videoGeneration', notFoundMessage: PROJECT_NOT_FOUND });
  }

  /** The project, when the caller may do `action` on it (NOT_FOUND for another company's). */
  async function projectFor(userId: string, projectId: string, action: 'project.update' | 'project.read') {
    if (!isUuid(projectId)) throw AppError.notFound(PROJECT_NOT_FOUND);
    const project = await deps.projects.project(userId, projectId);
    const membership = await allowed(userId, project.companyId, action);
    return { project, membership };
  }

  /** The project's current narrated video: its storage key and real length (null: none rendered yet). */
  async function narratedVideo(userId: string, projectId: string): Promise<{ storageKey: string; seconds: number; captionsKey: string } | null> {
    const files = await deps.videos.videoFiles(userId, projectId);
    if (!files.mp4) return null;
    return { storageKey: files.mp4.storageKey, seconds: await deps.media.durationOf(files.mp4.storageKey), captionsKey: files.vttStorageKey };
  }

  async function current(userId: string, projectId: string): Promise<InteractiveVideoView> {
    await projectFor(userId, projectId, 'project.read');
    const found = await deps.store.findByProject(projectId);
    if (!found) throw AppError.notFound(INTERACTIVE_VIDEO_MESSAGES.notFound);
    return found;
  }

  /** The published version behind a token (NOT_FOUND unless one is ready). */
  async function published(token: string): Promise<InteractiveVideoView> {
    const found = typeof token === 'string' && /^[A-Za-z0-9_-]{32,128}$/.test(token) ? await deps.store.findPublished(token) : null;
    if (!found || !found.version.videoKey) throw AppError.notFound(INTERACTIVE_VIDEO_MESSAGES.notFound);
    return found;
  }

  return {
    /**
     * A template: `durationOrId` is a duration in seconds (30-3600) or a project id; with a project
     * (there or in `projectId`) its elements come from the project's real content, without one it
     * is a single chapter at 0.
     */
    async template(userId: string, durationOrId: string, projectId: string): Promise<InteractiveTemplate> {
      const asked = /^\d{1,5}(\.\d+)?$/.test(durationOrId) ? Number(durationOrId) : null;
      if (asked !== null && (asked < INTERACTIVE_VIDEO_LIMITS.durationMin || asked > INTERACTIVE_VIDEO_LIMITS.durationMax)) {
        throw AppError.validation('duration', INTERACTIVE_VIDEO_MESSAGES.duration);
      }
      if (asked === null && !isUuid(durationOrId)) {
        throw AppError.validation('duration', `Give a duration in seconds (${INTERACTIVE_VIDEO_LIMITS.durationMin}-${INTERACTIVE_VIDEO_LIMITS.durationMax}) or a project id.`);
      }
      if (asked === null && projectId && projectId !== durationOrId) throw AppError.validation('project_id', 'project_id must name the project of the path.');
      const id = projectId || (asked === null ? durationOrId : '');

      if (!id) {
        // No project: the caller's current company decides the plan.
        const { currentCompanyId } = await deps.memberships.companiesOf(userId);
        await allowed(userId, currentCompanyId, 'project.read');
        const duration = templateDuration(null, asked);
        return { template: buildTemplate({ source: null, duration, videoSeconds: null, captionsVtt: '' }), videoDuration: duration, hasVideo: false };
      }

      const { project } = await projectFor(userId, id, 'project.read');
      const video = await narratedVideo(userId, id);
      const captionsVtt = video?.captionsKey ? await deps.media.text(video.captionsKey) : '';
      const company = project.website ? null : (await deps.memberships.companiesOf(userId)).companies.find((c) => c.companyId === project.companyId);
      const duration = templateDuration(video?.seconds ?? null, asked);
      const source = {
        title: project.title,
        slides: courseSlides(project) ?? [],
        questions: project.generatedContent?.questions ?? [],
        website: project.website || company?.website || '',
      };
      return { template: buildTemplate({ source, duration, videoSeconds: video?.seconds ?? null, captionsVtt }), videoDuration: duration, hasVideo: video !== null };
    },

    /** Validates and stores a new version (processing) and queues the job that pins its video. */
    async create(userId: string, projectId: string, metadata: InteractiveVideoMetadata, generateAnalytics: boolean): Promise<InteractiveVideoView> {
      const { project, membership } = await projectFor(userId, projectId, 'project.update');
      const refusal = trialRefusal(membership.ownerTrialState);
      if (refusal) throw new AppError('TRIAL_ENDED', refusal);
      if (metadata.project_id !== projectId) throw AppError.validation('video_metadata.project_id', 'video_metadata.project_id must name the project of the path.');
      const issue = validateInteractiveVideo(metadata);
      if (issue) throw AppError.validation(`video_metadata.${issue.path}`, issue.message);
      const stored = JSON.stringify(metadata);
      if (stored.length > INTERACTIVE_METADATA_MAX_BYTES) throw AppError.validation('video_metadata', 'This interactive video is too large to store. Shorten its texts.');
      if (hasNul(metadata)) throw AppError.validation('video_metadata', NUL_MESSAGE);
      if (hasNonFinite(metadata)) throw AppError.validation('video_metadata', 'Numbers must be finite.');

      const video = await narratedVideo(userId, projectId);
      if (!video) throw new AppError('CONFLICT', INTERACTIVE_VIDEO_MESSAGES.noVideo);
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
    },

    /** The project's interactive video with its current version. */
    get: current,

    async versions(userId: string, projectId: string): Promise<InteractiveVersionSummary[]> {
      const { video } = await current(userId, projectId);
      return deps.store.listVersions(video.id);
    },

    /**
     * The job: the project's current narrated video and captions copied to the version's own keys
     * (with the rights of the user who created it), then the version is published. A video deleted
     * meanwhile, or a version already pinned, ends quietly. Throws a BuildError (retryable while a
     * service is away).
     */
    async prepare(videoId: string, version: number, attempt: { last: boolean }): Promise<'prepared' | 'gone'> {
      const found = await deps.store.findVersion(videoId, version);
      if (!found || found.version.videoKey) return 'gone';
      const { video, version: v } = found;
      try {
        let reported = 0;
        const report = async (percent: number) => {
          const p = Math.min(99, Math.max(1, Math.round(percent)));
          if (p < reported + 5 && reported !== 0) return;
          reported = p;
          const moved = await deps.store.progress(videoId, version, p);
          if (moved) await deps.progressEvents.progress(moved);
        };
        await report(1);
        const files = await deps.videos.videoFiles(v.createdBy, video.projectId);
        if (!files.mp4) throw new BuildError(INTERACTIVE_VIDEO_MESSAGES.noVideo, false);
        const base = `interactive/${video.companyId}/${video.id}/${version}`;
        const pinned = await deps.media.pin(
          { videoKey: files.mp4.storageKey, captionsKey: files.vttStorageKey || null },
          { videoKey: `${base}.mp4`, captionsKey: `${base}.vtt` },
          (percent) => report(5 + (percent * 90) / 100),
        );
        const done = await deps.store.pin(videoId, version, {
          videoKey: `${base}.mp4`,
          captionsKey: pinned.captionsKey,
          videoSize: pinned.videoSize,
          captionsSize: pinned.captionsSize,
          videoSeconds: pinned.videoSeconds,
        });
        if (!done) {
          // Deleted while it was copied: its copies go too.
          await deps.media.delete(`${base}.mp4`);
          if (pinned.captionsKey) await deps.media.delete(pinned.captionsKey);
          return 'gone';
        }
        return 'prepared';
      } catch (error) {
        const known = error instanceof BuildError || error instanceof AppError;
        const retryable = error instanceof BuildError ? error.retryable : !(error instanceof AppError && error.status < 500);
        if (!known) deps.logger.error({ err: error, videoId, version }, 'interactive video preparation failed unexpectedly');
        if (!retryable || attempt.last) {
          const message = error instanceof AppError && error.status < 500 ? error.message : error instanceof BuildError ? error.message : INTERACTIVE_VIDEO_MESSAGES.createFailed;
          await deps.store.fail(videoId, version, message);
        }
        throw error instanceof BuildError ? error : new BuildError(error instanceof Error ? error.message : String(error), retryable);
      }
    },

    /** Every attempt's worker died: the version fails instead of waiting for ever. */
    async abandon(videoId: string, version: number): Promise<void> {
      await deps.store.fail(videoId, version, INTERACTIVE_VIDEO_MESSAGES.createFailed);
    },

    /** project.deleted: its interactive video goes (versions, events) with its pinned media. */
    async forgetProject(projectId: string): Promise<void> {
      for (const key of await deps.store.deleteProject(projectId)) await deps.media.delete(key);
    },

    /** Public: the published version behind a share token, with the branch targets learners may go on to. */
    async published(token: string): Promise<PublishedInteractiveVideo> {
      const { video, version } = await published(token);
      const targets = [
        ...new Set(
          version.metadata.branching_scenarios.flatMap((s) => s.branches.filter((b) => b.target_type === 'project' && b.target_project_id).map((b) => b.target_project_id!)),
        ),
      ];
      return {
        title: version.title,
        version: version.version,
        metadata: version.metadata,
        hasCaptions: version.captionsKey !== null,
        branchTargets: targets.length ? await deps.store.publishedTokens(video.companyId, targets) : {},
      };
    },

    /** Public: where the published version's pinned video or captions are kept. */
    async openMedia(token: string, kind: string): Promise<{ storageKey: string; size: number; contentType: string }> {
      if (kind !== 'video' && kind !== 'captions') throw AppError.validation('kind', 'kind is video or captions.');
      const { version } = await published(token);
      if (kind === 'video') return { storageKey: version.videoKey!, size: version.videoSize, contentType: 'video/mp4' };
      if (!version.captionsKey) throw AppError.notFound('This interactive video has no captions.');
      return { storageKey: version.captionsKey, size: version.captionsSize, contentType: 'text/vtt; charset=utf-8' };
    },

    /** Public: one learner event of the published version (kept when its analytics are on). */
    async recordEvent(token: string, event: InteractiveEventInput): Promise<void> {
      if (!isUuid(event.sessionId)) throw AppError.validation('session_id', 'session_id must be a uuid.');
      if (!(INTERACTIVE_EVENT_TYPES as readonly string[]).includes(event.type)) throw AppError.validation('type', `type is one of ${INTERACTIVE_EVENT_TYPES.join(', ')}.`);
      if (event.elementId.length > INTERACTIVE_EVENT_LIMITS.elementIdMax) throw AppError.validation('element_id', `element_id may hold at most ${INTERACTIVE_EVENT_LIMITS.elementIdMax} characters.`);
      if (event.value.length > INTERACTIVE_EVENT_LIMITS.valueMax) throw AppError.validation('value', `value may hold at most ${INTERACTIVE_EVENT_LIMITS.valueMax} characters.`);
      if (event.elementId.includes('\u0000') || event.value.includes('\u0000')) throw AppError.validation(event.value.includes('\u0000') ? 'value' : 'element_id', NUL_MESSAGE);
      const { video, version } = await published(token);
      const end = Math.max(version.metadata.video_duration, version.videoSeconds) + INTERACTIVE_VIDEO_TIME_TOLERANCE_SECONDS;
      if (!Number.isFinite(event.mediaTime) || event.mediaTime < 0 || event.mediaTime > end) throw AppError.validation('media_time', `media_time must be between 0 and ${Math.floor(end)} seconds.`);
      if (!version.metadata.analytics_enabled && !version.generateAnalytics) return;
      await deps.store.recordEvent(video.id, version.version, event);
    },
  };
}

export type InteractiveOperations = ReturnType<typeof createInteractiveOperations>;

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
