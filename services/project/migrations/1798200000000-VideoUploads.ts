import { sql, type Kysely } from 'kysely';

// Videos (and background images) uploaded for advanced video processing are uploads too: they
// count against the plan's storage like any other (media-render records what ffprobe read of them).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table project_files drop constraint if exists project_files_kind_check`.execute(db);
  await sql`alter table project_files add constraint project_files_kind_check check (kind in ('script', 'slides', 'document', 'refresh', 'library', 'video'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from project_files where kind = 'video'`.execute(db);
  await sql`alter table project_files drop constraint if exists project_files_kind_check`.execute(db);
  await sql`alter table project_files add constraint project_files_kind_check check (kind in ('script', 'slides', 'document', 'refresh', 'library'))`.execute(db);
}
