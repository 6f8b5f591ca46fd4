// An LRS credential's two halves (docs/analytics.md): the key, the HTTP Basic user name, public and
// unique; the secret, the password, shown once and kept as a salted scrypt hash (Node's crypto), so
// a copy of the database opens no LRS. Verification takes the same time whether it matches or not.
import { randomBytes, scrypt, timingSafeEqual, type BinaryLike } from 'node:crypto';

const KEY_BYTES = 15;
const SECRET_BYTES = 32;
const SALT_BYTES = 16;
const HASH_BYTES = 32;
// scrypt's cost: 2^14 is the library's default, ~30 ms here; a credential is checked once per
// request, and the LRS keeps a verified one for a short while (services/xapi/credentials.ts).
const COST = 16_384;

function derive(secret: BinaryLike, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => scrypt(secret, salt, HASH_BYTES, { N: COST }, (err, key) => (err ? reject(err) : resolve(key))));
}

export function newLrsKey(): string {
  return randomBytes(KEY_BYTES).toString('base64url');
}

export function newLrsSecret(): string {
  return randomBytes(SECRET_BYTES).toString('base64url');
}

/** 'scrypt$<N>$<salt>$<hash>', base64url. */
export async function hashLrsSecret(secret: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  return `scrypt$${COST}$${salt.toString('base64url')}$${(await derive(secret, salt)).toString('base64url')}`;
}

export async function verifyLrsSecret(secret: string, stored: string): Promise<boolean> {
  const [scheme, cost, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || Number(cost) !== COST || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await derive(secret, Buffer.from(salt, 'base64url'));
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
