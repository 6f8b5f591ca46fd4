// Error text for the screens. A server error that names a catalogue message (`message_id`, with
// its `params`) is shown in the interface language by that id; else the translated text of its
// code; else the server's message as sent; else a fallback (e.g. 'Login failed'). A failure a row
// stores (a package's, a translation's, a project's) comes with its message id too
// (storedFailureText). The client's own mirrors of catalogue checks carry no id: messageText
// recognises those by their catalogue text.
import type { TFunction } from 'i18next';
import {
  ADD_ONS,
  CONTENT_LANGUAGES,
  GENERATOR_MESSAGES,
  INTERACTIVE_VIDEO_MESSAGES,
  QUALITY_MESSAGES,
  SCORM_MESSAGES,
  TIERS,
  TRIAL_MESSAGES,
  isTierId,
  type CatalogueMessage,
  type MessageParam,
} from '@trainwright/catalogue';
import { ApiError, type ServerMessageRef } from './api';
import { planName } from './format';
import { languageName } from './language-names';

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

/** Where each catalogue namespace's messages are in the i18n resources (`<section>.<key>`). */
const MESSAGE_SECTIONS: Record<string, string> = {
  generator: 'aiGenerator.errors',
  quality: 'quality.messages',
  trial: 'trial',
  scorm: 'scorm.messages',
  interactiveVideo: 'interactiveVideo.messages',
  billing: 'serverMessages.billing',
  translation: 'serverMessages.translation',
  video: 'serverMessages.video',
  generation: 'serverMessages.generation',
  render: 'serverMessages.render',
  team: 'serverMessages.team',
  comments: 'serverMessages.comments',
  support: 'serverMessages.support',
  integrations: 'serverMessages.integrations',
  analytics: 'serverMessages.analytics',
  library: 'serverMessages.library',
  education: 'serverMessages.education',
  videoProcessing: 'videoProcessing.messages',
};

/**
 * A message's parameters for its text: each as sent ({{p0}}, {{p1}}...) and, as {{n0}}, {{n1}}...,
 * what the screen shows for it: an add-on's, a plan's or a language's name in the interface
 * language, a number formatted for it; for a plan also its languages ({{l0}}...).
 */
function messageParams(params: ReadonlyArray<string | number>, t: TFunction): Record<string, string | number> {
  const locale = t('common.locale');
  const values: Record<string, string | number> = {};
  params.forEach((p, i) => {
    values[`p${i}`] = p;
    // A plan's languages, listed ({{l0}}: 'Your plan includes translation into ...').
    if (typeof p === 'string' && isTierId(p)) values[`l${i}`] = new Intl.ListFormat(locale, { type: 'conjunction' }).format(TIERS[p].limits.languages.map((code) => languageName(code, locale)));
    values[`n${i}`] =
      typeof p === 'number'
        ? p.toLocaleString(locale)
        : Object.hasOwn(ADD_ONS, p)
          ? t(`addOns.${p}`)
          : isTierId(p)
            ? planName(t, p)
            : CONTENT_LANGUAGES.includes(p)
              ? languageName(p, locale)
              : p;
  });
  return values;
}

/** A catalogue message named by id, in the interface language (its params, messageParams);
 * null when this app has no text for it. */
export function serverMessageText(ref: ServerMessageRef | CatalogueMessage, t: TFunction): string | null {
  if (ref.id === 'voices.locked') {
    const tier = ref.params[0];
    return typeof tier === 'string' && isTierId(tier) ? t('voices.lockedMessage', { plan: TIERS[tier].name }) : null;
  }
  const dot = ref.id.indexOf('.');
  const section = MESSAGE_SECTIONS[ref.id.slice(0, dot)];
  if (dot < 0 || !section) return null;
  const text = t(`${section}.${ref.id.slice(dot + 1)}`, { ...messageParams(ref.params, t), defaultValue: '' });
  return text || null;
}

/** What the server said, in the interface language when it named a catalogue message, else as
 * sent; undefined when it said nothing. */
export function serverErrorText(error: ApiError, t: TFunction): string | undefined {
  return (error.messageRef ? serverMessageText(error.messageRef, t) : null) ?? error.serverMessage;
}

/** The catalogue message a stored failure's text is (a package's, a translation's, a project's
 * `error`), as its answers and events carry it beside the text; absent for a text of its own (a
 * provider's words, a detail). */
export interface FailureMessage {
  error_message_id?: string;
  error_params?: MessageParam[];
}

/** A failure as a row keeps it: the English text ('' without one) and the message it is. */
export interface StoredFailure extends FailureMessage {
  error: string;
}

/** The FailureMessage of an answer's, an event's or a shown item's data. Its keys are always
 * present (undefined without a message), so spreading it over an older state replaces that
 * state's message too. */
export function failureMessageOf(data: object): FailureMessage {
  const d = data as Record<string, unknown>;
  const id = typeof d.error_message_id === 'string' && d.error_message_id ? d.error_message_id : undefined;
  const params = id && Array.isArray(d.error_params) ? d.error_params.filter((p): p is MessageParam => typeof p === 'string' || typeof p === 'number') : undefined;
  return { error_message_id: id, error_params: id ? (params ?? []) : undefined };
}

/** The StoredFailure of an answer's, an event's or a shown item's data (see failureMessageOf). */
export function storedFailureOf(data: object): StoredFailure {
  const text = (data as { error?: unknown }).error;
  return { error: typeof text === 'string' ? text : '', ...failureMessageOf(data) };
}

/** A stored failure's reason in the interface language: by its catalogue id when this app has a
 * text for it, else as stored; null when it has none. */
export function storedFailureText(failure: FailureMessage & { error?: string | null }, t: TFunction): string | null {
  const named = failure.error_message_id ? serverMessageText({ id: failure.error_message_id, params: failure.error_params ?? [] }, t) : null;
  return named ?? (failure.error || null);
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

/** A stored text (a failure reason a row keeps) or a client check that mirrors the catalogue, in
 * the interface language when it is a catalogue message, else as sent. Server errors go through
 * errorText / serverErrorText, by id. */
export function messageText(message: string, t: TFunction): string {
  const key = catalogueMessageKey(message);
  return key ? t(key) : message;
}

export function errorText(error: unknown, t: TFunction, fallbackKey?: string): string {
  if (error instanceof ApiError) {
    const named = error.messageRef ? serverMessageText(error.messageRef, t) : null;
    if (named) return named;
    const key = CODE_KEYS[error.code];
    if (key) return t(key);
    if (error.serverMessage) return error.serverMessage;
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
