// The Integration Dashboard (/integrations, docs/integrations.md): the shapes of the gateway's
// integration answers, the writes of the page's action (one intent each), and the pure rules of the
// screen: the status badge, the setup form's checks and body, the texts of each outcome, and the
// catalogue's texts in the interface language (by catalogue id and field name).
import type { TFunction } from 'i18next';
import { ApiError } from './api';
import { errorText, serverErrorText, storedFailureText } from './errors';
import { mayAct } from './roles';
import type { User } from './types';

/** A setup field of a catalogue entry (GET /api/integrations/catalogue). */
export interface IntegrationField {
  name: string;
  label: string;
  secret: boolean;
  max_length: number;
}

export interface CatalogueEntry {
  id: string;
  name: string;
  description: string;
  category: string;
  features: string[];
  required_fields: IntegrationField[];
  optional_fields: IntegrationField[];
  help: string;
  /** False: listed, but it cannot be set up yet. */
  available: boolean;
}

/** A company's integration (GET /api/integrations/user/{id}); secrets masked in `configuration`. */
export interface Integration {
  id: string;
  company_id: string;
  integration_id: string;
  integration_type: string;
  name: string;
  /** connected | error | pending (anything else is shown as Unknown). */
  status: string;
  status_reason: string;
  status_message_id: string;
  status_params: string[];
  configuration: Record<string, string>;
  created_at: string;
  last_delivery_at: string | null;
  last_delivery_status: string;
  /** Zapier: its deliveries are signed with a secret that can be rotated. */
  signed: boolean;
}

/** GET /api/integrations/{id}/status. */
export type IntegrationStatusAnswer = Pick<Integration, 'id' | 'status' | 'status_reason' | 'status_message_id' | 'status_params' | 'last_delivery_at' | 'last_delivery_status'>;

/** An integration as the page shows it: its status as read on its own, or `statusUnread` when that read failed. */
export type ShownIntegration = Integration & { statusUnread?: boolean };

export interface DeliveryAttempt {
  attempt: number;
  at: string;
  /** 0: no answer. */
  response_status: number;
  latency_ms: number;
  error: string;
  response_excerpt: string;
}

export interface Delivery {
  id: string;
  integration_id: string;
  event: string;
  event_id: string;
  /** pending | succeeded | failed | abandoned */
  status: string;
  attempts: number;
  next_attempt_at: string | null;
  created_at: string;
  attempt_log: DeliveryAttempt[];
}

/** GET /api/integrations/{id}/deliveries: newest first; `next_before` pages on. */
export interface DeliveryPage {
  deliveries: Delivery[];
  next_before: string | null;
}

export interface SetupAnswer {
  success: boolean;
  integration: Integration;
  /** Zapier: its signing secret, answered this once. */
  signing_secret?: string;
}

export interface TestAnswer {
  success: boolean;
  error: string;
  delivery: Delivery;
  integration: Integration;
}

export interface RotateAnswer {
  signing_secret: string;
  previous_valid_until: string;
}

/** Paths under /api. */
export const integrationPaths = {
  catalogue: '/integrations/catalogue',
  ofUser: (userId: string) => `/integrations/user/${encodeURIComponent(userId)}`,
  status: (id: string) => `/integrations/${encodeURIComponent(id)}/status`,
  deliveries: (id: string, before?: string | null) => `/integrations/${encodeURIComponent(id)}/deliveries${before ? `?before=${encodeURIComponent(before)}` : ''}`,
};

/** Only the company's Owner connects, tests, reads the log of and removes integrations. */
export function canManageIntegrations(user: Pick<User, 'role'>): boolean {
  return mayAct(user.role, 'integration.manage');
}

/** The list with each integration's own status read (`statuses[i]` null: that read failed). */
export function withStatuses(integrations: Integration[], statuses: ReadonlyArray<IntegrationStatusAnswer | null>): ShownIntegration[] {
  return integrations.map((integration, i) => {
    const read = statuses[i];
    if (!read) return { ...integration, statusUnread: true };
    const { status, status_reason, status_message_id, status_params, last_delivery_at, last_delivery_status } = read;
    return { ...integration, status, status_reason, status_message_id, status_params, last_delivery_at, last_delivery_status };
  });
}

export type BadgeTone = 'green' | 'red' | 'amber' | 'slate';
export type StatusKey = 'connected' | 'error' | 'pending' | 'unknown';

/**
 * The status badge: connected green, error red, pending amber; no status is pending, a status the
 * screen does not know is Unknown, and a status that could not be read is an error.
 */
export function statusBadge(status: string | null | undefined, unread = false): { key: StatusKey; tone: BadgeTone } {
  if (unread) return { key: 'error', tone: 'red' };
  switch (status ?? '') {
    case 'connected':
      return { key: 'connected', tone: 'green' };
    case 'error':
      return { key: 'error', tone: 'red' };
    case '':
    case 'pending':
      return { key: 'pending', tone: 'amber' };
    default:
      return { key: 'unknown', tone: 'slate' };
  }
}

/** A delivery's status: its badge tone and i18n key (an unknown one shown as sent). */
export function deliveryBadge(status: string): { key: string | null; tone: BadgeTone } {
  switch (status) {
    case 'succeeded':
      return { key: 'succeeded', tone: 'green' };
    case 'failed':
      return { key: 'failed', tone: 'red' };
    case 'pending':
      return { key: 'pending', tone: 'amber' };
    case 'abandoned':
      return { key: 'abandoned', tone: 'slate' };
    default:
      return { key: null, tone: 'slate' };
  }
}

export function deliveryStatusText(status: string, t: TFunction): string {
  const { key } = deliveryBadge(status);
  return key ? t(`integrations.deliveryStatus.${key}`) : status;
}

/** Why an integration is in error, in the interface language (by its message id), else as stored; null without one. */
export function statusReasonText(integration: ShownIntegration, t: TFunction): string | null {
  if (integration.statusUnread) return t('integrations.active.statusUnread');
  if (statusBadge(integration.status).key !== 'error') return null;
  return storedFailureText({ error: integration.status_reason, error_message_id: integration.status_message_id || undefined, error_params: integration.status_params ?? [] }, t);
}

// --- The catalogue's texts in the interface language ------------------------------------------

/**
 * A catalogue text in the interface language: the translation kept under `integrations.catalogue.
 * <path>` while the API still sends the English it was made from (en.ts holds that English);
 * otherwise, or without one, the API's text as sent.
 */
export function catalogueText(t: TFunction, path: string, apiText: string): string {
  const key = `integrations.catalogue.${path}`;
  const english = t(key, { lng: 'en', defaultValue: '' });
  if (!english || english !== apiText) return apiText;
  return t(key, { defaultValue: apiText }) || apiText;
}

/** A setup field's label (`label`: the API's English for it). */
export function fieldLabel(t: TFunction, type: string, field: Pick<IntegrationField, 'name' | 'label'>): string {
  return catalogueText(t, `${type}.fields.${field.name}`, field.label);
}

/** A catalogue entry with its texts in the interface language. */
export function shownEntry(entry: CatalogueEntry, t: TFunction): CatalogueEntry {
  const text = (part: string, value: string) => catalogueText(t, `${entry.id}.${part}`, value);
  const field = (f: IntegrationField): IntegrationField => ({ ...f, label: fieldLabel(t, entry.id, f) });
  return {
    ...entry,
    name: text('name', entry.name),
    description: text('description', entry.description),
    category: text('category', entry.category),
    help: text('help', entry.help),
    features: entry.features.map((feature, i) => text(`features.${i}`, feature)),
    required_fields: entry.required_fields.map(field),
    optional_fields: entry.optional_fields.map(field),
  };
}

/** An integration's name: its catalogue entry's, translated, else the name the API gave it. */
export function integrationName(integration: Pick<Integration, 'integration_type' | 'name'>, t: TFunction): string {
  return catalogueText(t, `${integration.integration_type}.name`, integration.name);
}

/** The configuration's rows: each setting with its label (the type's field, else its name), secrets as masked by the server. */
export function configurationRows(integration: Pick<Integration, 'integration_type' | 'configuration'>, entry: CatalogueEntry | undefined, t: TFunction): { name: string; label: string; value: string }[] {
  const fields = entry ? [...entry.required_fields, ...entry.optional_fields] : [];
  return Object.entries(integration.configuration ?? {}).map(([name, value]) => {
    const field = fields.find((f) => f.name === name);
    return { name, label: field ? fieldLabel(t, integration.integration_type, field) : name, value };
  });
}

// --- The setup form ----------------------------------------------------------------------------

export type SetupValues = Record<string, string>;

/** Every field of an entry, required first. */
export function setupFields(entry: CatalogueEntry): Array<IntegrationField & { required: boolean }> {
  return [...entry.required_fields.map((f) => ({ ...f, required: true })), ...entry.optional_fields.map((f) => ({ ...f, required: false }))];
}

/** The form's own check: each empty required field, by name, with its message naming it. */
export function setupErrors(entry: CatalogueEntry, values: SetupValues, t: TFunction): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of entry.required_fields) {
    if (!(values[field.name] ?? '').trim()) errors[field.name] = t('integrations.setup.requiredError', { field: fieldLabel(t, entry.id, field) });
  }
  return errors;
}

/** The configuration sent: the entry's fields only, trimmed, empty optional ones left out. */
export function setupConfiguration(entry: CatalogueEntry, values: SetupValues): Record<string, string> {
  const configuration: Record<string, string> = {};
  for (const field of setupFields(entry)) {
    const value = (values[field.name] ?? '').trim();
    if (value) configuration[field.name] = value;
  }
  return configuration;
}

/** The fields a refusal names (`detail.field`, and `detail.fields` for several missing ones). */
export function refusedFields(error: unknown): string[] {
  if (!(error instanceof ApiError) || !error.detail || typeof error.detail !== 'object') return [];
  const detail = error.detail as { field?: unknown; fields?: unknown };
  const named = [...(Array.isArray(detail.fields) ? detail.fields : []), detail.field].filter((f): f is string => typeof f === 'string' && f !== '');
  return [...new Set(named)];
}

/** What each field a refusal names shows: 'required' for a missing one, else the server's message. */
export function refusedFieldErrors(entry: CatalogueEntry, error: unknown, t: TFunction): Record<string, string> {
  const fields = setupFields(entry);
  const missing = error instanceof ApiError && error.messageRef?.id === 'integrations.missingFields';
  const errors: Record<string, string> = {};
  for (const name of refusedFields(error)) {
    const field = fields.find((f) => f.name === name);
    if (!field) continue;
    errors[name] = missing ? t('integrations.setup.requiredError', { field: fieldLabel(t, entry.id, field) }) : (serverErrorText(error as ApiError, t) ?? t('errors.checkInput'));
  }
  return errors;
}

/** A detail the server sent as text, if any. */
function detailText(error: unknown): string | undefined {
  return error instanceof ApiError && typeof error.detail === 'string' && error.detail ? error.detail : undefined;
}

export function setupSuccessText(name: string, t: TFunction): string {
  return t('integrations.setup.success', { name });
}

/**
 * A failed setup: 'Failed to setup {name}: {error}' with what the server said (by its message id
 * when it has one); without a word from the server (no connection, no answer in time, a bare
 * error), 'Setup failed: {detail or message}'.
 */
export function setupFailureText(error: unknown, name: string, t: TFunction): string {
  const said = error instanceof ApiError ? serverErrorText(error, t) : undefined;
  if (said) return t('integrations.setup.failed', { name, error: said });
  return t('integrations.setup.setupFailed', { message: detailText(error) ?? errorText(error, t) });
}

/** A test's outcome: the receiver took it, or why not (the answer's error, or the refusal's detail or message). */
export function testResultText(outcome: { answer: Pick<TestAnswer, 'success' | 'error'> } | { error: unknown }, t: TFunction): { ok: boolean; text: string } {
  if ('answer' in outcome) {
    if (outcome.answer.success) return { ok: true, text: t('integrations.test.succeeded') };
    return { ok: false, text: t('integrations.test.failed', { error: outcome.answer.error || t('errors.generic') }) };
  }
  return { ok: false, text: t('integrations.test.failed', { error: detailText(outcome.error) ?? errorText(outcome.error, t) }) };
}

export function removeFailureText(error: unknown, t: TFunction): string {
  return t('integrations.remove.failed', { message: errorText(error, t) });
}

// --- The page's action -------------------------------------------------------------------------

/** What the page's action is asked (routes/integrations.tsx): one intent per write. */
export type IntegrationRequest =
  | { intent: 'setup'; userId: string; type: string; configuration: Record<string, string> }
  | { intent: 'test'; integrationId: string }
  | { intent: 'rotate'; integrationId: string }
  | { intent: 'remove'; integrationId: string }
  | { intent: 'replay'; integrationId: string; deliveryId: string };

const one = (id: string) => `/integrations/${encodeURIComponent(id)}`;

/** A write as the gateway takes it (the action sends it). */
export function integrationWrite(request: IntegrationRequest): { method: 'POST' | 'DELETE'; path: string; body?: object } {
  switch (request.intent) {
    case 'setup':
      return { method: 'POST', path: '/integrations/setup', body: { user_id: request.userId, integration_type: request.type, configuration: request.configuration } };
    case 'test':
      return { method: 'POST', path: `${one(request.integrationId)}/test`, body: {} };
    case 'rotate':
      return { method: 'POST', path: `${one(request.integrationId)}/rotate-secret`, body: {} };
    case 'remove':
      return { method: 'DELETE', path: one(request.integrationId) };
    case 'replay':
      return { method: 'POST', path: `${one(request.integrationId)}/deliveries/${encodeURIComponent(request.deliveryId)}/replay`, body: {} };
  }
}

const isText = (v: unknown): v is string => typeof v === 'string' && v.length > 0;

export function isIntegrationRequest(value: unknown): value is IntegrationRequest {
  const r = value as Partial<Record<string, unknown>> | null;
  if (!r || typeof r !== 'object') return false;
  switch (r.intent) {
    case 'setup': {
      const configuration = r.configuration as Record<string, unknown> | null | undefined;
      return isText(r.userId) && isText(r.type) && !!configuration && typeof configuration === 'object' && !Array.isArray(configuration) && Object.values(configuration).every((v) => typeof v === 'string');
    }
    case 'test':
    case 'rotate':
    case 'remove':
      return isText(r.integrationId);
    case 'replay':
      return isText(r.integrationId) && isText(r.deliveryId);
    default:
      return false;
  }
}

/** What the action answers besides the intent: the answer of the write that has one the screen shows. */
export interface IntegrationDone {
  setup: SetupAnswer | null;
  test: TestAnswer | null;
  rotated: RotateAnswer | null;
}

export function integrationDone(result: unknown, request: IntegrationRequest): IntegrationDone {
  return {
    setup: request.intent === 'setup' ? (result as SetupAnswer) : null,
    test: request.intent === 'test' ? (result as TestAnswer) : null,
    rotated: request.intent === 'rotate' ? (result as RotateAnswer) : null,
  };
}
