// Memberships as the auth service knows them, read over gRPC: the one way a service (and the
// gateway's event feed) asks who may do what in a company; decisions are the access check's (access.ts).
// After follow(bus), answers are kept in the process and dropped when auth announces a change
// (company.*, member.*, account.plan_changed), when the owner's trial state changes, or after a minute at
// most, so reads cost no call to auth; writes ask with { fresh: true } and see their own changes.
import { isRole, isTierId, isTrialState, type Role, type TierId, type TrialState } from '@trainwright/catalogue';
import { AuthServiceClient, AuthServiceService } from '@trainwright/proto/trainwright/auth/v1/auth';
import { AccountPlanChanged, CompanyCreated, CompanyMembersChanged, CompanyRenamed, CompanySwitched } from '@trainwright/proto/trainwright/events/v1/events';
import { LRUCache } from 'lru-cache';
import type { MembershipLookup } from './access.js';
import { AppError } from './errors.js';
import type { EventBus } from './events.js';
import type { Opened } from './lifecycle.js';
import { createGrpcClient, type PromiseClient } from './grpc/client.js';

export interface Membership {
  companyId: string;
  companyName: string;
  role: Role;
  /** The plan of the company's owner, which sets the company's limits. */
  ownerTier: TierId;
  ownerUserId: string;
  /** The company's effective capabilities: the owner's plan plus their active add-ons. */
  capabilities: string[];
  /** The owner's trial state; new generation and rendering stop when the trial is over. */
  ownerTrialState: TrialState;
  /** When ownerTrialState next changes (ms since the epoch); 0 when it does not. */
  ownerTrialStateUntilMs: number;
}

export interface CallerCompany {
  companyId: string;
  companyName: string;
  role: Role;
  ownerTier: TierId;
  ownerUserId: string;
  members: number;
  ownerTrialState: TrialState;
  ownerTrialStateUntilMs: number;
  /** The company's website as its owner typed it ('' when none). */
  website?: string;
}

/**
 * The plan of a company's owner as a job carries it: read once, fresh, by the service that creates
 * the job, so the workers of a generation or render never ask auth again. A job accepted while the
 * owner's trial ran finishes; the next one is refused.
 */
export interface OwnerPlan {
  tier: TierId;
  trialState: TrialState;
}

/** The owner's plan of a company the caller already holds (an access check's answer). */
export function ownerPlanOf(company: Pick<CallerCompany, 'ownerTier' | 'ownerTrialState'>): OwnerPlan {
  return { tier: company.ownerTier, trialState: company.ownerTrialState };
}

/** Where a service that creates a job reads the owner's plan it carries. */
export interface CompanyPlans {
  /** Always asks auth (a job is created with the plan as it is now); NOT_FOUND for an unknown company. */
  companyPlan(companyId: string): Promise<OwnerPlan>;
}

export interface CallerCompanies {
  currentCompanyId: string;
  companies: CallerCompany[];
}

/** How a read may be answered: `fresh` asks auth even when a kept answer exists (for writes). */
export interface MembershipReadOptions {
  fresh?: boolean;
}

/** The longest an answer is kept when no event drops it first (a missed event heals within this). */
export const MEMBERSHIP_KEEP_MS = 60_000;

/**
 * A composition root's memberships: auth's answers kept and dropped on its events, closed with
 * the rest of what the service opened.
 */
export async function openAuthMemberships(opened: Opened, config: { AUTH_SERVICE_ADDR: string; GRPC_DEADLINE_MS: number }, bus: EventBus): Promise<AuthMemberships> {
  const memberships = opened.own(new AuthMemberships(config.AUTH_SERVICE_ADDR, { deadlineMs: config.GRPC_DEADLINE_MS }));
  await memberships.follow(bus);
  return memberships;
}

export class AuthMemberships implements MembershipLookup<Membership>, CompanyPlans {
  private readonly auth: PromiseClient<typeof AuthServiceService>;
  private readonly kept = new MembershipCache();

  constructor(authAddress: string, options: { deadlineMs: number } = { deadlineMs: 5000 }) {
    this.auth = createGrpcClient(AuthServiceClient as never, AuthServiceService, authAddress, options);
  }

  /**
   * Keeps answers from now on, dropping them on auth's events. Without this call every read asks
   * auth (what a one-off process such as a test or a script wants).
   */
  async follow(bus: EventBus): Promise<void> {
    await this.kept.follow(bus);
  }

  /** The caller's membership of the company, or null when they are not a member. */
  find(userId: string, companyId: string, options: MembershipReadOptions = {}): Promise<Membership | null> {
    return this.kept.read(`m:${userId}:${companyId}`, userId, options, () => this.fetchMembership(userId, companyId), (m) => (m ? [m] : []));
  }

  /** Every company the caller belongs to, with the one they work in now. */
  companiesOf(userId: string, options: MembershipReadOptions = {}): Promise<CallerCompanies> {
    return this.kept.read(`c:${userId}`, userId, options, () => this.fetchCompanies(userId), (c) => c.companies);
  }

  /** The company the user owns, which carries the plan they pay for (their downloads and storage count against it); null when they own none. */
  async ownedCompany(userId: string, options: MembershipReadOptions = {}): Promise<CallerCompany | null> {
    return ownedCompanyOf((await this.companiesOf(userId, options)).companies, userId);
  }

  async companyPlan(companyId: string): Promise<OwnerPlan> {
    const plan = await this.auth.getCompanyPlan({ companyId });
    if (!isTierId(plan.ownerTier) || !isTrialState(plan.ownerTrialState)) throw new Error(`auth answered an unknown plan for company ${companyId}`);
    return { tier: plan.ownerTier, trialState: plan.ownerTrialState };
  }

  /**
   * What a company's plan grants (its owner's tier and add-ons), without a caller: for a public
   * page of the company. The owner's membership is read (and kept) as any other.
   */
  async companyCapabilities(companyId: string): Promise<readonly string[]> {
    const { ownerUserId } = await this.auth.getCompanyPlan({ companyId });
    return (await this.find(ownerUserId, companyId))?.capabilities ?? [];
  }

  close(): void {
    this.auth.close();
  }

  private async fetchMembership(userId: string, companyId: string): Promise<Membership | null> {
    try {
      const m = await this.auth.getMembership({ userId, companyId }, { userId });
      if (!isRole(m.role) || !isTierId(m.ownerTier) || !isTrialState(m.ownerTrialState)) return null;
      return {
        companyId: m.companyId,
        companyName: m.companyName,
        role: m.role,
        ownerTier: m.ownerTier,
        ownerUserId: m.ownerUserId,
        capabilities: m.capabilities,
        ownerTrialState: m.ownerTrialState,
        ownerTrialStateUntilMs: m.ownerTrialStateUntilMs,
      };
    } catch (error) {
      if (error instanceof AppError && error.status === 404) return null;
      throw error;
    }
  }

  private async fetchCompanies(userId: string): Promise<CallerCompanies> {
    const { companies, currentCompanyId } = await this.auth.listCompanies({ userId }, { userId });
    const list: CallerCompany[] = [];
    for (const c of companies) {
      if (!isRole(c.role) || !isTierId(c.subscriptionTier) || !isTrialState(c.ownerTrialState)) continue;
      list.push({
        companyId: c.id,
        companyName: c.name,
        role: c.role,
        ownerTier: c.subscriptionTier,
        ownerUserId: c.ownerUserId,
        members: c.currentUsers,
        ownerTrialState: c.ownerTrialState,
        ownerTrialStateUntilMs: c.ownerTrialStateUntilMs,
        website: c.website,
      });
    }
    return { currentCompanyId, companies: list };
  }
}

/** Of the caller's companies, the one they own (every account owns the company it registered with). */
export function ownedCompanyOf(companies: CallerCompany[], userId: string): CallerCompany | null {
  return companies.find((c) => c.ownerUserId === userId) ?? null;
}

/** The companies an answer speaks of: an event about one of them (or their owner) drops it. */
type Concerned = Pick<CallerCompany, 'companyId' | 'ownerUserId' | 'ownerTrialStateUntilMs'>;

interface KeptAnswer {
  userId: string;
  companies: Concerned[];
  value: unknown;
}

/**
 * Answers of auth kept per process, each dropped by the first of: an event naming its user, one
 * of its companies or one of their owners; its owners' next trial change; MEMBERSHIP_KEEP_MS.
 * A read that started before a drop does not keep its (possibly older) answer.
 */
export class MembershipCache {
  // Expiry reads the cache's clock too, so a trial change comes due by the same time the keep used.
  private readonly answers = new LRUCache<string, KeptAnswer>({ max: 20_000, perf: { now: () => this.clock() }, ttlResolution: 0 });
  private readonly pending = new Map<string, Promise<unknown>>();
  private following = false;
  /** Bumped on every drop: an answer fetched across a drop is not kept. */
  private epoch = 0;

  constructor(private readonly clock: () => number = Date.now) {}

  async follow(bus: EventBus): Promise<void> {
    // From a moment ago: an answer kept from now on cannot predate an event this misses.
    const since = new Date(this.clock() - 1000);
    await bus.subscribeFrom(since, 'company.*', async (event) => {
      if (event.subject === 'company.created') this.drop({ userId: CompanyCreated.decode(event.data).ownerUserId });
      else if (event.subject === 'company.switched') this.drop({ userId: CompanySwitched.decode(event.data).userId });
      else if (event.subject === 'company.renamed') this.drop({ companyId: CompanyRenamed.decode(event.data).companyId });
    });
    // A member joined, changed role or left: what was kept of them and of the company goes.
    await bus.subscribeFrom(since, 'member.*', async (event) => {
      const { userId, companyId } = CompanyMembersChanged.decode(event.data);
      this.drop({ userId, companyId });
    });
    // Auth's own fact that it applied a plan change (not billing's subscription.changed, which
    // auth may not have applied yet: an answer fetched in between would be kept stale).
    await bus.subscribeFrom(since, 'account.plan_changed', async (event) => {
      this.drop({ ownerUserId: AccountPlanChanged.decode(event.data).userId });
    });
    this.following = true;
  }

  async read<T>(key: string, userId: string, options: MembershipReadOptions, fetch: () => Promise<T>, companiesOf: (value: T) => Concerned[]): Promise<T> {
    if (!this.following) return fetch();
    if (!options.fresh) {
      const kept = this.answers.get(key);
      if (kept) return kept.value as T;
      const inFlight = this.pending.get(key);
      if (inFlight) return inFlight as Promise<T>;
    }
    const epoch = this.epoch;
    const reading = fetch().then((value) => {
      if (epoch === this.epoch) this.keep(key, userId, value, companiesOf(value));
      return value;
    });
    if (!options.fresh) {
      this.pending.set(key, reading);
      void reading.finally(() => this.pending.get(key) === reading && this.pending.delete(key)).catch(() => undefined);
    }
    return reading;
  }

  /** Drops every answer about the user, the company, or a company the owner owns. */
  drop(about: { userId?: string; companyId?: string; ownerUserId?: string }): void {
    this.epoch += 1;
    this.pending.clear();
    for (const [key, kept] of this.answers.entries()) {
      const concerned =
        kept.userId === about.userId ||
        kept.companies.some((c) => c.companyId === about.companyId || c.ownerUserId === about.ownerUserId);
      if (concerned) this.answers.delete(key);
    }
  }

  get size(): number {
    return this.answers.size;
  }

  private keep(key: string, userId: string, value: unknown, companies: Concerned[]): void {
    const now = this.clock();
    const changes = companies.map((c) => c.ownerTrialStateUntilMs).filter((t) => t > 0);
    const ttl = Math.min(MEMBERSHIP_KEEP_MS, ...changes.map((t) => t - now));
    if (ttl <= 0) return;
    this.answers.set(key, { userId, companies: companies.map((c) => ({ companyId: c.companyId, ownerUserId: c.ownerUserId, ownerTrialStateUntilMs: c.ownerTrialStateUntilMs })), value }, { ttl });
  }
}
