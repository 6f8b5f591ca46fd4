// What every project operation works with: the ports it reads and writes through (the
// repositories implement them; unit tests fake them), the clock and what runs after a write.
import { PROJECT_LONG_FIELDS, PROJECT_UNLISTED_FIELDS } from '@trainwright/catalogue';
import type { GeneratedContent } from '@trainwright/formats';
import type { CallerCompanies, CompanyPlans, MembershipReadOptions, MessageRef, OutboxEvent, OwnerPlan } from '@trainwright/platform';
import type { Selectable } from 'kysely';
import type { BrandingJson, ProjectsTable, VoiceJson } from '../../repositories/database.js';
import type { TemplateStore } from '../templates/templates.js';
import type { LibraryStore } from '../library/deps.js';

export type ProjectRow = Selectable<ProjectsTable>;

/** The long texts a list leaves out (a script may hold 2,000,000 characters); GET of one project has them. */
export const LONG_FIELDS = PROJECT_LONG_FIELDS;
export type LongField = (typeof LONG_FIELDS)[number];
/** A project without its long texts (the overview's latest projects). */
export type ProjectSummaryRow = Omit<ProjectRow, LongField>;
/**
 * What a list item leaves out besides the long texts: what only the service reads of a project
 * and what no list screen shows (the web's ProjectSummary; GET of one project has them all).
 */
export const UNLISTED_FIELDS = [
  'owner_user_id', 'created_by', 'generation_version', 'video_at', 'language_events',
  ...PROJECT_UNLISTED_FIELDS,
] as const;
/** A project as the list reads it. */
export type ProjectListRow = Omit<ProjectSummaryRow, (typeof UNLISTED_FIELDS)[number]>;

export interface FileRow {
  id: string;
  kind: string;
  filename: string;
  size: number;
  content_type: string;
  storage_key: string;
  project_id: string | null;
}

export interface NewProject {
  companyId: string;
  ownerUserId: string;
  createdBy: string;
  title: string;
  description: string;
  projectType: string;
  inputMethod: string;
  scriptContent: string;
  slidesContent: string;
  softwareDetails: string;
  softwareList: string[];
  visualFormat: string;
  documentFormat: string;
  branding: BrandingJson | null;
  aiInstructions: string;
  templateId: string;
  fontStyle: string;
  imageStyle: string;
  /** Burn the subtitles into the narrated video (default false). */
  burnSubtitles?: boolean;
  voiceSelection: VoiceJson | null;
  status?: string;
  generatedContent?: GeneratedContent | null;
  progress?: Record<string, number>;
  qualityScore?: number | null;
  engagementPrediction?: number | null;
  isSample?: boolean;
  generatorType?: string;
  requestData?: Record<string, unknown> | null;
  derivedFromProjectId?: string | null;
}

export interface ListFilter {
  companyIds: string[];
  search?: string;
  status?: string;
  projectType?: string;
  limit: number;
  offset: number;
}

/** A file of a listed project: what a list item shows of it. */
export type ListedFile = Pick<FileRow, 'id' | 'kind' | 'filename' | 'size' | 'content_type' | 'project_id'>;

/** A page of the list: its projects, their files, how many match, and the statistics. */
export interface ListPage {
  rows: ProjectListRow[];
  files: ListedFile[];
  total: number;
  stats: StatsRow;
}

/** The dashboard's statistics, from counters PostgreSQL keeps per company, status and month. */
export interface StatsRow {
  total: number;
  this_month: number;
  completed: number;
  in_progress: number;
  failed: number;
}

export type ProjectChanges = Partial<Record<keyof ProjectsTable, unknown>>;

/** What a decision about a project was made on: a write checks the project is still so. */
export interface ProjectState {
  status: string;
  contentVersion: number;
}

/** The projects, their files and share links (repositories/project.repository.ts). */
/** What the plan owner's uploads may hold together: their companies and a byte bound (-1: none). */
export interface UploadQuota {
  ownerUserId: string;
  companyIds: readonly string[];
  bytes: number;
}

/** An upload refused because the owner's storage left (`leftBytes`) is smaller than the file. */
export class StorageQuotaReached extends Error {
  constructor(readonly leftBytes: number) {
    super('storage quota reached');
  }
}

/** A project's narrated video as media-render's video.status_changed tells it. */
export interface VideoStatusChange {
  projectId: string;
  status: string;
  percent: number;
  /** The content version the video is of. */
  contentVersion: number;
  /** When it was decided: RFC 3339 with microseconds. */
  at: string;
  /** failed: why (the payment's reason), and the catalogue message it is; ignored for any other status. */
  error: string;
  errorMessage: MessageRef | null;
}

/** A translation of a project, as the translation service's events tell it: present (completed) or gone. */
export interface LanguageChange {
  projectId: string;
  language: string;
  present: boolean;
  /** When it was decided: RFC 3339 with microseconds. */
  at: string;
}

/** A company's projects at a glance (GetProjectsOverview). */
export interface OverviewRows {
  types: Array<{ projectType: string; count: number; scored: number; qualitySum: number }>;
  recent: ProjectSummaryRow[];
  titles: Map<string, string>;
}

export interface ProjectStore {
  /** Inserts unless the owner's plan limit (-1: none) is reached; claims the uploads named. */
  insertWithinLimit(
    input: NewProject,
    limit: number,
    fileIds: string[],
    events: (projectId: string) => OutboxEvent[],
  ): Promise<{ kind: 'created'; id: string } | { kind: 'limit' } | { kind: 'bad_files' }>;
  findById(id: string): Promise<ProjectRow | undefined>;
  list(filter: ListFilter): Promise<{ rows: ProjectListRow[]; total: number }>;
  /**
   * A page of the list with its total and its projects' files, and the statistics of the companies
   * `statsOf` names (the filters do not apply to them; this_month counts from `monthStart`).
   */
  listPage(filter: ListFilter, statsOf: { companyIds: string[]; monthStart: Date }): Promise<ListPage>;
  overview(companyId: string, projectIds: readonly string[], recentLimit: number): Promise<OverviewRows>;
  filesOf(projectIds: string[]): Promise<FileRow[]>;
  /**
   * Records an upload; with a quota, serialised per plan owner and refused with
   * StorageQuotaReached when the owner's uploads would then hold more than the quota's bytes.
   */
  insertFile(file: { companyId: string; kind: string; filename: string; size: number; contentType: string; storageKey: string; createdBy: string }, quota?: UploadQuota): Promise<string>;
  /** An upload no project uses, of one of the companies, made by `createdBy` or (a company's video upload) of that kind; its storage key. */
  deleteUnattachedFile(id: string, companyIds: string[], of: { createdBy: string } | { kind: string }): Promise<string | undefined>;
  /** The bytes of every upload (attached to a project or not) these companies hold. */
  uploadedBytes(companyIds: readonly string[]): Promise<number>;
  fileKinds(fileIds: string[], companyId: string): Promise<string[]>;
  update(id: string, changes: ProjectChanges, events: OutboxEvent[]): Promise<void>;
  /** Writes the changes and events only if the project is still as `seen` (false: it changed meanwhile). */
  updateIfUnchanged(id: string, seen: ProjectState, changes: ProjectChanges, events: OutboxEvent[]): Promise<boolean>;
  /** Writes only if the project is still as `from`; `trx` is the one onceForEvent opened. */
  transition(trx: unknown, id: string, from: ProjectState, changes: ProjectChanges): Promise<boolean>;
  /** Raises files_version to `version` (never lowers it); `trx` is the one onceForEvent opened. */
  recordFilesVersion(trx: unknown, id: string, version: number): Promise<void>;
  /** Writes the video's status unless the project has a newer content version or a newer video event was applied (false then). */
  applyVideoStatus(change: VideoStatusChange): Promise<boolean>;
  /**
   * Adds or removes a translated language unless a newer event for that language was applied
   * (false then), with the events `events` makes of the row as written.
   */
  applyLanguage(change: LanguageChange, events: (row: ProjectRow) => OutboxEvent[]): Promise<boolean>;
  /** Applies an event once (false when its id was applied before), with the events it returns. */
  onceForEvent(eventId: string, apply: (trx: unknown) => Promise<OutboxEvent[]>): Promise<boolean>;
  /** Deletes the project; the storage keys of its files. */
  delete(id: string, events: OutboxEvent[]): Promise<string[]>;
  /** Deletes every project the user owns and the uploads no project holds in the companies named;
   * the storage keys of all their files. */
  deleteOwnedBy(ownerUserId: string, companyIds: string[], events: (project: ProjectRow) => OutboxEvent[]): Promise<string[]>;
  activeShareLink(projectId: string): Promise<{ token: string; created_at: Date } | undefined>;
  createShareLink(projectId: string, token: string, createdBy: string): Promise<{ token: string; created_at: Date }>;
  revokeShareLinks(projectId: string, events: (tokens: string[]) => OutboxEvent[]): Promise<void>;
  projectByShareToken(token: string): Promise<ProjectRow | undefined>;
}

/** The caller's companies, roles and owners' plans (the platform's AuthMemberships). */
export interface Memberships extends CompanyPlans {
  /** Kept answers for reads; `fresh` for writes, so they see the caller's latest plan and companies. */
  companiesOf(userId: string, options?: MembershipReadOptions): Promise<CallerCompanies>;
}

/** The pipeline's jobs (repositories/pipeline-jobs.repository.ts): generation, then rendering,
 * each for one content version of the project, carrying the owner's plan as it was read when the
 * job was created (the workers do not ask auth). */
export interface PipelineJobs {
  generate(projectId: string, contentVersion: number, plan: OwnerPlan): Promise<void>;
  render(projectId: string, renderKey: string, contentVersion: number, plan: OwnerPlan): Promise<void>;
}

/** media-render's voice library (repositories/media-voices.repository.ts): it says which voices a company may use. */
export interface VoiceLibrary {
  /** Refuses a voice the company's plan does not unlock (FEATURE_NOT_AVAILABLE) and another company's own voice (NOT_FOUND). */
  requireAllowed(userId: string, companyId: string, voiceId: string): Promise<void>;
}

export interface ProjectDeps {
  projects: ProjectStore;
  memberships: Memberships;
  /** The company library, which a topic's generation input reads its passages from. */
  library: Pick<LibraryStore, 'documentsCovering' | 'search' | 'documentPassages'>;
  voices: VoiceLibrary;
  templates: TemplateStore;
  jobs: PipelineJobs;
  clock: () => Date;
  /** After a write that queued outbox events (the relay publishes them now, not at its next tick). */
  afterWrite: () => void;
  /** The generator's allowed private origins for URL extraction, so creation does not refuse them. */
  urlAllowOrigins: string[];
}
