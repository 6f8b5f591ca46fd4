// What every account and session operation works with: the account store (the repository
// implements it; unit tests fake it), the token issuer, the clock and what runs after a write.
import type { AddOnId, InterfaceLanguage, Role, TierId } from '@trainwright/catalogue';
import type { OutboxEvent } from '@trainwright/platform';
import type { TokenIssuer } from '../tokens.js';

export interface AccountRow {
  id: string;
  email: string;
  name: string;
  bio: string;
  notifyProjectUpdates: boolean;
  notifyMarketingEmails: boolean;
  notifySystemAlerts: boolean;
  /** The interface language of the emails sent unasked. */
  language: InterfaceLanguage;
  currentCompanyId: string | null;
  createdAt: Date;
  tier: TierId;
  selectedTier: TierId;
  trialStartedAt: Date;
  videoCredits: number;
  projectsUsed: number;
  subscriptionCreatedAt: Date;
  companyName: string | null;
  role: Role | null;
  addOns: AddOnId[];
}

export interface CompanyRow {
  id: string;
  name: string;
  website: string;
  logoUrl: string;
  ownerUserId: string;
  ownerTier: TierId;
  currentUsers: number;
  currentProjects: number;
  createdAt: Date;
  role: Role;
  ownerTrialStartedAt: Date;
}

export interface MembershipRow {
  role: Role;
  ownerTier: TierId;
  ownerUserId: string;
  companyName: string;
  ownerAddOns: AddOnId[];
  ownerTrialStartedAt: Date;
}

export type CompanyPlanRow = Pick<MembershipRow, 'ownerTier' | 'ownerUserId' | 'ownerTrialStartedAt'>;

export type RotateResult =
  | { kind: 'rotated'; userId: string; sessionId: string }
  | { kind: 'reused'; userId: string; sessionId: string }
  | { kind: 'invalid' };

/** A sign-up whose email another account holds already. */
export class EmailTakenError extends Error {}

/** The users, companies, memberships, plans and sessions (repositories/account.repository.ts). */
/** A new account: its user, first company and plan, and the events its ids make. */
export interface NewAccount {
  name: string;
  email: string;
  passwordHash: string;
  companyName: string;
  tier: TierId;
  selectedTier: TierId;
  events: (ids: { userId: string; companyId: string }) => OutboxEvent[];
}

export interface AccountStore {
  /** Creates user, first company (user as owner) and subscription in one transaction; EmailTakenError when the email is taken. */
  createAccount(input: NewAccount): Promise<{ userId: string; companyId: string }>;
  findCredentials(email: string): Promise<{ id: string; passwordHash: string } | undefined>;
  loadAccount(userId: string): Promise<AccountRow | undefined>;
  listCompanies(userId: string): Promise<CompanyRow[]>;
  /** Creates a company owned by the user unless they own their tier's limit (-1: no limit) already. */
  createCompanyWithinLimit(input: {
    userId: string;
    name: string;
    website: string;
    logoUrl: string;
    limitFor: (tier: TierId) => number;
    events: (companyId: string) => OutboxEvent[];
  }): Promise<{ kind: 'created'; companyId: string } | { kind: 'limit'; tier: TierId }>;
  /** Marks up to `limit` trials started by `cutoff` (never upgraded) as purged, with their events; the users marked. */
  purgeExpiredTrials(cutoff: Date, limit: number, events: (userId: string, companyIds: string[]) => OutboxEvent[]): Promise<string[]>;
  findMembership(userId: string, companyId: string): Promise<MembershipRow | undefined>;
  /** The company's owner and their plan; undefined for an unknown company. */
  findCompanyPlan(companyId: string): Promise<CompanyPlanRow | undefined>;
  setCurrentCompany(userId: string, companyId: string, events: OutboxEvent[]): Promise<void>;
  updateUser(userId: string, changes: Partial<{ name: string; bio: string; projectUpdates: boolean; marketingEmails: boolean; systemAlerts: boolean; language: InterfaceLanguage }>): Promise<void>;
  renameCompany(companyId: string, name: string, events: OutboxEvent[]): Promise<void>;
  /** Applies billing's plan once per event and only when newer than the last applied; the previous tier, or null when nothing was applied. */
  applyPlan(
    eventId: string,
    plan: { userId: string; tier: TierId; addOns: AddOnId[]; creditCents: number; version: number; lapsedTrialStart: Date | null },
    events: (previous: TierId) => OutboxEvent[],
  ): Promise<TierId | null>;
  /** Counts a project in or out of its company (and its owner's projects used) once per event; false when seen. */
  countProject(eventId: string, input: { companyId: string; ownerUserId: string; delta: 1 | -1; countsTowardLimit: boolean }): Promise<boolean>;
  createSession(input: { sessionId: string; userId: string; tokenHash: string; expiresAt: Date }): Promise<void>;
  rotateRefreshToken(input: { tokenHash: string; newTokenHash: string; expiresAt: Date }): Promise<RotateResult>;
  findSessionByToken(tokenHash: string): Promise<{ sessionId: string; userId: string } | undefined>;
  findSession(sessionId: string): Promise<{ userId: string; revoked: boolean } | undefined>;
  /** Revokes a session once; false when it was already revoked. */
  revokeSession(sessionId: string, reason: string, events: OutboxEvent[]): Promise<boolean>;
}

export interface AuthDeps {
  accounts: AccountStore;
  /** Signs access tokens and makes refresh tokens (tokens.ts). */
  tokens: TokenIssuer;
  clock: () => Date;
  /** After a write that queued outbox events (the relay publishes them now, not at its next tick). */
  afterWrite: () => void;
}
