// Advanced video processing's rows (schema media_render): video_files and video_processing_jobs.
import { sql, type Kysely, type Selectable } from 'kysely';
import type { VideoFileKind, VideoJobStatus, VideoOperationName } from '@trainwright/catalogue';
import type { VideoFileRow, VideoFiles, VideoJobPatch, VideoJobRow, VideoJobStore } from '../services/processing/deps.js';
import type { MediaDatabase } from './database.js';

/** Ids are UUIDs; anything else names nothing (and never reaches PostgreSQL's uuid parser). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function fileOf(r: Selectable<MediaDatabase['video_files']>): VideoFileRow {
  return {
    id: r.id,
    companyId: r.company_id,
    createdBy: r.created_by,
    kind: r.kind as VideoFileKind,
    origin: r.origin as VideoFileRow['origin'],
    uploadId: r.upload_id,
    projectId: r.project_id,
    jobId: r.job_id,
    storageKey: r.storage_key,
    filename: r.filename,
    contentType: r.content_type,
    size: Number(r.size),
    durationMs: r.duration_ms,
    width: r.width,
    height: r.height,
    hasAudio: r.has_audio,
    videoCodec: r.video_codec,
    createdAt: r.created_at,
  };
}

function jobOf(r: Selectable<MediaDatabase['video_processing_jobs']>): VideoJobRow {
  return {
    id: r.id,
    companyId: r.company_id,
    createdBy: r.created_by,
    operation: r.operation as VideoOperationName,
    status: r.status as VideoJobStatus,
    progress: r.progress,
    stage: r.stage,
    fileIds: r.file_ids,
    backgroundFileId: r.background_file_id,
    params: r.params,
    data: r.data,
    error: r.error,
    errorMessage: r.error_message,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

export class VideoProcessingRepository implements VideoFiles, VideoJobStore {
  constructor(private readonly db: Kysely<MediaDatabase>) {}

  async insertFile(row: Omit<VideoFileRow, 'createdAt'>): Promise<VideoFileRow> {
    const values = {
      id: row.id,
      company_id: row.companyId,
      created_by: row.createdBy,
      kind: row.kind,
      origin: row.origin,
      upload_id: row.uploadId,
      project_id: row.projectId,
      job_id: row.jobId,
      storage_key: row.storageKey,
      filename: row.filename,
      content_type: row.contentType,
      size: row.size,
      duration_ms: row.durationMs,
      width: row.width,
      height: row.height,
      has_audio: row.hasAudio,
      video_codec: row.videoCodec,
    };
    // A retried job's output (the same key) is the row its first attempt stored.
    const inserted = await this.db.insertInto('video_files').values(values).onConflict((oc) => oc.column('storage_key').doNothing()).returningAll().executeTakeFirst();
    return fileOf(inserted ?? (await this.db.selectFrom('video_files').selectAll().where('storage_key', '=', row.storageKey).executeTakeFirstOrThrow()));
  }

  async findFile(id: string): Promise<VideoFileRow | undefined> {
    if (!UUID.test(id)) return undefined;
    const r = await this.db.selectFrom('video_files').selectAll().where('id', '=', id).executeTakeFirst();
    return r && fileOf(r);
  }

  async listFiles(companyId: string, limit: number): Promise<VideoFileRow[]> {
    const rows = await this.db.selectFrom('video_files').selectAll().where('company_id', '=', companyId).orderBy('created_at', 'desc').limit(limit).execute();
    return rows.map(fileOf);
  }

  async deleteFile(id: string): Promise<void> {
    await this.db.deleteFrom('video_files').where('id', '=', id).execute();
  }

  async outputsOf(jobId: string): Promise<VideoFileRow[]> {
    const rows = await this.db.selectFrom('video_files').selectAll().where('job_id', '=', jobId).orderBy('storage_key').execute();
    return rows.map(fileOf);
  }

  /** Bytes of the companies' outputs and projects' videos taken in (uploads count with the project service's uploads). */
  async outputBytesOf(companyIds: readonly string[]): Promise<number> {
    if (companyIds.length === 0) return 0;
    const row = await this.db
      .selectFrom('video_files')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<string | number>('size'), eb.lit(0)).as('bytes'))
      .where('company_id', 'in', companyIds)
      .where('origin', '!=', 'upload')
      .executeTakeFirst();
    return Number(row?.bytes ?? 0);
  }

  async insertJob(row: Parameters<VideoJobStore['insertJob']>[0], maxActive: number): Promise<VideoJobRow | undefined> {
    // One statement: the count and the insert see the same company rows (a row lock on none is
    // needed: a burst past the limit by a request or two is harmless, unbounded growth is not).
    const inserted = await sql<Selectable<MediaDatabase['video_processing_jobs']>>`
      insert into video_processing_jobs (id, company_id, created_by, operation, file_ids, background_file_id, params)
      select ${row.id}, ${row.companyId}, ${row.createdBy}, ${row.operation}, ${row.fileIds}::uuid[], ${row.backgroundFileId}, ${JSON.stringify(row.params)}::jsonb
      where (select count(*) from video_processing_jobs where company_id = ${row.companyId} and status in ('queued', 'running')) < ${maxActive}
      returning *`.execute(this.db);
    const created = inserted.rows[0];
    return created && jobOf(created);
  }

  async findJob(id: string): Promise<VideoJobRow | undefined> {
    if (!UUID.test(id)) return undefined;
    const r = await this.db.selectFrom('video_processing_jobs').selectAll().where('id', '=', id).executeTakeFirst();
    return r && jobOf(r);
  }

  async updateJob(id: string, patch: VideoJobPatch): Promise<VideoJobRow | undefined> {
    const r = await this.db
      .updateTable('video_processing_jobs')
      .set({
        ...(patch.status !== undefined ? { status: patch.status } : {}),
        ...(patch.progress !== undefined ? { progress: patch.progress } : {}),
        ...(patch.stage !== undefined ? { stage: patch.stage } : {}),
        ...(patch.data !== undefined ? { data: JSON.stringify(patch.data) } : {}),
        ...(patch.error !== undefined ? { error: patch.error } : {}),
        ...(patch.errorMessage !== undefined ? { error_message: patch.errorMessage === null ? null : JSON.stringify(patch.errorMessage) } : {}),
        updated_at: new Date(),
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
    return r && jobOf(r);
  }
}
