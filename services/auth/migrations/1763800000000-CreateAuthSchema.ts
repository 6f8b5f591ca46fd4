import { sql, type Kysely } from 'kysely';
import { createOutboxTable } from '@trainwright/platform';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('bio', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('notify_project_updates', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('notify_marketing_emails', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('notify_system_alerts', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('current_company_id', 'uuid')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index users_email_key on users (lower(email))`.execute(db);

  // The account's plan. One per user: the user's plan sets the limits of the companies they own.
  await db.schema
    .createTable('subscriptions')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('tier', 'text', (c) =>
      c.notNull().check(sql`tier in ('free-trial', 'professional', 'business', 'enterprise')`),
    )
    .addColumn('selected_tier', 'text', (c) => c.notNull())
    .addColumn('trial_started_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('video_credits', 'integer', (c) => c.notNull().defaultTo(0).check(sql`video_credits >= 0`))
    .addColumn('projects_used', 'integer', (c) => c.notNull().defaultTo(0).check(sql`projects_used >= 0`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('add_ons')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('add_on', 'text', (c) =>
      c.notNull().check(sql`add_on in ('advanced_analytics', 'enhanced_ai_agent', 'advanced_video_processing')`),
    )
    .addColumn('active_until', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('add_ons_pkey', ['user_id', 'add_on'])
    .execute();

  await db.schema
    .createTable('companies')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('name', 'text', (c) => c.notNull().check(sql`length(btrim(name)) > 0`))
    .addColumn('website', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('logo_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('owner_user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('projects_count', 'integer', (c) => c.notNull().defaultTo(0).check(sql`projects_count >= 0`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('companies_owner_idx').on('companies').column('owner_user_id').execute();

  await db.schema
    .createTable('memberships')
    .addColumn('company_id', 'uuid', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('owner', 'editor', 'commenter', 'viewer')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('memberships_pkey', ['company_id', 'user_id'])
    .execute();
  await db.schema.createIndex('memberships_user_idx').on('memberships').column('user_id').execute();

  await sql`alter table users add constraint users_current_company_fkey foreign key (current_company_id) references companies (id) on delete set null`.execute(db);

  // A session is one sign-in (a refresh-token family). Revoking it ends every token of the family.
  await db.schema
    .createTable('sessions')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('revoked_reason', 'text')
    .execute();

  await db.schema
    .createTable('refresh_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('session_id', 'uuid', (c) => c.notNull().references('sessions.id').onDelete('cascade'))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('rotated_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('refresh_tokens_session_idx').on('refresh_tokens').column('session_id').execute();

  await createOutboxTable(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['outbox', 'refresh_tokens', 'sessions', 'memberships', 'add_ons', 'subscriptions']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  await sql`alter table users drop constraint if exists users_current_company_fkey`.execute(db);
  await db.schema.dropTable('companies').ifExists().execute();
  await db.schema.dropTable('users').ifExists().execute();
}
