// The signed-in user's account: the User view, trial status, profile, companies, memberships,
// and the plan billing decides (applied as a projection of its subscription.changed).
import {
  TIERS,
  companyLimitMessage,
  computeTrialStatus,
  trialStateUntilMs,
  effectiveCapabilities,
  retentionCutoff,
  type AddOnId,
  type Role,
  type TierId,
  type TrialState,
  type TrialStatus,
} from '@trainwright/catalogue';
import { Access, AppError, MESSAGES, isUuid } from '@trainwright/platform';
import type { AccountRepository, AccountRow, CompanyRow, MembershipRow } from '../repositories/account.repository.js';
import { authEvents } from './events.js';
import { LIMITS, requiredText, validateBio, validateCompany } from './validation.js';

export const COMPANY_NOT_FOUND = 'Company not found';

export interface AccountView extends AccountRow {
  capabilities: ReturnType<typeof effectiveCapabilities>;
}

/** A company or membership with its owner's trial state, computed now (new work stops when it ends). */
export type WithOwnerTrial<T> = T & { ownerTrialState: TrialState; ownerTrialStateUntilMs: number };

export interface CompaniesView {
  companies: Array<WithOwnerTrial<CompanyRow>>;
  currentCompanyId: string;
  companyLimit: number;
  ownedCount: number;
}

export interface ProfileChanges {
  name?: string;
  companyName?: string;
  bio?: string;
  notifications?: { projectUpdates: boolean; marketingEmails: boolean; systemAlerts: boolean };
}

export class AccountService {
  constructor(
    private readonly accounts: AccountRepository,
    private readonly clock: () => Date = () => new Date(),
    private readonly afterWrite: () => void = () => undefined,
  ) {}

  async me(userId: string): Promise<AccountView> {
    const row = await this.accounts.loadAccount(userId);
    if (!row) throw new AppError('UNAUTHENTICATED', MESSAGES.unauthenticated);
    return { ...row, capabilities: effectiveCapabilities(row.tier, row.addOns) };
  }

  /** Applies a project created or deleted once per event; false when the event was applied before. */
  countProject(eventId: string, change: { companyId: string; ownerUserId: string; delta: 1 | -1; countsTowardLimit: boolean }): Promise<boolean> {
    return this.accounts.countProject(eventId, change);
  }

  async trialStatus(userId: string): Promise<TrialStatus> {
    const account = await this.me(userId);
    return computeTrialStatus({
      tier: account.tier,
      trialStartedAt: account.trialStartedAt,
      videoCredits: account.videoCredits,
      now: this.clock(),
    });
  }

  async companies(userId: string): Promise<CompaniesView> {
    const [account, companies] = await Promise.all([this.me(userId), this.accounts.listCompanies(userId)]);
    return {
      companies: companies.map((c) => this.withOwnerTrial(c)),
      currentCompanyId: account.currentCompanyId ?? '',
      companyLimit: TIERS[account.tier].limits.companyLimit,
      ownedCount: companies.filter((c) => c.ownerUserId === userId).length,
    };
  }

  async createCompany(userId: string, input: { name?: string; website?: string; logoUrl?: string }): Promise<WithOwnerTrial<CompanyRow>> {
    const valid = validateCompany(input);
    const result = await this.accounts.createCompanyWithinLimit({
      userId,
      name: valid.name,
      website: valid.website,
      logoUrl: valid.logoUrl,
      limitFor: (tier) => TIERS[tier].limits.companyLimit,
      events: (companyId) => [authEvents.companyCreated({ companyId, ownerUserId: userId, name: valid.name })],
    });
    if (result.kind === 'limit') throw new AppError('PLAN_LIMIT_REACHED', companyLimitMessage(result.tier));
    this.afterWrite();
    const created = (await this.accounts.listCompanies(userId)).find((c) => c.id === result.companyId);
    if (!created) throw new AppError('INTERNAL', MESSAGES.server);
    return this.withOwnerTrial(created);
  }

  async switchCompany(userId: string, companyId: string): Promise<AccountView> {
    const membership = isUuid(companyId) ? await this.accounts.findMembership(userId, companyId) : undefined;
    if (!membership) throw new AppError('COMPANY_NOT_FOUND', COMPANY_NOT_FOUND);
    await this.accounts.setCurrentCompany(userId, companyId, [authEvents.companySwitched({ userId, companyId })]);
    this.afterWrite();
    return this.me(userId);
  }

  /** The caller's role in a company; NOT_FOUND for a non-member (or a malformed id). */
  async membership(userId: string, companyId: string): Promise<WithOwnerTrial<MembershipRow>> {
    const membership = isUuid(companyId) ? await this.accounts.findMembership(userId, companyId) : undefined;
    if (!membership) throw AppError.notFound();
    return this.withOwnerTrial(membership);
  }

  private withOwnerTrial<T extends { ownerTier: TierId; ownerTrialStartedAt: Date }>(row: T): WithOwnerTrial<T> {
    const trial = computeTrialStatus({ tier: row.ownerTier, trialStartedAt: row.ownerTrialStartedAt, videoCredits: 0, now: this.clock() });
    return { ...row, ownerTrialState: trial.status, ownerTrialStateUntilMs: trialStateUntilMs(trial) };
  }

  async updateProfile(userId: string, changes: ProfileChanges): Promise<AccountView> {
    const account = await this.me(userId);
    const name = changes.name === undefined ? undefined : requiredText('name', changes.name, LIMITS.name);
    const bio = changes.bio === undefined ? undefined : validateBio(changes.bio);
    if (changes.companyName !== undefined) {
      const companyName = requiredText('company_name', changes.companyName, LIMITS.company, 'Company name is required');
      if (companyName !== account.companyName) {
        if (!account.currentCompanyId || !account.role) throw AppError.validation('company_name', 'Select a company first');
        Access.decide(account.role, 'company.update');
        await this.accounts.renameCompany(account.currentCompanyId, companyName, [authEvents.companyRenamed({ companyId: account.currentCompanyId, name: companyName })]);
        this.afterWrite();
      }
    }
    await this.accounts.updateUser(userId, { name, bio, ...changes.notifications });
    return this.me(userId);
  }

  /**
   * Sends account.data_expired for every trial past its data retention that never upgraded (the
   * project and media services delete the data); each account once. Returns the accounts purged.
   */
  async purgeExpiredTrials(batch = 100): Promise<number> {
    let purged = 0;
    for (;;) {
      const userIds = await this.accounts.purgeExpiredTrials(retentionCutoff(this.clock()), batch, (userId, companyIds) => [
        authEvents.accountDataExpired({ userId, companyIds }),
      ]);
      purged += userIds.length;
      if (userIds.length > 0) this.afterWrite();
      if (userIds.length < batch) return purged;
    }
  }

  /**
   * Applies billing's subscription.changed (the effective tier, add-ons and credit balance) once,
   * in version order, and announces account.plan_changed so kept memberships are dropped.
   */
  async applyPlan(eventId: string, plan: { userId: string; tier: TierId; addOns: AddOnId[]; creditCents: number; version: number }): Promise<boolean> {
    // A paid plan that ended is an ended trial from now: its grace period, then data retention.
    const lapsedTrialStart = new Date(this.clock().getTime() - TIERS['free-trial'].limits.trialDays * 86_400_000);
    const previous = await this.accounts.applyPlan(eventId, { ...plan, lapsedTrialStart }, (prev) => [
      authEvents.accountPlanChanged({ userId: plan.userId, tier: plan.tier, previousTier: prev, addOns: plan.addOns }),
    ]);
    if (previous === null) return false;
    this.afterWrite();
    return true;
  }
}
