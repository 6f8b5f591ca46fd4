// Rendered files: the sets per project and render key, and which set is current.
import type { Kysely } from 'kysely';
import type { RenderedFile, RenderedFiles } from '../services/ports.js';
import type { MediaDatabase } from './database.js';

export class RenderedFileRepository implements RenderedFiles {
  constructor(private readonly db: Kysely<MediaDatabase>) {}

  async filesOf(projectId: string, renderKey: string): Promise<RenderedFile[]> {
    const rows = await this.db
      .selectFrom('rendered_files')
      .select(['format', 'storage_key', 'size'])
      .where('project_id', '=', projectId)
      .where('render_key', '=', renderKey)
      .execute();
    return rows.map((r) => ({ ...r, size: Number(r.size) }));
  }

  async recordFile(file: { projectId: string; renderKey: string; format: string; companyId: string; storageKey: string; size: number }): Promise<void> {
    await this.db
      .insertInto('rendered_files')
      .values({ project_id: file.projectId, render_key: file.renderKey, format: file.format, company_id: file.companyId, storage_key: file.storageKey, size: file.size })
      .onConflict((oc) => oc.columns(['project_id', 'render_key', 'format']).doUpdateSet({ storage_key: file.storageKey, size: file.size }))
      .execute();
  }

  /**
   * Makes `renderKey` the project's current set and forgets the older sets; returns their
   * storage keys for the caller to delete, so a project keeps exactly one set of files.
   */
  async makeCurrent(projectId: string, renderKey: string): Promise<string[]> {
    return this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('current_renders')
        .values({ project_id: projectId, render_key: renderKey })
        .onConflict((oc) => oc.column('project_id').doUpdateSet({ render_key: renderKey, completed_at: new Date() }))
        .execute();
      const old = await trx
        .deleteFrom('rendered_files')
        .where('project_id', '=', projectId)
        .where('render_key', '<>', renderKey)
        .returning('storage_key')
        .execute();
      return old.map((r) => r.storage_key);
    });
  }

  /** Forgets a deleted project's renders; their storage keys, for the caller to delete. */
  async forgetProject(projectId: string): Promise<string[]> {
    return this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('current_renders').where('project_id', '=', projectId).execute();
      const rows = await trx.deleteFrom('rendered_files').where('project_id', '=', projectId).returning('storage_key').execute();
      return rows.map((r) => r.storage_key);
    });
  }

  async currentFile(projectId: string, format: string): Promise<RenderedFile | undefined> {
    const row = await this.db
      .selectFrom('current_renders as c')
      .innerJoin('rendered_files as f', (j) => j.onRef('f.project_id', '=', 'c.project_id').onRef('f.render_key', '=', 'c.render_key'))
      .select(['f.format', 'f.storage_key', 'f.size'])
      .where('c.project_id', '=', projectId)
      .where('f.format', '=', format)
      .executeTakeFirst();
    return row && { ...row, size: Number(row.size) };
  }
}
