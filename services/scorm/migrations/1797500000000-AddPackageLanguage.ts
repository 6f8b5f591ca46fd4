import { sql, type Kysely } from 'kysely';

// Translated packages (issue 16): the language a package was built in ('es': from the completed
// translation into it). Packages made before keep '' (the project's own language).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('packages')
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('').check(sql`language ~ '^([a-z]{2})?$'`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('packages').dropColumn('language').execute();
}
