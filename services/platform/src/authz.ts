// The one authorisation check for company-owned resources. A resource of a company the caller
// does not belong to is NOT_FOUND (its existence is not revealed); a member whose role lacks the
// action gets FORBIDDEN.
import { roleAllows, type Action, type Role } from '@trainwright/catalogue';
import { AppError, MESSAGES } from './errors.js';

export interface MembershipSource {
  /** The caller's role in the company, or null when they are not a member. */
  roleOf(userId: string, companyId: string): Promise<Role | null>;
}

export class Authoriser {
  constructor(private readonly memberships: MembershipSource) {}

  /** Resolves the caller's role when allowed; throws NOT_FOUND or FORBIDDEN otherwise. */
  async require(userId: string, companyId: string, action: Action, notFoundMessage: string = MESSAGES.notFound): Promise<Role> {
    if (!userId) throw new AppError('UNAUTHENTICATED', MESSAGES.unauthenticated);
    const role = companyId ? await this.memberships.roleOf(userId, companyId) : null;
    return Authoriser.decide(role, action, notFoundMessage);
  }

  /**
   * The decision alone, for a caller that already holds the role (e.g. from the company list it
   * fetched anyway): null (not a member) is NOT_FOUND, a role lacking the action is FORBIDDEN.
   */
  static decide(role: Role | null | undefined, action: Action, notFoundMessage: string = MESSAGES.notFound): Role {
    if (!role) throw new AppError('NOT_FOUND', notFoundMessage);
    if (!roleAllows(role, action)) throw new AppError('FORBIDDEN', MESSAGES.forbidden);
    return role;
  }
}
