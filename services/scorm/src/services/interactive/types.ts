import type { SenderTracking } from '../xapi/sender-credentials.js';
// Interactive video's domain in the scorm service: a project's interactive video (one per project),
// its numbered versions (elements as the catalogue validated them, media once pinned) and the
// events its learners send. The elements themselves are the catalogue's model.
import { INTERACTIVE_VIDEO_LIMITS, type InteractiveElements, type InteractiveVideoMetadata } from '@trainwright/catalogue';
import type { MessageRef } from '@trainwright/platform';

export const INTERACTIVE_STATUSES = ['processing', 'ready', 'failed'] as const;
export type InteractiveStatus = (typeof INTERACTIVE_STATUSES)[number];

/** What a player reports (POST /api/interactive/{token}/events). */
export const INTERACTIVE_EVENT_TYPES = ['view', 'progress', 'hotspot_click', 'quiz_answer', 'cta_click', 'chapter', 'branch', 'complete'] as const;
export type InteractiveEventType = (typeof INTERACTIVE_EVENT_TYPES)[number];

export const INTERACTIVE_EVENT_LIMITS = {
  /** The catalogue's idMax: an event names an element by its id. */
  elementIdMax: 64,
  /** The longest value a player sends is a call to action's URL (cta_click). */
  valueMax: INTERACTIVE_VIDEO_LIMITS.urlMax,
} as const;

/**
 * The largest video_metadata stored, as JSON: well under gRPC's 4 MB answers, so a stored version
 * can always be read back. The catalogue's limits allow a little more in the extreme (500 quizzes
 * with six 1,000-character feedbacks each); nothing an editor makes comes near it.
 */
export const INTERACTIVE_METADATA_MAX_BYTES = 3_000_000;

/** PostgreSQL keeps no NUL character in text (nor jsonb): refused rather than failing the write. */
export const NUL_MESSAGE = 'Texts may not contain NUL characters.';

export interface InteractiveVideoRecord {
  id: string;
  projectId: string;
  companyId: string;
  shareToken: string;
  /** The newest version: what the editor shows and the status is about. */
  currentVersion: number;
  /** The newest version whose media is pinned: what the public token serves (null: none yet). */
  publishedVersion: number | null;
  status: InteractiveStatus;
  progress: number;
  /** Why the current version failed ('' when it did not), and the catalogue message it is (null: a text of its own, or none). */
  error: string;
  errorMessage: MessageRef | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface InteractiveVersionRecord {
  videoId: string;
  version: number;
  /** The project's title when the version was made. */
  title: string;
  metadata: InteractiveVideoMetadata;
  elementCount: number;
  generateAnalytics: boolean;
  createdBy: string;
  contentVersion: number;
  videoKey: string | null;
  captionsKey: string | null;
  videoSize: number;
  captionsSize: number;
  /** Seconds of the pinned video (0 until pinned). */
  videoSeconds: number;
  createdAt: Date;
}

/** A video with one of its versions (the current one, or the published one). */
export interface InteractiveVideoView {
  video: InteractiveVideoRecord;
  version: InteractiveVersionRecord;
}

export interface NewInteractiveVersion {
  projectId: string;
  companyId: string;
  createdBy: string;
  title: string;
  metadata: InteractiveVideoMetadata;
  elementCount: number;
  generateAnalytics: boolean;
  contentVersion: number;
}

export interface InteractiveVersionSummary {
  version: number;
  createdAt: Date;
  elementCount: number;
}

export interface InteractiveTemplate {
  template: InteractiveElements;
  /** Seconds, within the catalogue's 30-3600. */
  videoDuration: number;
  hasVideo: boolean;
}

export interface PublishedInteractiveVideo {
  title: string;
  version: number;
  metadata: InteractiveVideoMetadata;
  hasCaptions: boolean;
  /** Branch targets that are projects of the same company with a published interactive video: project id -> token. */
  branchTargets: Record<string, string>;
  /** Where learners' statements go, and in which language the content is (null: analytics off). */
  tracking: (SenderTracking & { language: string }) | null;
}
