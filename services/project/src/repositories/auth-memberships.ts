// The caller's companies and roles, asked of the auth service over gRPC.
import { isRole, isTierId } from '@trainwright/catalogue';
import type { PromiseClient } from '@trainwright/platform';
import type { AuthServiceService } from '@trainwright/proto/trainwright/auth/v1/auth';
import type { Memberships } from '../services/project.service.js';

export class AuthMemberships implements Memberships {
  constructor(private readonly auth: PromiseClient<typeof AuthServiceService>) {}

  async companiesOf(userId: string) {
    const { companies } = await this.auth.listCompanies({ userId }, { userId });
    return companies
      .filter((c) => isRole(c.role) && isTierId(c.subscriptionTier))
      .map((c) => ({
        companyId: c.id,
        companyName: c.name,
        role: c.role as 'owner',
        ownerTier: c.subscriptionTier as 'free-trial',
        ownerUserId: c.ownerUserId,
        members: c.currentUsers,
      }));
  }

  async currentCompanyOf(userId: string): Promise<string> {
    const { currentCompanyId } = await this.auth.listCompanies({ userId }, { userId });
    return currentCompanyId;
  }
}
