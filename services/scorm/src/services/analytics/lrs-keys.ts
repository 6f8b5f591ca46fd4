// A company's learning record store credentials (docs/analytics.md): its Owner creates one (the
// secret answered once), lists and revokes them, through the one access check with the plan's
// analytics capability. Another company's credential is NOT_FOUND.
import { ANALYTICS_MESSAGES, LRS_KEY_LIMITS, LRS_SCOPES, catalogueMessage, type LrsScope } from '@trainwright/catalogue';
import { Access, AppError, isUuid, type Membership } from '@trainwright/platform';
import type { Memberships } from '../ports.js';
import type { LrsKeyRepository, LrsKeyRow } from '../../repositories/lrs-key.repository.js';
import type { LrsAuthenticator } from '../xapi/credentials.js';
import { hashLrsSecret, newLrsKey, newLrsSecret } from './lrs-secret.js';

export interface LrsKeyDeps {
  memberships: Memberships;
  keys: Pick<LrsKeyRepository, 'insertWithin' | 'live' | 'find' | 'revoke'>;
  /** The learning record store's cache of verified credentials: a revoked one is forgotten at once. */
  verified: Pick<LrsAuthenticator, 'forget'>;
}

/** The Owner's membership of the company (the caller's current one when none is named). */
async function requireManager(deps: Pick<LrsKeyDeps, 'memberships'>, userId: string, companyId: string, notFoundMessage = 'Company not found'): Promise<Membership> {
  const id = companyId || (await deps.memberships.companiesOf(userId)).currentCompanyId;
  return new Access(deps.memberships).require({ userId, companyId: id, action: 'lrs.manage', capability: 'analytics', notFoundMessage });
}

function validScopes(scopes: readonly string[]): LrsScope[] {
  if (scopes.length === 0) return ['all'];
  for (const scope of scopes) {
    if (!(LRS_SCOPES as readonly string[]).includes(scope)) throw AppError.validation('scopes', catalogueMessage(ANALYTICS_MESSAGES, 'unknownScope', scope.slice(0, 50)));
  }
  return [...new Set(scopes as LrsScope[])];
}

export async function createLrsKey(deps: LrsKeyDeps, userId: string, input: { companyId: string; name: string; scopes: readonly string[] }): Promise<{ row: LrsKeyRow; secret: string }> {
  const membership = await requireManager(deps, userId, input.companyId);
  const name = input.name.trim();
  if (!name) throw AppError.validation('name', catalogueMessage(ANALYTICS_MESSAGES, 'keyNameRequired'));
  if (name.length > LRS_KEY_LIMITS.name) throw AppError.validation('name', catalogueMessage(ANALYTICS_MESSAGES, 'keyNameTooLong', LRS_KEY_LIMITS.name));
  const scopes = validScopes(input.scopes);
  const secret = newLrsSecret();
  const row = await deps.keys.insertWithin(LRS_KEY_LIMITS.perCompany, { companyId: membership.companyId, name, key: newLrsKey(), secretHash: await hashLrsSecret(secret), scopes, createdBy: userId });
  if (row === 'limit') throw new AppError('PLAN_LIMIT_REACHED', catalogueMessage(ANALYTICS_MESSAGES, 'tooManyKeys', LRS_KEY_LIMITS.perCompany));
  return { row, secret };
}

export async function listLrsKeys(deps: LrsKeyDeps, userId: string, companyId: string): Promise<LrsKeyRow[]> {
  const membership = await requireManager(deps, userId, companyId);
  return deps.keys.live(membership.companyId);
}

export async function revokeLrsKey(deps: LrsKeyDeps, userId: string, keyId: string): Promise<void> {
  const notFound = catalogueMessage(ANALYTICS_MESSAGES, 'keyNotFound');
  const row = isUuid(keyId) ? await deps.keys.find(keyId) : undefined;
  if (!row || row.revoked_at) throw AppError.notFound(notFound);
  // Found by id alone: the access check, not the query, keeps another company's credential out.
  await requireManager(deps, userId, row.company_id, notFound.text);
  await deps.keys.revoke(row.id);
  deps.verified.forget(row.key);
}
