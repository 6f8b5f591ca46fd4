// All SQL of the auth service. Methods are small and named for what they do; the rules (limits,
// roles, validation) live in the services, not here.
import { sql, type Kysely, type Transaction } from 'kysely';
import { enqueueEvents, markEventApplied, prepareQuery, type OutboxEvent } from '@trainwright/platform';
import { interfaceLanguageOf, type AddOnId, type InterfaceLanguage, type Role, type TierId } from '@trainwright/catalogue';
import { EmailTakenError, type AccountRow, type AccountStore, type CompanyPlanRow, type CompanyRow, type MembershipRow, type NewAccount, type RotateResult } from '../services/accounts/deps.js';
import type { AuthDatabase } from './database.js';

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: string }).code === '23505';
}

export class AccountRepository implements AccountStore {
  // Every signed-in request reads the account: it runs as a prepared statement, on the pipelined
  // connections (platform db.ts, QueryPipeline), where many of them cost PostgreSQL one wake-up.
  private readonly loadAccountPrepared;

  constructor(private readonly db: Kysely<AuthDatabase>) {
    this.loadAccountPrepared = prepareQuery(db, 'auth_load_account', this.accountQuery('00000000-0000-0000-0000-000000000000'), { pipelined: true });
  }

  /** Creates user, first company (user as owner) and subscription in one transaction. */
  async createAccount(input: NewAccount): Promise<{ userId: string; companyId: string }> {
    try {
      return await this.db.transaction().execute(async (trx) => {
        const user = await trx
          .insertInto('users')
          .values({ email: input.email, name: input.name, password_hash: input.passwordHash, current_company_id: null })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('subscriptions')
          .values({ user_id: user.id, tier: input.tier, selected_tier: input.selectedTier })
          .execute();
        const company = await trx
          .insertInto('companies')
          .values({ name: input.companyName, owner_user_id: user.id })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx.insertInto('memberships').values({ company_id: company.id, user_id: user.id, role: 'owner' }).execute();
        await trx.updateTable('users').set({ current_company_id: company.id }).where('id', '=', user.id).execute();
        const ids = { userId: user.id, companyId: company.id };
        await enqueueEvents(trx, input.events(ids));
        return ids;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new EmailTakenError();
      throw error;
    }
  }

  async findCredentials(email: string): Promise<{ id: string; passwordHash: string } | undefined> {
    const row = await this.db
      .selectFrom('users')
      .select(['id', 'password_hash'])
      .where(sql<string>`lower(email)`, '=', email.toLowerCase())
      .executeTakeFirst();
    return row && { id: row.id, passwordHash: row.password_hash };
  }

  async findUserIdByEmail(email: string): Promise<string | undefined> {
    return (await this.findCredentials(email))?.id;
  }

  /** The whole account view (user, plan, add-ons, current company and role) in one query. */
  private accountQuery(userId: string) {
    return this.db
      .selectFrom('users as u')
      .innerJoin('subscriptions as s', 's.user_id', 'u.id')
      .leftJoin('companies as c', 'c.id', 'u.current_company_id')
      .leftJoin('memberships as m', (j) => j.onRef('m.company_id', '=', 'u.current_company_id').onRef('m.user_id', '=', 'u.id'))
      .select([
        'u.id',
        'u.email',
        'u.name',
        'u.bio',
        'u.notify_project_updates',
        'u.notify_marketing_emails',
        'u.notify_system_alerts',
        'u.language',
        'u.current_company_id',
        'u.created_at',
        's.tier',
        's.selected_tier',
        's.trial_started_at',
        's.video_credits',
        's.projects_used',
        's.created_at as subscription_created_at',
        'c.name as company_name',
        'm.role',
        sql<string[]>`coalesce((select array_agg(a.add_on order by a.add_on) from add_ons a
          where a.user_id = u.id and (a.active_until is null or a.active_until > now())), '{}')`.as('add_ons'),
      ])
      .where('u.id', '=', userId);
  }


  async loadAccount(userId: string): Promise<AccountRow | undefined> {
    const [row] = await this.loadAccountPrepared([userId]);
    if (!row) return undefined;
    return {
      id: row.id,
      email: row.email,
      name: row.name,
      bio: row.bio,
      notifyProjectUpdates: row.notify_project_updates,
      notifyMarketingEmails: row.notify_marketing_emails,
      notifySystemAlerts: row.notify_system_alerts,
      language: interfaceLanguageOf(row.language),
      currentCompanyId: row.current_company_id,
      createdAt: row.created_at,
      tier: row.tier as TierId,
      selectedTier: row.selected_tier as TierId,
      trialStartedAt: row.trial_started_at,
      videoCredits: row.video_credits,
      projectsUsed: row.projects_used,
      subscriptionCreatedAt: row.subscription_created_at,
      companyName: row.company_name,
      role: (row.role as Role | null) ?? null,
      addOns: row.add_ons as AddOnId[],
    };
  }

  async listCompanies(userId: string): Promise<CompanyRow[]> {
    const rows = await this.db
      .selectFrom('memberships as m')
      .innerJoin('companies as c', 'c.id', 'm.company_id')
      .innerJoin('subscriptions as os', 'os.user_id', 'c.owner_user_id')
      .select([
        'c.id',
        'c.name',
        'c.website',
        'c.logo_url',
        'c.owner_user_id',
        'c.projects_count',
        'c.created_at',
        'm.role',
        'os.tier as owner_tier',
        'os.trial_started_at as owner_trial_started_at',
        // Seats taken: members and unexpired pending invitations (the team page counts the same).
        sql<number>`((select count(*) from memberships m2 where m2.company_id = c.id)
          + (select count(*) from invitations i where i.company_id = c.id and i.accepted_at is null and i.revoked_at is null and i.expires_at > now()))::int`.as('current_users'),
      ])
      .where('m.user_id', '=', userId)
      .orderBy('c.created_at')
      .orderBy('c.id')
      .execute();
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      website: r.website,
      logoUrl: r.logo_url,
      ownerUserId: r.owner_user_id,
      ownerTier: r.owner_tier as TierId,
      currentUsers: r.current_users,
      currentProjects: r.projects_count,
      createdAt: r.created_at,
      role: r.role as Role,
      ownerTrialStartedAt: r.owner_trial_started_at,
    }));
  }

  /**
   * Creates a company owned by the user unless they already own `limit` (-1: no limit). The
   * subscription row is locked so two concurrent creations cannot both pass the check.
   */
  async createCompanyWithinLimit(input: {
    userId: string;
    name: string;
    website: string;
    logoUrl: string;
    limitFor: (tier: TierId) => number;
    events: (companyId: string) => OutboxEvent[];
  }): Promise<{ kind: 'created'; companyId: string } | { kind: 'limit'; tier: TierId }> {
    return this.db.transaction().execute(async (trx) => {
      const sub = await trx
        .selectFrom('subscriptions')
        .select('tier')
        .where('user_id', '=', input.userId)
        .forUpdate()
        .executeTakeFirstOrThrow();
      const tier = sub.tier as TierId;
      const limit = input.limitFor(tier);
      const { owned } = await trx
        .selectFrom('companies')
        .select((eb) => eb.fn.countAll<number>().as('owned'))
        .where('owner_user_id', '=', input.userId)
        .executeTakeFirstOrThrow();
      if (limit !== -1 && Number(owned) >= limit) return { kind: 'limit', tier };
      const company = await trx
        .insertInto('companies')
        .values({ name: input.name, website: input.website, logo_url: input.logoUrl, owner_user_id: input.userId })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx.insertInto('memberships').values({ company_id: company.id, user_id: input.userId, role: 'owner' }).execute();
      await trx
        .updateTable('users')
        .set({ current_company_id: company.id })
        .where('id', '=', input.userId)
        .where('current_company_id', 'is', null)
        .execute();
      await enqueueEvents(trx, input.events(company.id));
      return { kind: 'created', companyId: company.id };
    });
  }

  async countOwnedCompanies(userId: string): Promise<number> {
    const { owned } = await this.db
      .selectFrom('companies')
      .select((eb) => eb.fn.countAll<number>().as('owned'))
      .where('owner_user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(owned);
  }

  /**
   * Marks up to `limit` trials started at or before `cutoff` (and never upgraded) as purged, with
   * their data_expired events, in one transaction; rows another worker holds are skipped.
   */
  async purgeExpiredTrials(cutoff: Date, limit: number, events: (userId: string, companyIds: string[]) => OutboxEvent[]): Promise<string[]> {
    return this.db.transaction().execute(async (trx) => {
      const due = await trx
        .selectFrom('subscriptions')
        .select('user_id')
        .where('tier', '=', 'free-trial')
        .where('data_purged_at', 'is', null)
        .where('trial_started_at', '<=', cutoff)
        .orderBy('trial_started_at')
        .limit(limit)
        .forUpdate()
        .skipLocked()
        .execute();
      const userIds = due.map((d) => d.user_id);
      if (userIds.length === 0) return [];
      const owned = await trx.selectFrom('companies').select(['id', 'owner_user_id']).where('owner_user_id', 'in', userIds).execute();
      await trx.updateTable('subscriptions').set({ data_purged_at: new Date() }).where('user_id', 'in', userIds).execute();
      await enqueueEvents(
        trx,
        userIds.flatMap((userId) => events(userId, owned.filter((c) => c.owner_user_id === userId).map((c) => c.id))),
      );
      return userIds;
    });
  }

  async findMembership(userId: string, companyId: string): Promise<MembershipRow | undefined> {
    const row = await this.db
      .selectFrom('memberships as m')
      .innerJoin('companies as c', 'c.id', 'm.company_id')
      .innerJoin('subscriptions as os', 'os.user_id', 'c.owner_user_id')
      .select(['m.role', 'os.tier', 'os.trial_started_at', 'c.owner_user_id', 'c.name'])
      // The owner's active add-ons grant the company their capabilities.
      .select(
        sql<string[]>`coalesce((select array_agg(a.add_on order by a.add_on) from add_ons a
          where a.user_id = c.owner_user_id and (a.active_until is null or a.active_until > now())), '{}')`.as('add_ons'),
      )
      .where('m.user_id', '=', userId)
      .where('m.company_id', '=', companyId)
      .executeTakeFirst();
    return (
      row && {
        role: row.role as Role,
        ownerTier: row.tier as TierId,
        ownerUserId: row.owner_user_id,
        companyName: row.name,
        ownerAddOns: row.add_ons as AddOnId[],
        ownerTrialStartedAt: row.trial_started_at,
      }
    );
  }

  async findCompanyPlan(companyId: string): Promise<CompanyPlanRow | undefined> {
    const row = await this.db
      .selectFrom('companies as c')
      .innerJoin('subscriptions as os', 'os.user_id', 'c.owner_user_id')
      .select(['os.tier', 'os.trial_started_at', 'c.owner_user_id'])
      .where('c.id', '=', companyId)
      .executeTakeFirst();
    return row && { ownerTier: row.tier as TierId, ownerUserId: row.owner_user_id, ownerTrialStartedAt: row.trial_started_at };
  }

  async setCurrentCompany(userId: string, companyId: string, events: OutboxEvent[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ current_company_id: companyId, updated_at: new Date() }).where('id', '=', userId).execute();
      await enqueueEvents(trx, events);
    });
  }

  async updateUser(
    userId: string,
    changes: Partial<{ name: string; bio: string; projectUpdates: boolean; marketingEmails: boolean; systemAlerts: boolean; language: InterfaceLanguage }>,
  ): Promise<void> {
    const set: Record<string, unknown> = {};
    if (changes.name !== undefined) set.name = changes.name;
    if (changes.bio !== undefined) set.bio = changes.bio;
    if (changes.projectUpdates !== undefined) set.notify_project_updates = changes.projectUpdates;
    if (changes.language !== undefined) set.language = changes.language;
    if (changes.marketingEmails !== undefined) set.notify_marketing_emails = changes.marketingEmails;
    if (changes.systemAlerts !== undefined) set.notify_system_alerts = changes.systemAlerts;
    if (Object.keys(set).length === 0) return;
    await this.db
      .updateTable('users')
      .set({ ...set, updated_at: new Date() })
      .where('id', '=', userId)
      .execute();
  }

  async renameCompany(companyId: string, name: string, events: OutboxEvent[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('companies').set({ name }).where('id', '=', companyId).execute();
      await enqueueEvents(trx, events);
    });
  }

  /**
   * Applies billing's account state (subscription.changed) once per event and only when newer
   * than the last applied (`version`): the effective tier, the add-ons and the credit balance.
   * A paid plan that ended falls back to the free trial's rules as an ended trial (`lapse`
   * restarts its clock so the grace period and the data retention count from now).
   * Returns the previous tier, or null when nothing was applied.
   */
  async applyPlan(
    eventId: string,
    plan: { userId: string; tier: TierId; addOns: AddOnId[]; creditCents: number; version: number; lapsedTrialStart: Date | null },
    events: (previous: TierId) => OutboxEvent[],
  ): Promise<TierId | null> {
    return this.db.transaction().execute(async (trx) => {
      if (!(await markEventApplied(trx, eventId))) return null;
      const current = await trx.selectFrom('subscriptions').select(['tier', 'billing_version']).where('user_id', '=', plan.userId).forUpdate().executeTakeFirst();
      if (!current || Number(current.billing_version) >= plan.version) return null;
      const previous = current.tier as TierId;
      await trx
        .updateTable('subscriptions')
        .set({
          tier: plan.tier,
          video_credits: plan.creditCents,
          billing_version: plan.version,
          updated_at: new Date(),
          ...(previous !== 'free-trial' && plan.tier === 'free-trial' && plan.lapsedTrialStart ? { trial_started_at: plan.lapsedTrialStart } : {}),
        })
        .where('user_id', '=', plan.userId)
        .execute();
      await trx.deleteFrom('add_ons').where('user_id', '=', plan.userId).execute();
      if (plan.addOns.length > 0) await trx.insertInto('add_ons').values(plan.addOns.map((add_on) => ({ user_id: plan.userId, add_on, active_until: null }))).execute();
      await enqueueEvents(trx, events(previous));
      return previous;
    });
  }

  /**
   * Counts a project in (delta 1) or out (delta -1) of its company and, when it counts toward
   * the plan, its owner's projects used. Applied once per event id.
   */
  async countProject(eventId: string, input: { companyId: string; ownerUserId: string; delta: 1 | -1; countsTowardLimit: boolean }): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      if (!(await markEventApplied(trx, eventId))) return false;
      await trx
        .updateTable('companies')
        .set({ projects_count: sql`greatest(projects_count + ${input.delta}, 0)` })
        .where('id', '=', input.companyId)
        .execute();
      if (input.countsTowardLimit) {
        await trx
          .updateTable('subscriptions')
          .set({ projects_used: sql`greatest(projects_used + ${input.delta}, 0)` })
          .where('user_id', '=', input.ownerUserId)
          .execute();
      }
      return true;
    });
  }

  // Sessions and refresh tokens --------------------------------------------------------------

  async createSession(input: { sessionId: string; userId: string; tokenHash: string; expiresAt: Date }): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('sessions').values({ id: input.sessionId, user_id: input.userId, revoked_at: null, revoked_reason: null }).execute();
      await trx
        .insertInto('refresh_tokens')
        .values({ token_hash: input.tokenHash, session_id: input.sessionId, expires_at: input.expiresAt, rotated_at: null })
        .execute();
    });
  }

  /**
   * Exchanges a refresh token for a new one of the same session. A token already rotated means
   * it was stolen or replayed: the caller revokes the whole session.
   */
  async rotateRefreshToken(input: { tokenHash: string; newTokenHash: string; expiresAt: Date }): Promise<RotateResult> {
    return this.db.transaction().execute(async (trx: Transaction<AuthDatabase>) => {
      const row = await trx
        .selectFrom('refresh_tokens as t')
        .innerJoin('sessions as s', 's.id', 't.session_id')
        .select(['t.session_id', 't.expires_at', 't.rotated_at', 's.user_id', 's.revoked_at'])
        .where('t.token_hash', '=', input.tokenHash)
        .forUpdate()
        .executeTakeFirst();
      if (!row || row.revoked_at) return { kind: 'invalid' };
      if (row.rotated_at) return { kind: 'reused', userId: row.user_id, sessionId: row.session_id };
      if (row.expires_at.getTime() <= Date.now()) return { kind: 'invalid' };
      await trx.updateTable('refresh_tokens').set({ rotated_at: new Date() }).where('token_hash', '=', input.tokenHash).execute();
      await trx
        .insertInto('refresh_tokens')
        .values({ token_hash: input.newTokenHash, session_id: row.session_id, expires_at: input.expiresAt, rotated_at: null })
        .execute();
      return { kind: 'rotated', userId: row.user_id, sessionId: row.session_id };
    });
  }

  async findSessionByToken(tokenHash: string): Promise<{ sessionId: string; userId: string } | undefined> {
    const row = await this.db
      .selectFrom('refresh_tokens as t')
      .innerJoin('sessions as s', 's.id', 't.session_id')
      .select(['s.id', 's.user_id'])
      .where('t.token_hash', '=', tokenHash)
      .executeTakeFirst();
    return row && { sessionId: row.id, userId: row.user_id };
  }

  async findSession(sessionId: string): Promise<{ userId: string; revoked: boolean } | undefined> {
    const row = await this.db.selectFrom('sessions').select(['user_id', 'revoked_at']).where('id', '=', sessionId).executeTakeFirst();
    return row && { userId: row.user_id, revoked: row.revoked_at !== null };
  }

  /** Revokes a session once; returns false when it was already revoked. */
  async revokeSession(sessionId: string, reason: string, events: OutboxEvent[]): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('sessions')
        .set({ revoked_at: new Date(), revoked_reason: reason })
        .where('id', '=', sessionId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return false;
      await enqueueEvents(trx, events);
      return true;
    });
  }
}
