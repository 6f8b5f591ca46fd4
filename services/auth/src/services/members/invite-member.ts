import { INVITATION_DAYS, TEAM_MESSAGES, TIERS, catalogueMessage, interfaceLanguageOf, isInvitableRole, type InvitableRole } from '@trainwright/catalogue';
import { AppError } from '@trainwright/platform';
import { newSecret } from '../tokens.js';
import { normaliseEmail } from '../validation.js';
import { requireMembership } from './access.js';
import type { InvitationRow, TeamDeps } from './deps.js';
import { invitationEmail } from './invitation-email.js';

const DAY_MS = 86_400_000;

export interface InvitationLink {
  invitation: InvitationRow;
  /** The link the email carries; the Owner may copy it too. */
  inviteUrl: string;
}

export function inviteUrl(deps: Pick<TeamDeps, 'webUrl'>, token: string): string {
  return `${deps.webUrl.replace(/\/+$/, '')}/invitations/${token}`;
}

export function invitableRole(role: string): InvitableRole {
  if (!isInvitableRole(role)) throw AppError.validation('role', catalogueMessage(TEAM_MESSAGES, 'roleInvalid'));
  return role;
}

/** The company's Owner invites {email, role}: a seat is held, a single-use link emailed and answered. */
export async function inviteMember(
  deps: TeamDeps,
  userId: string,
  input: { companyId: string; email: string; role: string; language?: string },
): Promise<InvitationLink> {
  const membership = await requireMembership(deps, userId, input.companyId, 'company.manage_members');
  const email = normaliseEmail(input.email);
  const role = invitableRole(input.role);
  const secret = newSecret();
  const now = deps.clock();
  const outcome = await deps.team.createInvitation({
    companyId: input.companyId,
    email,
    role,
    tokenHash: secret.hash,
    invitedBy: userId,
    now,
    expiresAt: new Date(now.getTime() + INVITATION_DAYS * DAY_MS),
    limitFor: (tier) => TIERS[tier].limits.userLimit,
  });
  if (outcome.kind === 'seats_full') throw new AppError('PLAN_LIMIT_REACHED', catalogueMessage(TEAM_MESSAGES, 'seatsFull', outcome.limit, outcome.tier));
  if (outcome.kind === 'member') throw new AppError('CONFLICT', catalogueMessage(TEAM_MESSAGES, 'alreadyMember'));
  if (outcome.kind === 'invited') throw new AppError('CONFLICT', catalogueMessage(TEAM_MESSAGES, 'alreadyInvited'));
  const link = { invitation: outcome.invitation, inviteUrl: inviteUrl(deps, secret.token) };
  await sendInvitation(deps, link, membership.companyName, input.language);
  return link;
}

/** Emails the link in the chosen language (English by default). */
export async function sendInvitation(deps: Pick<TeamDeps, 'mailer'>, link: InvitationLink, companyName: string, language: string | undefined): Promise<void> {
  const { invitation } = link;
  await deps.mailer.send(
    invitationEmail({
      to: invitation.email,
      inviterName: invitation.invitedByName,
      companyName,
      role: invitation.role,
      url: link.inviteUrl,
      expiresAt: invitation.expiresAt,
      language: interfaceLanguageOf(language),
    }),
  );
}
