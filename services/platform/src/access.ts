// The one access check for a company's things: may this user do this action here? Every service
// asks it through its membership repository (auth's memberships, kept in the process). A company
// the caller does not belong to is NOT_FOUND (the thing's existence is not revealed); a member whose
// role lacks the action (the catalogue's role matrix) is FORBIDDEN; a company whose plan and add-ons
// lack a capability the action needs is FEATURE_NOT_AVAILABLE. Reads may be answered from kept
// memberships; every other action asks auth afresh, so a write sees a role just taken away.
//
// Every gRPC method says how it reaches company data (an AccessTable beside its handlers); the
// server runs a method that names an action inside an access trail and refuses to answer one that
// returned without a decision here (grpc/server.ts), so a new method cannot skip the check quietly.
import { AsyncLocalStorage } from 'node:async_hooks';
import { isReadAction, roleAllows, upgradeRequiredMessage, type Action, type Capability, type Role } from '@trainwright/catalogue';
import { AppError, MESSAGES } from './errors.js';
import type { MembershipReadOptions } from './memberships.js';
import { accessDecisions } from './metrics.js';

/**
 * How one gRPC method reaches company data. `action`: it decides through Access on the company of
 * the thing the request names (the action a stranger is refused at). The others say why no
 * membership decides: `self` the caller's own account only; `public` another credential (a share
 * token, a password, a provider's signature); `internal` only other services call it (named),
 * never with a user's request; `delegated` another service's method decides before anything is touched.
 */
export type MethodAccess = { action: Action } | { self: string } | { public: string } | { internal: string } | { delegated: string };

/** One MethodAccess per method of a ts-proto service definition: a method without one does not compile. */
export type AccessTable<S> = { [K in keyof S]: MethodAccess };

/** The decisions made while one gRPC call that names an action is handled. */
export interface AccessTrail {
  decisions: number;
}

export const accessTrail = new AsyncLocalStorage<AccessTrail>();

type Outcome = 'allowed' | 'not_found' | 'forbidden' | 'unauthenticated' | 'feature_not_available' | 'listed';

/** What grants an answer no membership decides (Access.grantedWithoutMembership). */
export type NonMemberGrant = 'share_token' | 'library';

function record(action: Action | 'none', outcome: Outcome | NonMemberGrant): void {
  accessDecisions.inc({ action, outcome });
  const trail = accessTrail.getStore();
  if (trail) trail.decisions++;
}

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
    if (!userId) return refuse(action, 'unauthenticated', new AppError('UNAUTHENTICATED', MESSAGES.unauthenticated));
    const fresh = request.fresh ?? !isReadAction(action);
    const membership = companyId ? await this.memberships.find(userId, companyId, { fresh }) : null;
    const refusal = roleRefusal(membership?.role, action, notFoundMessage);
    if (refusal) return refuse(action, ...refusal);
    if (capability && !membership!.capabilities.includes(capability)) {
      return refuse(action, 'feature_not_available', new AppError('FEATURE_NOT_AVAILABLE', upgradeRequiredMessage(capability)));
    }
    record(action, 'allowed');
    return membership!;
  }

  /**
   * The decision alone, for a caller that holds the role already (from the company list it read to
   * filter by): null (not a member) is NOT_FOUND, a role lacking the action is FORBIDDEN.
   */
  static decide(role: Role | null | undefined, action: Action, notFoundMessage: string = MESSAGES.notFound): Role {
    const refusal = roleRefusal(role, action, notFoundMessage);
    if (refusal) return refuse(action, ...refusal);
    record(action, 'allowed');
    return role!;
  }

  /** For a list across the caller's companies: those whose role allows the action. */
  static among<C extends { role: Role }>(companies: C[], action: Action): C[] {
    record(action, 'listed');
    return companies.filter((c) => roleAllows(c.role, action));
  }

  /**
   * Marks an answer of a method that names an action as granted by something other than a
   * membership: a share link's token (checked by the project service), or library data of no
   * company (a library voice's sample).
   */
  static grantedWithoutMembership(grant: NonMemberGrant): void {
    record('none', grant);
  }
}

function roleRefusal(role: Role | null | undefined, action: Action, notFoundMessage: string): [Outcome, AppError] | null {
  if (!role) return ['not_found', new AppError('NOT_FOUND', notFoundMessage)];
  if (!roleAllows(role, action)) return ['forbidden', new AppError('FORBIDDEN', MESSAGES.forbidden)];
  return null;
}

function refuse(action: Action, outcome: Outcome, error: AppError): never {
  record(action, outcome);
  throw error;
}
