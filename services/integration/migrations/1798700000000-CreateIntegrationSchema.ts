import { sql, type Kysely } from 'kysely';
import { createOutboxTable, createProcessedEventsTable } from '@trainwright/platform';

// A company's integrations and what the service delivered to them (docs/integrations.md).
export async function up(db: Kysely<unknown>): Promise<void> {
  await createOutboxTable(db);
  await createProcessedEventsTable(db);

  await sql`
    create table integrations (
      id uuid primary key default gen_random_uuid(),
      company_id uuid not null,
      created_by uuid not null,
      integration_type text not null check (integration_type in ('zapier', 'slack', 'microsoft_teams', 'google_workspace')),
      status text not null default 'pending' check (status in ('connected', 'error', 'pending')),
      -- Why the status is error: the catalogue message ({id, text, params}); null otherwise.
      status_message jsonb,
      -- The settings that are not secret, as given.
      settings jsonb not null,
      -- The secret settings (webhook URLs, keys, client secrets, refresh tokens): AES-256-GCM with
      -- the key from INTEGRATION_ENCRYPTION_KEY (repositories/secret-box.ts).
      secrets bytea not null,
      -- Zapier: the Standard Webhooks secret deliveries are signed with (encrypted), and the one
      -- before a rotation while it still signs beside it.
      signing_secret bytea,
      previous_signing_secret bytea,
      previous_valid_until timestamptz,
      -- Since when every delivery has failed (null: the last one succeeded); past the setting's
      -- days the integration is paused (status error).
      failing_since timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index integrations_company on integrations (company_id, created_at)`.execute(db);

  // One event delivered to one integration: an event arriving twice is one delivery.
  await sql`
    create table deliveries (
      id uuid primary key default gen_random_uuid(),
      integration_id uuid not null references integrations (id) on delete cascade,
      company_id uuid not null,
      event text not null,
      event_id text not null,
      -- The event's facts as the receivers get them (payloads.ts), the same on every attempt.
      payload jsonb not null,
      occurred_at timestamptz not null,
      status text not null default 'pending' check (status in ('pending', 'succeeded', 'failed', 'abandoned')),
      attempts integer not null default 0,
      next_attempt_at timestamptz,
      created_at timestamptz not null default now(),
      unique (integration_id, event_id)
    )`.execute(db);
  await sql`create index deliveries_integration on deliveries (integration_id, created_at desc, id desc)`.execute(db);

  await sql`
    create table delivery_attempts (
      delivery_id uuid not null references deliveries (id) on delete cascade,
      attempt integer not null,
      at timestamptz not null,
      -- The receiver's HTTP status; 0 when it gave none (refused, timed out, unreachable).
      response_status integer not null,
      latency_ms integer not null,
      error text not null default '',
      response_excerpt text not null default '',
      primary key (delivery_id, attempt)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['delivery_attempts', 'deliveries', 'integrations', 'processed_events', 'outbox']) await sql`drop table if exists ${sql.table(table)}`.execute(db);
}
