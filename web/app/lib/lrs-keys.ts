// The learning record store's credentials as the /analytics page shows and changes them
// (docs/analytics.md): the Owner's only; the secret is in the create answer alone.
import { LRS_KEY_LIMITS } from '@trainwright/catalogue';
import type { User } from './types';
import { mayAct } from './roles';

export { LRS_KEY_LIMITS };

export interface LrsKey {
  id: string;
  company_id: string;
  name: string;
  key: string;
  scopes: string[];
  endpoint: string;
  created_at: string;
  last_used_at: string | null;
}

export type CreatedLrsKey = LrsKey & { secret: string };

export function canManageLrsKeys(user: Pick<User, 'role'>): boolean {
  return mayAct(user.role, 'lrs.manage');
}

export type LrsKeyRequest = { intent: 'createKey'; companyId: string; name: string } | { intent: 'revokeKey'; companyId: string; keyId: string };

/** A credential change as the gateway takes it (the route action sends it). */
export function lrsKeyWrite(request: LrsKeyRequest): { method: 'POST' | 'DELETE'; path: string; body?: object } {
  return request.intent === 'createKey'
    ? { method: 'POST', path: '/analytics/lrs-keys', body: { company_id: request.companyId, name: request.name.trim() } }
    : { method: 'DELETE', path: `/analytics/lrs-keys/${encodeURIComponent(request.keyId)}` };
}

export function isLrsKeyRequest(value: unknown): value is LrsKeyRequest {
  const r = value as Partial<Record<string, unknown>> | null;
  if (!r || typeof r.companyId !== 'string' || r.companyId === '') return false;
  if (r.intent === 'createKey') return typeof r.name === 'string';
  return r.intent === 'revokeKey' && typeof r.keyId === 'string' && r.keyId !== '';
}

export function lrsKeysPath(companyId: string): string {
  return `/analytics/lrs-keys?company_id=${encodeURIComponent(companyId)}`;
}
