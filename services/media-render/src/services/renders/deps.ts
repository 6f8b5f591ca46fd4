// What every render works with: a project's documents (the `render` queue's project job), its
// paid narrated video (one job per payment) and its translations' files (one job per translation
// version). The ports they read and write through (repositories/ implements them; unit tests fake
// them), the clock and the paid video's wait for another payment's render.
import type { CompanyPlans, Failure, Logger, OutboxEvent } from '@trainwright/platform';
import type { DocumentFormat, ProgressReporter, RenderBranding, RenderInput, VoiceSettings } from '../../domain/types.js';
import type { MediaStorage, ProjectDirectory, RenderedFiles, TranslationDirectory, TranslationJobs, WorkDirs } from '../ports.js';
import type { VideoEntitlements, VideoEvents, VideoJobs } from '../videos/deps.js';

/** Where the job's facts go (the event bus in production). */
export interface RenderEvents {
  progress(projectId: string, stage: 'creating_slides' | 'generating_documents' | 'creating_video', percent: number): Promise<void>;
  /** render.completed, written with the set made current (the outbox): a crash after it cannot lose it. */
  completion(projectId: string): OutboxEvent;
  /** render.failed: the text and, when it is one, the catalogue message (error_message). */
  failed(projectId: string, failure: Failure): Promise<void>;
}

/** Where each attempt of a job publishes (`run.id` tells attempts apart; every event carries the
 * job's content version); progress goes to `onProgress` too. */
export interface RenderEventChannel {
  forRun(run: { id: string; contentVersion: number }, onProgress: (stage: string, percent: number) => Promise<void>): RenderEvents;
}

/** The technology that makes the files (pdf-lib, pptxgenjs, docx, resvg, the speech engine, ffmpeg). */
export interface Renderers {
  document(format: DocumentFormat, input: RenderInput): Promise<Buffer>;
  /**
   * Renders the narrated mp4 in `workDir` and the same streams as mov; `vttPath` is the WebVTT
   * subtitles when they were written.
   */
  video(input: RenderInput, voice: VoiceSettings, workDir: string, progress: ProgressReporter): Promise<{ mp4Path: string; movPath: string; vttPath: string | null; durationMs: number }>;
}

/** A project's logo as kept (fetched once per URL, repositories/project-logo.repository.ts); null with the reason when it cannot be used. */
export interface LogoSource {
  logoOf(project: { projectId: string; companyId: string; url: string }): Promise<{ logo: RenderBranding['logo']; problem: string }>;
}

/** The settings a voice id narrates with (premade or the company's own; the default voice for ''; repositories/voice-catalogue.repository.ts). */
export interface VoiceSettingsSource {
  settingsFor(voiceId: string, companyId: string): Promise<VoiceSettings>;
}

export interface RenderDeps {
  /** What a job renders (renders/job-input.ts reads it). */
  projects: Pick<ProjectDirectory, 'renderInput'>;
  /** A completed translation's content. */
  translations: Pick<TranslationDirectory, 'renderContent'>;
  translationJobs: TranslationJobs;
  /** The owner's plan a job carries, read when the job is queued (translations rendered again). */
  companyPlans: CompanyPlans;
  logos: LogoSource;
  voices: VoiceSettingsSource;
  renderers: Renderers;
  files: Pick<RenderedFiles, 'filesOf' | 'recordFile' | 'makeCurrent' | 'forgetProject' | 'forgetLanguage' | 'forgetSupersededVideos'>;
  storage: Pick<MediaStorage, 'save' | 'delete'>;
  workDirs: WorkDirs;
  /** Paid narrated videos (pay-per-use), their jobs and their facts. */
  entitlements: VideoEntitlements;
  videoJobs: VideoJobs;
  videoEvents: VideoEvents;
  logger: Pick<Logger, 'warn' | 'error'>;
  clock: () => Date;
  sleep: (ms: number) => Promise<void>;
  /** How often a payment waiting for another payment's render of the same project looks again. */
  videoWaitMs: number;
  /** A render not heard from for this long (its worker died and was not retried) no longer holds the project. */
  videoStaleMs: number;
}
