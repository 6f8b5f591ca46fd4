// Memberships as auth knows them (the platform's one gRPC reader): the plan and capabilities
// voices are unlocked by, and the owner downloads are counted against.
import type { TierId } from '@trainwright/catalogue';
import { AuthMemberships } from '@trainwright/platform';
import type { Memberships, OwnedPlans } from '../services/ports.js';

export class MembershipRepository extends AuthMemberships implements Memberships, OwnedPlans {
  /** The plan of the companies the user owns (each carries its owner's tier), or null when they own none. */
  async ownedTier(userId: string): Promise<TierId | null> {
    const { companies } = await this.companiesOf(userId);
    return companies.find((c) => c.ownerUserId === userId)?.ownerTier ?? null;
  }
}
