// HTTP for the cloud speech providers: a per-attempt timeout, bounded retries on 429 and 5xx
// (honouring Retry-After within a cap), and errors that say which provider failed and why.
import { RenderError } from '../../domain/types.js';

export interface RetryOptions {
  /** Per attempt, including reading the body. */
  timeoutMs: number;
  /** Total attempts (1 = no retry). */
  maxAttempts: number;
  /** First back-off; doubles each retry. */
  baseDelayMs: number;
  /** Upper bound for any single wait, Retry-After included. */
  maxDelayMs: number;
  /**
   * False for requests that create something (a voice clone): then only answers that say the
   * request was not processed (429, 503) and refused connections are retried, never a 500 or a
   * timeout after which the server may have acted.
   */
  idempotent?: boolean;
}

export const DEFAULT_RETRY: RetryOptions = { timeoutMs: 60_000, maxAttempts: 3, baseDelayMs: 500, maxDelayMs: 10_000 };

export interface HttpResult {
  status: number;
  headers: Headers;
  body: Buffer;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

function retryAfterMs(headers: Headers): number | null {
  const value = headers.get('retry-after');
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - Date.now());
}

function retryable(status: number, idempotent: boolean): boolean {
  return status === 429 || status === 503 || (idempotent && status >= 500);
}

/**
 * Sends a request (`init` runs per attempt so bodies and forms are fresh) and returns the first
 * response that is not worth retrying, or the last one when attempts run out. Network failures
 * and timeouts are retried the same way; after the last attempt they throw a RenderError.
 */
export async function requestWithRetry(
  provider: string,
  url: string,
  init: () => RequestInit,
  options: RetryOptions,
): Promise<HttpResult> {
  const idempotent = options.idempotent ?? true;
  let lastFailure = '';
  for (let attempt = 1; attempt <= options.maxAttempts; attempt++) {
    let wait = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** (attempt - 1));
    try {
      const res = await fetch(url, { ...init(), signal: AbortSignal.timeout(options.timeoutMs) });
      const body = Buffer.from(await res.arrayBuffer());
      const result = { status: res.status, headers: res.headers, body };
      if (!retryable(res.status, idempotent) || attempt === options.maxAttempts) return result;
      const after = retryAfterMs(res.headers);
      if (after !== null) wait = Math.min(options.maxDelayMs, after);
      lastFailure = `HTTP ${res.status}`;
    } catch (err) {
      const e = err as Error & { cause?: { code?: string } };
      lastFailure =
        e.name === 'TimeoutError' || e.name === 'AbortError'
          ? `no answer within ${options.timeoutMs} ms`
          : `${e.message}${e.cause?.code ? ` (${e.cause.code})` : ''}`;
      const refused = e.cause?.code === 'ECONNREFUSED';
      if (attempt === options.maxAttempts || (!idempotent && !refused)) {
        const tries = attempt > 1 ? ` after ${attempt} attempts` : '';
        throw new RenderError(`${provider} could not be reached${tries}: ${lastFailure}`, idempotent || refused);
      }
    }
    await sleep(wait);
  }
  // Unreachable: the last attempt returns or throws above.
  throw new RenderError(`${provider} could not be reached: ${lastFailure}`, true);
}

/** The error text a provider put in its JSON body (OpenAI `error.message`, ElevenLabs `detail`). */
export function providerErrorMessage(body: Buffer): string {
  const text = body.toString('utf8').slice(0, 2000);
  try {
    const json = JSON.parse(text) as Record<string, unknown>;
    const error = json.error as { message?: unknown } | string | undefined;
    if (typeof error === 'string') return error;
    if (error && typeof error.message === 'string') return error.message;
    const detail = json.detail as { message?: unknown } | Array<{ msg?: unknown; loc?: unknown[] }> | string | undefined;
    if (typeof detail === 'string') return detail;
    if (Array.isArray(detail)) {
      return detail.map((d) => `${Array.isArray(d.loc) ? d.loc.join('.') + ': ' : ''}${String(d.msg ?? '')}`).join('; ');
    }
    if (detail && typeof detail.message === 'string') return detail.message;
    if (typeof json.message === 'string') return json.message;
  } catch {
    // Not JSON: fall through to the raw text.
  }
  return text.trim() || '(no details)';
}

/** Turns a final non-2xx response into a RenderError; only 429/5xx are worth a later retry. */
export function httpError(provider: string, action: string, result: HttpResult): RenderError {
  const detail = providerErrorMessage(result.body);
  if (result.status === 401 || result.status === 403) {
    return new RenderError(`${provider} rejected the API key (HTTP ${result.status}) while ${action}: ${detail}`);
  }
  if (result.status === 429) {
    return new RenderError(`${provider} is rate limiting us (HTTP 429) while ${action}: ${detail}`, true);
  }
  if (result.status >= 500) {
    return new RenderError(`${provider} failed (HTTP ${result.status}) while ${action}: ${detail}`, true);
  }
  return new RenderError(`${provider} refused the request (HTTP ${result.status}) while ${action}: ${detail}`);
}
