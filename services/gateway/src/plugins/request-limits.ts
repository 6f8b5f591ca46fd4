// Limits every request meets before a route sees it (docs/security.md, "Limits at every door"):
// JSON bodies nested deeper than REQUEST_LIMITS.jsonDepth are refused before they are parsed, and
// NUL characters are refused in every string of the query, the path parameters and the body
// (PostgreSQL cannot store them, and no field of ours means one). Each is a 400 in the one shape.
import type { FastifyInstance } from 'fastify';
import { REQUEST_LIMITS } from '@trainwright/catalogue';
import { AppError } from '@trainwright/platform';

export const LIMIT_MESSAGES = {
  jsonTooDeep: `The JSON body is nested more than ${REQUEST_LIMITS.jsonDepth} levels deep.`,
  nul: (field: string) => `${field} must not contain NUL characters`,
} as const;

/** True when the JSON text opens more than `max` arrays or objects inside one another (strings skipped). */
export function nestedDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/** The path of the first string (or key) holding a NUL character, or null. */
export function nulAt(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  // A raw body (the payment webhook's bytes) is not a document of strings.
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value) || depth > REQUEST_LIMITS.jsonDepth) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = nulAt(value[i], path ? `${path}.${i}` : String(i), depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    const at = path ? `${path}.${key}` : key;
    if (key.includes('\u0000')) return at;
    const found = nulAt(v, at, depth + 1);
    if (found) return found;
  }
  return null;
}

/** Refuses a NUL character in one text read outside the validator (multipart fields and file names). */
export function refuseNul(field: string, value: string): string {
  if (value.includes('\u0000')) throw AppError.validation(field, LIMIT_MESSAGES.nul(field));
  return value;
}

export function registerRequestLimits(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (nestedDeeperThan(body as string, REQUEST_LIMITS.jsonDepth)) {
      done(new AppError('INVALID_JSON', LIMIT_MESSAGES.jsonTooDeep, { limit: REQUEST_LIMITS.jsonDepth }), undefined);
      return;
    }
    parseJson(request, body as string, done);
  });

  app.addHook('preValidation', (request, _reply, done) => {
    const field = nulAt(request.params, '') ?? nulAt(request.query, '') ?? nulAt(request.body, '');
    if (field) {
      done(AppError.validation(field || 'body', LIMIT_MESSAGES.nul(field || 'body')));
      return;
    }
    done();
  });
}
