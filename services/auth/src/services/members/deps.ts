// What the team operations (members and invitations) work with: the team store (the repository
// implements it; unit tests fake it), the account store they share with the account operations,
// the mailer, where the web app is (the links), the clock and what runs after a write.
import type { InvitableRole, Role, TierId } from '@trainwright/catalogue';
import type { OutboxEvent } from '@trainwright/platform';
import type { AccountStore } from '../accounts/deps.js';

export interface MemberRow {
  userId: string;
  email: string;
  name: string;
  role: Role;
  joinedAt: Date;
}

export interface InvitationRow {
  id: string;
  companyId: string;
  email: string;
  role: InvitableRole;
  invitedByName: string;
  createdAt: Date;
  expiresAt: Date;
  acceptedAt: Date | null;
  revokedAt: Date | null;
}

/** An invitation found by its token, with what the accept screen shows. */
export interface InvitationByToken extends InvitationRow {
  companyName: string;
}

/** A new invitation, or why not: the company's seats are full, or the address is a member or invited. */
export type InviteOutcome =
  | { kind: 'created'; invitation: InvitationRow }
  | { kind: 'seats_full'; limit: number; tier: TierId }
  | { kind: 'member' }
  | { kind: 'invited' };

export type AcceptOutcome =
  | { kind: 'joined'; companyId: string; companyName: string; role: InvitableRole }
  | { kind: 'member' }
  | { kind: 'used' }
  | { kind: 'revoked' }
  | { kind: 'expired' }
  | { kind: 'gone' };

/** A change of a member (role, removal): done, no such member, or refused because they are the Owner. */
export type MemberChangeOutcome = { kind: 'done'; previousRole: Role } | { kind: 'not_found' } | { kind: 'owner' };

export interface TeamStore {
  members(companyId: string): Promise<MemberRow[]>;
  /** Pending invitations (neither accepted nor revoked), expired ones included (they hold no seat). */
  pendingInvitations(companyId: string): Promise<InvitationRow[]>;
  /**
   * Creates the invitation unless the address is a member or has a pending invitation, or the
   * company's seats (members and unexpired pending invitations, counted with the company locked)
   * are all taken by the owner's plan's userLimit (`limitFor`; -1: no limit).
   */
  createInvitation(input: {
    companyId: string;
    email: string;
    role: InvitableRole;
    tokenHash: string;
    invitedBy: string;
    now: Date;
    expiresAt: Date;
    limitFor: (tier: TierId) => number;
  }): Promise<InviteOutcome>;
  /** A pending invitation of the company with a new token and expiry; undefined when there is none. */
  renewInvitation(input: { companyId: string; invitationId: string; tokenHash: string; expiresAt: Date }): Promise<InvitationRow | undefined>;
  /** Revokes a pending invitation of the company; false when there is none. */
  revokeInvitation(input: { companyId: string; invitationId: string; now: Date }): Promise<boolean>;
  findInvitationByToken(tokenHash: string): Promise<InvitationByToken | undefined>;
  /** Joins the user to the invitation's company with its role, once (the invitation locked), with the events. */
  acceptInvitation(input: { tokenHash: string; userId: string; now: Date; events: (companyId: string, role: InvitableRole) => OutboxEvent[] }): Promise<AcceptOutcome>;
  changeRole(input: { companyId: string; memberId: string; role: InvitableRole; events: (previousRole: Role) => OutboxEvent[] }): Promise<MemberChangeOutcome>;
  /** Removes a member other than the Owner; a removed member's current company moves to another of theirs. */
  removeMember(input: { companyId: string; memberId: string; events: (previousRole: Role) => OutboxEvent[] }): Promise<MemberChangeOutcome>;
  /** Makes the member the company's Owner and the Owner `from` an Editor, in one transaction. */
  transferOwnership(input: { companyId: string; fromUserId: string; toUserId: string; events: (previousRole: Role) => OutboxEvent[] }): Promise<MemberChangeOutcome>;
}

/** One email, with a text and an HTML part. */
export interface MailMessage {
  to: string;
  /** Where a reply goes (a support ticket's email to the operator: the person who asked). */
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /** Where messages go ('smtp' or the local outbox's folder), for the logs and the operator. */
  readonly name: string;
  send(message: MailMessage): Promise<void>;
}

export interface TeamDeps {
  accounts: Pick<AccountStore, 'findMembership' | 'findCompanyPlan' | 'loadAccount'>;
  team: TeamStore;
  mailer: Mailer;
  /** The web app's public address: invitation links are `${webUrl}/invitations/{token}`. */
  webUrl: string;
  clock: () => Date;
  afterWrite: () => void;
}
