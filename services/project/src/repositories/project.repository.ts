// All SQL of the project service. Tenancy is decided by the service (company ids the caller
// belongs to); every query here takes those ids and never returns another company's rows.
import { CompiledQuery, sql, type Kysely, type Transaction } from 'kysely';
import { enqueueEvents, markEventApplied, prepareQuery, type OutboxEvent } from '@trainwright/platform';
import {
  LONG_FIELDS,
  StorageQuotaReached,
  type FileRow,
  type ListFilter,
  type NewProject,
  type ProjectRow,
  type ProjectState,
  type ProjectStore,
  type ListedFile,
  type ListPage,
  type ProjectListRow,
  type ProjectSummaryRow,
  type OverviewRows,
  UNLISTED_FIELDS,
  type UploadQuota,
  type VideoStatusChange,
  type LanguageChange,
} from '../services/projects/deps.js';
import { contentColumns } from '../services/projects/library-material.js';
import type { TemplateStore } from '../services/templates/templates.js';
import type { BrandingJson, ProjectDatabase, ProjectsTable, VoiceJson } from './database.js';
import { heldBytes, reserveStorage } from './storage-quota.js';

/** Every column of a project but the long texts: what a list page reads. */
const SUMMARY_COLUMNS = (
  [
    'id', 'company_id', 'owner_user_id', 'created_by', 'title', 'description', 'status', 'project_type', 'input_method',
    'software_list', 'visual_format', 'document_format', 'quality_score', 'engagement_prediction', 'branding', 'progress',
    'is_collaborative', 'primary_language', 'available_languages', 'template_id', 'font_style', 'image_style',
    'burn_subtitles', 'voice_selection', 'error', 'error_message', 'is_sample', 'generator_type', 'derived_from_project_id', 'content_version',
    'files_version', 'generation_version', 'has_content', 'library_material', 'video_status', 'video_progress', 'video_error', 'video_error_message', 'video_at', 'language_events',
    'created_at', 'updated_at',
  ] as const satisfies ReadonlyArray<Exclude<keyof ProjectsTable, (typeof LONG_FIELDS)[number]>>
);
// A column added to projects must be listed above or be a long field: this fails to compile otherwise.
type Unlisted = Exclude<keyof ProjectsTable, (typeof LONG_FIELDS)[number] | (typeof SUMMARY_COLUMNS)[number]>;
const everyColumnListed: [Unlisted] extends [never] ? true : Unlisted = true;
void everyColumnListed;

/** What a list page reads: a summary without what no list shows. */
export const LIST_COLUMNS = SUMMARY_COLUMNS.filter((c): c is Exclude<typeof c, (typeof UNLISTED_FIELDS)[number]> => !(UNLISTED_FIELDS as readonly string[]).includes(c));

/** The stored columns of a new project (JSON columns as text, as kysely writes them). */
export function newProjectValues(input: NewProject) {
  return {
    company_id: input.companyId,
    owner_user_id: input.ownerUserId,
    created_by: input.createdBy,
    title: input.title,
    description: input.description,
    status: input.status ?? 'pending',
    project_type: input.projectType,
    input_method: input.inputMethod,
    script_content: input.scriptContent,
    slides_content: input.slidesContent,
    ...contentColumns(input.generatedContent ?? null),
    software_details: input.softwareDetails,
    software_list: JSON.stringify(input.softwareList),
    visual_format: input.visualFormat,
    document_format: input.documentFormat,
    quality_score: input.qualityScore ?? null,
    engagement_prediction: input.engagementPrediction ?? null,
    branding: input.branding ? JSON.stringify(input.branding) : null,
    progress: JSON.stringify(input.progress ?? {}),
    ai_instructions: input.aiInstructions,
    template_id: input.templateId,
    font_style: input.fontStyle,
    image_style: input.imageStyle,
    burn_subtitles: input.burnSubtitles ?? false,
    voice_selection: input.voiceSelection ? JSON.stringify(input.voiceSelection) : null,
    is_sample: input.isSample ?? false,
    generator_type: input.generatorType ?? '',
    request_data: input.requestData ? JSON.stringify(input.requestData) : null,
    derived_from_project_id: input.derivedFromProjectId ?? null,
    // Content written at creation (the sample) needs no generation; anything else its first.
    generation_version: input.generatedContent ? null : 1,
  };
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Whether a search has a trigram for the search index (migration ProjectSearch) to look up: three
 * letters or digits in a row (pg_trgm splits words at anything else). Without one the index would
 * be read whole, so such a search is planned for its own pattern instead (listStatement).
 */
export function searchHasTrigram(search: string): boolean {
  return /[\p{L}\p{N}]{3}/u.test(search);
}

/** Which filters a list request has: one statement each. */
interface ListShape {
  status: boolean;
  projectType: boolean;
  search: boolean;
}

/** The filters of one shape, their values numbered from $1 in order: company ids, [status], [project type], [search pattern]. */
function listWhere(shape: ListShape): { where: string; values: number } {
  const where = ['company_id = any($1::uuid[])'];
  let n = 1;
  if (shape.status) where.push(`status = $${++n}`);
  if (shape.projectType) where.push(`project_type = $${++n}`);
  if (shape.search) {
    n++;
    where.push(`(title ilike $${n} or description ilike $${n})`);
  }
  return { where: where.join(' and '), values: n };
}

/**
 * One list page in one statement, for one shape of filters: the statistics of the companies the
 * caller reads (counters kept by triggers, migration ListSummaries: a few rows per company, not
 * its projects; the filters do not apply), then the page's projects with their total (count over
 * the window: one pass over the matching projects) and each one's files. Always one row: without
 * projects, one with the statistics and nulls. Its values are the filters' (listWhere), then limit,
 * offset, the statistics' company ids and the first day of this month.
 */
export function listStatement(shape: ListShape, columns: readonly string[]): string {
  const { where, values: n } = listWhere(shape);
  return `with page as (
  select ${columns.join(', ')}, count(*) over () as full_count from projects where ${where}
  order by created_at desc, id desc limit $${n + 1} offset $${n + 2}
), stats as (
  select coalesce(sum(n), 0)::int as stats_total,
    coalesce(sum(n) filter (where created_month >= $${n + 4}::date), 0)::int as stats_this_month,
    coalesce(sum(n) filter (where status = 'completed'), 0)::int as stats_completed,
    coalesce(sum(n) filter (where status not in ('pending', 'completed', 'failed')), 0)::int as stats_in_progress,
    coalesce(sum(n) filter (where status = 'failed'), 0)::int as stats_failed
  from project_counts where company_id = any($${n + 3}::uuid[])
)
select stats.*, page.*, (
  select json_agg(json_build_object('id', f.id, 'kind', f.kind, 'filename', f.filename, 'size', f.size, 'content_type', f.content_type) order by f.created_at)
  from project_files f where f.project_id = page.id
) as files
from stats left join page on true
order by page.created_at desc, page.id desc`;
}

/** A row of listStatement. */
type ListStatementRow = ProjectListRow & {
  full_count: number;
  files: Array<Omit<ListedFile, 'project_id'>> | null;
  stats_total: number;
  stats_this_month: number;
  stats_completed: number;
  stats_in_progress: number;
  stats_failed: number;
};

const FILES_SQL = 'select id, kind, filename, size, content_type, storage_key, project_id from project_files where project_id = any($1::uuid[]) order by created_at';

type Prepared<Row> = (values: readonly unknown[]) => Promise<Row[]>;

const NO_STATS = { total: 0, this_month: 0, completed: 0, in_progress: 0, failed: 0 };

export class ProjectRepository implements ProjectStore, TemplateStore {
  // A list page runs as a named prepared statement (one per shape of filters): PostgreSQL plans it
  // once per connection (planning a search cost more than running it) and kysely builds nothing.
  private readonly listStatements = new Map<string, Prepared<ListStatementRow>>();
  private readonly filesPrepared: Prepared<FileRow>;

  constructor(private readonly db: Kysely<ProjectDatabase>) {
    this.filesPrepared = prepareQuery(db, 'project_files_of', { compile: () => CompiledQuery.raw(FILES_SQL) });
  }

  /**
   * Inserts a project unless the owner's plan limit is reached. A transaction-scoped advisory
   * lock on the owner serialises concurrent creations, so the count cannot be raced past.
   */
  async insertWithinLimit(
    input: NewProject,
    limit: number,
    fileIds: string[],
    events: (projectId: string) => OutboxEvent[],
  ): Promise<{ kind: 'created'; id: string } | { kind: 'limit' } | { kind: 'bad_files' }> {
    return this.db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtext(${`projects:${input.ownerUserId}`}))`.execute(trx);
      if (limit !== -1) {
        const { n } = await trx
          .selectFrom('projects')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('owner_user_id', '=', input.ownerUserId)
          .where('is_sample', '=', false)
          .executeTakeFirstOrThrow();
        if (Number(n) >= limit) return { kind: 'limit' as const };
      }
      const row = await trx
        .insertInto('projects')
        .values(newProjectValues(input))
        .returning('id')
        .executeTakeFirstOrThrow();
      if (fileIds.length > 0) {
        // Uploads made for this project in the same company, not yet attached to another one.
        const claimed = await trx
          .updateTable('project_files')
          .set({ project_id: row.id })
          .where('id', 'in', fileIds)
          .where('company_id', '=', input.companyId)
          .where('project_id', 'is', null)
          // The library's documents and video processing's files are theirs, never a project's.
          .where('kind', 'not in', ['library', 'video'])
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) !== fileIds.length) {
          throw new BadFilesError();
        }
      }
      await enqueueEvents(trx, events(row.id));
      return { kind: 'created' as const, id: row.id };
    }).catch((error: unknown) => {
      if (error instanceof BadFilesError) return { kind: 'bad_files' as const };
      throw error;
    });
  }

  /** A project by id, whatever its company: a caller's access is decided by the access check (projects/access.ts), not by this query. */
  async findById(id: string): Promise<ProjectRow | undefined> {
    return this.db.selectFrom('projects').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async list(filter: ListFilter): Promise<{ rows: ProjectListRow[]; total: number }> {
    if (filter.companyIds.length === 0) return { rows: [], total: 0 };
    const { rows, total } = await this.listPage(filter, { companyIds: [], monthStart: new Date(0) });
    return { rows, total };
  }

  async listPage(filter: ListFilter, statsOf: { companyIds: string[]; monthStart: Date }): Promise<ListPage> {
    if (filter.companyIds.length === 0 && statsOf.companyIds.length === 0) return { rows: [], files: [], total: 0, stats: { ...NO_STATS } };
    const shape: ListShape = { status: Boolean(filter.status), projectType: Boolean(filter.projectType), search: Boolean(filter.search) };
    const values: unknown[] = [filter.companyIds];
    if (filter.status) values.push(filter.status);
    if (filter.projectType) values.push(filter.projectType);
    if (filter.search) values.push(`%${escapeLike(filter.search)}%`);
    const filters = values.length;
    values.push(filter.limit, filter.offset, statsOf.companyIds, statsOf.monthStart.toISOString().slice(0, 10));
    // A search with no trigram is planned for its pattern each time (a plan kept for any pattern
    // would read the whole search index for it).
    const found =
      filter.search && !searchHasTrigram(filter.search)
        ? (await this.db.executeQuery<ListStatementRow>(CompiledQuery.raw(listStatement(shape, LIST_COLUMNS), values))).rows
        : await this.listPrepared(shape)(values);
    const first = found[0]!;
    const stats = { total: first.stats_total, this_month: first.stats_this_month, completed: first.stats_completed, in_progress: first.stats_in_progress, failed: first.stats_failed };
    if (first.id === null) {
      // No project on this page. Past the last page the window saw none, so count separately.
      const total = filter.offset > 0 ? Number((await this.db.executeQuery<{ n: number }>(CompiledQuery.raw(`select count(*) as n from projects where ${listWhere(shape).where}`, values.slice(0, filters)))).rows[0]!.n) : 0;
      return { rows: [], files: [], total, stats };
    }
    const files: ListedFile[] = [];
    for (const row of found) for (const file of row.files ?? []) files.push({ ...file, project_id: row.id });
    // The rows keep the statement's extra columns: nothing reads them.
    return { rows: found, files, total: Number(first.full_count), stats };
  }

  private listPrepared(shape: ListShape): Prepared<ListStatementRow> {
    const name = `project_list_${shape.status ? 's' : ''}${shape.projectType ? 't' : ''}${shape.search ? 'q' : ''}`;
    let prepared = this.listStatements.get(name);
    if (!prepared) {
      const text = listStatement(shape, LIST_COLUMNS);
      prepared = prepareQuery(this.db, name, { compile: () => CompiledQuery.raw(text) });
      this.listStatements.set(name, prepared);
    }
    return prepared;
  }

  /** A company's projects by type with their mean quality, the latest changed, and the titles of those named. */
  async overview(companyId: string, projectIds: readonly string[], recentLimit: number): Promise<OverviewRows> {
    const [types, recent, titled] = await Promise.all([
      this.db
        .selectFrom('projects')
        .where('company_id', '=', companyId)
        .select(['project_type', sql<string>`count(*)`.as('n'), sql<string>`count(quality_score)`.as('scored'), sql<string>`coalesce(sum(quality_score), 0)`.as('quality_sum')])
        .groupBy('project_type')
        .orderBy(sql`2 desc, 1`)
        .execute(),
      this.db.selectFrom('projects').select(SUMMARY_COLUMNS).where('company_id', '=', companyId).orderBy('updated_at', 'desc').orderBy('id').limit(recentLimit).execute(),
      projectIds.length === 0 ? Promise.resolve([]) : this.db.selectFrom('projects').select(['id', 'title']).where('company_id', '=', companyId).where('id', 'in', [...projectIds]).execute(),
    ]);
    return {
      types: types.map((t) => ({ projectType: t.project_type, count: Number(t.n), scored: Number(t.scored), qualitySum: Number(t.quality_sum) })),
      recent,
      titles: new Map(titled.map((t) => [t.id, t.title])),
    };
  }

  async filesOf(projectIds: string[]): Promise<FileRow[]> {
    if (projectIds.length === 0) return [];
    return this.filesPrepared([projectIds]);
  }

  async uploadedBytes(companyIds: readonly string[]): Promise<number> {
    return heldBytes(this.db, companyIds);
  }

  /**
   * Records an upload. With a quota, the same advisory lock on the owner as project creation
   * serialises their uploads, so two cannot each fit the storage left and overshoot it together.
   */
  async insertFile(
    file: { companyId: string; kind: string; filename: string; size: number; contentType: string; storageKey: string; createdBy: string },
    quota?: UploadQuota,
  ): Promise<string> {
    return this.db.transaction().execute(async (trx) => {
      await reserveStorage(trx, quota, file.size);
      const row = await trx
        .insertInto('project_files')
        .values({
          company_id: file.companyId,
          project_id: null,
          kind: file.kind,
          filename: file.filename,
          size: file.size,
          content_type: file.contentType,
          storage_key: file.storageKey,
          created_by: file.createdBy,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    });
  }

  /** Deletes an upload no project uses; its storage key, or undefined when there is none. */
  async deleteUnattachedFile(id: string, companyIds: string[], of: { createdBy: string } | { kind: string }): Promise<string | undefined> {
    if (companyIds.length === 0) return undefined;
    const row = await this.db
      .deleteFrom('project_files')
      .where('id', '=', id)
      .where('company_id', 'in', companyIds)
      .where((w) => ('createdBy' in of ? w('created_by', '=', of.createdBy) : w('kind', '=', of.kind)))
      .where('project_id', 'is', null)
      .returning('storage_key')
      .executeTakeFirst();
    return row?.storage_key;
  }

  async fileKinds(fileIds: string[], companyId: string): Promise<string[]> {
    if (fileIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('project_files')
      .select('kind')
      .where('id', 'in', fileIds)
      .where('company_id', '=', companyId)
      .where('project_id', 'is', null)
      .execute();
    return rows.map((r) => r.kind);
  }

  async update(
    id: string,
    changes: Partial<Record<keyof ProjectsTable, unknown>>,
    events: OutboxEvent[],
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('projects')
        .set({ ...(changes as object), updated_at: new Date() })
        .where('id', '=', id)
        .execute();
      await enqueueEvents(trx, events);
    });
  }

  /** Writes only if the project is still as `seen` (the decision made on it and the write agree). */
  async updateIfUnchanged(id: string, seen: ProjectState, changes: Partial<Record<keyof ProjectsTable, unknown>>, events: OutboxEvent[]): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const moved = await this.transition(trx, id, seen, changes);
      if (moved) await enqueueEvents(trx, events);
      return moved;
    });
  }

  /** Moves the status only if the project is still as `from` (the machine's check and the write agree). */
  async transition(
    trx: Transaction<ProjectDatabase> | Kysely<ProjectDatabase>,
    id: string,
    from: ProjectState,
    changes: Partial<Record<keyof ProjectsTable, unknown>>,
  ): Promise<boolean> {
    const result = await trx
      .updateTable('projects')
      .set({ ...(changes as object), updated_at: new Date() })
      .where('id', '=', id)
      .where('status', '=', from.status)
      .where('content_version', '=', from.contentVersion)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async recordFilesVersion(trx: Transaction<ProjectDatabase> | Kysely<ProjectDatabase>, id: string, version: number): Promise<void> {
    await trx
      .updateTable('projects')
      .set({ files_version: sql<number>`greatest(coalesce(files_version, 0), ${version})` })
      .where('id', '=', id)
      .execute();
  }

  /**
   * The video's status from a video.status_changed decided at `at` (RFC 3339 with microseconds):
   * written only when it is for the project's current content version or a newer one and newer
   * than the one applied last (one conditional statement, so replays and races end in the newest).
   */
  async applyVideoStatus(change: VideoStatusChange): Promise<boolean> {
    const result = await this.db
      .updateTable('projects')
      .set({
        video_status: change.status,
        video_progress: change.percent,
        // Only a failure has a reason: any other status clears the last one.
        video_error: change.status === 'failed' ? change.error : '',
        video_error_message: change.status === 'failed' && change.errorMessage ? JSON.stringify(change.errorMessage) : null,
        video_at: sql<Date>`${change.at}::timestamptz`,
      })
      .where('id', '=', change.projectId)
      .where('content_version', '<=', change.contentVersion)
      .where((eb) => eb.or([eb('video_at', 'is', null), eb('video_at', '<', sql<Date>`${change.at}::timestamptz`)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async applyLanguage(change: LanguageChange, events: (row: ProjectRow) => OutboxEvent[]): Promise<boolean> {
    const lang = change.language;
    // The primary language is always there; a translation's language joins or leaves the list once.
    const languages = change.present
      ? sql<string>`case when available_languages ? ${lang} then available_languages else available_languages || jsonb_build_array(${lang}::text) end`
      : sql<string>`case when primary_language = ${lang} then available_languages else available_languages - ${lang}::text end`;
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('projects')
        .set({ available_languages: languages, language_events: sql<string>`language_events || jsonb_build_object(${lang}::text, ${change.at}::text)` })
        .where('id', '=', change.projectId)
        .where(sql<boolean>`coalesce(language_events ->> ${lang}, '') < ${change.at}`)
        .returningAll()
        .executeTakeFirst();
      if (!row) return false;
      await enqueueEvents(trx, events(row as ProjectRow));
      return true;
    });
  }

  /** Applies an event once: false when its id was applied before. */
  async onceForEvent(eventId: string, apply: (trx: Transaction<ProjectDatabase>) => Promise<OutboxEvent[]>): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      if (!(await markEventApplied(trx, eventId))) return false;
      const events = await apply(trx);
      await enqueueEvents(trx, events);
      return true;
    });
  }

  /** Deletes the project; returns the storage keys of its files so the caller removes them. */
  async delete(id: string, events: OutboxEvent[]): Promise<string[]> {
    return this.db.transaction().execute(async (trx) => {
      const files = await trx.selectFrom('project_files').select('storage_key').where('project_id', '=', id).execute();
      await trx.deleteFrom('projects').where('id', '=', id).execute();
      await enqueueEvents(trx, events);
      return files.map((f) => f.storage_key);
    });
  }

  async deleteOwnedBy(ownerUserId: string, companyIds: string[], events: (project: ProjectRow) => OutboxEvent[]): Promise<string[]> {
    return this.db.transaction().execute(async (trx) => {
      const projects = await trx.selectFrom('projects').selectAll().where('owner_user_id', '=', ownerUserId).forUpdate().execute();
      const ids = projects.map((p) => p.id);
      let files = ids.length ? await trx.selectFrom('project_files').select('storage_key').where('project_id', 'in', ids).execute() : [];
      if (companyIds.length) {
        // Loose uploads take the library's files with them; its texts and pages go here.
        await trx.deleteFrom('library_documents').where('company_id', 'in', companyIds).execute();
        const loose = await trx.deleteFrom('project_files').where('project_id', 'is', null).where('company_id', 'in', companyIds).returning('storage_key').execute();
        files = [...files, ...loose];
      }
      if (ids.length) await trx.deleteFrom('projects').where('id', 'in', ids).execute();
      await enqueueEvents(trx, projects.flatMap(events));
      return files.map((f) => f.storage_key);
    });
  }

  // Share links -------------------------------------------------------------------------------

  async activeShareLink(projectId: string): Promise<{ token: string; created_at: Date } | undefined> {
    return this.db
      .selectFrom('share_links')
      .select(['token', 'created_at'])
      .where('project_id', '=', projectId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
  }

  async createShareLink(projectId: string, token: string, createdBy: string): Promise<{ token: string; created_at: Date }> {
    const row = await this.db
      .insertInto('share_links')
      .values({ token, project_id: projectId, created_by: createdBy, revoked_at: null })
      .onConflict((oc) => oc.column('project_id').where('revoked_at', 'is', null).doNothing())
      .returning(['token', 'created_at'])
      .executeTakeFirst();
    return row ?? (await this.activeShareLink(projectId))!;
  }

  /** Revokes the project's live links, with the events `events` makes of their tokens (none revoked: none). */
  async revokeShareLinks(projectId: string, events: (tokens: string[]) => OutboxEvent[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const revoked = await trx.updateTable('share_links').set({ revoked_at: new Date() }).where('project_id', '=', projectId).where('revoked_at', 'is', null).returning('token').execute();
      if (revoked.length > 0) await enqueueEvents(trx, events(revoked.map((r) => r.token)));
    });
  }

  async projectByShareToken(token: string): Promise<ProjectRow | undefined> {
    return this.db
      .selectFrom('share_links as s')
      .innerJoin('projects as p', 'p.id', 's.project_id')
      .selectAll('p')
      .where('s.token', '=', token)
      .where('s.revoked_at', 'is', null)
      .executeTakeFirst();
  }

  // Templates ---------------------------------------------------------------------------------

  async customTemplates(companyId: string): Promise<Array<{ id: string; document: Record<string, unknown> }>> {
    return this.db.selectFrom('custom_templates').select(['id', 'document']).where('company_id', '=', companyId).orderBy('created_at').execute();
  }

  async findCustomTemplate(id: string, companyId: string): Promise<{ id: string; document: Record<string, unknown> } | undefined> {
    return this.db.selectFrom('custom_templates').select(['id', 'document']).where('id', '=', id).where('company_id', '=', companyId).executeTakeFirst();
  }

  async insertCustomTemplate(companyId: string, createdBy: string, document: Record<string, unknown>): Promise<string> {
    const row = await this.db
      .insertInto('custom_templates')
      .values({ company_id: companyId, created_by: createdBy, document: JSON.stringify(document) })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }
}

class BadFilesError extends Error {}
