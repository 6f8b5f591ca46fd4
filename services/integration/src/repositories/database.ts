import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type { CatalogueMessage } from '@trainwright/catalogue';
import type { OutboxTable, ProcessedEventsTable } from '@trainwright/platform';

/** The PostgreSQL schema the integration service owns. */
export const INTEGRATION_SCHEMA = 'integration';

type CreatedAt = ColumnType<Date, Date | undefined, never>;

export interface IntegrationsTable {
  id: Generated<string>;
  company_id: string;
  created_by: string;
  integration_type: string;
  status: Generated<string>;
  status_message: JSONColumnType<CatalogueMessage | null, string | null, string | null>;
  settings: JSONColumnType<Record<string, string>, string, string>;
  secrets: Buffer;
  signing_secret: Buffer | null;
  /** Zapier: the SHA-256 (hex) of the api_key its app authenticates with. */
  api_key_hash: string | null;
  previous_signing_secret: Buffer | null;
  previous_valid_until: Date | null;
  failing_since: Date | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface DeliveriesTable {
  id: Generated<string>;
  integration_id: string;
  company_id: string;
  event: string;
  event_id: string;
  payload: JSONColumnType<Record<string, unknown>, string, string>;
  occurred_at: Date;
  status: Generated<string>;
  attempts: Generated<number>;
  next_attempt_at: Date | null;
  hook_id: string | null;
  created_at: CreatedAt;
}

export interface ZapierHooksTable {
  id: string;
  integration_id: string;
  company_id: string;
  event: string;
  target_url: Buffer;
  created_at: CreatedAt;
}

export interface DeliveryAttemptsTable {
  delivery_id: string;
  attempt: number;
  at: Date;
  response_status: number;
  latency_ms: number;
  error: string;
  response_excerpt: string;
}

export interface ProjectTitlesTable {
  project_id: string;
  company_id: string;
  title: string;
  occurred_at: string;
}

export interface IntegrationDatabase {
  project_titles: ProjectTitlesTable;
  integrations: IntegrationsTable;
  deliveries: DeliveriesTable;
  delivery_attempts: DeliveryAttemptsTable;
  zapier_hooks: ZapierHooksTable;
  outbox: OutboxTable;
  processed_events: ProcessedEventsTable;
}
