// The auth service as billing sees it (gRPC): who the user is (for the provider's customer) and
// what they use (for a downgrade's check).
import { accountUsage, type PlanUsage } from '@trainwright/catalogue';
import { createGrpcClient, type PromiseClient } from '@trainwright/platform';
import { AuthServiceClient, AuthServiceService } from '@trainwright/proto/trainwright/auth/v1/auth';
import type { AuthDirectory } from '../services/stores.js';

export class AuthDirectoryRepository implements AuthDirectory {
  private readonly client: PromiseClient<typeof AuthServiceService>;

  constructor(authAddress: string, options: { deadlineMs: number }) {
    this.client = createGrpcClient(AuthServiceClient as never, AuthServiceService, authAddress, options);
  }

  async profile(userId: string): Promise<{ email: string; name: string }> {
    const me = await this.client.getMe({ userId }, { userId });
    return { email: me.email, name: me.name };
  }

  async usage(userId: string): Promise<PlanUsage> {
    const [me, companies] = await Promise.all([this.client.getMe({ userId }, { userId }), this.client.listCompanies({ userId }, { userId })]);
    return accountUsage({ projectsUsed: me.subscription?.projectsUsed ?? 0, companies: companies.companies }, userId);
  }

  close(): void {
    this.client.close();
  }
}
