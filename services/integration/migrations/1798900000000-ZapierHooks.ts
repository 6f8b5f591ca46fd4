import { sql, type Kysely } from 'kysely';

// Zapier's REST hooks (docs/integrations.md, "Zapier app"): a Zapier app authenticates with the
// integration's api_key (found by its SHA-256; the key itself stays sealed) and subscribes target
// URLs to event types; each subscribed hook receives its own deliveries.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table integrations add column api_key_hash text`.execute(db);
  await sql`create unique index integrations_api_key on integrations (api_key_hash) where api_key_hash is not null`.execute(db);
  await sql`
    create table zapier_hooks (
      id uuid primary key,
      integration_id uuid not null references integrations (id) on delete cascade,
      company_id uuid not null,
      event text not null,
      -- Sealed like every credential: a hook's URL lets anyone start the Zap.
      target_url bytea not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index zapier_hooks_integration on zapier_hooks (integration_id, event)`.execute(db);
  // A delivery to a hook: one per hook and event, beside the integration's own.
  await sql`alter table deliveries add column hook_id uuid references zapier_hooks (id) on delete cascade`.execute(db);
  await sql`alter table deliveries drop constraint deliveries_integration_id_event_id_key`.execute(db);
  await sql`create unique index deliveries_once on deliveries (integration_id, coalesce(hook_id, '00000000-0000-0000-0000-000000000000'::uuid), event_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index deliveries_once`.execute(db);
  await sql`alter table deliveries drop column hook_id`.execute(db);
  await sql`alter table deliveries add constraint deliveries_integration_id_event_id_key unique (integration_id, event_id)`.execute(db);
  await sql`drop table zapier_hooks`.execute(db);
  await sql`drop index integrations_api_key`.execute(db);
  await sql`alter table integrations drop column api_key_hash`.execute(db);
}
