// The education centre's library in schema media_render: one row per edition of the courses and
// the files rendered for it.
import type { EducationFormat, EducationStatus } from '@trainwright/catalogue';
import { storedMessage, type MessageRef } from '@trainwright/platform';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { EducationFileRow, EducationStore, LibraryState } from '../services/education/deps.js';
import type { MediaDatabase } from './database.js';

function stateOf(row: Selectable<MediaDatabase['education_libraries']>): LibraryState {
  return {
    key: row.library_key,
    status: row.status as EducationStatus,
    progress: row.progress,
    run: row.run,
    error: row.error,
    errorMessage: storedMessage(row.error_message),
    updatedAt: row.updated_at,
  };
}

export class EducationRepository implements EducationStore {
  constructor(private readonly db: Kysely<MediaDatabase>) {}

  async stateOf(key: string): Promise<LibraryState | null> {
    const row = await this.db.selectFrom('education_libraries').selectAll().where('library_key', '=', key).executeTakeFirst();
    return row ? stateOf(row) : null;
  }

  async start(key: string, retryAfterMs: number): Promise<LibraryState> {
    // Two first looks at once insert one row; a failed edition restarts once per retry period.
    await this.db.insertInto('education_libraries').values({ library_key: key }).onConflict((oc) => oc.column('library_key').doNothing()).execute();
    await this.db
      .updateTable('education_libraries')
      .set({ status: 'preparing', run: sql`run + 1`, progress: 0, error: '', error_message: null, updated_at: new Date() })
      .where('library_key', '=', key)
      .where('status', '=', 'failed')
      .where('updated_at', '<', new Date(Date.now() - retryAfterMs))
      .execute();
    return stateOf(await this.db.selectFrom('education_libraries').selectAll().where('library_key', '=', key).executeTakeFirstOrThrow());
  }

  async progress(key: string, percent: number): Promise<void> {
    await this.db
      .updateTable('education_libraries')
      .set({ progress: sql<number>`greatest(progress, ${percent})`, updated_at: new Date() })
      .where('library_key', '=', key)
      .where('status', '=', 'preparing')
      .execute();
  }

  async ready(key: string): Promise<string[]> {
    return this.db.transaction().execute(async (trx) => {
      await trx.updateTable('education_libraries').set({ status: 'ready', progress: 100, updated_at: new Date() }).where('library_key', '=', key).execute();
      const old = await trx.deleteFrom('education_files').where('library_key', '<>', key).returning('storage_key').execute();
      await trx.deleteFrom('education_libraries').where('library_key', '<>', key).execute();
      return old.map((r) => r.storage_key);
    });
  }

  async failed(key: string, failure: { text: string; message: MessageRef | null }): Promise<void> {
    await this.db
      .updateTable('education_libraries')
      .set({ status: 'failed', error: failure.text, error_message: failure.message ? JSON.stringify(failure.message) : null, updated_at: new Date() })
      .where('library_key', '=', key)
      .where('status', '=', 'preparing')
      .execute();
  }

  async filesOf(key: string): Promise<EducationFileRow[]> {
    const rows = await this.db.selectFrom('education_files').selectAll().where('library_key', '=', key).orderBy('slug').orderBy('format').execute();
    return rows.map((r) => ({ slug: r.slug, format: r.format as EducationFormat, storageKey: r.storage_key, size: Number(r.size), durationMs: r.duration_ms }));
  }

  async recordFile(key: string, file: EducationFileRow): Promise<void> {
    const values = { library_key: key, slug: file.slug, format: file.format, storage_key: file.storageKey, size: file.size, duration_ms: file.durationMs };
    await this.db
      .insertInto('education_files')
      .values(values)
      .onConflict((oc) => oc.columns(['library_key', 'slug', 'format']).doUpdateSet({ storage_key: values.storage_key, size: values.size, duration_ms: values.duration_ms }))
      .execute();
  }
}
