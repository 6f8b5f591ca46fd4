import type { ColumnType, Generated } from 'kysely';
import type { OutboxTable, ProcessedEventsTable } from '@trainwright/platform';

/** The PostgreSQL schema the auth service owns. */
export const AUTH_SCHEMA = 'auth';

type CreatedAt = ColumnType<Date, Date | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | undefined, Date>;

export interface UsersTable {
  id: Generated<string>;
  email: string;
  name: string;
  password_hash: string;
  bio: Generated<string>;
  notify_project_updates: Generated<boolean>;
  notify_marketing_emails: Generated<boolean>;
  notify_system_alerts: Generated<boolean>;
  /** The interface language (en, es, fr) of the emails sent unasked (migration UserLanguage). */
  language: Generated<string>;
  current_company_id: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface SubscriptionsTable {
  user_id: string;
  tier: string;
  selected_tier: string;
  trial_started_at: ColumnType<Date, Date | undefined, Date>;
  video_credits: Generated<number>;
  projects_used: Generated<number>;
  /** When the data of an expired trial was deleted (null until then). */
  data_purged_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** The highest subscription.changed version applied (billing's per-account counter). */
  billing_version: ColumnType<string, string | number | undefined, string | number>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface AddOnsTable {
  user_id: string;
  add_on: string;
  active_until: Date | null;
  created_at: CreatedAt;
}

export interface CompaniesTable {
  id: Generated<string>;
  name: string;
  website: Generated<string>;
  logo_url: Generated<string>;
  owner_user_id: string;
  projects_count: Generated<number>;
  created_at: CreatedAt;
}

export interface MembershipsTable {
  company_id: string;
  user_id: string;
  role: string;
  created_at: CreatedAt;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  created_at: CreatedAt;
  revoked_at: Date | null;
  revoked_reason: string | null;
}

export interface RefreshTokensTable {
  token_hash: string;
  session_id: string;
  expires_at: Date;
  rotated_at: Date | null;
  created_at: CreatedAt;
}

export interface InvitationsTable {
  id: Generated<string>;
  company_id: string;
  email: string;
  role: string;
  token_hash: string;
  invited_by: string | null;
  created_at: CreatedAt;
  expires_at: Date;
  accepted_at: Date | null;
  accepted_by: string | null;
  revoked_at: Date | null;
}

export interface SupportTicketsTable {
  id: Generated<string>;
  user_id: string;
  category: string;
  subject: string;
  message: string;
  language: Generated<string>;
  created_at: CreatedAt;
}

export interface AuthDatabase {
  processed_events: ProcessedEventsTable;
  users: UsersTable;
  subscriptions: SubscriptionsTable;
  add_ons: AddOnsTable;
  companies: CompaniesTable;
  memberships: MembershipsTable;
  invitations: InvitationsTable;
  support_tickets: SupportTicketsTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  outbox: OutboxTable;
}
