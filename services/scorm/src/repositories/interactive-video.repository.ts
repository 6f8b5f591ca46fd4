// Interactive videos in PostgreSQL: one per project (with its share token), its numbered versions
// and learners' events. A version's readiness or failure and its event are written in one
// transaction (the outbox); progress is published on the bus by ProgressEventsRepository.
import { randomBytes } from 'node:crypto';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import { enqueueEvents, storedMessage, type Failure } from '@trainwright/platform';
import { interactiveVideoEvent } from '../services/events.js';
import type { InteractiveVideoStore } from '../services/interactive/deps.js';
import type {
  
  InteractiveStatus,
  InteractiveVersionRecord,
  InteractiveVersionSummary,
  InteractiveVideoRecord,
  InteractiveVideoView,
  NewInteractiveVersion,
} from '../services/interactive/types.js';
import type { InteractiveVideosTable, InteractiveVideoVersionsTable, ScormDatabase } from './database.js';
import { failureColumns } from './failure-columns.js';

function videoRecord(row: Selectable<InteractiveVideosTable>): InteractiveVideoRecord {
  return {
    id: row.id,
    projectId: row.project_id,
    companyId: row.company_id,
    shareToken: row.share_token,
    currentVersion: row.current_version,
    publishedVersion: row.published_version,
    status: row.status as InteractiveStatus,
    progress: row.progress,
    error: row.error,
    errorMessage: storedMessage(row.error_message),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function versionRecord(row: Selectable<InteractiveVideoVersionsTable>): InteractiveVersionRecord {
  return {
    videoId: row.video_id,
    version: row.version,
    title: row.title,
    metadata: row.metadata,
    elementCount: row.element_count,
    generateAnalytics: row.generate_analytics,
    createdBy: row.created_by,
    contentVersion: row.content_version,
    videoKey: row.video_key,
    captionsKey: row.captions_key,
    videoSize: Number(row.video_size),
    captionsSize: Number(row.captions_size),
    videoSeconds: Number(row.video_seconds),
    createdAt: row.created_at,
  };
}

/** A share token: 32 random bytes, base64url (43 characters). */
const newShareToken = () => randomBytes(32).toString('base64url');

export class InteractiveVideoRepository implements InteractiveVideoStore {
  constructor(
    private readonly db: Kysely<ScormDatabase>,
    /** Flushes the outbox relay after a write with events. */
    private readonly afterWrite: () => void,
  ) {}

  async createVersion(row: NewInteractiveVersion): Promise<InteractiveVideoView> {
    return this.db.transaction().execute(async (trx) => {
      // One video per project; concurrent first versions meet on the unique project_id.
      await trx
        .insertInto('interactive_videos')
        .values({ project_id: row.projectId, company_id: row.companyId, share_token: newShareToken(), current_version: 0, status: 'processing' })
        .onConflict((oc) => oc.column('project_id').doNothing())
        .execute();
      // The row lock numbers versions one after another.
      const locked = await trx.selectFrom('interactive_videos').selectAll().where('project_id', '=', row.projectId).forUpdate().executeTakeFirstOrThrow();
      const version = locked.current_version + 1;
      const inserted = await trx
        .insertInto('interactive_video_versions')
        .values({
          video_id: locked.id,
          version,
          title: row.title.slice(0, 1000),
          metadata: JSON.stringify(row.metadata),
          element_count: row.elementCount,
          generate_analytics: row.generateAnalytics,
          created_by: row.createdBy,
          content_version: row.contentVersion,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const video = await trx
        .updateTable('interactive_videos')
        .set({ current_version: version, status: 'processing', progress: 0, ...failureColumns(null), updated_at: new Date() })
        .where('id', '=', locked.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return { video: videoRecord(video), version: versionRecord(inserted) };
    });
  }

  async findByProject(projectId: string): Promise<InteractiveVideoView | null> {
    const video = await this.db.selectFrom('interactive_videos').selectAll().where('project_id', '=', projectId).executeTakeFirst();
    return video ? this.withVersion(this.db, video, video.current_version) : null;
  }

  async findVersion(videoId: string, version: number): Promise<InteractiveVideoView | null> {
    const video = await this.db.selectFrom('interactive_videos').selectAll().where('id', '=', videoId).executeTakeFirst();
    return video ? this.withVersion(this.db, video, version) : null;
  }

  async findPublished(token: string): Promise<InteractiveVideoView | null> {
    const video = await this.db.selectFrom('interactive_videos').selectAll().where('share_token', '=', token).executeTakeFirst();
    return video?.published_version ? this.withVersion(this.db, video, video.published_version) : null;
  }

  private async withVersion(db: Kysely<ScormDatabase> | Transaction<ScormDatabase>, video: Selectable<InteractiveVideosTable>, version: number): Promise<InteractiveVideoView | null> {
    const row = await db.selectFrom('interactive_video_versions').selectAll().where('video_id', '=', video.id).where('version', '=', version).executeTakeFirst();
    return row ? { video: videoRecord(video), version: versionRecord(row) } : null;
  }

  async listVersions(videoId: string): Promise<InteractiveVersionSummary[]> {
    const rows = await this.db
      .selectFrom('interactive_video_versions')
      .select(['version', 'created_at', 'element_count'])
      .where('video_id', '=', videoId)
      .orderBy('version', 'desc')
      .execute();
    return rows.map((r) => ({ version: r.version, createdAt: r.created_at, elementCount: r.element_count }));
  }

  async progress(videoId: string, version: number, progress: number): Promise<InteractiveVideoRecord | null> {
    const row = await this.db
      .updateTable('interactive_videos')
      .set({ progress, updated_at: new Date() })
      .where('id', '=', videoId)
      .where('current_version', '=', version)
      .where('status', '=', 'processing')
      .returningAll()
      .executeTakeFirst();
    return row ? videoRecord(row) : null;
  }

  async pin(
    videoId: string,
    version: number,
    media: { videoKey: string; captionsKey: string | null; videoSize: number; captionsSize: number; videoSeconds: number },
  ): Promise<InteractiveVideoRecord | null> {
    const pinned = await this.db.transaction().execute(async (trx) => {
      const locked = await trx.selectFrom('interactive_videos').selectAll().where('id', '=', videoId).forUpdate().executeTakeFirst();
      if (!locked) return null;
      await trx
        .updateTable('interactive_video_versions')
        .set({ video_key: media.videoKey, captions_key: media.captionsKey, video_size: media.videoSize, captions_size: media.captionsSize, video_seconds: media.videoSeconds })
        .where('video_id', '=', videoId)
        .where('version', '=', version)
        .execute();
      const isCurrent = locked.current_version === version;
      const row = await trx
        .updateTable('interactive_videos')
        .set({
          published_version: sql<number>`greatest(coalesce(published_version, 0), ${version})`,
          ...(isCurrent && { status: 'ready', progress: 100, ...failureColumns(null) }),
          updated_at: new Date(),
        })
        .where('id', '=', videoId)
        .returningAll()
        .executeTakeFirstOrThrow();
      const video = videoRecord(row);
      if (isCurrent) await enqueueEvents(trx, [interactiveVideoEvent('interactive_video.ready', video)]);
      return { video, isCurrent };
    });
    if (pinned?.isCurrent) this.afterWrite();
    return pinned?.video ?? null;
  }

  async fail(videoId: string, version: number, failure: Failure): Promise<InteractiveVideoRecord | null> {
    const failed = await this.db.transaction().execute(async (trx) => {
      const columns = failureColumns(failure);
      const row = await trx
        .updateTable('interactive_videos')
        .set({ status: 'failed', ...columns, error: columns.error.slice(0, 1000), updated_at: new Date() })
        .where('id', '=', videoId)
        .where('current_version', '=', version)
        // A ready version stays as it is (a late retry of its job changes nothing).
        .where('status', '=', 'processing')
        .returningAll()
        .executeTakeFirst();
      if (!row) return null;
      const video = videoRecord(row);
      await enqueueEvents(trx, [interactiveVideoEvent('interactive_video.failed', video)]);
      return video;
    });
    if (failed) this.afterWrite();
    return failed;
  }

  async publishedTokens(companyId: string, projectIds: readonly string[]): Promise<Record<string, string>> {
    if (projectIds.length === 0) return {};
    const rows = await this.db
      .selectFrom('interactive_videos')
      .select(['project_id', 'share_token'])
      .where('company_id', '=', companyId)
      .where('project_id', 'in', [...projectIds])
      .where('published_version', 'is not', null)
      .execute();
    return Object.fromEntries(rows.map((r) => [r.project_id, r.share_token]));
  }

  async deleteProject(projectId: string): Promise<string[]> {
    return this.db.transaction().execute(async (trx) => {
      const video = await trx.selectFrom('interactive_videos').select('id').where('project_id', '=', projectId).forUpdate().executeTakeFirst();
      if (!video) return [];
      const keys = await trx.selectFrom('interactive_video_versions').select(['video_key', 'captions_key']).where('video_id', '=', video.id).execute();
      // Its versions go with it (on delete cascade); learners' statements stay in the learning record store.
      await trx.deleteFrom('interactive_videos').where('id', '=', video.id).execute();
      return keys.flatMap((k) => [k.video_key, k.captions_key].filter((key): key is string => key !== null));
    });
  }
}
