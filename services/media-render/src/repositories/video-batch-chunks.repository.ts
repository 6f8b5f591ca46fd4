// A batch's chunks shared between the video workers (table video_batch_chunks): claimed one at a
// time with FOR UPDATE SKIP LOCKED, so two workers never take the same chunk; a claim lives while
// its claimer beats, and every later write is conditional on still holding it.
import { sql, type Kysely, type Selectable } from 'kysely';
import type { BatchChunkKey, BatchChunkRow, BatchChunkStore } from '../services/processing/deps.js';
import type { MediaDatabase } from './database.js';

type Row = Selectable<MediaDatabase['video_batch_chunks']>;

function chunkOf(r: Row): BatchChunkRow {
  return {
    jobId: r.job_id,
    fileIndex: r.file_index,
    chunkIndex: r.chunk_index,
    durationSeconds: r.duration_seconds,
    width: r.width,
    height: r.height,
    inputKey: r.input_key,
    status: r.status as BatchChunkRow['status'],
    claimedBy: r.claimed_by,
    progress: r.progress,
    output: r.output_key === null ? null : { key: r.output_key, width: r.output_width ?? r.width, height: r.output_height ?? r.height },
  };
}

export class VideoBatchChunksRepository implements BatchChunkStore {
  constructor(private readonly db: Kysely<MediaDatabase>) {}

  private claimed(key: BatchChunkKey, by: string) {
    return this.db
      .updateTable('video_batch_chunks')
      .where('job_id', '=', key.jobId)
      .where('file_index', '=', key.fileIndex)
      .where('chunk_index', '=', key.chunkIndex)
      .where('status', '=', 'running')
      .where('claimed_by', '=', by);
  }

  async addChunks(rows: Parameters<BatchChunkStore['addChunks']>[0]): Promise<void> {
    if (rows.length === 0) return;
    await this.db
      .insertInto('video_batch_chunks')
      .values(rows.map((r) => ({ job_id: r.jobId, file_index: r.fileIndex, chunk_index: r.chunkIndex, duration_seconds: r.durationSeconds, width: r.width, height: r.height, input_key: r.inputKey })))
      .execute();
  }

  async claimChunk(jobId: string, by: string, staleMs: number): Promise<BatchChunkRow | undefined> {
    const { rows } = await sql<Row>`
      UPDATE video_batch_chunks SET status = 'running', claimed_by = ${by}, progress = 0, beat_at = now()
      WHERE (job_id, file_index, chunk_index) = (
        SELECT job_id, file_index, chunk_index FROM video_batch_chunks
        WHERE job_id = ${jobId}
          AND (status = 'pending' OR (status = 'running' AND beat_at < now() - make_interval(secs => ${staleMs / 1000})))
        ORDER BY file_index, chunk_index
        LIMIT 1
        FOR UPDATE SKIP LOCKED)
      RETURNING *`.execute(this.db);
    return rows[0] && chunkOf(rows[0]);
  }

  async beatChunk(key: BatchChunkKey, by: string, progress: number): Promise<boolean> {
    const r = await this.claimed(key, by).set({ progress: Math.max(0, Math.min(1, progress)), beat_at: sql<Date>`now()` }).executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  async finishChunk(key: BatchChunkKey, by: string, output: NonNullable<BatchChunkRow['output']>): Promise<boolean> {
    const r = await this.claimed(key, by).set({ status: 'done', progress: 1, beat_at: sql<Date>`now()`, output_key: output.key, output_width: output.width, output_height: output.height }).executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  async releaseChunk(key: BatchChunkKey, by: string): Promise<void> {
    await this.claimed(key, by).set({ status: 'pending', claimed_by: null, progress: 0, beat_at: null }).execute();
  }

  async chunksOf(jobId: string): Promise<BatchChunkRow[]> {
    const rows = await this.db.selectFrom('video_batch_chunks').selectAll().where('job_id', '=', jobId).orderBy('file_index').orderBy('chunk_index').execute();
    return rows.map(chunkOf);
  }

  async deleteChunks(jobId: string): Promise<void> {
    await this.db.deleteFrom('video_batch_chunks').where('job_id', '=', jobId).execute();
  }
}
