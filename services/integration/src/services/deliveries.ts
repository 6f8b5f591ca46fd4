// Deliveries (docs/integrations.md, "Deliveries"): each platform event an integration receives is
// one delivery, tried at once and, while the receiver fails, again on the schedule of the best
// webhook services; a receiver that answers 410, or fails for days, pauses its integration.
import { DELIVERY_RETRY_SCHEDULE_MS, INTEGRATION_MESSAGES, catalogueMessage } from '@trainwright/catalogue';
import { AppError, isUuid } from '@trainwright/platform';
import type { DeliveryRow, IntegrationDeps, SendOutcome } from './deps.js';
import { managedIntegration } from './integrations.js';

/** How long after failed attempt `attempt` (1: the first try) the next one comes; null: no try left. */
export function retryDelayMs(attempt: number): number | null {
  return DELIVERY_RETRY_SCHEDULE_MS[attempt - 1] ?? null;
}

/** A fact of the platform, as every receiving integration of its company gets it. */
export interface PlatformFact {
  /** The platform event's id: an event arriving twice is delivered once. */
  eventId: string;
  companyId: string;
  event: string;
  occurredAt: Date;
  payload: Record<string, unknown>;
}

/** Makes the fact's deliveries (one per receiving integration, once) and starts each. */
export async function deliverFact(deps: IntegrationDeps, fact: PlatformFact): Promise<number> {
  const receivers = await deps.integrations.receiving(fact.companyId, deps.clock());
  if (receivers.length === 0) return 0;
  // A Zapier integration's REST hooks subscribed to the event each get a delivery of their own.
  const hooks = await deps.hooks.forEvent(receivers.filter((r) => r.type === 'zapier').map((r) => r.id), fact.event);
  const targets = [...receivers.map((r) => ({ integrationId: r.id, hookId: null })), ...hooks.map((h) => ({ integrationId: h.integrationId, hookId: h.id }))];
  const created = await deps.deliveries.createNew(targets.map((t) => ({ ...t, companyId: fact.companyId, event: fact.event, eventId: fact.eventId, payload: fact.payload, occurredAt: fact.occurredAt })));
  for (const delivery of created) await deps.jobs.schedule(delivery.id, 1, 0);
  return created.length;
}

/**
 * One attempt of a delivery (the delivery job, a test, a replay). A scheduled attempt that is no
 * longer due (the delivery succeeded, or a replay already made it) does nothing; a replay is made
 * whatever the delivery's status. Answers the receiver's outcome (null when nothing was sent).
 */
export async function attemptDelivery(
  deps: IntegrationDeps,
  job: { deliveryId: string; attempt: number; replay?: boolean },
  options: { test?: boolean } = {},
): Promise<SendOutcome | null> {
  const delivery = await deps.deliveries.find(job.deliveryId);
  if (!delivery) return null;
  const due = delivery.status === 'pending' || delivery.status === 'failed';
  if (!job.replay && (!due || delivery.attempts >= job.attempt)) return null;
  const integration = await deps.integrations.find(delivery.integrationId, deps.clock());
  if (!integration) return null;
  if (integration.status === 'error' && !job.replay) {
    // Paused since it was scheduled: nothing goes out until a test succeeds.
    await deps.deliveries.recordAttempt(delivery.id, skipped(delivery, deps.clock()), { status: 'abandoned', nextAttemptAt: null });
    return null;
  }

  const sender = deps.senders[integration.type];
  if (!sender) return null;
  const hook = delivery.hookId ? await deps.hooks.find(delivery.hookId) : undefined;
  // The hook was unsubscribed since (its deliveries go with it, but a job may still be queued).
  if (delivery.hookId && !hook) return null;
  const attempt = delivery.attempts + 1;
  const started = performance.now();
  const at = deps.clock();
  const outcome = await sender.send(integration, { id: delivery.id, event: delivery.event, occurredAt: delivery.occurredAt, payload: delivery.payload, targetUrl: hook?.targetUrl }, at);
  const record = { attempt, at, responseStatus: outcome.responseStatus, latencyMs: Math.round(performance.now() - started), error: outcome.error, responseExcerpt: outcome.responseExcerpt };

  if (outcome.ok) {
    await deps.deliveries.recordAttempt(delivery.id, record, { status: 'succeeded', nextAttemptAt: null });
    await deps.integrations.markReached(integration.id);
    return outcome;
  }
  if (outcome.gone) {
    await deps.deliveries.recordAttempt(delivery.id, record, { status: 'abandoned', nextAttemptAt: null });
    // A REST hook answering 410 is unsubscribed (Zapier's way to end a subscription); the
    // integration's own receiver answering it pauses the integration.
    if (hook) await deps.hooks.remove(hook.id);
    else await deps.integrations.pause(integration.id, catalogueMessage(INTEGRATION_MESSAGES, 'receiverGone'));
    return outcome;
  }
  if (options.test) {
    // A test is not retried: its answer is the user's to read now.
    await deps.deliveries.recordAttempt(delivery.id, record, { status: 'abandoned', nextAttemptAt: null });
    await deps.integrations.pause(integration.id, catalogueMessage(INTEGRATION_MESSAGES, 'testFailed', outcome.error));
    return outcome;
  }
  const failingSince = await deps.integrations.markFailing(integration.id, at);
  const days = deps.options.disableAfterMs / 86_400_000;
  if (at.getTime() - failingSince.getTime() >= deps.options.disableAfterMs) {
    await deps.deliveries.recordAttempt(delivery.id, record, { status: 'abandoned', nextAttemptAt: null });
    await deps.integrations.pause(integration.id, catalogueMessage(INTEGRATION_MESSAGES, 'disabledAfterFailures', Number(days.toFixed(2))));
    return outcome;
  }
  const delay = retryDelayMs(attempt);
  if (delay === null) {
    await deps.deliveries.recordAttempt(delivery.id, record, { status: 'abandoned', nextAttemptAt: null });
    return outcome;
  }
  await deps.deliveries.recordAttempt(delivery.id, record, { status: 'failed', nextAttemptAt: new Date(at.getTime() + delay) });
  await deps.jobs.schedule(delivery.id, attempt + 1, delay);
  return outcome;
}

/** The log's line for an attempt not made because the integration was paused. */
function skipped(delivery: DeliveryRow, at: Date) {
  return { attempt: delivery.attempts + 1, at, responseStatus: 0, latencyMs: 0, error: 'Not sent: the integration is paused.', responseExcerpt: '' };
}

export async function listDeliveries(deps: IntegrationDeps, userId: string, integrationId: string, before: string, limit: number): Promise<{ deliveries: DeliveryRow[]; nextBefore: string }> {
  const integration = await managedIntegration(deps, userId, integrationId);
  const size = Math.min(Math.max(limit || 20, 1), 100);
  const rows = await deps.deliveries.page(integration.id, isUuid(before) ? before : null, size + 1);
  const page = rows.slice(0, size);
  return { deliveries: page, nextBefore: rows.length > size ? page[page.length - 1]!.id : '' };
}

/** Sends the delivery again now, as a new attempt with the same webhook-id. */
export async function replayDelivery(deps: IntegrationDeps, userId: string, integrationId: string, deliveryId: string): Promise<DeliveryRow> {
  const integration = await managedIntegration(deps, userId, integrationId);
  const delivery = isUuid(deliveryId) ? await deps.deliveries.find(deliveryId) : undefined;
  if (!delivery || delivery.integrationId !== integration.id) throw AppError.notFound(catalogueMessage(INTEGRATION_MESSAGES, 'deliveryNotFound'));
  await deps.jobs.schedule(delivery.id, delivery.attempts + 1, 0, true);
  return delivery;
}
