// A company's team (docs/teams.md): its members, the Owner's pending invitations and seats, and the
// writes of the team page's action (one intent each). Pure: the page and its tests read it.
import { INVITABLE_ROLES, isInterfaceLanguage, roleAllows, type InterfaceLanguage, type InvitableRole, type Role } from '@trainwright/catalogue';

export interface TeamMember {
  user_id: string;
  email: string;
  name: string;
  role: Role;
  joined_at: string;
}

export interface TeamInvitation {
  id: string;
  email: string;
  role: InvitableRole;
  invited_by_name: string;
  created_at: string;
  expires_at: string;
}

/** GET /api/companies/{id}/members. */
export interface TeamView {
  company_id: string;
  members: TeamMember[];
  invitations: TeamInvitation[];
  /** Members and unexpired pending invitations against the owner's plan's userLimit (-1: none). */
  seats: { used: number; limit: number };
  /** The caller's role. */
  role: Role;
}

/** An invitation as created or resent: with the link the Owner may copy. */
export type InvitationLink = TeamInvitation & { invite_url: string };

/** GET /api/invitations/{token}: what a link offers. */
export interface InvitationPreview {
  company_name: string;
  role: InvitableRole;
  email: string;
  invited_by_name: string;
  expires_at: string;
}


export { INVITABLE_ROLES };

export function canManageTeam(role: Role | null | undefined): boolean {
  return !!role && roleAllows(role, 'company.manage_members');
}

/** Seats left for another invitation (Infinity without a limit). */
export function seatsLeft(seats: TeamView['seats']): number {
  return seats.limit < 0 ? Number.POSITIVE_INFINITY : Math.max(0, seats.limit - seats.used);
}

/** Whether an invitation's link no longer works (it holds no seat). */
export function isExpired(invitation: Pick<TeamInvitation, 'expires_at'>, now = Date.now()): boolean {
  return Date.parse(invitation.expires_at) <= now;
}

const company = (companyId: string) => `/companies/${encodeURIComponent(companyId)}`;

/** What the team page's action is asked (routes/team.tsx): one intent per change. */
export type TeamRequest =
  | { intent: 'invite'; companyId: string; email: string; role: InvitableRole; language: InterfaceLanguage }
  | { intent: 'resend'; companyId: string; invitationId: string; language: InterfaceLanguage }
  | { intent: 'revoke'; companyId: string; invitationId: string }
  | { intent: 'changeRole'; companyId: string; userId: string; role: InvitableRole }
  | { intent: 'remove'; companyId: string; userId: string }
  | { intent: 'transfer'; companyId: string; userId: string };

/** A team change as the gateway takes it (the action sends it). */
export function teamWrite(request: TeamRequest): { method: 'POST' | 'PATCH' | 'DELETE'; path: string; body?: object } {
  const base = company(request.companyId);
  switch (request.intent) {
    case 'invite':
      return { method: 'POST', path: `${base}/invitations`, body: { email: request.email.trim(), role: request.role, language: request.language } };
    case 'resend':
      return { method: 'POST', path: `${base}/invitations/${encodeURIComponent(request.invitationId)}/resend`, body: { language: request.language } };
    case 'revoke':
      return { method: 'DELETE', path: `${base}/invitations/${encodeURIComponent(request.invitationId)}` };
    case 'changeRole':
      return { method: 'PATCH', path: `${base}/members/${encodeURIComponent(request.userId)}`, body: { role: request.role } };
    case 'remove':
      return { method: 'DELETE', path: `${base}/members/${encodeURIComponent(request.userId)}` };
    case 'transfer':
      return { method: 'POST', path: `${base}/transfer-ownership`, body: { user_id: request.userId } };
  }
}

const INTENTS = ['invite', 'resend', 'revoke', 'changeRole', 'remove', 'transfer'] as const;
const isText = (v: unknown): v is string => typeof v === 'string' && v.length > 0;

export function isTeamRequest(value: unknown): value is TeamRequest {
  const r = value as Partial<Record<string, unknown>> | null;
  if (!r || !isText(r.companyId) || !(INTENTS as readonly unknown[]).includes(r.intent)) return false;
  const role = (INVITABLE_ROLES as readonly unknown[]).includes(r.role);
  const language = isInterfaceLanguage(r.language);
  switch (r.intent) {
    case 'invite':
      return typeof r.email === 'string' && role && language;
    case 'resend':
      return isText(r.invitationId) && language;
    case 'revoke':
      return isText(r.invitationId);
    case 'changeRole':
      return isText(r.userId) && role;
    default:
      return isText(r.userId);
  }
}
