// Access tokens: short-lived JWTs signed with an Ed25519 private key (alg pinned to EdDSA); the
// gateway verifies them with the public key. Refresh tokens: 256 random bits, stored only as
// their SHA-256 hash.
import { SignJWT, importPKCS8, type CryptoKey as JoseKey } from 'jose';
import { createHash, randomBytes } from 'node:crypto';

export const JWT_ALG = 'EdDSA';

export interface TokenSettings {
  privateKeyPem: string;
  issuer: string;
  audience: string;
  accessTtlSeconds: number;
  refreshTtlSeconds: number;
  keyId: string;
}

export class TokenIssuer {
  private key: Promise<JoseKey | Uint8Array>;

  constructor(private readonly settings: TokenSettings) {
    this.key = importPKCS8(settings.privateKeyPem, JWT_ALG);
  }

  get accessTtlSeconds(): number {
    return this.settings.accessTtlSeconds;
  }

  get refreshTtlSeconds(): number {
    return this.settings.refreshTtlSeconds;
  }

  async issueAccessToken(userId: string, sessionId: string, now = new Date()): Promise<string> {
    const iat = Math.floor(now.getTime() / 1000);
    return new SignJWT({ sid: sessionId })
      .setProtectedHeader({ alg: JWT_ALG, typ: 'JWT', kid: this.settings.keyId })
      .setSubject(userId)
      .setIssuer(this.settings.issuer)
      .setAudience(this.settings.audience)
      .setIssuedAt(iat)
      .setNotBefore(iat)
      .setExpirationTime(iat + this.settings.accessTtlSeconds)
      .sign(await this.key);
  }

  newRefreshToken(): { token: string; hash: string; expiresAt: Date } {
    return { ...newSecret(), expiresAt: new Date(Date.now() + this.settings.refreshTtlSeconds * 1000) };
  }
}

/** A random single-use secret (a refresh token, an invitation link's token) and the hash kept of it. */
export function newSecret(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashSecret(token) };
}

/** What is stored of a secret: its SHA-256 (the secret itself is never kept). */
export function hashSecret(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
