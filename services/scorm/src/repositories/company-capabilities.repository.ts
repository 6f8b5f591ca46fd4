// The capabilities of a company's plan read from auth without a caller (a public page of the company
// asks): its owner, then the owner's membership, which carries the plan and add-ons' capabilities
// and is kept in the process (platform AuthMemberships).
import { createGrpcClient, type Membership, type MembershipLookup, type PromiseClient } from '@trainwright/platform';
import { AuthServiceClient, AuthServiceService } from '@trainwright/proto/trainwright/auth/v1/auth';
import type { CompanyCapabilities } from '../services/xapi/share-link-tracking.js';

export class CompanyCapabilitiesRepository implements CompanyCapabilities {
  private readonly auth: PromiseClient<typeof AuthServiceService>;

  constructor(
    authAddress: string,
    options: { deadlineMs: number },
    private readonly memberships: MembershipLookup<Membership>,
  ) {
    this.auth = createGrpcClient(AuthServiceClient as never, AuthServiceService, authAddress, options);
  }

  async capabilities(companyId: string): Promise<readonly string[]> {
    const { ownerUserId } = await this.auth.getCompanyPlan({ companyId });
    return (await this.memberships.find(ownerUserId, companyId))?.capabilities ?? [];
  }

  close(): void {
    this.auth.close();
  }
}
