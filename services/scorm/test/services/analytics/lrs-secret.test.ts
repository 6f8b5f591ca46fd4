import { hashLrsSecret, newLrsKey, newLrsSecret, verifyLrsSecret } from '../../../src/services/analytics/lrs-secret.js';

describe('LRS credentials', () => {
  it('should keep only a salted hash that verifies the secret and nothing else', async () => {
    const secret = newLrsSecret();
    const stored = await hashLrsSecret(secret);
    expect(stored).toMatch(/^scrypt\$16384\$[\w-]{22}\$[\w-]{43}$/);
    expect(stored).not.toContain(secret);
    expect(await verifyLrsSecret(secret, stored)).toBe(true);
    expect(await verifyLrsSecret(`${secret}x`, stored)).toBe(false);
    expect(await verifyLrsSecret(secret, stored.replace('16384', '1024'))).toBe(false);
    expect(await verifyLrsSecret(secret, 'plain')).toBe(false);
    // The same secret hashes differently each time (its salt).
    expect(await hashLrsSecret(secret)).not.toBe(stored);
  });

  it('should make keys and secrets that do not repeat and fit an HTTP Basic header', () => {
    const keys = new Set(Array.from({ length: 200 }, newLrsKey));
    expect(keys.size).toBe(200);
    for (const k of keys) expect(k).toMatch(/^[\w-]{20}$/);
    expect(newLrsSecret()).toMatch(/^[\w-]{43}$/);
  });
});
