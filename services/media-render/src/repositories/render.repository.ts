// Rendered files, the current set per project, counted downloads and companies' own voices.
import { sql, type Kysely } from 'kysely';
import type { Voice } from '../domain/types.js';
import type { MediaDatabase } from './database.js';

export interface RenderedFile {
  format: string;
  storage_key: string;
  size: number;
}

export class RenderRepository {
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

  async hasCurrent(projectId: string): Promise<boolean> {
    return Boolean(await this.db.selectFrom('current_renders').select('project_id').where('project_id', '=', projectId).executeTakeFirst());
  }

  /**
   * Counts a download unless the owner's plan limit is reached (under an advisory lock per owner,
   * so parallel downloads cannot pass it). `limit` -1 is unlimited.
   */
  async countDownload(d: { ownerUserId: string; companyId: string; projectId: string; userId: string; format: string }, limit: number, since: Date): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtext(${`downloads:${d.ownerUserId}`}))`.execute(trx);
      if (limit !== -1) {
        const { n } = await trx
          .selectFrom('downloads')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('owner_user_id', '=', d.ownerUserId)
          .where('created_at', '>=', since)
          .executeTakeFirstOrThrow();
        if (Number(n) >= limit) return false;
      }
      await trx
        .insertInto('downloads')
        .values({ owner_user_id: d.ownerUserId, company_id: d.companyId, project_id: d.projectId, user_id: d.userId, format: d.format })
        .execute();
      return true;
    });
  }

  async customVoices(companyId: string): Promise<Voice[]> {
    const rows = await this.db.selectFrom('custom_voices').select(['id', 'voice']).where('company_id', '=', companyId).orderBy('created_at').execute();
    return rows.map((r) => ({ ...r.voice, voice_id: `custom:${r.id}` }));
  }

  async insertCustomVoice(companyId: string, createdBy: string, voice: Voice): Promise<string> {
    const row = await this.db
      .insertInto('custom_voices')
      .values({ company_id: companyId, created_by: createdBy, voice: JSON.stringify(voice) })
      .returning('id')
      .executeTakeFirstOrThrow();
    return `custom:${row.id}`;
  }

  async customVoice(companyId: string, id: string): Promise<Voice | undefined> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
    const row = await this.db.selectFrom('custom_voices').select(['id', 'voice']).where('company_id', '=', companyId).where('id', '=', id).executeTakeFirst();
    return row && { ...row.voice, voice_id: `custom:${row.id}` };
  }
}
