import { sql, type Kysely } from 'kysely';
import { createOutboxTable, createProcessedEventsTable } from '@trainwright/platform';

export async function up(db: Kysely<unknown>): Promise<void> {
  await createOutboxTable(db);
  await createProcessedEventsTable(db);

  // One translation per project and language: its state, the content it holds and the source it
  // was made from (segment by segment, for XLIFF and hand edits).
  await db.schema
    .createTable('translations')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('project_id', 'uuid', (c) => c.notNull())
    .addColumn('company_id', 'uuid', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull().check(sql`language ~ '^[a-z]{2}$'`))
    .addColumn('source_language', 'text', (c) => c.notNull().check(sql`source_language ~ '^[a-z]{2}$'`))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('queued', 'translating', 'completed', 'failed')`))
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0).check(sql`progress between 0 and 100`))
    // The start whose job may write: starting again or deleting makes an older job's run void.
    .addColumn('run_id', 'uuid', (c) => c.notNull())
    .addColumn('engine', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('error', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('source_version', 'integer', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('content', 'jsonb')
    .addColumn('source_content', 'jsonb')
    .addColumn('segments', 'jsonb')
    .addColumn('warnings', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('translations_project_language_key', ['project_id', 'language'])
    .execute();
  await db.schema.createIndex('translations_company_idx').on('translations').column('company_id').execute();

  // The company glossary: a term kept as written (translation '') or translated a fixed way, for
  // one target language or every one ('').
  await db.schema
    .createTable('glossary_terms')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('company_id', 'uuid', (c) => c.notNull())
    .addColumn('term', 'text', (c) => c.notNull().check(sql`length(term) between 1 and 200`))
    .addColumn('source_language', 'text', (c) => c.notNull().check(sql`source_language ~ '^[a-z]{2}$'`))
    .addColumn('target_language', 'text', (c) => c.notNull().check(sql`target_language = '' or target_language ~ '^[a-z]{2}$'`))
    .addColumn('translation', 'text', (c) => c.notNull().defaultTo('').check(sql`length(translation) <= 200`))
    .addColumn('case_sensitive', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index glossary_terms_rule_key on glossary_terms (company_id, lower(term), source_language, target_language)`.execute(db);

  // The translation memory: a segment translated once (per company, language pair, engine and
  // glossary) is not sent to the engine again.
  await db.schema
    .createTable('memory_segments')
    .addColumn('company_id', 'uuid', (c) => c.notNull())
    .addColumn('source_language', 'text', (c) => c.notNull())
    .addColumn('target_language', 'text', (c) => c.notNull())
    .addColumn('engine', 'text', (c) => c.notNull())
    .addColumn('source_hash', 'text', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('memory_segments_pkey', ['company_id', 'source_language', 'target_language', 'engine', 'source_hash'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('memory_segments').execute();
  await db.schema.dropTable('glossary_terms').execute();
  await db.schema.dropTable('translations').execute();
}
