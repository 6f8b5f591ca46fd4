// OAuth 2.0 tokens for the senders that sign in (Microsoft Graph's client credentials, Google's
// refresh token): the token endpoint's form request and answer, the credentials never kept or
// shown, and a cache that keeps each token until shortly before it expires and lets deliveries at
// the same moment share one sign-in.
import type { SendOutcome } from '../services/deps.js';
import { failureOf, type Http } from './http.js';

/** A token is used until this long before it expires. */
const TOKEN_MARGIN_MS = 5 * 60_000;
/** Characters of a provider's error text kept in an outcome. */
const ERROR_TEXT = 300;

export interface AccessToken {
  accessToken: string;
  /** Used until then (ms). */
  until: number;
}

/** A token and the token endpoint's status (0: from the cache, no request now), or why not. */
export type TokenAnswer = { token: AccessToken; status: number } | { outcome: SendOutcome };

export const failed = (responseStatus: number, error: string, responseExcerpt = ''): SendOutcome => ({ responseStatus, ok: false, gone: false, error, responseExcerpt });

export function json(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
}

export const field = (value: unknown, name: string): unknown => (value && typeof value === 'object' ? (value as Record<string, unknown>)[name] : undefined);

/** The first line of a provider's error text (Microsoft's go on with trace and correlation ids). */
export const firstLine = (text: unknown) => (typeof text === 'string' ? (text.split(/\r?\n/)[0] ?? '').slice(0, ERROR_TEXT) : '');

/** `text` with every credential replaced. */
export function redact(text: string, secrets: Array<string | undefined>): string {
  let out = text;
  for (const secret of secrets) if (secret && secret.length >= 4) out = out.split(secret).join('[redacted]');
  return out;
}

/**
 * Asks a token endpoint for a token (a form POST that follows no redirect: the credentials go to
 * the provider's own address only). Nothing of the answer is kept but its error's description,
 * worded by `refusal` (the status and the answer's JSON); `name` says whose sign-in failed.
 */
export async function requestToken(
  http: Http,
  url: string,
  form: Record<string, string>,
  words: { name: string; refusal: (status: number, answer: unknown) => string },
  secrets: string[],
  now: Date,
): Promise<TokenAnswer> {
  let response;
  try {
    response = await http(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' }, body: new URLSearchParams(form).toString(), maxRedirects: 0 });
  } catch (error) {
    return { outcome: failed(0, redact(`Sign-in to ${words.name} failed: ${failureOf(error).error}`, secrets)) };
  }
  const answer = json(response.body);
  if (response.status < 200 || response.status > 299) return { outcome: failed(response.status, redact(words.refusal(response.status, answer), secrets)) };
  const accessToken = field(answer, 'access_token');
  if (typeof accessToken !== 'string' || !accessToken) return { outcome: failed(response.status, `Sign-in to ${words.name} failed (HTTP ${response.status}): the answer carried no access token.`) };
  const expiresIn = Number(field(answer, 'expires_in'));
  const lifetimeMs = (Number.isFinite(expiresIn) && expiresIn > 0 ? expiresIn : 3600) * 1000;
  return { token: { accessToken, until: now.getTime() + Math.max(lifetimeMs - TOKEN_MARGIN_MS, lifetimeMs / 2) }, status: response.status };
}

/**
 * Tokens kept per key (the caller keys them by the credentials that signed in, so a token is never
 * lent to a configuration whose own credentials have not), each until shortly before it expires;
 * deliveries at the same moment share one sign-in.
 */
export class TokenCache {
  private readonly tokens = new Map<string, AccessToken>();
  private readonly pending = new Map<string, Promise<TokenAnswer>>();

  async get(key: string, now: Date, request: () => Promise<TokenAnswer>): Promise<TokenAnswer> {
    const cached = this.tokens.get(key);
    if (cached && cached.until > now.getTime()) return { token: cached, status: 0 };
    this.tokens.delete(key);
    let asked = this.pending.get(key);
    if (!asked) {
      asked = request().finally(() => this.pending.delete(key));
      this.pending.set(key, asked);
    }
    const answer = await asked;
    if ('token' in answer) this.tokens.set(key, answer.token);
    return answer;
  }

  /** The provider refused this token (401): the next delivery signs in again. */
  drop(key: string, accessToken: string): void {
    if (this.tokens.get(key)?.accessToken === accessToken) this.tokens.delete(key);
  }
}
