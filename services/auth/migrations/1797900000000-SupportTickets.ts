import { sql, type Kysely } from 'kysely';

// Support tickets (docs/teams.md, "Support"): what a signed-in person asked, kept with their
// account (deleted with it), emailed to the operator and confirmed to them.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('support_tickets')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('category', 'text', (c) => c.notNull().check(sql`category in ('question', 'problem', 'billing', 'feature')`))
    .addColumn('subject', 'text', (c) => c.notNull().check(sql`length(subject) between 1 and 200`))
    .addColumn('message', 'text', (c) => c.notNull().check(sql`length(message) between 1 and 5000`))
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('en'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('support_tickets_user').on('support_tickets').columns(['user_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('support_tickets').execute();
}
