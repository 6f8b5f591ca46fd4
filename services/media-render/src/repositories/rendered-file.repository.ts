// Rendered files: the sets per project and render key (each of one content version and language:
// '' the project's own, else a translation's), and which set of each language is current.
import { enqueueEvents, type OutboxEvent } from '@trainwright/platform';
import type { Kysely, Transaction } from 'kysely';
import type { RenderedFile, RenderedFiles } from '../services/ports.js';
import type { MediaDatabase } from './database.js';

/** A set's narrated video: kept past its set until the next paid one is ready (services/videos/paid-video.ts). */
const VIDEO_FILES = ['mp4', 'mov', 'vtt'];

export class RenderedFileRepository implements RenderedFiles {
  constructor(
    private readonly db: Kysely<MediaDatabase>,
    /** Flushes the outbox relay after a write with events (a reader passes none; the relay's interval publishes regardless). */
    private readonly afterWrite: () => void = () => undefined,
  ) {}

  async filesOf(projectId: string, renderKey: string): Promise<RenderedFile[]> {
    const rows = await this.db
      .selectFrom('rendered_files')
      .select(['format', 'storage_key', 'size'])
      .where('project_id', '=', projectId)
      .where('render_key', '=', renderKey)
      .execute();
    return rows.map((r) => ({ ...r, size: Number(r.size) }));
  }

  async recordFile(file: { projectId: string; renderKey: string; contentVersion: number; format: string; companyId: string; storageKey: string; size: number; language?: string }): Promise<void> {
    await this.db
      .insertInto('rendered_files')
      .values({
        project_id: file.projectId,
        render_key: file.renderKey,
        content_version: file.contentVersion,
        format: file.format,
        company_id: file.companyId,
        storage_key: file.storageKey,
        size: file.size,
        language: file.language ?? '',
      })
      .onConflict((oc) => oc.columns(['project_id', 'render_key', 'format']).doUpdateSet({ storage_key: file.storageKey, size: file.size }))
      .execute();
  }

  /**
   * Makes the set current unless a newer version's set already is (the upsert's condition decides
   * it atomically). The current set replaces the sets of its version and older ones (a newer set
   * still being rendered stays); a superseded set is itself forgotten. Returns the storage keys
   * forgotten, for the caller to delete.
   */
  async makeCurrent(projectId: string, renderKey: string, contentVersion: number, language = '', facts: OutboxEvent[] = []): Promise<{ current: boolean; forgotten: string[] }> {
    const made = await this.db.transaction().execute(async (trx) => {
      const made = await trx
        .insertInto('current_renders')
        .values({ project_id: projectId, render_key: renderKey, content_version: contentVersion, language })
        .onConflict((oc) =>
          oc
            .columns(['project_id', 'language'])
            .doUpdateSet({ render_key: renderKey, content_version: contentVersion, completed_at: new Date() })
            .where('current_renders.content_version', '<=', contentVersion),
        )
        .returning('render_key')
        .executeTakeFirst();
      const current = made !== undefined;
      let forget = trx.deleteFrom('rendered_files').where('project_id', '=', projectId).where('language', '=', language);
      forget = current ? forget.where('render_key', '<>', renderKey).where('content_version', '<=', contentVersion) : forget.where('render_key', '=', renderKey);
      // The new set without a video of its own keeps the last one made (it was paid for) until its own is ready.
      const kept = current ? await this.lastVideoSet(trx, projectId, language, renderKey) : undefined;
      if (kept) forget = forget.where((eb) => eb.or([eb('render_key', '<>', kept), eb('format', 'not in', VIDEO_FILES)]));
      const forgotten = await forget.returning('storage_key').execute();
      if (current) await enqueueEvents(trx, facts);
      return { current, forgotten: forgotten.map((r) => r.storage_key) };
    });
    if (made.current && facts.length) this.afterWrite();
    return made;
  }

  /** Forgets a deleted project's renders; their storage keys, for the caller to delete. */
  async forgetProject(projectId: string): Promise<string[]> {
    return this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('current_renders').where('project_id', '=', projectId).execute();
      const rows = await trx.deleteFrom('rendered_files').where('project_id', '=', projectId).returning('storage_key').execute();
      return rows.map((r) => r.storage_key);
    });
  }

  /** Forgets a translation's sets (translation.deleted); their storage keys. */
  async forgetLanguage(projectId: string, language: string): Promise<string[]> {
    return this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('current_renders').where('project_id', '=', projectId).where('language', '=', language).execute();
      const rows = await trx.deleteFrom('rendered_files').where('project_id', '=', projectId).where('language', '=', language).returning('storage_key').execute();
      return rows.map((r) => r.storage_key);
    });
  }

  async currentFile(projectId: string, format: string, language = ''): Promise<RenderedFile | undefined> {
    const row = await this.db
      .selectFrom('current_renders as c')
      .innerJoin('rendered_files as f', (j) => j.onRef('f.project_id', '=', 'c.project_id').onRef('f.render_key', '=', 'c.render_key'))
      .select(['f.format', 'f.storage_key', 'f.size'])
      .where('c.project_id', '=', projectId)
      .where('c.language', '=', language)
      .where('f.format', '=', format)
      .executeTakeFirst();
    if (row || !VIDEO_FILES.includes(format)) return row && { ...row, size: Number(row.size) };
    // The current set has no video yet: the last paid one, kept by makeCurrent, is served.
    const kept = await this.db
      .selectFrom('rendered_files')
      .select(['format', 'storage_key', 'size'])
      .where('project_id', '=', projectId)
      .where('language', '=', language)
      .where('format', '=', format)
      .orderBy('content_version', 'desc')
      .limit(1)
      .executeTakeFirst();
    return kept && { ...kept, size: Number(kept.size) };
  }

  async forgetSupersededVideos(projectId: string, renderKey: string, language = ''): Promise<string[]> {
    const rows = await this.db
      .deleteFrom('rendered_files')
      .where('project_id', '=', projectId)
      .where('language', '=', language)
      .where('render_key', '<>', renderKey)
      .where('format', 'in', VIDEO_FILES)
      .returning('storage_key')
      .execute();
    return rows.map((r) => r.storage_key);
  }

  /** The render key of the language's newest set with an mp4 other than `renderKey`, when `renderKey` has none. */
  private async lastVideoSet(trx: Transaction<MediaDatabase>, projectId: string, language: string, renderKey: string): Promise<string | undefined> {
    const own = await trx.selectFrom('rendered_files').select('format').where('project_id', '=', projectId).where('render_key', '=', renderKey).where('format', '=', 'mp4').executeTakeFirst();
    if (own) return undefined;
    const last = await trx
      .selectFrom('rendered_files')
      .select('render_key')
      .where('project_id', '=', projectId)
      .where('language', '=', language)
      .where('format', '=', 'mp4')
      .where('render_key', '<>', renderKey)
      .orderBy('content_version', 'desc')
      .limit(1)
      .executeTakeFirst();
    return last?.render_key;
  }

  async bytesOf(companyIds: readonly string[]): Promise<number> {
    if (companyIds.length === 0) return 0;
    const row = await this.db
      .selectFrom('rendered_files')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<string | number>('size'), eb.lit(0)).as('bytes'))
      .where('company_id', 'in', companyIds)
      .executeTakeFirst();
    return Number(row?.bytes ?? 0);
  }
}
