// In-memory fakes of the project operations' ports, so their unit tests need no database, auth
// service or queue.
import { randomUUID } from 'node:crypto';
import { AppError, ownerPlanOf } from '@trainwright/platform';
import type { CallerCompanies, CallerCompany, OutboxEvent, OwnerPlan } from '@trainwright/platform';
import { LONG_FIELDS, StorageQuotaReached, UNLISTED_FIELDS, type UploadQuota, type FileRow, type ListFilter, type NewProject, type ProjectListRow, type ProjectRow, type ProjectSummaryRow, type StatsRow } from '../../src/services/projects/deps.js';
import type { AddOutcome, CommentDeps, CommentRow, CommentStore, NewComment } from '../../src/services/comments/deps.js';
import type { Memberships, PipelineJobs, ProjectChanges, ProjectDeps, ProjectState, ProjectStore, VideoStatusChange, LanguageChange, VoiceLibrary } from '../../src/services/projects/deps.js';
import { newProjectValues } from '../../src/repositories/project.repository.js';
import type { TemplateStore } from '../../src/services/templates/templates.js';
import type { LibraryDeps } from '../../src/services/library/deps.js';

/** Columns PostgreSQL stores as jsonb: written as JSON text, read back parsed. */
const JSON_COLUMNS = new Set(['generated_content', 'software_list', 'branding', 'progress', 'available_languages', 'voice_selection', 'request_data', 'error_message', 'video_error_message']);

/** Column values as written (JSON columns as text) read back as PostgreSQL returns them. */
function parseJsonColumns(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [key, JSON_COLUMNS.has(key) && typeof value === 'string' ? JSON.parse(value) : value]));
}

/** A row as PostgreSQL returns it: with the generated column has_content. */
function asStored(row: ProjectRow): ProjectRow {
  return { ...row, has_content: row.generated_content !== null || /\S/.test(row.slides_content) || /\S/.test(row.script_content) };
}

/** Microseconds since the epoch of an RFC 3339 time with up to six fraction digits. */
function micros(at: string): number {
  const m = /\.(\d+)/.exec(at);
  const fraction = (m?.[1] ?? '').padEnd(6, '0').slice(0, 6);
  return Math.floor(Date.parse(at) / 1000) * 1_000_000 + Number(fraction);
}

export class FakeProjectStore implements ProjectStore, TemplateStore {
  readonly rows = new Map<string, ProjectRow>();
  readonly files: Array<FileRow & { company_id: string; created_by: string }> = [];
  readonly appliedEvents = new Set<string>();
  readonly outbox: OutboxEvent[] = [];
  readonly shareLinks: Array<{ token: string; project_id: string; created_at: Date; revoked: boolean }> = [];
  readonly templates: Array<{ id: string; companyId: string; document: Record<string, unknown> }> = [];

  constructor(private readonly clock: () => Date) {}

  async insertWithinLimit(input: NewProject, limit: number, fileIds: string[], events: (projectId: string) => OutboxEvent[]) {
    const counted = [...this.rows.values()].filter((r) => r.owner_user_id === input.ownerUserId && !r.is_sample).length;
    if (limit !== -1 && counted >= limit) return { kind: 'limit' as const };
    const claimable = this.files.filter((f) => fileIds.includes(f.id) && f.company_id === input.companyId && f.project_id === null);
    if (claimable.length !== fileIds.length) return { kind: 'bad_files' as const };
    const id = randomUUID();
    for (const f of claimable) f.project_id = id;
    // The repository's own column values, JSON columns read back as PostgreSQL returns them.
    this.rows.set(id, {
      ...parseJsonColumns(newProjectValues(input)),
      id,
      is_collaborative: false,
      primary_language: 'en',
      available_languages: ['en'],
      error: '',
      error_message: null,
      content_version: 1,
      files_version: null,
      video_status: '',
      video_progress: 0,
      video_error: '',
      video_error_message: null,
      video_at: null,
      language_events: {},
      created_at: this.clock(),
      updated_at: this.clock(),
    } as ProjectRow);
    this.outbox.push(...events(id));
    return { kind: 'created' as const, id };
  }

  async findById(id: string) {
    const row = this.rows.get(id);
    return row && asStored(row);
  }

  async list(filter: ListFilter) {
    const rows = [...this.rows.values()].filter(
      (r) => filter.companyIds.includes(r.company_id) && (!filter.status || r.status === filter.status) && (!filter.projectType || r.project_type === filter.projectType),
    );
    // As the repository reads a page: without the long texts and what no list shows.
    const items = this.summaries(rows.slice(filter.offset, filter.offset + filter.limit)).map((r) => {
      const item: Record<string, unknown> = { ...r };
      for (const field of UNLISTED_FIELDS) delete item[field];
      return item as ProjectListRow;
    });
    return { rows: items, total: rows.length };
  }

  /** The rows without their long texts (the overview's). */
  private summaries(rows: ProjectRow[]): ProjectSummaryRow[] {
    return rows.map((r) => {
      const summary: Record<string, unknown> = { ...asStored(r) };
      for (const long of LONG_FIELDS) delete summary[long];
      return summary as ProjectSummaryRow;
    });
  }

  async overview(companyId: string, projectIds: readonly string[], recentLimit: number) {
    const rows = [...this.rows.values()].filter((r) => r.company_id === companyId);
    const types = new Map<string, { projectType: string; count: number; scored: number; qualitySum: number }>();
    for (const r of rows) {
      const t = types.get(r.project_type) ?? { projectType: r.project_type, count: 0, scored: 0, qualitySum: 0 };
      t.count += 1;
      if (r.quality_score !== null) (t.scored += 1), (t.qualitySum += r.quality_score);
      types.set(r.project_type, t);
    }
    const recent = this.summaries(rows).sort((a, b) => b.updated_at.getTime() - a.updated_at.getTime()).slice(0, recentLimit);
    return { types: [...types.values()], recent, titles: new Map(rows.filter((r) => projectIds.includes(r.id)).map((r) => [r.id, r.title])) };
  }

  async listPage(filter: ListFilter, statsOf: { companyIds: string[]; monthStart: Date }) {
    const { rows, total } = await this.list(filter);
    return { rows, total, files: await this.filesOf(rows.map((r) => r.id)), stats: await this.stats(statsOf.companyIds, statsOf.monthStart) };
  }

  private async stats(companyIds: string[], monthStart: Date): Promise<StatsRow> {
    const rows = [...this.rows.values()].filter((r) => companyIds.includes(r.company_id));
    const count = (test: (r: ProjectRow) => boolean) => rows.filter(test).length;
    return {
      total: rows.length,
      this_month: count((r) => r.created_at >= monthStart),
      completed: count((r) => r.status === 'completed'),
      in_progress: count((r) => !['pending', 'completed', 'failed'].includes(r.status)),
      failed: count((r) => r.status === 'failed'),
    };
  }

  async filesOf(projectIds: string[]) {
    return this.files.filter((f) => f.project_id !== null && projectIds.includes(f.project_id));
  }

  async insertFile(file: { companyId: string; kind: string; filename: string; size: number; contentType: string; storageKey: string; createdBy: string }, quota?: UploadQuota) {
    if (quota && quota.bytes >= 0) {
      const leftBytes = Math.max(0, quota.bytes - (await this.uploadedBytes(quota.companyIds)));
      if (file.size > leftBytes) throw new StorageQuotaReached(leftBytes);
    }
    const id = randomUUID();
    this.files.push({
      id,
      kind: file.kind,
      filename: file.filename,
      size: file.size,
      content_type: file.contentType,
      storage_key: file.storageKey,
      project_id: null,
      company_id: file.companyId,
      created_by: file.createdBy,
    });
    return id;
  }

  async uploadedBytes(companyIds: readonly string[]) {
    return this.files.filter((f) => companyIds.includes(f.company_id)).reduce((sum, f) => sum + f.size, 0);
  }

  async deleteUnattachedFile(id: string, companyIds: string[], of: { createdBy: string } | { kind: string }) {
    const whose = (f: (typeof this.files)[number]) => ('createdBy' in of ? f.created_by === of.createdBy : f.kind === of.kind);
    const index = this.files.findIndex((f) => f.id === id && companyIds.includes(f.company_id) && whose(f) && f.project_id === null);
    return index === -1 ? undefined : this.files.splice(index, 1)[0]!.storage_key;
  }

  async fileKinds(fileIds: string[], companyId: string) {
    return this.files.filter((f) => fileIds.includes(f.id) && f.company_id === companyId && f.project_id === null).map((f) => f.kind);
  }

  async update(id: string, changes: ProjectChanges, events: OutboxEvent[]) {
    this.write(id, changes);
    this.outbox.push(...events);
  }

  async updateIfUnchanged(id: string, seen: ProjectState, changes: ProjectChanges, events: OutboxEvent[]) {
    if (!(await this.transition(undefined, id, seen, changes))) return false;
    this.outbox.push(...events);
    return true;
  }

  async transition(_trx: unknown, id: string, from: ProjectState, changes: ProjectChanges) {
    const row = this.rows.get(id);
    if (row?.status !== from.status || row.content_version !== from.contentVersion) return false;
    this.write(id, changes);
    return true;
  }

  async recordFilesVersion(_trx: unknown, id: string, version: number) {
    const row = this.rows.get(id);
    if (row) row.files_version = Math.max(row.files_version ?? 0, version);
  }

  async applyVideoStatus(change: VideoStatusChange) {
    const row = this.rows.get(change.projectId);
    const at = micros(change.at);
    if (!row || row.content_version > change.contentVersion || (row.video_at && micros((row as { video_at_text?: string }).video_at_text ?? row.video_at.toISOString()) >= at)) return false;
    const failed = change.status === 'failed';
    Object.assign(row, {
      video_status: change.status,
      video_progress: change.percent,
      video_error: failed ? change.error : '',
      video_error_message: failed ? change.errorMessage : null,
      video_at: new Date(change.at),
      video_at_text: change.at,
    });
    return true;
  }

  async applyLanguage(change: LanguageChange, events: (row: ProjectRow) => OutboxEvent[]) {
    const row = this.rows.get(change.projectId);
    const seen = row?.language_events ?? {};
    if (!row || (seen[change.language] ?? '') >= change.at) return false;
    const languages = row.available_languages.filter((l) => l !== change.language || row.primary_language === l);
    if (change.present && !languages.includes(change.language)) languages.push(change.language);
    Object.assign(row, { available_languages: languages, language_events: { ...seen, [change.language]: change.at } });
    this.outbox.push(...events(row));
    return true;
  }

  async onceForEvent(eventId: string, apply: (trx: unknown) => Promise<OutboxEvent[]>) {
    if (this.appliedEvents.has(eventId)) return false;
    this.appliedEvents.add(eventId);
    this.outbox.push(...(await apply(undefined)));
    return true;
  }

  async delete(id: string, events: OutboxEvent[]) {
    this.rows.delete(id);
    this.outbox.push(...events);
    return this.files.filter((f) => f.project_id === id).map((f) => f.storage_key);
  }

  async deleteOwnedBy(ownerUserId: string, companyIds: string[], events: (project: ProjectRow) => OutboxEvent[]) {
    const owned = [...this.rows.values()].filter((r) => r.owner_user_id === ownerUserId);
    const ids = owned.map((r) => r.id);
    const gone = this.files.filter((f) => (f.project_id !== null && ids.includes(f.project_id)) || (f.project_id === null && companyIds.includes(f.company_id)));
    for (const id of ids) this.rows.delete(id);
    this.files.splice(0, this.files.length, ...this.files.filter((f) => !gone.includes(f)));
    this.outbox.push(...owned.flatMap(events));
    return gone.map((f) => f.storage_key);
  }

  async activeShareLink(projectId: string) {
    return this.shareLinks.find((l) => l.project_id === projectId && !l.revoked);
  }

  async createShareLink(projectId: string, token: string) {
    const link = { token, project_id: projectId, created_at: this.clock(), revoked: false };
    this.shareLinks.push(link);
    return link;
  }

  async revokeShareLinks(projectId: string, events: (tokens: string[]) => OutboxEvent[]) {
    const live = this.shareLinks.filter((l) => l.project_id === projectId && !l.revoked);
    for (const l of live) l.revoked = true;
    if (live.length > 0) this.outbox.push(...events(live.map((l) => l.token)));
  }

  async projectByShareToken(token: string) {
    const link = this.shareLinks.find((l) => l.token === token && !l.revoked);
    return link ? this.rows.get(link.project_id) : undefined;
  }

  async customTemplates(companyId: string) {
    return this.templates.filter((t) => t.companyId === companyId);
  }

  async findCustomTemplate(id: string, companyId: string) {
    return this.templates.find((t) => t.id === id && t.companyId === companyId);
  }

  async insertCustomTemplate(companyId: string, _createdBy: string, document: Record<string, unknown>) {
    const id = randomUUID();
    this.templates.push({ id, companyId, document });
    return id;
  }

  private write(id: string, changes: ProjectChanges): void {
    const row = this.rows.get(id)!;
    this.rows.set(id, { ...row, ...parseJsonColumns(changes), updated_at: this.clock() });
  }
}

export class FakeMemberships implements Memberships {
  private readonly byUser = new Map<string, CallerCompanies>();

  /** Adds the user to a company (the first one is their current company). */
  join(userId: string, company: Partial<CallerCompany> & { companyId: string }): void {
    const caller = this.byUser.get(userId) ?? { currentCompanyId: company.companyId, companies: [] };
    caller.companies.push({ companyName: 'Acme', role: 'owner', ownerTier: 'free-trial', ownerUserId: userId, members: 1, ownerTrialState: 'active_trial', ownerTrialStateUntilMs: 0, ...company });
    this.byUser.set(userId, caller);
  }

  async companiesOf(userId: string): Promise<CallerCompanies> {
    this.reads.push(`companies ${userId}`);
    return this.byUser.get(userId) ?? { currentCompanyId: '', companies: [] };
  }

  async companyPlan(companyId: string): Promise<OwnerPlan> {
    this.reads.push(`plan ${companyId}`);
    const company = [...this.byUser.values()].flatMap((c) => c.companies).find((c) => c.companyId === companyId);
    if (!company) throw AppError.notFound();
    return ownerPlanOf(company);
  }

  /** The user's membership of the company (the comments' mention check), or null. */
  async find(userId: string, companyId: string): Promise<CallerCompany | null> {
    return this.byUser.get(userId)?.companies.find((c) => c.companyId === companyId) ?? null;
  }

  /** Every read asked of auth, in order ('companies <userId>', 'plan <companyId>'). */
  readonly reads: string[] = [];
}

/** The comments of projects, in memory (the comment operations' unit tests; handlers that do not use them). */
export class FakeCommentStore implements CommentStore {
  readonly rows: CommentRow[] = [];

  async list(projectId: string): Promise<CommentRow[]> {
    return this.rows.filter((r) => r.projectId === projectId);
  }

  async find(projectId: string, commentId: string): Promise<CommentRow | undefined> {
    return this.rows.find((r) => r.projectId === projectId && r.id === commentId);
  }

  async add(input: NewComment, limits: { threads: number; replies: number }): Promise<AddOutcome> {
    const mine = this.rows.filter((r) => r.projectId === input.projectId);
    if (input.threadId && !mine.some((r) => r.id === input.threadId && !r.threadId)) return { kind: 'no_thread' };
    if (input.threadId && mine.filter((r) => r.threadId === input.threadId).length >= limits.replies) return { kind: 'too_many_replies' };
    if (!input.threadId && mine.filter((r) => !r.threadId).length >= limits.threads) return { kind: 'too_many_threads' };
    const comment: CommentRow = { ...input, id: randomUUID(), resolvedAt: null, resolvedBy: null, createdAt: FIXED_NOW };
    this.rows.push(comment);
    return { kind: 'added', comment };
  }

  async resolve(projectId: string, threadId: string, resolvedBy: string | null, at: Date): Promise<CommentRow | undefined> {
    const row = this.rows.find((r) => r.projectId === projectId && r.id === threadId && !r.threadId);
    if (!row) return undefined;
    Object.assign(row, { resolvedAt: resolvedBy ? at : null, resolvedBy });
    return row;
  }

  async delete(projectId: string, commentId: string): Promise<boolean> {
    const before = this.rows.length;
    for (let i = this.rows.length - 1; i >= 0; i--) {
      const r = this.rows[i]!;
      if (r.projectId === projectId && (r.id === commentId || r.threadId === commentId)) this.rows.splice(i, 1);
    }
    return this.rows.length < before;
  }
}

/**
 * A company library that holds nothing, for unit tests of operations that only ask whether it
 * does (the library's own tests run against PostgreSQL: test/library.medium.test.ts).
 */
export const EMPTY_LIBRARY: ProjectDeps['library'] = {
  documentsCovering: async () => [],
  search: async () => [],
  documentPassages: async () => [],
};

/** The library's deps for handler tests that do not call it (a call fails the test). */
export function unusedLibraryDeps(deps: Pick<FakeProjectDeps, 'memberships'>): LibraryDeps {
  const unused = async (): Promise<never> => {
    throw new Error('the library is not used in this test');
  };
  return {
    memberships: deps.memberships,
    library: { ...EMPTY_LIBRARY, insert: unused, replaceProjectSource: unused, list: unused, find: unused, delete: unused, unusedLibraryUpload: unused },
    projects: { findById: unused },
    reader: { read: unused },
  };
}

export function fakeCommentDeps(deps: FakeProjectDeps): CommentDeps & { comments: FakeCommentStore } {
  return { ...deps, comments: new FakeCommentStore(), members: deps.memberships };
}

export class FakePipelineJobs implements PipelineJobs {
  readonly generated: Array<{ projectId: string; contentVersion: number; plan: OwnerPlan }> = [];
  readonly rendered: Array<{ projectId: string; renderKey: string; contentVersion: number; plan: OwnerPlan }> = [];

  async generate(projectId: string, contentVersion: number, plan: OwnerPlan): Promise<void> {
    this.generated.push({ projectId, contentVersion, plan });
  }

  async render(projectId: string, renderKey: string, contentVersion: number, plan: OwnerPlan): Promise<void> {
    this.rendered.push({ projectId, renderKey, contentVersion, plan });
  }
}

/** media-render's voice library: every voice allowed, but those `lock`ed (a plan lock) and those `foreign` (another company's own). */
export class FakeVoiceLibrary implements VoiceLibrary {
  readonly asked: Array<{ userId: string; companyId: string; voiceId: string }> = [];
  private readonly locked = new Map<string, AppError>();
  private readonly foreign = new Set<string>();

  lock(voiceId: string, refusal: AppError): void {
    this.locked.set(voiceId, refusal);
  }

  ownedElsewhere(voiceId: string): void {
    this.foreign.add(voiceId);
  }

  async requireAllowed(userId: string, companyId: string, voiceId: string): Promise<void> {
    this.asked.push({ userId, companyId, voiceId });
    const refusal = this.locked.get(voiceId);
    if (refusal) throw refusal;
    if (this.foreign.has(voiceId)) throw AppError.notFound('Voice not found');
  }
}

export const FIXED_NOW = new Date('2026-11-24T10:00:00Z');

export interface FakeProjectDeps extends ProjectDeps {
  projects: FakeProjectStore;
  memberships: FakeMemberships;
  voices: FakeVoiceLibrary;
  jobs: FakePipelineJobs;
  writes: number;
}

export function fakeProjectDeps(): FakeProjectDeps {
  const clock = () => FIXED_NOW;
  const projects = new FakeProjectStore(clock);
  const deps: FakeProjectDeps = {
    projects,
    memberships: new FakeMemberships(),
    library: EMPTY_LIBRARY,
    voices: new FakeVoiceLibrary(),
    templates: projects,
    jobs: new FakePipelineJobs(),
    clock,
    writes: 0,
    afterWrite: () => {
      deps.writes += 1;
    },
    urlAllowOrigins: [],
  };
  return deps;
}

/** Fake deps with one owner of one company ('Acme'), the set-up most operation tests start from. */
export function fakeProjectDepsWithOwner(): { deps: FakeProjectDeps; owner: string; company: string } {
  const deps = fakeProjectDeps();
  const owner = randomUUID();
  const company = randomUUID();
  deps.memberships.join(owner, { companyId: company, companyName: 'Acme' });
  return { deps, owner, company };
}
