// The interactive video operations (issue 16), one a file here: the template, creating a version,
// reading the current one and the versions, the job that pins the video and captions the elements
// were timed against, and the public side (the published version behind a share token, its media,
// learners report to the learning record store). What they all work with: the ports they read and write through (the
// repositories implement them; tests fake the other services) and a logger for the job.
import type { Failure, Logger } from '@trainwright/platform';
import type { SenderCredentials } from '../xapi/sender-credentials.js';
import type { Memberships, ProjectDirectory, VideoDirectory } from '../ports.js';
import type { InteractiveVersionSummary, InteractiveVideoRecord, InteractiveVideoView, NewInteractiveVersion } from './types.js';

export interface InteractiveVideoStore {
  /**
   * A new version of the project's interactive video (the video made with its share token when it
   * is the first): the version numbered after the current one, the video `processing` at 0 %.
   */
  createVersion(row: NewInteractiveVersion): Promise<InteractiveVideoView>;
  /** The project's interactive video with its current version. */
  findByProject(projectId: string): Promise<InteractiveVideoView | null>;
  /** The video with one of its versions. */
  findVersion(videoId: string, version: number): Promise<InteractiveVideoView | null>;
  /** The video behind a share token with its published version (null when none is published). */
  findPublished(token: string): Promise<InteractiveVideoView | null>;
  /** Every version, newest first. */
  listVersions(videoId: string): Promise<InteractiveVersionSummary[]>;
  /** The current version's progress while it is processing (null: not the current version, or no longer processing). */
  progress(videoId: string, version: number, progress: number): Promise<InteractiveVideoRecord | null>;
  /**
   * The version's media pinned: published (when newer than the published one), and ready when it is
   * the current version (its event through the outbox). Null when the video is gone.
   */
  pin(videoId: string, version: number, media: { videoKey: string; captionsKey: string | null; videoSize: number; captionsSize: number; videoSeconds: number }): Promise<InteractiveVideoRecord | null>;
  /** The current version failed, with why (its text and catalogue message; its event through the outbox); null when it is not the current version. */
  fail(videoId: string, version: number, failure: Failure): Promise<InteractiveVideoRecord | null>;
  /** Of these projects, those of the company with a published interactive video: project id -> token. */
  publishedTokens(companyId: string, projectIds: readonly string[]): Promise<Record<string, string>>;
  /** Forgets a project's interactive video (its versions); its pinned media's keys, for the caller to delete. */
  deleteProject(projectId: string): Promise<string[]>;
}

export interface InteractiveJobs {
  enqueue(videoId: string, version: number): Promise<void>;
}

export interface InteractiveProgressEvents {
  progress(video: InteractiveVideoRecord): Promise<void>;
}

/** Media in the object storage shared with media-render: the narrated video's length, captions, pinned copies. */
export interface InteractiveMedia {
  /** Seconds of an mp4 kept in storage. */
  durationOf(storageKey: string): Promise<number>;
  /** A text object (the WebVTT captions). */
  text(storageKey: string): Promise<string>;
  /** Copies the video (and captions) to the version's own keys, reporting the share copied (0-100). */
  pin(
    from: { videoKey: string; captionsKey: string | null },
    to: { videoKey: string; captionsKey: string },
    progress: (percent: number) => Promise<void>,
  ): Promise<{ videoSize: number; videoSeconds: number; captionsKey: string | null; captionsSize: number }>;
  delete(storageKey: string): Promise<void>;
}

export interface InteractiveDeps {
  store: InteractiveVideoStore;
  projects: ProjectDirectory;
  videos: VideoDirectory;
  memberships: Memberships;
  jobs: InteractiveJobs;
  media: InteractiveMedia;
  progressEvents: InteractiveProgressEvents;
  /** The published player's credential for the learning record store. */
  senders: Pick<SenderCredentials, 'tracking'>;
  logger: Pick<Logger, 'warn' | 'error'>;
}
