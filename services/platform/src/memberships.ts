// Memberships as the auth service knows them, read over gRPC: the one way a service asks who may
// do what in a company. Each service's repositories/membership.repository.ts builds on this.
import { isRole, isTierId, isTrialState, type Role, type TierId, type TrialState } from '@trainwright/catalogue';
import { AuthServiceClient, AuthServiceService } from '@trainwright/proto/trainwright/auth/v1/auth';
import type { MembershipSource } from './authz.js';
import { AppError } from './errors.js';
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
}

export interface CallerCompany {
  companyId: string;
  companyName: string;
  role: Role;
  ownerTier: TierId;
  ownerUserId: string;
  members: number;
  ownerTrialState: TrialState;
}

export interface CallerCompanies {
  currentCompanyId: string;
  companies: CallerCompany[];
}

export class AuthMemberships implements MembershipSource {
  private readonly auth: PromiseClient<typeof AuthServiceService>;

  constructor(authAddress: string, options: { deadlineMs: number } = { deadlineMs: 5000 }) {
    this.auth = createGrpcClient(AuthServiceClient as never, AuthServiceService, authAddress, options);
  }

  /** The caller's membership of the company, or null when they are not a member. */
  async find(userId: string, companyId: string): Promise<Membership | null> {
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
      };
    } catch (error) {
      if (error instanceof AppError && error.status === 404) return null;
      throw error;
    }
  }

  async roleOf(userId: string, companyId: string): Promise<Role | null> {
    return (await this.find(userId, companyId))?.role ?? null;
  }

  /** Every company the caller belongs to, with the one they work in now. */
  async companiesOf(userId: string): Promise<CallerCompanies> {
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
      });
    }
    return { currentCompanyId, companies: list };
  }

  close(): void {
    this.auth.close();
  }
}
