import type { ColumnType, Generated } from 'kysely';
import type { OutboxTable, ProcessedEventsTable } from '@trainwright/platform';

/** The PostgreSQL schema the billing service owns. */
export const BILLING_SCHEMA = 'billing';

type CreatedAt = ColumnType<Date, Date | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | undefined, Date>;
type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;

export interface AccountsTable {
  user_id: string;
  email: string;
  name: Generated<string>;
  provider: string;
  provider_customer_id: Nullable<string>;
  tier: Generated<string>;
  interval: Nullable<string>;
  status: Generated<string>;
  provider_subscription_id: Nullable<string>;
  current_period_start: Nullable<Date>;
  current_period_end: Nullable<Date>;
  cancel_at_period_end: Generated<boolean>;
  scheduled_tier: Nullable<string>;
  scheduled_interval: Nullable<string>;
  past_due_since: Nullable<Date>;
  effective_tier: Generated<string>;
  version: Generated<number>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface AccountAddOnsTable {
  user_id: string;
  add_on: string;
  provider_item_id: Nullable<string>;
  created_at: CreatedAt;
}

export interface CheckoutSessionsTable {
  id: string;
  user_id: string;
  purpose: string;
  mode: string;
  item_key: string;
  tier: Nullable<string>;
  interval: Nullable<string>;
  add_on: Nullable<string>;
  credits: Nullable<number>;
  project_id: Nullable<string>;
  /** A video checkout: the project's content version it was priced for. */
  content_version: ColumnType<number | null, number | null | undefined, number | null>;
  /** A video checkout: the video's language ('' the project's own). */
  language: ColumnType<string, string | undefined, string>;
  amount_cents: number;
  status: Generated<string>;
  payment_status: Generated<string>;
  url: string;
  idempotency_key: string;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface PaymentsTable {
  id: Generated<string>;
  user_id: string;
  kind: string;
  description: string;
  amount_cents: number;
  currency: Generated<string>;
  status: string;
  provider_ref: string;
  invoice_url: Generated<string>;
  project_id: Nullable<string>;
  created_at: CreatedAt;
}

export interface CreditEntriesTable {
  id: Generated<string>;
  user_id: string;
  amount_cents: number;
  reason: string;
  ref: Nullable<string>;
  created_at: CreatedAt;
}

export interface VideoPaymentsTable {
  payment_id: string;
  project_id: string;
  user_id: string;
  amount_cents: number;
  paid_with: string;
  provider_ref: string;
  content_version: ColumnType<number | null, number | null | undefined, number | null>;
  /** '' the project's own video, else a translation's language. */
  language: ColumnType<string, string | undefined, string>;
  status: Generated<string>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface WebhookEventsTable {
  event_id: string;
  type: string;
  outcome: string;
  received_at: CreatedAt;
}

export interface LocalObjectsTable {
  id: string;
  type: string;
  data: ColumnType<unknown, string, string>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface BillingDatabase {
  accounts: AccountsTable;
  account_add_ons: AccountAddOnsTable;
  checkout_sessions: CheckoutSessionsTable;
  payments: PaymentsTable;
  credit_entries: CreditEntriesTable;
  video_payments: VideoPaymentsTable;
  webhook_events: WebhookEventsTable;
  local_objects: LocalObjectsTable;
  outbox: OutboxTable;
  processed_events: ProcessedEventsTable;
}
