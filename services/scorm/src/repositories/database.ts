import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type { OutboxTable, ProcessedEventsTable } from '@trainwright/platform';
import type { InteractiveVideoMetadata, ScormTracking } from '@trainwright/catalogue';
import type { Activity, LearningObjective } from '../services/types.js';

/** The PostgreSQL schema the scorm service owns. */
export const SCORM_SCHEMA = 'scorm';

type CreatedAt = ColumnType<Date, Date | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | undefined, Date>;
/**
 * The catalogue message a failure's `error` is ({id, params}, written with JSON.stringify; null for a
 * text of its own, none, or a row failed before it was kept): read back with storedMessage.
 */
type ErrorMessage = ColumnType<unknown, string | null | undefined, string | null>;

export interface PackagesTable {
  id: Generated<string>;
  project_id: string;
  company_id: string;
  created_by: string;
  /** The language packaged ('' in packages made before translated packages: the project's own). */
  language: Generated<string>;
  package_name: string;
  scorm_version: string;
  include_tracking: boolean;
  tracking: JSONColumnType<ScormTracking, string, string>;
  objectives: JSONColumnType<LearningObjective[], string, string>;
  activities: JSONColumnType<Activity[], string, string>;
  status: string;
  progress: Generated<number>;
  error: Generated<string>;
  error_message: ErrorMessage;
  content_version: Generated<number>;
  has_video: Generated<boolean>;
  storage_key: string | null;
  /** bigint: pg returns it as a string. */
  size: ColumnType<string, number | undefined, number>;
  download_count: Generated<number>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface InteractiveVideosTable {
  id: Generated<string>;
  project_id: string;
  company_id: string;
  share_token: string;
  current_version: number;
  published_version: number | null;
  status: string;
  progress: Generated<number>;
  error: Generated<string>;
  error_message: ErrorMessage;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface InteractiveVideoVersionsTable {
  video_id: string;
  version: number;
  title: string;
  metadata: JSONColumnType<InteractiveVideoMetadata, string, string>;
  element_count: number;
  generate_analytics: boolean;
  created_by: string;
  content_version: number;
  video_key: string | null;
  captions_key: string | null;
  /** bigint: pg returns it as a string. */
  video_size: ColumnType<string, number | undefined, number>;
  captions_size: ColumnType<string, number | undefined, number>;
  video_seconds: Generated<number>;
  created_at: CreatedAt;
}

export interface LrsKeysTable {
  id: Generated<string>;
  company_id: string;
  name: string;
  key: string;
  secret_hash: string;
  scopes: string[];
  /** null for a sender's credential (the platform makes it). */
  created_by: string | null;
  created_at: Generated<Date>;
  last_used_at: Date | null;
  revoked_at: Date | null;
  /** owner, or the sender it belongs to (interactive, share_link, package) with its id. */
  source: Generated<'owner' | 'interactive' | 'share_link' | 'package'>;
  source_id: string | null;
  /** A sender's own activity: the statements it may write are about it or an activity under it. */
  activity_id: string | null;
  public_secret: string | null;
}

/** The learning record store (migration 1798300000000-XapiStatements): partitioned by month on stored. */
export interface XapiStatementsTable {
  company_id: string;
  stored: Date;
  seq: Generated<string>;
  id: string;
  key_id: string;
  verb: string;
  activity: string | null;
  ref_id: string | null;
  registration: string | null;
  voiding: boolean;
  agents: string[];
  related_agents: string[];
  related_activities: string[];
  statement: JSONColumnType<Record<string, unknown>, string, never>;
  /** Generated from the statement: the Video Profile's session id. */
  session_id: ColumnType<string | null, never, never>;
}

/** Learners' sessions and answers as the rollup job keeps them (migration 1798500000000-LearnerRollups). */
export interface LearnerSessionsTable {
  company_id: string;
  session_id: string;
  activity_id: string;
  project_id: string | null;
  learner: string;
  channel: string | null;
  language: string | null;
  started_at: Date;
  last_at: Date;
  length: number;
  watched_seconds: number;
  progress: number;
  completed: boolean;
  segments: JSONColumnType<Array<[number, number]>, string, string>;
}

export interface LearnerAnswersTable {
  company_id: string;
  statement_id: string;
  project_id: string | null;
  session_id: string | null;
  question: string;
  question_name: string | null;
  response: string;
  success: boolean | null;
  answered_at: Date;
  channel: string | null;
  language: string | null;
}

/** A company's rollup version, bumped with every change of its sessions or answers. */
export interface LearnerRollupVersionsTable {
  company_id: string;
  version: string;
}

/** Statements stored and not yet read by the rollup job. */
export interface LearnerRollupPendingTable {
  company_id: string;
  statement_id: string;
  /** The order the statements were stored in (the rollup takes them in it). */
  seq: Generated<string>;
}

export interface XapiStatementIdsTable {
  company_id: string;
  id: string;
  stored: Date;
}

export interface XapiVoidedTable {
  company_id: string;
  statement_id: string;
  voided_by: string;
}

export interface XapiAttachmentsTable {
  company_id: string;
  sha2: string;
  content_type: string;
  content: Buffer;
}

export interface XapiActivitiesTable {
  company_id: string;
  id: string;
  definition: JSONColumnType<Record<string, unknown>, string, string>;
  updated_at: Generated<Date>;
}

export type XapiDocumentKind = 'state' | 'activity_profile' | 'agent_profile';

export interface XapiDocumentsTable {
  company_id: string;
  kind: XapiDocumentKind;
  activity_id: string;
  agent: string;
  registration: string;
  document_id: string;
  content_type: string;
  content: Buffer;
  etag: string;
  updated_at: Date;
}

export interface ScormDatabase {
  lrs_keys: LrsKeysTable;
  xapi_statements: XapiStatementsTable;
  xapi_statement_ids: XapiStatementIdsTable;
  xapi_voided: XapiVoidedTable;
  xapi_attachments: XapiAttachmentsTable;
  xapi_activities: XapiActivitiesTable;
  xapi_documents: XapiDocumentsTable;
  learner_sessions: LearnerSessionsTable;
  learner_answers: LearnerAnswersTable;
  learner_rollup_pending: LearnerRollupPendingTable;
  learner_rollup_versions: LearnerRollupVersionsTable;
  packages: PackagesTable;
  interactive_videos: InteractiveVideosTable;
  interactive_video_versions: InteractiveVideoVersionsTable;
  outbox: OutboxTable;
  processed_events: ProcessedEventsTable;
}
