// Who an xAPI request is (docs/analytics.md, "LRS credentials"): the HTTP Basic key and secret of
// a live LRS credential, and what its xAPI scopes let it do. scrypt costs ~30 ms, so a credential
// verified once is kept for a few seconds, by the SHA-256 of the secret it was verified with;
// a revoked credential stops working when that short while ends.
import { createHash } from 'node:crypto';
import { AppError } from '@trainwright/platform';
import type { LrsKeyRepository, LrsKeyRow } from '../../repositories/lrs-key.repository.js';
import { verifyLrsSecret } from '../analytics/lrs-secret.js';
import { XAPI_MESSAGES } from './messages.js';

export interface LrsCaller {
  keyId: string;
  companyId: string;
  key: string;
  name: string;
  scopes: string[];
  /** A sender's own activity (null: the Owner's credential, any activity). */
  activityId: string | null;
}

/** What a request does, as the scopes name it (xAPI Communication 4.2, the scope table). */
export type LrsAccess = 'statements/write' | 'statements/read' | 'state/write' | 'state/read' | 'profile/write' | 'profile/read' | 'read' | 'define';

const GRANTS: Record<LrsAccess, string[]> = {
  'statements/write': ['statements/write', 'all'],
  'statements/read': ['statements/read', 'statements/read/mine', 'all/read', 'all'],
  'state/write': ['state', 'all'],
  'state/read': ['state', 'all/read', 'all'],
  'profile/write': ['profile', 'all'],
  'profile/read': ['profile', 'all/read', 'all'],
  read: ['statements/read', 'statements/read/mine', 'all/read', 'all', 'define', 'state', 'profile'],
  define: ['define', 'all'],
};

export function allows(caller: LrsCaller, access: LrsAccess): boolean {
  return caller.scopes.some((s) => GRANTS[access].includes(s));
}

export function requireScope(caller: LrsCaller, access: LrsAccess): void {
  if (!allows(caller, access)) throw AppError.forbidden(XAPI_MESSAGES.scope(GRANTS[access].join(' or ')));
}

/** Reading statements with only statements/read/mine: those this credential stored. */
export function readsOnlyOwn(caller: LrsCaller): boolean {
  return !caller.scopes.some((s) => s === 'statements/read' || s === 'all/read' || s === 'all');
}

interface Verified {
  caller: LrsCaller;
  digest: string;
  until: number;
}

export class LrsAuthenticator {
  private readonly verified = new Map<string, Verified>();
  private readonly lastUsedWritten = new Map<string, number>();

  constructor(
    private readonly keys: Pick<LrsKeyRepository, 'findLive' | 'touch'>,
    private readonly options: { cacheMs: number; touchEveryMs: number } = { cacheMs: 10_000, touchEveryMs: 60_000 },
  ) {}

  async authenticate(credential: { key: string; secret: string } | undefined, now = Date.now()): Promise<LrsCaller> {
    // Made only when refused: an error's stack costs more than the rest of a cached check.
    const unauthenticated = () => new AppError('UNAUTHENTICATED', XAPI_MESSAGES.badCredentials);
    if (!credential?.key || !credential.secret || credential.key.length > 100 || credential.secret.length > 200) throw unauthenticated();
    const digest = createHash('sha256').update(credential.secret).digest('hex');
    const cached = this.verified.get(credential.key);
    let caller: LrsCaller;
    if (cached && cached.until > now && cached.digest === digest) {
      caller = cached.caller;
    } else {
      const row = await this.keys.findLive(credential.key);
      if (!row || !(await verifyLrsSecret(credential.secret, row.secret_hash))) throw unauthenticated();
      caller = callerOf(row);
      if (this.verified.size > 10_000) this.verified.clear();
      this.verified.set(credential.key, { caller, digest, until: now + this.options.cacheMs });
    }
    // When the credential was last used, written at most once a minute per credential.
    if ((this.lastUsedWritten.get(caller.keyId) ?? 0) + this.options.touchEveryMs <= now) {
      this.lastUsedWritten.set(caller.keyId, now);
      await this.keys.touch(caller.keyId, new Date(now));
    }
    return caller;
  }

  /** Forgets a credential this process revoked (other processes forget it when their cache ends). */
  forget(key: string): void {
    this.verified.delete(key);
  }
}

function callerOf(row: LrsKeyRow): LrsCaller {
  return { keyId: row.id, companyId: row.company_id, key: row.key, name: row.name, scopes: row.scopes, activityId: row.activity_id };
}
