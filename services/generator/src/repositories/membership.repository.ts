// Memberships as auth knows them (the platform's one gRPC reader): the company's capabilities
// that unlock quality scoring and the AI services.
import { AppError, AuthMemberships } from '@trainwright/platform';
import type { CapabilitySource } from '../services/ports.js';

export class MembershipRepository extends AuthMemberships implements CapabilitySource {
  /** NOT_FOUND when the caller is not a member of the company. */
  async capabilitiesOf(userId: string, companyId: string): Promise<string[]> {
    const membership = await this.find(userId, companyId);
    if (!membership) throw AppError.notFound();
    return membership.capabilities;
  }
}
