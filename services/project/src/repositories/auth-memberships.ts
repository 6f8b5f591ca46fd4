// The caller's companies and roles, asked of the auth service over gRPC.
import { isRole, isTierId } from '@trainwright/catalogue';
import type { PromiseClient } from '@trainwright/platform';
import type { AuthServiceService } from '@trainwright/proto/trainwright/auth/v1/auth';
import type { CallerCompanies, Memberships } from '../services/project.service.js';

export class AuthMemberships implements Memberships {
  constructor(private readonly auth: PromiseClient<typeof AuthServiceService>) {}

  async of(userId: string): Promise<CallerCompanies> {
    const { companies, currentCompanyId } = await this.auth.listCompanies({ userId }, { userId });
    const list = companies
      .filter((c) => isRole(c.role) && isTierId(c.subscriptionTier))
      .map((c) => ({
        companyId: c.id,
        companyName: c.name,
        role: c.role as 'owner',
        ownerTier: c.subscriptionTier as 'free-trial',
        ownerUserId: c.ownerUserId,
        members: c.currentUsers,
      }));
    return { currentCompanyId, companies: list };
  }
}
