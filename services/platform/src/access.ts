// The one access check for a company's things: may this user do this action here? Every service
// asks it through its membership repository (auth's memberships, kept in the process). A company
// the caller does not belong to is NOT_FOUND (the thing's existence is not revealed); a member whose
// role lacks the action (the catalogue's role matrix) is FORBIDDEN; a company whose plan and add-ons
// lack a capability the action needs is FEATURE_NOT_AVAILABLE. Reads may be answered from kept
// memberships; every other action asks auth afresh, so a write sees a role just taken away.
import { isReadAction, roleAllows, upgradeRequiredMessage, type Action, type Capability, type Role } from '@trainwright/catalogue';
import { AppError, MESSAGES } from './errors.js';
import type { MembershipReadOptions } from './memberships.js';

/** What the check needs of a membership; services get back the whole one their lookup returns. */
export interface MembershipFacts {
  role: Role;
  /** The company's effective capabilities: the owner's plan plus their add-ons. */
  capabilities: string[];
}

export interface MembershipLookup<M extends MembershipFacts> {
  /** The caller's membership of the company, or null when they are not a member. */
  find(userId: string, companyId: string, options?: MembershipReadOptions): Promise<M | null>;
}

export interface AccessRequest {
  userId: string;
  companyId: string;
  action: Action;
  /** A capability the company's plan must include for this action. */
  capability?: Capability;
  /** Ask auth even when a kept answer exists; by default every action but a read does. */
  fresh?: boolean;
  /** The NOT_FOUND message, named after the thing asked for ('Project not found'). */
  notFoundMessage?: string;
}

export class Access<M extends MembershipFacts> {
  constructor(private readonly memberships: MembershipLookup<M>) {}

  /** The caller's membership when the action is allowed; throws UNAUTHENTICATED, NOT_FOUND, FORBIDDEN or FEATURE_NOT_AVAILABLE. */
  async require(request: AccessRequest): Promise<M> {
    const { userId, companyId, action, capability, notFoundMessage = MESSAGES.notFound } = request;
    if (!userId) throw new AppError('UNAUTHENTICATED', MESSAGES.unauthenticated);
    const fresh = request.fresh ?? !isReadAction(action);
    const membership = companyId ? await this.memberships.find(userId, companyId, { fresh }) : null;
    Access.decide(membership?.role, action, notFoundMessage);
    if (capability && !membership!.capabilities.includes(capability)) throw new AppError('FEATURE_NOT_AVAILABLE', upgradeRequiredMessage(capability));
    return membership!;
  }

  /**
   * The decision alone, for a caller that holds the role already (from the company list it read to
   * filter by): null (not a member) is NOT_FOUND, a role lacking the action is FORBIDDEN.
   */
  static decide(role: Role | null | undefined, action: Action, notFoundMessage: string = MESSAGES.notFound): Role {
    if (!role) throw new AppError('NOT_FOUND', notFoundMessage);
    if (!roleAllows(role, action)) throw new AppError('FORBIDDEN', MESSAGES.forbidden);
    return role;
  }
}
