// Transport only: proto <-> domain for the integration operations, and each method's line of the
// access table.
import { INTEGRATION_CATALOGUE } from '@trainwright/catalogue';
import type { AccessTable, UnaryHandlers } from '@trainwright/platform';
import type { Delivery, Integration, IntegrationServiceService } from '@trainwright/proto/trainwright/integration/v1/integration';
import { maskedConfiguration } from '../services/configuration.js';
import type { DeliveryRow, IntegrationDeps, IntegrationRow } from '../services/deps.js';
import { listDeliveries, replayDelivery } from '../services/deliveries.js';
import { getIntegration, listIntegrations, removeIntegration, rotateSigningSecret, setupIntegration, testIntegration } from '../services/integrations.js';
import { hookSamples, subscribeHook, unsubscribeHook, zapierMe } from '../services/zapier-app.js';

export const integrationAccess: AccessTable<typeof IntegrationServiceService> = {
  listCatalogue: { self: 'the catalogue, the same for every caller' },
  listIntegrations: { action: 'integration.manage' },
  getIntegration: { action: 'integration.manage' },
  setupIntegration: { action: 'integration.manage' },
  testIntegration: { action: 'integration.manage' },
  removeIntegration: { action: 'integration.manage' },
  listDeliveries: { action: 'integration.manage' },
  replayDelivery: { action: 'integration.manage' },
  rotateSigningSecret: { action: 'integration.manage' },
  zapierMe: { public: "a Zapier app with an integration's api_key, which opens that integration only" },
  subscribeZapierHook: { public: "a Zapier app with an integration's api_key, which opens that integration only" },
  unsubscribeZapierHook: { public: "a Zapier app with an integration's api_key, which opens that integration only" },
  zapierSamples: { public: "a Zapier app with an integration's api_key, which opens that integration only" },
};

const iso = (d: Date | null | undefined) => d?.toISOString() ?? '';

export function integrationToProto(row: IntegrationRow): Integration {
  const entry = INTEGRATION_CATALOGUE.find((e) => e.id === row.type)!;
  return {
    id: row.id,
    companyId: row.companyId,
    integrationId: row.type,
    integrationType: row.type,
    name: entry.name,
    status: row.status,
    statusReason: row.statusMessage?.text ?? '',
    statusMessageId: row.statusMessage?.id ?? '',
    statusParams: (row.statusMessage?.params ?? []).map(String),
    configuration: maskedConfiguration(row),
    createdAt: iso(row.createdAt),
    lastDeliveryAt: iso(row.lastDelivery?.at),
    lastDeliveryStatus: row.lastDelivery?.status ?? '',
    signed: row.signingSecrets.length > 0,
  };
}

export function deliveryToProto(row: DeliveryRow): Delivery {
  return {
    id: row.id,
    integrationId: row.integrationId,
    event: row.event,
    eventId: row.eventId,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: iso(row.nextAttemptAt),
    createdAt: iso(row.createdAt),
    attemptLog: row.attemptLog.map((a) => ({ attempt: a.attempt, at: iso(a.at), responseStatus: a.responseStatus, latencyMs: a.latencyMs, error: a.error, responseExcerpt: a.responseExcerpt })),
  };
}

export function createIntegrationHandlers(deps: IntegrationDeps): UnaryHandlers<typeof IntegrationServiceService> {
  return {
    listCatalogue: async () => ({
      integrations: INTEGRATION_CATALOGUE.map((e) => ({
        id: e.id,
        name: e.name,
        description: e.description,
        category: e.category,
        features: [...e.features],
        requiredFields: e.required.map((f) => ({ name: f.name, label: f.label, secret: f.secret, maxLength: f.maxLength })),
        optionalFields: e.optional.map((f) => ({ name: f.name, label: f.label, secret: f.secret, maxLength: f.maxLength })),
        help: e.help,
        available: deps.senders[e.id] !== undefined,
      })),
    }),
    listIntegrations: async (req) => ({ integrations: (await listIntegrations(deps, req.userId, req.companyId)).map(integrationToProto) }),
    getIntegration: async (req) => integrationToProto(await getIntegration(deps, req.userId, req.integrationId)),
    setupIntegration: async (req) => {
      const { integration, signingSecret } = await setupIntegration(deps, req.userId, { companyId: req.companyId, type: req.integrationType, configuration: req.configuration });
      return { integration: integrationToProto(integration), signingSecret };
    },
    testIntegration: async (req) => {
      const tested = await testIntegration(deps, req.userId, req.integrationId);
      return { success: tested.success, error: tested.error, delivery: deliveryToProto(tested.delivery), integration: integrationToProto(tested.integration) };
    },
    removeIntegration: async (req) => {
      await removeIntegration(deps, req.userId, req.integrationId);
      return {};
    },
    listDeliveries: async (req) => {
      const page = await listDeliveries(deps, req.userId, req.integrationId, req.before, req.limit);
      return { deliveries: page.deliveries.map(deliveryToProto), nextBefore: page.nextBefore };
    },
    replayDelivery: async (req) => deliveryToProto(await replayDelivery(deps, req.userId, req.integrationId, req.deliveryId)),
    zapierMe: async (req) => zapierMe(deps, req.apiKey),
    subscribeZapierHook: async (req) => {
      const hook = await subscribeHook(deps, req.apiKey, { targetUrl: req.targetUrl, event: req.event });
      return { id: hook.id, event: hook.event };
    },
    unsubscribeZapierHook: async (req) => {
      await unsubscribeHook(deps, req.apiKey, req.hookId);
      return {};
    },
    zapierSamples: async (req) => ({ samples: await hookSamples(deps, req.apiKey, req.event) }),
    rotateSigningSecret: async (req) => {
      const rotated = await rotateSigningSecret(deps, req.userId, req.integrationId);
      return { signingSecret: rotated.secret, previousValidUntil: rotated.previousValidUntil.toISOString() };
    },
  };
}
