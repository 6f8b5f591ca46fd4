// Translations in PostgreSQL: one row per project and language. Every change that others must
// know of writes its event to the outbox in the same transaction. A run writes only while the
// row still carries its run id, so a restarted or deleted translation's old job changes nothing.
import { sql, type Kysely, type Selectable, type UpdateObject } from 'kysely';
import { TRANSLATION_MESSAGES, catalogueMessage } from '@trainwright/catalogue';
import { AppError, enqueueEvents, markEventApplied, storedMessage, type Failure } from '@trainwright/platform';
import type { SourceStamp, SwappedTranslation, TranslationResult, TranslationStart, TranslationStore } from '../services/translations/deps.js';
import { translationEvent } from '../services/events.js';
import type { TranslationRecord, TranslationStatus, TranslationWithContent } from '../services/types.js';
import type { TranslationDatabase, TranslationsTable } from './database.js';

const SUMMARY = [
  'id', 'project_id', 'company_id', 'language', 'source_language', 'status', 'progress', 'run_id', 'engine', 'error', 'error_message',
  'source_version', 'source_hash', 'version', 'warnings', 'unknown_words', 'created_at', 'updated_at',
] as const;

type SummaryRow = Pick<Selectable<TranslationsTable>, (typeof SUMMARY)[number]>;

function record(row: SummaryRow): TranslationRecord {
  return {
    id: row.id,
    projectId: row.project_id,
    companyId: row.company_id,
    language: row.language,
    sourceLanguage: row.source_language,
    status: row.status as TranslationStatus,
    progress: row.progress,
    runId: row.run_id,
    engine: row.engine,
    error: row.error,
    errorMessage: storedMessage(row.error_message),
    sourceVersion: row.source_version,
    sourceHash: row.source_hash,
    version: row.version,
    warnings: row.warnings,
    unknownWords: row.unknown_words,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function withContent(row: Selectable<TranslationsTable>): TranslationWithContent {
  return { ...record(row), content: row.content, sourceContent: row.source_content, segments: row.segments };
}

export class TranslationRepository implements TranslationStore {
  constructor(
    private readonly db: Kysely<TranslationDatabase>,
    /** Flushes the outbox after a write that queued events. */
    private readonly afterWrite: () => void,
  ) {}

  async list(projectId: string): Promise<TranslationRecord[]> {
    const rows = await this.db.selectFrom('translations').select(SUMMARY).where('project_id', '=', projectId).orderBy('created_at').execute();
    return rows.map(record);
  }

  async find(projectId: string, language: string): Promise<TranslationWithContent | null> {
    const row = await this.db.selectFrom('translations').selectAll().where('project_id', '=', projectId).where('language', '=', language).executeTakeFirst();
    return row ? withContent(row) : null;
  }

  async findById(id: string): Promise<TranslationWithContent | null> {
    const row = await this.db.selectFrom('translations').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? withContent(row) : null;
  }

  async start(starts: TranslationStart[]): Promise<TranslationRecord[]> {
    const started = await this.db.transaction().execute(async (trx) => {
      const rows: TranslationRecord[] = [];
      for (const s of starts) {
        const row = await trx
          .insertInto('translations')
          .values({
            project_id: s.projectId,
            company_id: s.companyId,
            language: s.language,
            source_language: s.sourceLanguage,
            status: 'queued',
            run_id: s.runId,
            source_version: s.sourceVersion,
            source_hash: s.sourceHash,
          })
          .onConflict((oc) =>
            oc.columns(['project_id', 'language']).doUpdateSet({
              status: 'queued',
              progress: 0,
              error: '',
              error_message: null,
              run_id: s.runId,
              source_language: s.sourceLanguage,
              source_version: s.sourceVersion,
              source_hash: s.sourceHash,
              updated_at: new Date(),
            }),
          )
          .returning(SUMMARY)
          .executeTakeFirstOrThrow();
        rows.push(record(row));
      }
      await enqueueEvents(trx, rows.map((r) => translationEvent('translation.progress', r)));
      return rows;
    });
    this.afterWrite();
    return started;
  }

  async begin(id: string, runId: string): Promise<boolean> {
    const row = await this.db
      .updateTable('translations')
      .set({ status: 'translating', updated_at: new Date() })
      .where('id', '=', id)
      .where('run_id', '=', runId)
      .where('status', 'in', ['queued', 'translating'])
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }

  async progress(id: string, runId: string, percent: number): Promise<TranslationRecord | null> {
    const row = await this.db
      .updateTable('translations')
      .set({ progress: Math.max(0, Math.min(99, Math.round(percent))), updated_at: new Date() })
      .where('id', '=', id)
      .where('run_id', '=', runId)
      .where('status', '=', 'translating')
      .returning(SUMMARY)
      .executeTakeFirst();
    return row ? record(row) : null;
  }

  complete(id: string, runId: string, result: TranslationResult, source: SourceStamp): Promise<TranslationRecord | null> {
    return this.finish(id, runId, 'translation.completed', {
      status: 'completed',
      // What the run read when it ran, which may be newer than what was current at its start.
      source_version: source.version,
      source_hash: source.hash,
      progress: 100,
      engine: result.engine,
      error: '',
      error_message: null,
      content: JSON.stringify(result.content),
      source_content: JSON.stringify(result.sourceContent),
      segments: JSON.stringify(result.segments),
      warnings: JSON.stringify(result.warnings),
      unknown_words: JSON.stringify(result.unknownWords),
      version: sql<number>`version + 1`,
    });
  }

  fail(id: string, runId: string, failure: Failure): Promise<TranslationRecord | null> {
    return this.finish(id, runId, 'translation.failed', {
      status: 'failed',
      error: failure.text,
      error_message: failure.message ? JSON.stringify(failure.message) : null,
    });
  }

  async replace(id: string, version: number, result: Omit<TranslationResult, 'sourceContent'>): Promise<TranslationRecord | 'conflict'> {
    const done = await this.db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('translations')
        .set({
          engine: result.engine,
          content: JSON.stringify(result.content),
          segments: JSON.stringify(result.segments),
          warnings: JSON.stringify(result.warnings),
          unknown_words: JSON.stringify(result.unknownWords),
          version: sql<number>`version + 1`,
          updated_at: new Date(),
        })
        .where('id', '=', id)
        .where('version', '=', version)
        .where('status', '=', 'completed')
        .returning(SUMMARY)
        .executeTakeFirst();
      if (!row) return 'conflict' as const;
      const r = record(row);
      await enqueueEvents(trx, [translationEvent('translation.completed', r)]);
      return r;
    });
    this.afterWrite();
    return done;
  }

  async remove(projectId: string, language: string): Promise<TranslationRecord | null> {
    const removed = await this.db.transaction().execute(async (trx) => {
      const row = await trx.deleteFrom('translations').where('project_id', '=', projectId).where('language', '=', language).returning(SUMMARY).executeTakeFirst();
      if (!row) return null;
      const r = record(row);
      await enqueueEvents(trx, [translationEvent('translation.deleted', r)]);
      return r;
    });
    this.afterWrite();
    return removed;
  }

  async swapWithPrimary(t: TranslationWithContent, makePrimary: () => Promise<SwappedTranslation>): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      // Only the translation as it was read, held until the swap commits: a start, an edit or a
      // deletion meanwhile waits for it (and then no longer finds the row as it expected).
      const held = await trx
        .selectFrom('translations')
        .select('id')
        .where('id', '=', t.id)
        .where('language', '=', t.language)
        .where('status', '=', 'completed')
        .where('version', '=', t.version)
        .forUpdate()
        .executeTakeFirst();
      if (!held) throw new AppError('CONFLICT', catalogueMessage(TRANSLATION_MESSAGES, 'editConflict'));
      // A failure here (the project refused a stale swap) rolls back: nothing changed on either side.
      const swapped = await makePrimary();
      // A translation into the former primary language may exist (made before a first swap): this one replaces it.
      await trx.deleteFrom('translations').where('project_id', '=', t.projectId).where('language', '=', swapped.language).execute();
      const row = await trx
        .updateTable('translations')
        .set({
          language: swapped.language,
          source_language: t.language,
          source_version: swapped.source.version,
          source_hash: swapped.source.hash,
          engine: 'original',
          content: JSON.stringify(swapped.content),
          source_content: JSON.stringify(t.content),
          segments: JSON.stringify(swapped.segments),
          warnings: '[]',
          unknown_words: '[]',
          version: sql<number>`version + 1`,
          updated_at: new Date(),
        })
        .where('id', '=', t.id)
        .returning(SUMMARY)
        .executeTakeFirstOrThrow();
      const moved = record(row);
      // The new primary's files are the project's own now; the former primary's are rendered anew.
      const events = [translationEvent('translation.deleted', { ...moved, language: t.language }), translationEvent('translation.completed', moved)];
      await enqueueEvents(trx, events);
    });
    this.afterWrite();
  }

  async removeProject(projectId: string, eventId: string): Promise<void> {
    // Media-render forgets the deleted project's files itself: no translation.deleted per language.
    await this.db.transaction().execute(async (trx) => {
      if (!(await markEventApplied(trx, eventId))) return;
      await trx.deleteFrom('translations').where('project_id', '=', projectId).execute();
    });
  }

  private async finish(
    id: string,
    runId: string,
    subject: 'translation.completed' | 'translation.failed',
    set: UpdateObject<TranslationDatabase, 'translations'>,
  ): Promise<TranslationRecord | null> {
    const done = await this.db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('translations')
        .set({ ...set, updated_at: new Date() })
        .where('id', '=', id)
        .where('run_id', '=', runId)
        .where('status', 'in', ['queued', 'translating'])
        .returning(SUMMARY)
        .executeTakeFirst();
      if (!row) return null;
      const r = record(row);
      await enqueueEvents(trx, [translationEvent(subject, r)]);
      return r;
    });
    this.afterWrite();
    return done;
  }
}
