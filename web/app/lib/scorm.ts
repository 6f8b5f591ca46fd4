// SCORM export (docs/web.md "SCORM Export"; part 2 sections 3-5, 7-9): the gateway's package
// shape, the calls, the export request built from the form (rows without a title dropped, numbers
// clamped to what the server accepts), the 'My Packages' list with live events applied, the
// scorm.* events passed on to an open dialog, and the failure texts. No React here (useScorm.ts
// holds the hook), so the unit tests run these directly.
import type { TFunction } from 'i18next';
import {
  DEFAULT_ACTIVITY_DURATION,
  DEFAULT_SCORM_TRACKING,
  DEFAULT_SCORM_VERSION,
  SCORM_LIMITS,
  isScormQuestion,
  lowestTierWith,
  scormTrackingChoices,
  type ActivityType,
  type CompletionRule,
  type ObjectiveType,
  type ScormContent,
  type ScormTracking,
  type ScormVersion,
  type StatusPair,
  type TierId,
} from '@trainwright/catalogue';
import { ApiError, NETWORK_ERROR, get, post } from './api';
import { serverErrorText, storedFailureOf, storedFailureText, type StoredFailure } from './errors';
import { failureText } from './translations';
import type { Project, ProjectSummary } from './projects';
import type { User } from './types';

export const PACKAGE_STATUSES = ['queued', 'building', 'ready', 'failed'] as const;
export type PackageStatus = (typeof PACKAGE_STATUSES)[number];

/** A package as the gateway answers it (GET /api/scorm/packages[/{id}]). */
export interface ScormPackage extends StoredFailure {
  id: string;
  project_id: string;
  company_id: string;
  package_name: string;
  scorm_version: ScormVersion | (string & {});
  status: PackageStatus | (string & {});
  /** 0-100. */
  progress: number;
  created_at: string;
  updated_at: string;
  download_count: number;
  /** Bytes of the zip (0 until ready). */
  size: number;
  include_tracking: boolean;
  has_video: boolean;
  /** The language packaged ('es'); '' for packages made before translated ones (the project's own). */
  language: string;
}

export interface ScormObjective {
  id: string;
  title: string;
  description: string;
  type: ObjectiveType;
}

export interface ScormActivity {
  id: string;
  title: string;
  type: ActivityType;
  /** Minutes, at least 1. */
  estimated_duration: number;
}

/** POST /api/scorm/export/{projectId}. */
export interface ScormExportRequest {
  project_id: string;
  package_name: string;
  scorm_version: ScormVersion;
  include_tracking: boolean;
  learning_objectives: ScormObjective[];
  activities: ScormActivity[];
  /** Sent only with tracking on. */
  tracking?: ScormTracking;
  /** A completed translation's language; absent: the project's own. */
  language?: string;
}

export interface ScormExportAnswer {
  success: boolean;
  message: string;
  package_id: string;
  package: ScormPackage;
}

// ---------------------------------------------------------------------------------------------
// Calls

export const scormPaths = {
  export: (projectId: string) => `/scorm/export/${encodeURIComponent(projectId)}`,
  /** One project's packages, or all the caller's (null). */
  list: (projectId: string | null) => (projectId ? `/scorm/packages?project_id=${encodeURIComponent(projectId)}` : '/scorm/packages'),
  download: (packageId: string) => `/scorm/packages/${encodeURIComponent(packageId)}/download`,
};

export const exportPackage = (request: ScormExportRequest) => post<ScormExportAnswer>(scormPaths.export(request.project_id), request);

export const fetchPackages = (projectId: string | null, signal?: AbortSignal) =>
  get<{ packages: ScormPackage[] }>(scormPaths.list(projectId), signal).then((answer) => answer?.packages ?? []);

// ---------------------------------------------------------------------------------------------
// The form

/** The form's values as typed (numbers as the inputs hold them). */
export interface ObjectiveDraft {
  id: string;
  title: string;
  description: string;
  type: ObjectiveType;
}

export interface ActivityDraft {
  id: string;
  title: string;
  type: ActivityType;
  estimated_duration: string;
}

export interface ScormDraft {
  package_name: string;
  scorm_version: ScormVersion;
  include_tracking: boolean;
  completion_rule: CompletionRule;
  completion_threshold: string;
  passing_score: string;
  status_pair: StatusPair;
  objectives: ObjectiveDraft[];
  activities: ActivityDraft[];
}

export function initialScormDraft(): ScormDraft {
  return {
    package_name: '',
    scorm_version: DEFAULT_SCORM_VERSION,
    include_tracking: true,
    completion_rule: DEFAULT_SCORM_TRACKING.completion_rule,
    completion_threshold: String(DEFAULT_SCORM_TRACKING.completion_threshold),
    passing_score: String(DEFAULT_SCORM_TRACKING.passing_score),
    status_pair: DEFAULT_SCORM_TRACKING.status_pair,
    objectives: [],
    activities: [],
  };
}

/** What the project holds that decides the tracking its package can carry (its assessment's questions). */
export function scormContentOf(project: Pick<Project, 'generated_content'>): ScormContent {
  const questions = project.generated_content?.questions;
  return { hasQuestions: Array.isArray(questions) && questions.some((q) => Array.isArray(q?.options) && isScormQuestion(q)) };
}

/**
 * The draft's tracking fitted to what the project contains: a rule or status pair the project
 * cannot meet (without a quiz: a rule that needs one, a pair naming passed or failed) becomes that
 * content's default; the rest of the draft stays.
 */
export function fitDraftToContent(draft: ScormDraft, content: ScormContent): ScormDraft {
  const { rules, statusPairs, defaults } = scormTrackingChoices(content);
  const completion_rule = rules.includes(draft.completion_rule) ? draft.completion_rule : defaults.completion_rule;
  const status_pair = statusPairs.includes(draft.status_pair) ? draft.status_pair : defaults.status_pair;
  return completion_rule === draft.completion_rule && status_pair === draft.status_pair ? draft : { ...draft, completion_rule, status_pair };
}

/** The whole project (its generated content), for scormContentOf. */
export function fetchScormProject(projectId: string, signal?: AbortSignal): Promise<Project> {
  return get<Project>(`/projects/${encodeURIComponent(projectId)}`, signal);
}

/** A new row; `id` is unique in its list (the manifest names objectives by it). */
export function newObjective(existing: readonly { id: string }[]): ObjectiveDraft {
  return { id: nextId('objective', existing), title: '', description: '', type: 'knowledge' };
}

export function newActivity(existing: readonly { id: string }[]): ActivityDraft {
  return { id: nextId('activity', existing), title: '', type: 'reading', estimated_duration: String(DEFAULT_ACTIVITY_DURATION) };
}

function nextId(prefix: string, existing: readonly { id: string }[]): string {
  const taken = new Set(existing.map((row) => row.id));
  let n = existing.length + 1;
  while (taken.has(`${prefix}-${n}`)) n++;
  return `${prefix}-${n}`;
}

/** Create needs a package name that is not blank. */
export function canExport(draft: Pick<ScormDraft, 'package_name'>): boolean {
  return draft.package_name.trim() !== '';
}

/** A typed number as a whole number within the server's range; `fallback` when not a number. */
export function wholeNumber(typed: string, min: number, max: number, fallback: number): number {
  const value = Math.round(Number(typed));
  if (typed.trim() === '' || !Number.isFinite(value)) return fallback;
  return Math.min(max, Math.max(min, value));
}

/** The request: texts trimmed, objectives and activities with an empty title dropped, numbers in range. */
/** `language`: a completed translation's, to package it; '' packages the project in its own. */
export function exportRequestOf(projectId: string, draft: ScormDraft, language = ''): ScormExportRequest {
  const request: ScormExportRequest = {
    project_id: projectId,
    package_name: draft.package_name.trim(),
    scorm_version: draft.scorm_version,
    include_tracking: draft.include_tracking,
    learning_objectives: draft.objectives
      .filter((o) => o.title.trim())
      .map((o) => ({ id: o.id, title: o.title.trim(), description: o.description.trim(), type: o.type })),
    activities: draft.activities
      .filter((a) => a.title.trim())
      .map((a) => ({
        id: a.id,
        title: a.title.trim(),
        type: a.type,
        estimated_duration: wholeNumber(a.estimated_duration, 1, SCORM_LIMITS.activityDurationMax, DEFAULT_ACTIVITY_DURATION),
      })),
  };
  if (draft.include_tracking) {
    request.tracking = {
      completion_rule: draft.completion_rule,
      completion_threshold: wholeNumber(draft.completion_threshold, 1, 100, DEFAULT_SCORM_TRACKING.completion_threshold),
      passing_score: wholeNumber(draft.passing_score, 0, 100, DEFAULT_SCORM_TRACKING.passing_score),
      status_pair: draft.status_pair,
    };
  }
  if (language) request.language = language;
  return request;
}

/**
 * The plan's lock, judged only for a project of the current company (whose plan
 * `user.capabilities` describes; for another company's the server decides): the cheapest plan
 * with SCORM (Enterprise) to upgrade to, else null.
 */
export function scormLock(
  user: Pick<User, 'capabilities' | 'currentCompanyId' | 'subscription'>,
  project: Pick<ProjectSummary, 'company_id'> | null,
): { plan: TierId | null } | null {
  const ownCompany = !project?.company_id || !user.currentCompanyId || project.company_id === user.currentCompanyId;
  if (!ownCompany || (user.subscription && user.capabilities?.scormCompliance === true)) return null;
  return { plan: lowestTierWith('scormCompliance')?.id ?? null };
}

// ---------------------------------------------------------------------------------------------
// Live events (/api/events)

export const SCORM_EVENT_NAMES = ['scorm.progress', 'scorm.ready', 'scorm.failed'] as const;

export interface ScormEvent extends StoredFailure {
  package_id: string;
  project_id: string;
  status: PackageStatus | (string & {});
  progress: number;
}

/** An event's data; null without a package. The name decides ready and failed. */
export function parseScormEvent(name: string, data: unknown): ScormEvent | null {
  if (!data || typeof data !== 'object') return null;
  const d = data as Record<string, unknown>;
  if (typeof d.package_id !== 'string' || !d.package_id) return null;
  const byName: Record<string, PackageStatus> = { 'scorm.ready': 'ready', 'scorm.failed': 'failed' };
  const status = byName[name] ?? (typeof d.status === 'string' && d.status ? d.status : 'building');
  const progress = typeof d.progress === 'number' && Number.isFinite(d.progress) ? Math.max(0, Math.min(100, Math.round(d.progress))) : 0;
  return {
    package_id: d.package_id,
    project_id: typeof d.project_id === 'string' ? d.project_id : '',
    status,
    progress: status === 'ready' ? 100 : progress,
    ...storedFailureOf(d),
  };
}

type EventListener = (event: ScormEvent) => void;
const eventListeners = new Set<EventListener>();

/** Passes an event on to an open SCORM dialog (the project list owns the one event stream). */
export function emitScormEvent(event: ScormEvent): void {
  for (const listener of eventListeners) listener(event);
}

export function onScormEvent(listener: EventListener): () => void {
  eventListeners.add(listener);
  return () => eventListeners.delete(listener);
}

// ---------------------------------------------------------------------------------------------
// 'My Packages'

export type PackagesAction =
  | { type: 'loaded'; packages: readonly ScormPackage[] }
  /** The export's answer: shown at once, before the reload. */
  | { type: 'added'; package: ScormPackage }
  | { type: 'event'; event: ScormEvent };

const isDone = (status: string) => status === 'ready' || status === 'failed';

const newestFirst = (packages: readonly ScormPackage[]) => [...packages].sort((a, b) => b.created_at.localeCompare(a.created_at));

type BuildState = Pick<ScormPackage, 'status' | 'progress' | keyof StoredFailure>;

/** A build only moves forward: news older than what is shown (a late event, a list read before
 * the last event) never takes a finished package back to building, nor a bar backwards. */
function forward(shown: BuildState, news: BuildState): BuildState {
  if (isDone(shown.status) && !isDone(news.status)) return { status: shown.status, progress: shown.progress, ...storedFailureOf(shown) };
  const progress = isDone(news.status) ? news.progress : Math.max(shown.progress, news.progress);
  return { status: news.status, progress, ...storedFailureOf(news) };
}

/**
 * The list (null until loaded), newest first: an event moves its package's status, progress and
 * error in place; a (re)load takes the server's list, each build only moving forward. Events of
 * packages not in the list change nothing (see `isUnknownPackage`).
 */
export function packagesReducer(state: readonly ScormPackage[] | null, action: PackagesAction): readonly ScormPackage[] | null {
  const shown = new Map((state ?? []).map((p) => [p.id, p]));
  const merged = (p: ScormPackage) => {
    const before = shown.get(p.id);
    return before ? { ...p, ...forward(before, p) } : p;
  };
  if (action.type === 'loaded') return newestFirst(action.packages.map(merged));
  if (action.type === 'added') return newestFirst([merged(action.package), ...(state ?? []).filter((p) => p.id !== action.package.id)]);
  const { event } = action;
  if (!state || !shown.has(event.package_id)) return state;
  return state.map((p) => (p.id === event.package_id ? { ...p, ...forward(p, event) } : p));
}

/** An event of the list's project (any, for the list of all) about a package it does not show yet: reload. */
export function isUnknownPackage(state: readonly ScormPackage[] | null, event: ScormEvent, projectId: string | null): boolean {
  if (projectId && event.project_id !== projectId) return false;
  return state !== null && !state.some((p) => p.id === event.package_id);
}

export function isBuilding(status: string): boolean {
  return status === 'queued' || status === 'building';
}

// ---------------------------------------------------------------------------------------------
// Texts

/** 'Export failed: {detail or Unknown error}' for an answer; 'Error exporting SCORM package' with none. */
export function exportFailureText(error: unknown, t: TFunction): string {
  if (error instanceof ApiError && error.code !== NETWORK_ERROR) {
    const detail = serverErrorText(error, t) ?? t('scorm.unknownError');
    return t('scorm.messages.exportFailed', { detail });
  }
  return t('scorm.messages.exportError');
}

/** 'Failed to download package' for an answer (with the server's 4xx reason); 'Error downloading package' otherwise. */
export function downloadFailureText(error: unknown, t: TFunction): string {
  if (error instanceof ApiError && error.code !== NETWORK_ERROR) return failureText(error, t, 'scorm.messages.downloadFailed');
  return t('scorm.messages.downloadError');
}

/** A package's failure reason, in the interface language when it is one of the catalogue's. */
export function packageErrorText(pkg: StoredFailure, t: TFunction): string {
  return storedFailureText(pkg, t) ?? t('scorm.messages.failed');
}
