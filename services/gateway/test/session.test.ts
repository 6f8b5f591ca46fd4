import { TokenIssuer } from '@trainwright/auth';
import { RevokedSessions, TokenVerifier } from '../src/plugins/session.js';
import { newKeyPair } from './harness.js';

const keys = newKeyPair();
const settings = { issuer: 'trainwright-auth', audience: 'trainwright-api' };
const issuer = new TokenIssuer({ ...settings, privateKeyPem: keys.privateKey, accessTtlSeconds: 60, refreshTtlSeconds: 3600, keyId: 'k1' });

describe(TokenVerifier.name, () => {
  it('should accept a cached token only until it expires', async () => {
    const verifier = new TokenVerifier({ ...settings, publicKeyPem: keys.publicKey });
    const token = await issuer.issueAccessToken('user-1', 'session-1');
    await expect(verifier.verify(token)).resolves.toEqual({ userId: 'user-1', sessionId: 'session-1' });
    await expect(verifier.verify(token)).resolves.toEqual({ userId: 'user-1', sessionId: 'session-1' });
    await expect(verifier.verify(token, Date.now() + 61_000)).rejects.toMatchObject({ code: 'TOKEN_EXPIRED' });
  });

  it('should not cache a token that failed verification', async () => {
    const other = newKeyPair();
    const verifier = new TokenVerifier({ ...settings, publicKeyPem: other.publicKey });
    const token = await issuer.issueAccessToken('user-1', 'session-1');
    await expect(verifier.verify(token)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    await expect(verifier.verify(token)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
  });
});

describe(RevokedSessions.name, () => {
  it('should hold a revoked session until its tokens would have expired', () => {
    const revoked = new RevokedSessions();
    revoked.add('s1', 2_000);
    expect(revoked.has('s1', 1_000)).toBe(true);
    expect(revoked.has('s2', 1_000)).toBe(false);
    expect(revoked.has('s1', 3_000)).toBe(false);
  });
});
