// A company's team: who may be invited with which role, how long an invitation lives, how the
// seats of a plan count, and the messages of members and invitations (thrown by id, shown by the
// web in the user's language).
import { defineMessages } from './messages.js';
import { TIERS, type TierId } from './plans.js';
import type { Role } from './roles.js';

/** The roles an invitation or a role change gives; the one Owner changes only by a transfer. */
export const INVITABLE_ROLES = ['editor', 'commenter', 'viewer'] as const satisfies readonly Role[];
export type InvitableRole = (typeof INVITABLE_ROLES)[number];

export function isInvitableRole(value: unknown): value is InvitableRole {
  return typeof value === 'string' && (INVITABLE_ROLES as readonly string[]).includes(value);
}

/** An invitation's link works this long, once. */
export const INVITATION_DAYS = 7;

export const TEAM_MESSAGES = defineMessages('team', {
  /** The company's seats (members and pending invitations) are all taken. */
  seatsFull: (limit: number, tier: TierId) =>
    `Your ${TIERS[tier].name} plan includes ${limit} ${limit === 1 ? 'user' : 'users'}, and this company's members and pending invitations take them all. Upgrade the plan, or remove a member or an invitation first.`,
  roleInvalid: 'Choose Editor, Commenter or Viewer.',
  alreadyMember: 'This person is already a member of the company.',
  alreadyInvited: 'This person has a pending invitation already: resend it or revoke it.',
  invitationNotFound: 'This invitation link is not valid.',
  invitationExpired: 'This invitation has expired. Ask the company owner for a new one.',
  invitationUsed: 'This invitation has been used already.',
  invitationRevoked: 'This invitation was revoked.',
  invitationForSomeoneElse: 'This invitation was sent to another email address. Sign in with the invited address to accept it.',
  memberNotFound: 'Member not found',
  invitationGone: 'Invitation not found',
  /** Removing, downgrading or leaving as the Owner. */
  ownerStays: 'A company always has one Owner. Transfer the ownership to another member first.',
  transferToMember: 'Ownership goes to a member of the company.',
} as const);
