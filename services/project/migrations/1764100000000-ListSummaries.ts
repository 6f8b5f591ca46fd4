import { sql, type Kysely } from 'kysely';

// The project list reads summaries and statistics without touching the long texts:
// - an index for its status and type filters;
// - has_content: whether the project has anything to render (generated content, or its own
//   slides or script with a character that is not white space, as JavaScript's trim() sees it),
//   kept by PostgreSQL as the row changes;
// - project_counts: how many projects each company has per status and month of creation, kept by
//   triggers in the same transaction as every insert, delete and status change, so the
//   dashboard's statistics are a sum over a few counters instead of a scan of the projects.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table projects add column has_content boolean not null generated always as (
    generated_content is not null or slides_content ~ '\\S' or script_content ~ '\\S'
  ) stored`.execute(db);

  // The list's status and type filters: a page is read in order from the index instead of
  // filtering the company's newest projects until twenty match.
  await sql`create index projects_company_filters_idx on projects (company_id, status, project_type, created_at desc, id desc)`.execute(db);
  // The storage an owner uses is summed over their companies' files at every upload.
  await sql`create index project_files_company_idx on project_files (company_id)`.execute(db);

  await db.schema
    .createTable('project_counts')
    .addColumn('company_id', 'uuid', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_month', 'date', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('project_counts_pkey', ['company_id', 'status', 'created_month'])
    .execute();
  await sql`insert into project_counts (company_id, status, created_month, n)
    select company_id, status, date_trunc('month', created_at at time zone 'UTC')::date, count(*)
    from projects group by 1, 2, 3`.execute(db);

  // SET search_path FROM CURRENT: the function finds project_counts in this schema whatever the
  // session's path.
  await sql`create function project_counts_apply() returns trigger language plpgsql set search_path from current as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') then
        update project_counts set n = n - 1
          where company_id = old.company_id and status = old.status
            and created_month = date_trunc('month', old.created_at at time zone 'UTC')::date;
      end if;
      if tg_op in ('INSERT', 'UPDATE') then
        insert into project_counts (company_id, status, created_month, n)
          values (new.company_id, new.status, date_trunc('month', new.created_at at time zone 'UTC')::date, 1)
          on conflict (company_id, status, created_month) do update set n = project_counts.n + 1;
      end if;
      return null;
    end
  $$`.execute(db);
  await sql`create trigger projects_counted after insert or delete on projects
    for each row execute function project_counts_apply()`.execute(db);
  await sql`create trigger projects_recounted after update of status, company_id, created_at on projects
    for each row when (old.status is distinct from new.status or old.company_id is distinct from new.company_id or old.created_at is distinct from new.created_at)
    execute function project_counts_apply()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger projects_recounted on projects`.execute(db);
  await sql`drop trigger projects_counted on projects`.execute(db);
  await sql`drop function project_counts_apply()`.execute(db);
  await db.schema.dropTable('project_counts').execute();
  await sql`drop index project_files_company_idx`.execute(db);
  await sql`drop index projects_company_filters_idx`.execute(db);
  await db.schema.alterTable('projects').dropColumn('has_content').execute();
}
