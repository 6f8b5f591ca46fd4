// Error text for the screens: the translated catalogue message for the codes we know, else the
// server's own message, else a fallback (e.g. 'Login failed').
import type { TFunction } from 'i18next';
import { ApiError } from './api';

const CODE_KEYS: Record<string, string> = {
  NETWORK: 'errors.network',
  UNAUTHENTICATED: 'errors.authFailed',
  TOKEN_EXPIRED: 'errors.authFailed',
  INVALID_CREDENTIALS: 'errors.invalidCredentials',
  FORBIDDEN: 'errors.forbidden',
  NOT_FOUND: 'errors.notFound',
  COMPANY_NOT_FOUND: 'errors.companyNotFound',
  EMAIL_TAKEN: 'errors.emailTaken',
  RATE_LIMITED: 'errors.rateLimited',
  INVALID_JSON: 'errors.checkInput',
  PAYLOAD_TOO_LARGE: 'errors.checkInput',
  INTERNAL: 'errors.server',
  UNAVAILABLE: 'errors.server',
};

function keyForStatus(status: number): string {
  if (status >= 500) return 'errors.server';
  if (status === 404) return 'errors.notFound';
  if (status === 403) return 'errors.forbidden';
  if (status === 401) return 'errors.authFailed';
  if (status === 400) return 'errors.checkInput';
  return 'errors.generic';
}

export function errorText(error: unknown, t: TFunction, fallbackKey?: string): string {
  if (error instanceof ApiError) {
    const key = CODE_KEYS[error.code];
    if (key) return t(key);
    if (error.serverMessage) return error.serverMessage;
    return t(fallbackKey ?? keyForStatus(error.status));
  }
  return t('errors.unexpected');
}
