// The SQL of a company's team: members, invitations, role changes, removals and the ownership
// transfer. Each write that decides on what it read (seats, a pending invitation, who the Owner
// is) locks the rows it decides on first, so two concurrent requests cannot both pass.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { InvitableRole, Role, TierId } from '@trainwright/catalogue';
import { enqueueEvents, type OutboxEvent } from '@trainwright/platform';
import type { AcceptOutcome, InvitationByToken, InvitationRow, InviteOutcome, MemberChangeOutcome, MemberRow, TeamStore } from '../services/members/deps.js';
import type { AuthDatabase } from './database.js';

type Db = Kysely<AuthDatabase> | Transaction<AuthDatabase>;

const INVITATION_COLUMNS = ['i.id', 'i.company_id', 'i.email', 'i.role', 'i.created_at', 'i.expires_at', 'i.accepted_at', 'i.revoked_at'] as const;

function invitationSelect(db: Db) {
  return db
    .selectFrom('invitations as i')
    .leftJoin('users as inviter', 'inviter.id', 'i.invited_by')
    .select([...INVITATION_COLUMNS, sql<string>`coalesce(inviter.name, '')`.as('invited_by_name')]);
}

type InvitationSelected = Awaited<ReturnType<ReturnType<typeof invitationSelect>['executeTakeFirstOrThrow']>>;

function toInvitation(r: InvitationSelected): InvitationRow {
  return {
    id: r.id,
    companyId: r.company_id,
    email: r.email,
    role: r.role as InvitableRole,
    invitedByName: r.invited_by_name,
    createdAt: r.created_at,
    expiresAt: r.expires_at,
    acceptedAt: r.accepted_at,
    revokedAt: r.revoked_at,
  };
}

export class TeamRepository implements TeamStore {
  constructor(private readonly db: Kysely<AuthDatabase>) {}

  async members(companyId: string): Promise<MemberRow[]> {
    const rows = await this.db
      .selectFrom('memberships as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['m.user_id', 'u.email', 'u.name', 'm.role', 'm.created_at'])
      .where('m.company_id', '=', companyId)
      // The Owner first, then by who joined first.
      .orderBy(sql`m.role = 'owner'`, 'desc')
      .orderBy('m.created_at')
      .orderBy('m.user_id')
      .execute();
    return rows.map((r) => ({ userId: r.user_id, email: r.email, name: r.name, role: r.role as Role, joinedAt: r.created_at }));
  }

  async pendingInvitations(companyId: string): Promise<InvitationRow[]> {
    const rows = await invitationSelect(this.db)
      .where('i.company_id', '=', companyId)
      .where('i.accepted_at', 'is', null)
      .where('i.revoked_at', 'is', null)
      .orderBy('i.created_at')
      .orderBy('i.id')
      .execute();
    return rows.map(toInvitation);
  }

  async createInvitation(input: Parameters<TeamStore['createInvitation']>[0]): Promise<InviteOutcome> {
    return this.db.transaction().execute(async (trx) => {
      // The company locked: seats are counted and taken one invitation at a time.
      const company = await trx
        .selectFrom('companies as c')
        .innerJoin('subscriptions as os', 'os.user_id', 'c.owner_user_id')
        .select(['c.id', 'os.tier'])
        .where('c.id', '=', input.companyId)
        .forUpdate('c')
        .executeTakeFirstOrThrow();
      const member = await trx
        .selectFrom('memberships as m')
        .innerJoin('users as u', 'u.id', 'm.user_id')
        .select('m.user_id')
        .where('m.company_id', '=', input.companyId)
        .where(sql<string>`lower(u.email)`, '=', input.email)
        .executeTakeFirst();
      if (member) return { kind: 'member' };
      // An expired pending invitation of the same address gives way to the new one.
      await trx
        .updateTable('invitations')
        .set({ revoked_at: input.now })
        .where('company_id', '=', input.companyId)
        .where('email', '=', input.email)
        .where('accepted_at', 'is', null)
        .where('revoked_at', 'is', null)
        .where('expires_at', '<=', input.now)
        .execute();
      const invited = await trx
        .selectFrom('invitations')
        .select('id')
        .where('company_id', '=', input.companyId)
        .where('email', '=', input.email)
        .where('accepted_at', 'is', null)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      if (invited) return { kind: 'invited' };
      const tier = company.tier as TierId;
      const limit = input.limitFor(tier);
      if (limit >= 0) {
        const seats = await trx
          .selectFrom('companies as c')
          .select([
            sql<number>`(select count(*) from memberships m where m.company_id = c.id)::int`.as('members'),
            sql<number>`(select count(*) from invitations i where i.company_id = c.id and i.accepted_at is null and i.revoked_at is null and i.expires_at > ${input.now})::int`.as('pending'),
          ])
          .where('c.id', '=', input.companyId)
          .executeTakeFirstOrThrow();
        if (seats.members + seats.pending >= limit) return { kind: 'seats_full', limit, tier };
      }
      const created = await trx
        .insertInto('invitations')
        .values({ company_id: input.companyId, email: input.email, role: input.role, token_hash: input.tokenHash, invited_by: input.invitedBy, created_at: input.now, expires_at: input.expiresAt })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { kind: 'created', invitation: toInvitation(await invitationSelect(trx).where('i.id', '=', created.id).executeTakeFirstOrThrow()) };
    });
  }

  async renewInvitation(input: { companyId: string; invitationId: string; tokenHash: string; expiresAt: Date }): Promise<InvitationRow | undefined> {
    const renewed = await this.db
      .updateTable('invitations')
      .set({ token_hash: input.tokenHash, expires_at: input.expiresAt })
      .where('id', '=', input.invitationId)
      .where('company_id', '=', input.companyId)
      .where('accepted_at', 'is', null)
      .where('revoked_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (!renewed) return undefined;
    return toInvitation(await invitationSelect(this.db).where('i.id', '=', renewed.id).executeTakeFirstOrThrow());
  }

  async revokeInvitation(input: { companyId: string; invitationId: string; now: Date }): Promise<boolean> {
    const revoked = await this.db
      .updateTable('invitations')
      .set({ revoked_at: input.now })
      .where('id', '=', input.invitationId)
      .where('company_id', '=', input.companyId)
      .where('accepted_at', 'is', null)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(revoked.numUpdatedRows) > 0;
  }

  async findInvitationByToken(tokenHash: string): Promise<InvitationByToken | undefined> {
    const row = await invitationSelect(this.db)
      .innerJoin('companies as c', 'c.id', 'i.company_id')
      .select('c.name as company_name')
      .where('i.token_hash', '=', tokenHash)
      .executeTakeFirst();
    return row && { ...toInvitation(row), companyName: row.company_name };
  }

  async acceptInvitation(input: Parameters<TeamStore['acceptInvitation']>[0]): Promise<AcceptOutcome> {
    return this.db.transaction().execute(async (trx) => {
      const invitation = await trx
        .selectFrom('invitations as i')
        .innerJoin('companies as c', 'c.id', 'i.company_id')
        .select(['i.id', 'i.company_id', 'i.role', 'i.expires_at', 'i.accepted_at', 'i.revoked_at', 'c.name'])
        .where('i.token_hash', '=', input.tokenHash)
        .forUpdate('i')
        .executeTakeFirst();
      if (!invitation) return { kind: 'gone' };
      if (invitation.accepted_at) return { kind: 'used' };
      if (invitation.revoked_at) return { kind: 'revoked' };
      if (invitation.expires_at <= input.now) return { kind: 'expired' };
      const role = invitation.role as InvitableRole;
      const joined = await trx
        .insertInto('memberships')
        .values({ company_id: invitation.company_id, user_id: input.userId, role })
        .onConflict((oc) => oc.columns(['company_id', 'user_id']).doNothing())
        .returning('user_id')
        .executeTakeFirst();
      if (!joined) return { kind: 'member' };
      await trx.updateTable('invitations').set({ accepted_at: input.now, accepted_by: input.userId }).where('id', '=', invitation.id).execute();
      await trx.updateTable('users').set({ current_company_id: invitation.company_id, updated_at: input.now }).where('id', '=', input.userId).execute();
      await enqueueEvents(trx, input.events(invitation.company_id, role));
      return { kind: 'joined', companyId: invitation.company_id, companyName: invitation.name, role };
    });
  }

  async changeRole(input: { companyId: string; memberId: string; role: InvitableRole; events: (previousRole: Role) => OutboxEvent[] }): Promise<MemberChangeOutcome> {
    return this.db.transaction().execute(async (trx) => {
      const current = await lockedMember(trx, input.companyId, input.memberId);
      if (!current) return { kind: 'not_found' };
      if (current === 'owner') return { kind: 'owner' };
      await trx.updateTable('memberships').set({ role: input.role }).where('company_id', '=', input.companyId).where('user_id', '=', input.memberId).execute();
      await enqueueEvents(trx, input.events(current));
      return { kind: 'done', previousRole: current };
    });
  }

  async removeMember(input: { companyId: string; memberId: string; events: (previousRole: Role) => OutboxEvent[] }): Promise<MemberChangeOutcome> {
    return this.db.transaction().execute(async (trx) => {
      const current = await lockedMember(trx, input.companyId, input.memberId);
      if (!current) return { kind: 'not_found' };
      if (current === 'owner') return { kind: 'owner' };
      await trx.deleteFrom('memberships').where('company_id', '=', input.companyId).where('user_id', '=', input.memberId).execute();
      // Working in the company they left: their first other company becomes current (none: null).
      await trx
        .updateTable('users')
        .set({
          current_company_id: sql<string | null>`(select m.company_id from memberships m where m.user_id = ${input.memberId} order by m.created_at, m.company_id limit 1)`,
          updated_at: new Date(),
        })
        .where('id', '=', input.memberId)
        .where('current_company_id', '=', input.companyId)
        .execute();
      await enqueueEvents(trx, input.events(current));
      return { kind: 'done', previousRole: current };
    });
  }

  async transferOwnership(input: { companyId: string; fromUserId: string; toUserId: string; events: (previousRole: Role) => OutboxEvent[] }): Promise<MemberChangeOutcome> {
    return this.db.transaction().execute(async (trx) => {
      await trx.selectFrom('companies').select('id').where('id', '=', input.companyId).forUpdate().executeTakeFirstOrThrow();
      const from = await lockedMember(trx, input.companyId, input.fromUserId);
      const to = await lockedMember(trx, input.companyId, input.toUserId);
      if (from !== 'owner' || !to || to === 'owner') return { kind: 'not_found' };
      await trx.updateTable('memberships').set({ role: 'editor' }).where('company_id', '=', input.companyId).where('user_id', '=', input.fromUserId).execute();
      await trx.updateTable('memberships').set({ role: 'owner' }).where('company_id', '=', input.companyId).where('user_id', '=', input.toUserId).execute();
      await trx.updateTable('companies').set({ owner_user_id: input.toUserId }).where('id', '=', input.companyId).execute();
      await enqueueEvents(trx, input.events(to));
      return { kind: 'done', previousRole: to };
    });
  }
}

/** The member's role, their membership row locked until the transaction ends; undefined for a non-member. */
async function lockedMember(trx: Transaction<AuthDatabase>, companyId: string, userId: string): Promise<Role | undefined> {
  const row = await trx.selectFrom('memberships').select('role').where('company_id', '=', companyId).where('user_id', '=', userId).forUpdate().executeTakeFirst();
  return row?.role as Role | undefined;
}
