import { sql, type Kysely } from 'kysely';

// The titles of the companies' projects, kept from the project service's events (project.created
// and project.updated carry the title a write set), so a message can name the project it is about.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table project_titles (
      project_id uuid primary key,
      company_id uuid not null,
      title text not null,
      -- The event's occurred_at (microseconds, ordered per project): an older event changes nothing.
      occurred_at text not null
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table project_titles`.execute(db);
}
