// The package operations: export (validate, check, queue), list, get, open for download, and the
// build a job runs. Tenancy: the project service answers a project only to a member of its
// company; the role decides (export needs 'scorm.export', the rest 'project.read'); the company's
// plan must include scormCompliance (Enterprise). Another company's package is NOT_FOUND.
import {
  isContentLanguage,
  languageNames,
  SCORM_LIMITS,
  SCORM_MESSAGES,
  TIERS,
  TRANSLATION_MESSAGES,
  trialRefusal,
  validateInteractiveVideo,
  type InteractiveVideoMetadata,
} from '@trainwright/catalogue';
import { AppError, Access, isUuid, JobError, type Logger, type Membership } from '@trainwright/platform';
import { courseSlides, questionsOf } from './course.js';
import { interactiveTexts, translatedInteractive, type VideoTimeline } from './interactive/translate-interactive.js';
import type {
  AssembleRequest,
  InteractiveMedia,
  InteractiveVideoStore,
  Memberships,
  PackageAssembler,
  PackageJobs,
  PackageStore,
  ProgressEvents,
  ProjectDirectory,
  TranslationDirectory,
  VideoDirectory,
} from './ports.js';
import { trackingOf, type ExportSettings } from './settings.js';
import type { LearningObjective, PackageRecord, ProjectSource, TranslatedContent } from './types.js';

export interface PackageDeps {
  store: PackageStore;
  projects: ProjectDirectory;
  videos: VideoDirectory;
  /** A translated package's content (the completed translation, as media-render renders it) and its interactive video's texts. */
  translations: TranslationDirectory;
  memberships: Memberships;
  jobs: PackageJobs;
  assembler: PackageAssembler;
  progressEvents: ProgressEvents;
  /** The project's interactive video, whose published version a package carries. */
  interactive: Pick<InteractiveVideoStore, 'findByProject' | 'findVersion'>;
  /** The videos' lengths and captions, to retime a published interactive video to a translated video. */
  media: Pick<InteractiveMedia, 'durationOf' | 'text'>;
  logger: Pick<Logger, 'warn' | 'error'>;
}

/** A build's failure (a JobError: one that is not `retryable` ends the job at once); a service away is retryable. */
export class BuildError extends JobError {
  constructor(message: string, retryable: boolean) {
    super(message, retryable);
    this.name = 'BuildError';
  }
}

export function createPackageOperations(deps: PackageDeps) {
  const access = new Access(deps.memberships);

  /** The caller's membership when they may do `action` in the company and its plan has SCORM. */
  function allowed(userId: string, companyId: string, action: 'scorm.export' | 'project.read', notFoundMessage: string): Promise<Membership> {
    return access.require({ userId, companyId, action, capability: 'scormCompliance', notFoundMessage });
  }

  /** A package the caller may see (NOT_FOUND otherwise, whatever the reason). */
  async function visible(userId: string, packageId: string): Promise<PackageRecord> {
    const found = isUuid(packageId) ? await deps.store.find(packageId) : null;
    if (!found) throw AppError.notFound(SCORM_MESSAGES.notFound);
    await allowed(userId, found.companyId, 'project.read', SCORM_MESSAGES.notFound);
    return found;
  }

  /** The project's published interactive video version with its pinned media (null: none published). */
  async function publishedInteractive(projectId: string): Promise<PublishedInteractive | null> {
    const current = await deps.interactive.findByProject(projectId);
    const published = current?.video.publishedVersion;
    if (!current || !published) return null;
    const view = published === current.version.version ? current : await deps.interactive.findVersion(current.video.id, published);
    const version = view?.version;
    if (!version?.videoKey) return null;
    return { metadata: version.metadata, videoKey: version.videoKey, captionsKey: version.captionsKey ?? '', videoSeconds: version.videoSeconds };
  }

  /**
   * The published interactive video over a translated package's video: its texts translated by the
   * translation service (the company's glossary and memory, the configured engine), its times
   * moved from the pinned video to `video` slide by slide, checked by the catalogue's rules.
   */
  async function translatedInteractiveVideo(
    published: PublishedInteractive,
    source: ProjectSource,
    translated: ProjectSource,
    video: NonNullable<AssembleRequest['video']>,
  ): Promise<InteractiveVideoMetadata> {
    const languageName = languageNames(translated.language).name;
    const texts = interactiveTexts(published.metadata);
    const answer = texts.length
      ? await deps.translations.translateTexts({ companyId: source.companyId, projectId: source.id, from: source.language, to: translated.language, texts })
      : { texts: [] };
    if ('untranslatable' in answer) throw new BuildError(SCORM_MESSAGES.interactiveNotTranslated(languageName, answer.untranslatable), false);
    const timeline = async (project: ProjectSource, seconds: number, captionsKey: string): Promise<VideoTimeline> => ({
      seconds,
      captionsVtt: captionsKey ? await deps.media.text(captionsKey) : '',
      slides: courseSlides(project)?.length ?? 0,
    });
    // The pinned video's length was measured when it was pinned.
    const original = await timeline(source, published.videoSeconds || published.metadata.video_duration, published.captionsKey);
    const target = await timeline(translated, await deps.media.durationOf(video.mp4StorageKey), video.vttStorageKey);
    const metadata = translatedInteractive(published.metadata, new Map(texts.map((t, i) => [t, answer.texts[i]!])), original, target);
    const issue = validateInteractiveVideo(metadata);
    if (issue) throw new BuildError(SCORM_MESSAGES.interactiveNotRetimed(languageName, issue.message), false);
    return metadata;
  }

  /**
   * The language a package is asked for: the project's own when none (or that one) is given;
   * otherwise a content language of the plan the project has a completed translation into.
   */
  async function packageLanguage(project: ProjectSource, membership: Membership, requested: string): Promise<string> {
    const language = requested.trim();
    if (!language || language === project.language) return project.language;
    if (!/^[a-z]{2}$/.test(language) || !isContentLanguage(language)) throw AppError.validation('language', TRANSLATION_MESSAGES.unknownLanguage(language.slice(0, 20)));
    if (!TIERS[membership.ownerTier].limits.languages.includes(language)) throw new AppError('PLAN_LIMIT_REACHED', TRANSLATION_MESSAGES.notInPlan(membership.ownerTier, language));
    if (!(await deps.translations.renderContent(project.id, language))) throw new AppError('CONFLICT', SCORM_MESSAGES.noTranslation(languageNames(language).name));
    return language;
  }

  return {
    /**
     * Queues a package of the project's current content; with `language` (not the project's own),
     * of its completed translation into that language.
     */
    async exportPackage(userId: string, projectId: string, settings: ExportSettings, language = ''): Promise<PackageRecord> {
      if (!isUuid(projectId)) throw AppError.notFound(SCORM_MESSAGES.noProject);
      const project = await deps.projects.project(userId, projectId);
      const membership = await allowed(userId, project.companyId, 'scorm.export', 'Project not found');
      const refusal = trialRefusal(membership.ownerTrialState);
      if (refusal) throw new AppError('TRIAL_ENDED', refusal);
      if (!project.hasContent) throw new AppError('CONFLICT', SCORM_MESSAGES.noContent);
      const tracking = trackingOf(settings.tracking, { hasQuestions: questionsOf(project, []).length > 0 }, settings.includeTracking);
      const packaged = await packageLanguage(project, membership, language);
      const created = await deps.store.create({ projectId, companyId: project.companyId, createdBy: userId, language: packaged, settings: { ...settings, tracking } });
      await deps.jobs.enqueue(created.id);
      return created;
    },

    async list(userId: string, projectId: string | null): Promise<PackageRecord[]> {
      if (projectId) {
        if (!isUuid(projectId)) throw AppError.notFound('Project not found');
        const project = await deps.projects.project(userId, projectId);
        await allowed(userId, project.companyId, 'project.read', 'Project not found');
        return deps.store.listFor([project.companyId], projectId, SCORM_LIMITS.listed);
      }
      const { companies } = await deps.memberships.companiesOf(userId);
      const ids = Access.among(companies, 'project.read').map((c) => c.companyId);
      return ids.length ? deps.store.listFor(ids, null, SCORM_LIMITS.listed) : [];
    },

    get: visible,

    /** A ready package's zip; counts the download. */
    async open(userId: string, packageId: string): Promise<{ storageKey: string; filename: string; size: number }> {
      const p = await visible(userId, packageId);
      if (p.status !== 'ready' || !p.storageKey) throw new AppError('CONFLICT', p.status === 'failed' ? `${SCORM_MESSAGES.failed} ${p.error}`.trim() : SCORM_MESSAGES.notReady);
      await deps.store.countDownload(p.id);
      return { storageKey: p.storageKey, filename: `${fileNameOf(p.packageName)}.zip`, size: p.size };
    },

    /**
     * The job: the project's current content (and its narrated video with captions, when there is
     * one; with a published interactive video, that version's pinned video, captions and elements;
     * in a translated package, the elements translated and retimed over that language's video)
     * made into the package's zip. A package deleted meanwhile ends quietly. Throws a
     * BuildError (retryable while a service is away).
     */
    async build(packageId: string, attempt: { last: boolean }): Promise<'built' | 'gone'> {
      const record = await deps.store.find(packageId);
      if (!record || record.status === 'ready') return 'gone';
      try {
        const { project: current } = await deps.projects.source(record.projectId);
        if (!current.hasContent) throw new BuildError(SCORM_MESSAGES.noContent, false);
        // A translated package: the completed translation's content (a project whose primary
        // language became this one meanwhile is packaged as it is now).
        const language = record.language && record.language !== current.language ? record.language : '';
        const translated = language ? await deps.translations.renderContent(record.projectId, language) : null;
        if (language && !translated) throw new BuildError(SCORM_MESSAGES.noTranslation(languageNames(language).name), false);
        const project = translated ? translatedProject(current, translated) : current;
        const building = await deps.store.update(packageId, { status: 'building', progress: 1, contentVersion: project.contentVersion });
        if (!building) return 'gone';
        await deps.progressEvents.progress(building);
        // A published interactive video: its pinned video and captions (the element times match
        // them) with its elements. Otherwise the current video, with the rights of the user who
        // asked (media-render's tenancy and plan checks).
        // A translated package: that language's video and captions when media-render has them,
        // with the published interactive video's elements translated and retimed to it.
        const published = await publishedInteractive(record.projectId);
        let video: AssembleRequest['video'] = null;
        let interactive: InteractiveVideoMetadata | null = null;
        if (published && !translated) {
          video = { mp4StorageKey: published.videoKey, vttStorageKey: published.captionsKey };
          interactive = published.metadata;
        } else {
          const files = await deps.videos.videoFiles(record.createdBy, record.projectId, language);
          video = files.mp4 ? { mp4StorageKey: files.mp4.storageKey, vttStorageKey: files.vttStorageKey } : null;
          if (published && video) interactive = await translatedInteractiveVideo(published, current, project, video);
        }
        let reported = 1;
        const packageRecord = translated ? translatedSettings(building, current, translated) : building;
        const built = await deps.assembler.assemble({ packageRecord, project, video, interactive }, async (percent) => {
          const p = Math.min(99, Math.max(reported, Math.round(percent)));
          if (p < reported + 5) return;
          reported = p;
          const moved = await deps.store.update(packageId, { status: 'building', progress: p });
          if (moved) await deps.progressEvents.progress(moved);
        });
        const ready = await deps.store.update(packageId, { status: 'ready', progress: 100, hasVideo: video !== null, storageKey: built.storageKey, size: built.size });
        // Deleted while it built: its zip goes too.
        if (!ready) await deps.assembler.delete(built.storageKey);
        return ready ? 'built' : 'gone';
      } catch (error) {
        const known = error instanceof BuildError || error instanceof AppError;
        const retryable = error instanceof BuildError ? error.retryable : !(error instanceof AppError && error.status < 500);
        if (!known) deps.logger.error({ err: error, packageId }, 'package build failed unexpectedly');
        if (!retryable || attempt.last) {
          const message = error instanceof AppError && error.status < 500 ? error.message : error instanceof BuildError ? error.message : SCORM_MESSAGES.failed;
          await deps.store.update(packageId, { status: 'failed', error: message });
        }
        throw error instanceof BuildError ? error : new BuildError(error instanceof Error ? error.message : String(error), retryable);
      }
    },

    /** Every attempt's worker died: the package fails instead of waiting for ever. */
    async abandon(packageId: string): Promise<void> {
      await deps.store.update(packageId, { status: 'failed', error: SCORM_MESSAGES.failed });
    },

    /**
     * project.deleted: its packages go, zips included (an expired account's data goes this way too:
     * the project service deletes each of its projects).
     */
    async forgetProject(projectId: string): Promise<void> {
      for (const key of await deps.store.deleteProject(projectId)) await deps.assembler.delete(key);
    },
  };
}

export type PackageOperations = ReturnType<typeof createPackageOperations>;

/** A published interactive video version: its elements and pinned media. */
interface PublishedInteractive {
  metadata: InteractiveVideoMetadata;
  videoKey: string;
  captionsKey: string;
  /** Seconds of the pinned video, as measured when it was pinned. */
  videoSeconds: number;
}

/** The project as its completed translation reads (the look stays the project's). */
export function translatedProject(project: ProjectSource, t: TranslatedContent): ProjectSource {
  return {
    ...project,
    language: t.language,
    title: t.title || project.title,
    description: t.description,
    slidesContent: t.slidesContent,
    scriptContent: t.scriptContent,
    generatedContent: t.generatedContent,
    hasContent: true,
  };
}

/**
 * A package's settings as its translated course shows them: a package name that is the project's
 * title becomes the translated title, and an objective written as one of the generated objectives
 * (as the Export dialog fills them in) becomes its translation. Text the user wrote themselves stays.
 */
export function translatedSettings(p: PackageRecord, project: ProjectSource, t: TranslatedContent): PackageRecord {
  const source = project.generatedContent?.objectives ?? [];
  const target = t.generatedContent?.objectives ?? [];
  const translate = (text: string) => {
    const i = text.trim() ? source.findIndex((s) => s.trim() === text.trim()) : -1;
    return i >= 0 && target[i]?.trim() ? target[i]!.trim() : text;
  };
  const objectives: LearningObjective[] = p.objectives.map((o) => ({ ...o, title: translate(o.title), description: translate(o.description) }));
  const packageName = p.packageName.trim() === project.title.trim() && t.title.trim() ? t.title.trim() : p.packageName;
  return { ...p, packageName, objectives };
}

/** A zip name from the package name: letters, digits, spaces, dots, dashes and underscores. */
export function fileNameOf(name: string): string {
  return name.replace(/[^\p{L}\p{N} ._-]+/gu, '').replace(/\s+/g, ' ').trim().slice(0, 120) || 'scorm-package';
}
