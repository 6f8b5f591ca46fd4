// In-memory fakes of the account operations' ports, so their unit tests need no database.
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import type { AddOnId, InterfaceLanguage, Role, TierId } from '@trainwright/catalogue';
import type { OutboxEvent } from '@trainwright/platform';
import { EmailTakenError, type AccountRow, type AccountStore, type AuthDeps, type CompanyRow, type CompanyPlanRow, type MembershipRow, type RotateResult } from '../../src/services/accounts/deps.js';
import { TokenIssuer } from '../../src/services/tokens.js';

/** A user as the store keeps it: the account's own fields (not those read from its company or
 * subscription) and what only the store sees. */
type FakeUser = Omit<AccountRow, 'subscriptionCreatedAt' | 'companyName' | 'role'> & {
  passwordHash: string;
  dataPurged: boolean;
  billingVersion: number;
};

interface FakeCompany {
  id: string;
  name: string;
  website: string;
  logoUrl: string;
  ownerUserId: string;
  projectsCount: number;
  createdAt: Date;
}

export class FakeAccountStore implements AccountStore {
  readonly users = new Map<string, FakeUser>();
  readonly companies = new Map<string, FakeCompany>();
  readonly memberships: Array<{ companyId: string; userId: string; role: Role }> = [];
  readonly sessions = new Map<string, { userId: string; revokedReason: string | null }>();
  readonly refreshTokens = new Map<string, { sessionId: string; used: boolean; expiresAt: Date }>();
  readonly appliedEvents = new Set<string>();
  readonly outbox: OutboxEvent[] = [];

  constructor(private readonly clock: () => Date) {}

  async createAccount(input: Parameters<AccountStore['createAccount']>[0]) {
    if ([...this.users.values()].some((u) => u.email === input.email)) throw new EmailTakenError();
    const now = this.clock();
    const user: FakeUser = {
      id: randomUUID(),
      email: input.email,
      name: input.name,
      passwordHash: input.passwordHash,
      bio: '',
      notifyProjectUpdates: true,
      notifyMarketingEmails: false,
      notifySystemAlerts: true,
      language: 'en',
      currentCompanyId: null,
      createdAt: now,
      tier: input.tier,
      selectedTier: input.selectedTier,
      trialStartedAt: now,
      dataPurged: false,
      videoCredits: 0,
      billingVersion: 0,
      projectsUsed: 0,
      addOns: [],
    };
    this.users.set(user.id, user);
    const companyId = this.addCompany(user.id, input.companyName, '', '');
    user.currentCompanyId = companyId;
    const ids = { userId: user.id, companyId };
    this.outbox.push(...input.events(ids));
    return ids;
  }

  async findCredentials(email: string) {
    const user = [...this.users.values()].find((u) => u.email === email);
    return user && { id: user.id, passwordHash: user.passwordHash };
  }

  async loadAccount(userId: string): Promise<AccountRow | undefined> {
    const u = this.users.get(userId);
    if (!u) return undefined;
    const current = u.currentCompanyId ? this.companies.get(u.currentCompanyId) : undefined;
    const role = this.memberships.find((m) => m.userId === userId && m.companyId === u.currentCompanyId)?.role ?? null;
    return {
      id: u.id,
      email: u.email,
      name: u.name,
      bio: u.bio,
      notifyProjectUpdates: u.notifyProjectUpdates,
      notifyMarketingEmails: u.notifyMarketingEmails,
      notifySystemAlerts: u.notifySystemAlerts,
      language: u.language,
      currentCompanyId: u.currentCompanyId,
      createdAt: u.createdAt,
      tier: u.tier,
      selectedTier: u.selectedTier,
      trialStartedAt: u.trialStartedAt,
      videoCredits: u.videoCredits,
      projectsUsed: u.projectsUsed,
      subscriptionCreatedAt: u.createdAt,
      companyName: current?.name ?? null,
      role,
      addOns: u.addOns,
    };
  }

  async listCompanies(userId: string): Promise<CompanyRow[]> {
    return this.memberships
      .filter((m) => m.userId === userId)
      .map((m) => {
        const c = this.companies.get(m.companyId)!;
        const owner = this.users.get(c.ownerUserId)!;
        return {
          id: c.id,
          name: c.name,
          website: c.website,
          logoUrl: c.logoUrl,
          ownerUserId: c.ownerUserId,
          ownerTier: owner.tier,
          currentUsers: this.memberships.filter((x) => x.companyId === c.id).length,
          currentProjects: c.projectsCount,
          createdAt: c.createdAt,
          role: m.role,
          ownerTrialStartedAt: owner.trialStartedAt,
        };
      });
  }

  async createCompanyWithinLimit(input: Parameters<AccountStore['createCompanyWithinLimit']>[0]) {
    const user = this.users.get(input.userId)!;
    const limit = input.limitFor(user.tier);
    const owned = [...this.companies.values()].filter((c) => c.ownerUserId === input.userId).length;
    if (limit !== -1 && owned >= limit) return { kind: 'limit' as const, tier: user.tier };
    const companyId = this.addCompany(input.userId, input.name, input.website, input.logoUrl);
    user.currentCompanyId ??= companyId;
    this.outbox.push(...input.events(companyId));
    return { kind: 'created' as const, companyId };
  }

  async purgeExpiredTrials(cutoff: Date, limit: number, events: (userId: string, companyIds: string[]) => OutboxEvent[]) {
    const due = [...this.users.values()]
      .filter((u) => u.tier === 'free-trial' && !u.dataPurged && u.trialStartedAt <= cutoff)
      .sort((a, b) => a.trialStartedAt.getTime() - b.trialStartedAt.getTime())
      .slice(0, limit);
    for (const u of due) {
      u.dataPurged = true;
      this.outbox.push(...events(u.id, [...this.companies.values()].filter((c) => c.ownerUserId === u.id).map((c) => c.id)));
    }
    return due.map((u) => u.id);
  }

  async findMembership(userId: string, companyId: string): Promise<MembershipRow | undefined> {
    const m = this.memberships.find((x) => x.userId === userId && x.companyId === companyId);
    if (!m) return undefined;
    const c = this.companies.get(companyId)!;
    const owner = this.users.get(c.ownerUserId)!;
    return { role: m.role, ownerTier: owner.tier, ownerUserId: owner.id, companyName: c.name, ownerAddOns: owner.addOns, ownerTrialStartedAt: owner.trialStartedAt };
  }

  async findCompanyPlan(companyId: string): Promise<CompanyPlanRow | undefined> {
    const c = this.companies.get(companyId);
    const owner = c && this.users.get(c.ownerUserId)!;
    return owner && { ownerTier: owner.tier, ownerUserId: owner.id, ownerTrialStartedAt: owner.trialStartedAt };
  }

  async setCurrentCompany(userId: string, companyId: string, events: OutboxEvent[]) {
    this.users.get(userId)!.currentCompanyId = companyId;
    this.outbox.push(...events);
  }

  async updateUser(userId: string, changes: Partial<{ name: string; bio: string; projectUpdates: boolean; marketingEmails: boolean; systemAlerts: boolean; language: InterfaceLanguage }>) {
    const u = this.users.get(userId)!;
    if (changes.name !== undefined) u.name = changes.name;
    if (changes.bio !== undefined) u.bio = changes.bio;
    if (changes.projectUpdates !== undefined) u.notifyProjectUpdates = changes.projectUpdates;
    if (changes.marketingEmails !== undefined) u.notifyMarketingEmails = changes.marketingEmails;
    if (changes.systemAlerts !== undefined) u.notifySystemAlerts = changes.systemAlerts;
    if (changes.language !== undefined) u.language = changes.language;
  }

  async renameCompany(companyId: string, name: string, events: OutboxEvent[]) {
    this.companies.get(companyId)!.name = name;
    this.outbox.push(...events);
  }

  async applyPlan(
    eventId: string,
    plan: { userId: string; tier: TierId; addOns: AddOnId[]; creditCents: number; version: number; lapsedTrialStart: Date | null },
    events: (previous: TierId) => OutboxEvent[],
  ) {
    if (this.appliedEvents.has(eventId)) return null;
    this.appliedEvents.add(eventId);
    const u = this.users.get(plan.userId);
    if (!u || u.billingVersion >= plan.version) return null;
    const previous = u.tier;
    if (previous !== 'free-trial' && plan.tier === 'free-trial' && plan.lapsedTrialStart) u.trialStartedAt = plan.lapsedTrialStart;
    Object.assign(u, { tier: plan.tier, addOns: plan.addOns, videoCredits: plan.creditCents, billingVersion: plan.version });
    this.outbox.push(...events(previous));
    return previous;
  }

  async countProject(eventId: string, input: { companyId: string; ownerUserId: string; delta: 1 | -1; countsTowardLimit: boolean }) {
    if (this.appliedEvents.has(eventId)) return false;
    this.appliedEvents.add(eventId);
    const company = this.companies.get(input.companyId);
    if (company) company.projectsCount = Math.max(company.projectsCount + input.delta, 0);
    const owner = this.users.get(input.ownerUserId);
    if (owner && input.countsTowardLimit) owner.projectsUsed = Math.max(owner.projectsUsed + input.delta, 0);
    return true;
  }

  async createSession(input: { sessionId: string; userId: string; tokenHash: string; expiresAt: Date }) {
    this.sessions.set(input.sessionId, { userId: input.userId, revokedReason: null });
    this.refreshTokens.set(input.tokenHash, { sessionId: input.sessionId, used: false, expiresAt: input.expiresAt });
  }

  async rotateRefreshToken(input: { tokenHash: string; newTokenHash: string; expiresAt: Date }): Promise<RotateResult> {
    const token = this.refreshTokens.get(input.tokenHash);
    const session = token && this.sessions.get(token.sessionId);
    if (!token || !session || session.revokedReason !== null || token.expiresAt <= this.clock()) return { kind: 'invalid' };
    if (token.used) return { kind: 'reused', userId: session.userId, sessionId: token.sessionId };
    token.used = true;
    this.refreshTokens.set(input.newTokenHash, { sessionId: token.sessionId, used: false, expiresAt: input.expiresAt });
    return { kind: 'rotated', userId: session.userId, sessionId: token.sessionId };
  }

  async findSessionByToken(tokenHash: string) {
    const token = this.refreshTokens.get(tokenHash);
    const session = token && this.sessions.get(token.sessionId);
    return session && { sessionId: token.sessionId, userId: session.userId };
  }

  async findSession(sessionId: string) {
    const session = this.sessions.get(sessionId);
    return session && { userId: session.userId, revoked: session.revokedReason !== null };
  }

  async revokeSession(sessionId: string, reason: string, events: OutboxEvent[]) {
    const session = this.sessions.get(sessionId);
    if (!session || session.revokedReason !== null) return false;
    session.revokedReason = reason;
    this.outbox.push(...events);
    return true;
  }

  private addCompany(ownerUserId: string, name: string, website: string, logoUrl: string): string {
    const id = randomUUID();
    this.companies.set(id, { id, name, website, logoUrl, ownerUserId, projectsCount: 0, createdAt: this.clock() });
    this.memberships.push({ companyId: id, userId: ownerUserId, role: 'owner' });
    return id;
  }
}

/** The tokens' settings the unit tests sign with (a fresh Ed25519 key). */
export const TOKEN_SETTINGS = {
  privateKeyPem: generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  issuer: 'trainwright-auth',
  audience: 'trainwright',
  accessTtlSeconds: 900,
  refreshTtlSeconds: 30 * 86_400,
  keyId: 'test',
};

export interface FakeAuthDeps extends AuthDeps {
  accounts: FakeAccountStore;
  /** How many times an operation asked for the outbox to be published now. */
  writes: { count: number };
  /** The time deps.clock answers; tests move it. */
  time: { now: Date };
}

export function fakeAuthDeps(now = new Date('2026-03-01T12:00:00Z')): FakeAuthDeps {
  const time = { now };
  const clock = () => time.now;
  const writes = { count: 0 };
  return { accounts: new FakeAccountStore(clock), tokens: new TokenIssuer(TOKEN_SETTINGS), clock, afterWrite: () => void writes.count++, writes, time };
}
