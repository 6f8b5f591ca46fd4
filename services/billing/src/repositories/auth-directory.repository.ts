// The auth service as billing sees it (gRPC): who the user is (for the provider's customer) and
// what they use (for a downgrade's check: their companies from the platform's membership
// repository, read fresh, as every service reads them).
import { accountUsage, type PlanUsage } from '@trainwright/catalogue';
import { AuthMemberships, createGrpcClient, type PromiseClient } from '@trainwright/platform';
import { AuthServiceClient, AuthServiceService } from '@trainwright/proto/trainwright/auth/v1/auth';
import type { AuthDirectory } from '../services/billing/deps.js';

export class AuthDirectoryRepository implements AuthDirectory {
  private readonly client: PromiseClient<typeof AuthServiceService>;
  private readonly memberships: AuthMemberships;

  constructor(authAddress: string, options: { deadlineMs: number }) {
    this.client = createGrpcClient(AuthServiceClient as never, AuthServiceService, authAddress, options);
    this.memberships = new AuthMemberships(authAddress, options);
  }

  async profile(userId: string): Promise<{ email: string; name: string }> {
    const me = await this.client.getMe({ userId }, { userId });
    return { email: me.email, name: me.name };
  }

  async usage(userId: string): Promise<PlanUsage> {
    const [me, { companies }] = await Promise.all([this.client.getMe({ userId }, { userId }), this.memberships.companiesOf(userId, { fresh: true })]);
    return accountUsage({ projectsUsed: me.subscription?.projectsUsed ?? 0, companies: companies.map((c) => ({ ownerUserId: c.ownerUserId, currentUsers: c.members })) }, userId);
  }

  close(): void {
    this.client.close();
    this.memberships.close();
  }
}
