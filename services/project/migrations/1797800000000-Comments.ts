import { sql, type Kysely } from 'kysely';

// A project's comments (docs/teams.md): a thread's first comment (thread_id null) carries the anchor
// (the project, a slide, a moment of its video) and the resolution; replies name it. Deleted with
// the project; a first comment's deletion takes its replies.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('comments')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('project_id', 'uuid', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('thread_id', 'uuid', (c) => c.references('comments.id').onDelete('cascade'))
    .addColumn('author_id', 'uuid', (c) => c.notNull())
    .addColumn('author_name', 'text', (c) => c.notNull().check(sql`length(author_name) <= 200`))
    .addColumn('body', 'text', (c) => c.notNull().check(sql`length(body) between 1 and 5000`))
    .addColumn('mentions', sql`uuid[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('anchor_kind', 'text', (c) => c.notNull().check(sql`anchor_kind in ('project', 'slide', 'video')`))
    .addColumn('anchor_slide', 'integer')
    .addColumn('anchor_seconds', sql`double precision`)
    .addColumn('resolved_at', 'timestamptz')
    .addColumn('resolved_by', 'uuid')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('comments_project').on('comments').columns(['project_id', 'created_at']).execute();
  await db.schema.createIndex('comments_thread').on('comments').column('thread_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('comments').execute();
}
