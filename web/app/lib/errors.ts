// Error text for the screens: the translated catalogue message for the codes we know, else the
// server's own message (translated when it is one of the catalogue's generator or quality
// messages, or a voice's plan lock), else a fallback (e.g. 'Login failed').
import type { TFunction } from 'i18next';
import { GENERATOR_MESSAGES, INTERACTIVE_VIDEO_MESSAGES, QUALITY_MESSAGES, SCORM_MESSAGES, TRIAL_MESSAGES } from '@trainwright/catalogue';
import { ApiError } from './api';
import { voiceLockMessageText } from './voices';

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

/** The i18n key of a message the server takes from the catalogue (generators.ts, quality.ts, trial.ts, scorm.ts, interactive-video.ts), so
 * it is shown in the interface language; null for any other text. */
export function catalogueMessageKey(message: string): string | null {
  for (const [key, text] of Object.entries(GENERATOR_MESSAGES)) if (text === message) return `aiGenerator.errors.${key}`;
  for (const [key, text] of Object.entries(QUALITY_MESSAGES)) if (text === message) return `quality.messages.${key}`;
  for (const [key, text] of Object.entries(TRIAL_MESSAGES)) if (text === message) return `trial.${key}`;
  for (const [key, text] of Object.entries(SCORM_MESSAGES)) if (text === message) return `scorm.messages.${key}`;
  for (const [key, text] of Object.entries(INTERACTIVE_VIDEO_MESSAGES)) if (text === message) return `interactiveVideo.messages.${key}`;
  return null;
}

/** A message from the server or from a client check that mirrors it, in the interface language
 * when the catalogue has it, else as sent. */
export function messageText(message: string, t: TFunction): string {
  const key = catalogueMessageKey(message);
  if (key) return t(key);
  return voiceLockMessageText(message, t) ?? message;
}

export function errorText(error: unknown, t: TFunction, fallbackKey?: string): string {
  if (error instanceof ApiError) {
    const key = CODE_KEYS[error.code];
    if (key) return t(key);
    if (error.serverMessage) return messageText(error.serverMessage, t);
    return t(fallbackKey ?? keyForStatus(error.status));
  }
  return t('errors.unexpected');
}

/** For a 4xx answer, what the server said (as errorText shows it); otherwise (no connection, a
 * server error, anything else) the screen's own failure text. */
export function clientErrorOr(error: unknown, t: TFunction, fallbackKey: string): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return errorText(error, t, fallbackKey);
  return t(fallbackKey);
}
