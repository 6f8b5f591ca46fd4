// Input rules of part 1 section 5 (sign-up, company, profile). Each failure names its field.
import { AppError, storedUrlField } from '@trainwright/platform';

export const LIMITS = {
  name: 100,
  company: 200,
  email: 254,
  passwordMin: 8,
  passwordMax: 256,
  bio: 2000,
  url: 2048,
} as const;

// Control characters other than tab and line breaks never belong in stored text.
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
// A pragmatic address check: one @, a dot in the domain, no spaces.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function fail(field: string, message: string): never {
  throw AppError.validation(field, message);
}

/** A required single-line text: trimmed, not empty, bounded, no control characters. */
export function requiredText(field: string, value: string | undefined, max: number, requiredMessage?: string): string {
  const v = (value ?? '').trim();
  if (!v) fail(field, requiredMessage ?? `${field} is required`);
  if (v.length > max) fail(field, `${field} must be at most ${max} characters`);
  if (CONTROL.test(v) || /[\r\n]/.test(v)) fail(field, `${field} must not contain control characters`);
  return v;
}

/** A stored URL (website, logo): http(s), bounded, at a public address (the platform's one rule). */
export function optionalUrl(field: string, value: string | undefined): string {
  return storedUrlField(field, value, LIMITS.url);
}

export function normaliseEmail(value: string | undefined): string {
  const v = (value ?? '').trim().toLowerCase();
  if (!v) fail('email', 'email is required');
  if (v.length > LIMITS.email || !EMAIL.test(v) || CONTROL.test(v)) fail('email', 'email must be an email address');
  return v;
}

export function checkPassword(value: string | undefined): string {
  const v = value ?? '';
  if (!v) fail('password', 'password is required');
  if (v.length < LIMITS.passwordMin) fail('password', `password must be at least ${LIMITS.passwordMin} characters`);
  if (v.length > LIMITS.passwordMax) fail('password', `password must be at most ${LIMITS.passwordMax} characters`);
  return v;
}

export function validateRegistration(input: { name?: string; company?: string; email?: string; password?: string }) {
  return {
    name: requiredText('name', input.name, LIMITS.name),
    company: requiredText('company', input.company, LIMITS.company),
    email: normaliseEmail(input.email),
    password: checkPassword(input.password),
  };
}

export function validateCompany(input: { name?: string; website?: string; logoUrl?: string }) {
  return {
    name: requiredText('name', input.name, LIMITS.company, 'Company name is required'),
    website: optionalUrl('website', input.website),
    logoUrl: optionalUrl('logo_url', input.logoUrl),
  };
}

export function validateBio(value: string): string {
  const v = value.trim();
  if (v.length > LIMITS.bio) fail('bio', `bio must be at most ${LIMITS.bio} characters`);
  if (CONTROL.test(v)) fail('bio', 'bio must not contain control characters');
  return v;
}
