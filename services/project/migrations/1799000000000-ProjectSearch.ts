import { sql, type Kysely } from 'kysely';

// The list's search (title or description containing the words, in any case: ILIKE '%words%')
// reads a trigram index instead of testing the title and description of every project of the
// company: pg_trgm's GIN operator class answers ILIKE (and LIKE) patterns, and PostgreSQL checks
// each row it finds against the pattern itself, so what a search finds is unchanged.
// pg_trgm is one of PostgreSQL's contrib extensions (Debian's postgresql-NN package ships it) and,
// since PostgreSQL 13, a trusted one: the migrating role needs CREATE on the database, not
// superuser. Created in this schema (the first of the migration's search_path), beside the index
// that uses it; one that an operator installed before in `public` serves as well.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`create index projects_search_idx on projects using gin (title gin_trgm_ops, description gin_trgm_ops)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index projects_search_idx`.execute(db);
  // The extension stays: dropping it could take another schema's use of it along.
}
