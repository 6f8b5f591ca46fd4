// The integration hub (docs/integrations.md): the catalogue of what a company can connect, the
// setup fields of each type, the events delivered, the delivery schedule and the messages of the
// integration service's refusals. The web app and the integration service read it from here.
import { defineMessages } from './messages.js';

export const INTEGRATION_TYPES = ['zapier', 'slack', 'microsoft_teams', 'google_workspace'] as const;
export type IntegrationType = (typeof INTEGRATION_TYPES)[number];

export const INTEGRATION_STATUSES = ['connected', 'error', 'pending'] as const;
export type IntegrationStatus = (typeof INTEGRATION_STATUSES)[number];

export interface IntegrationField {
  name: string;
  label: string;
  /** Kept encrypted, never answered: only masked (a webhook URL of Slack or Teams is a secret). */
  secret: boolean;
  /** A URL the service calls: checked like every outgoing request (public addresses only). */
  url?: boolean;
  maxLength: number;
}

export interface IntegrationCatalogueEntry {
  id: IntegrationType;
  name: string;
  description: string;
  category: string;
  features: readonly string[];
  required: readonly IntegrationField[];
  optional: readonly IntegrationField[];
  /** Where the values come from, shown beside the form. */
  help: string;
}

const webhookUrl = (label: string): IntegrationField => ({ name: 'webhook_url', label, secret: true, url: true, maxLength: 2048 });
const text = (name: string, label: string, secret = false, maxLength = 200): IntegrationField => ({ name, label, secret, maxLength });

export const INTEGRATION_CATALOGUE: readonly IntegrationCatalogueEntry[] = [
  {
    id: 'zapier',
    name: 'Zapier',
    description: 'Start a Zap whenever something happens in Trainwright: signed JSON to a catch hook or a Trainwright app.',
    category: 'Automation',
    features: ['Signed JSON for every event (Standard Webhooks)', 'REST hook subscriptions for a Zapier app', 'Sample data for each event'],
    required: [webhookUrl('Catch hook URL'), text('api_key', 'API key', true, 500)],
    optional: [],
    help: 'In Zapier, add a "Webhooks by Zapier" trigger with "Catch Hook" and paste its URL here. The API key is what your Zapier app sends to Trainwright to subscribe and unsubscribe.',
  },
  {
    id: 'slack',
    name: 'Slack',
    description: 'Post a message to a Slack channel when a project is ready, a render finishes or a member joins.',
    category: 'Communication',
    features: ['Block Kit messages with links', 'Long messages split within Slack’s limits', 'Optional channel'],
    required: [webhookUrl('Incoming webhook URL')],
    optional: [text('channel', 'Channel (e.g. #training)', false, 80)],
    help: 'In Slack, create an app with "Incoming Webhooks", add a webhook to a workspace channel and paste its URL here.',
  },
  {
    id: 'microsoft_teams',
    name: 'Microsoft Teams',
    description: 'Post an Adaptive Card to a Teams channel through a Workflows webhook or Microsoft Graph.',
    category: 'Communication',
    features: ['Adaptive Cards', 'Workflows webhooks', 'Microsoft Graph channel messages (app registration)'],
    required: [text('tenant_id', 'Tenant ID'), text('client_id', 'Client ID'), text('client_secret', 'Client secret', true, 500)],
    optional: [webhookUrl('Workflows webhook URL'), text('team_id', 'Team ID'), text('channel_id', 'Channel ID')],
    help: 'Register an app in Microsoft Entra ID and paste its tenant ID, client ID and a client secret. Recommended: in Teams, add the Workflows template "Post to a channel when a webhook request is received" and paste its URL; cards go there. Without it, cards are posted through Microsoft Graph to the team and channel IDs, which Microsoft allows an app only for channels in migration mode.',
  },
  {
    id: 'google_workspace',
    name: 'Google Workspace',
    description: 'Upload exported files to Google Drive and post a Chat card with their links.',
    category: 'Productivity',
    features: ['Exports uploaded to Drive', 'Chat cards with the links', 'OAuth refresh-token access'],
    required: [text('client_id', 'OAuth client ID', false, 300), text('client_secret', 'OAuth client secret', true, 500)],
    optional: [text('refresh_token', 'Refresh token', true, 2048), text('drive_folder_id', 'Drive folder ID'), webhookUrl('Chat space webhook URL')],
    help: 'Create an OAuth client in the Google Cloud console, authorise it for Drive and Chat, and paste the client ID, the client secret and the refresh token it gave.',
  },
];

export function integrationEntry(type: string): IntegrationCatalogueEntry | undefined {
  return INTEGRATION_CATALOGUE.find((e) => e.id === type);
}

/** The facts an integration receives, as their webhook event types. */
export const INTEGRATION_EVENTS = ['project.completed', 'project.failed', 'render.completed', 'translation.completed', 'scorm.exported', 'payment.succeeded', 'member.joined'] as const;
export type IntegrationEvent = (typeof INTEGRATION_EVENTS)[number];

type JsonSchema = Record<string, unknown>;
const uuid: JsonSchema = { type: 'string', format: 'uuid' };
const url: JsonSchema = { type: 'string', format: 'uri' };
/** The data every event about a project carries. */
const projectData = { project_id: uuid, project_title: { type: 'string', description: 'Present when Trainwright knows it' }, company_id: uuid, url };
const object = (properties: Record<string, JsonSchema>, required: string[]): JsonSchema => ({ type: 'object', properties, required, additionalProperties: false });

/**
 * Each event type a receiver gets (docs/integrations.md, "What receivers get"): what it means and
 * the JSON Schema (2020-12) of its `data`. Every delivery's body is `{ type, timestamp, data }`.
 */
export const INTEGRATION_EVENT_TYPES: Record<IntegrationEvent | 'integration.test', { description: string; data: JsonSchema }> = {
  'project.completed': {
    description: 'A project finished generating and rendering: its content and files are ready.',
    data: object({ ...projectData, status: { const: 'completed' } }, ['project_id', 'company_id', 'status', 'url']),
  },
  'project.failed': {
    description: 'A project’s generation or render failed.',
    data: object({ ...projectData, status: { const: 'failed' }, error: { type: 'string' } }, ['project_id', 'company_id', 'status', 'error', 'url']),
  },
  'render.completed': {
    description: 'A project’s narrated video finished rendering.',
    data: object({ ...projectData, language: { type: ['string', 'null'], description: "A translation's language; null for the project's own" } }, ['project_id', 'company_id', 'language', 'url']),
  },
  'translation.completed': {
    description: 'A project was translated into a language.',
    data: object({ ...projectData, translation_id: uuid, language: { type: 'string' }, engine: { type: 'string' } }, ['project_id', 'company_id', 'translation_id', 'language', 'engine', 'url']),
  },
  'scorm.exported': {
    description: 'A SCORM or cmi5 package of a project was built.',
    data: object({ ...projectData, package_id: uuid }, ['project_id', 'company_id', 'package_id', 'url']),
  },
  'payment.succeeded': {
    description: 'A payment of the account that owns the company went through.',
    data: object(
      { company_id: uuid, payment_id: uuid, kind: { enum: ['subscription', 'add_on', 'credits', 'video'] }, amount_cents: { type: 'integer', minimum: 0 }, currency: { const: 'usd' }, project_id: uuid, url },
      ['company_id', 'payment_id', 'kind', 'amount_cents', 'currency', 'url'],
    ),
  },
  'member.joined': {
    description: 'Someone joined the company (accepted an invitation).',
    data: object({ company_id: uuid, user_id: uuid, role: { enum: ['owner', 'editor', 'commenter', 'viewer'] }, url }, ['company_id', 'user_id', 'role', 'url']),
  },
  'integration.test': {
    description: 'A test message, sent when the integration is tested.',
    data: object({ message: { type: 'string' }, integration_type: { enum: [...INTEGRATION_TYPES] } }, ['message', 'integration_type']),
  },
};

export const INTEGRATION_LIMITS = {
  /** Integrations a company keeps. */
  perCompany: 20,
  /** A receiver's answer counts only within this time (a 2xx later is a failure). */
  deliveryTimeoutMs: 15_000,
  /** Bytes of a receiver's answer read (and kept, shortened, in the delivery log). */
  responseBytes: 64 * 1024,
  /** Characters of a receiver's answer kept in the delivery log. */
  responseExcerpt: 500,
  /** Characters of a Zapier api_key at least (it authenticates the Zapier app's calls). */
  apiKeyMin: 16,
  /** REST hooks one Zapier integration keeps. */
  hooksPerIntegration: 50,
  /** Days an old signing secret keeps signing beside the new one after a rotation. */
  rotationOverlapHours: 24,
} as const;

/**
 * When a delivery is tried again after a failure (ms after the failure): the schedule of the
 * best webhook services (immediately, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h).
 */
export const DELIVERY_RETRY_SCHEDULE_MS = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000] as const;

export const INTEGRATION_MESSAGES = defineMessages('integrations', {
  unknownType: (type: string) => `${type} is not an integration Trainwright offers (zapier, slack, microsoft_teams or google_workspace).`,
  missingFields: (fields: string) => `Fill in the required fields: ${fields}.`,
  unknownField: (field: string, type: string) => `${field} is not a setting of the ${type} integration.`,
  fieldTooLong: (field: string, max: number) => `${field} can be at most ${max} characters.`,
  notUrl: (field: string) => `${field} must be an https URL.`,
  notFound: 'Integration not found',
  deliveryNotFound: 'Delivery not found',
  tooMany: (max: number) => `A company can keep at most ${max} integrations. Remove one you no longer use first.`,
  noSigningSecret: 'Only Zapier integrations sign their deliveries with a secret.',
  disabledAfterFailures: (days: number) => `Deliveries failed for ${days} days in a row, so the integration was paused. Check the receiver, then test it to resume.`,
  receiverGone: 'The receiver answered 410 Gone: it no longer exists, so the integration was paused.',
  testFailed: (error: string) => `The test failed: ${error}`,
  notAvailableYet: (name: string) => `${name} integrations cannot be set up yet.`,
  apiKeyTooShort: (min: number) => `The API key must be at least ${min} characters: it is what lets your Zapier app in.`,
  apiKeyInUse: 'This API key is already used by another integration. Choose another one.',
  badApiKey: 'The API key is not one of a Trainwright integration.',
  unknownEvent: (event: string) => `${event} is not an event Trainwright sends.`,
  hookNotFound: 'Subscription not found',
  tooManyHooks: (max: number) => `A Zapier integration can have at most ${max} subscriptions.`,
});
