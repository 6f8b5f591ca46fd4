// The integration hub's JSON (docs/api.md, "Integrations"): the proto messages in the
// specification's field names.
import { Type } from 'typebox';
import type { Delivery, Integration } from '@trainwright/proto/trainwright/integration/v1/integration';

export const IntegrationJson = Type.Object({
  id: Type.String(),
  company_id: Type.String(),
  integration_id: Type.String(),
  integration_type: Type.String(),
  name: Type.String(),
  status: Type.String({ description: 'connected | error | pending' }),
  status_reason: Type.String(),
  status_message_id: Type.String(),
  status_params: Type.Array(Type.String()),
  configuration: Type.Object({}, { additionalProperties: Type.String(), description: 'The settings; each secret one masked' }),
  created_at: Type.String(),
  last_delivery_at: Type.Union([Type.String(), Type.Null()]),
  last_delivery_status: Type.String(),
  signed: Type.Boolean(),
});

const AttemptJson = Type.Object({
  attempt: Type.Integer(),
  at: Type.String(),
  response_status: Type.Integer(),
  latency_ms: Type.Integer(),
  error: Type.String(),
  response_excerpt: Type.String(),
});

export const DeliveryJson = Type.Object({
  id: Type.String(),
  integration_id: Type.String(),
  event: Type.String(),
  event_id: Type.String(),
  status: Type.String({ description: 'pending | succeeded | failed | abandoned' }),
  attempts: Type.Integer(),
  next_attempt_at: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String(),
  attempt_log: Type.Array(AttemptJson),
});

export function integrationJson(i: Integration) {
  return {
    id: i.id,
    company_id: i.companyId,
    integration_id: i.integrationId,
    integration_type: i.integrationType,
    name: i.name,
    status: i.status,
    status_reason: i.statusReason,
    status_message_id: i.statusMessageId,
    status_params: i.statusParams,
    configuration: i.configuration,
    created_at: i.createdAt,
    last_delivery_at: i.lastDeliveryAt || null,
    last_delivery_status: i.lastDeliveryStatus,
    signed: i.signed,
  };
}

export function deliveryJson(d: Delivery) {
  return {
    id: d.id,
    integration_id: d.integrationId,
    event: d.event,
    event_id: d.eventId,
    status: d.status,
    attempts: d.attempts,
    next_attempt_at: d.nextAttemptAt || null,
    created_at: d.createdAt,
    attempt_log: d.attemptLog.map((a) => ({ attempt: a.attempt, at: a.at, response_status: a.responseStatus, latency_ms: a.latencyMs, error: a.error, response_excerpt: a.responseExcerpt })),
  };
}
