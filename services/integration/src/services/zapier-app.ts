// Zapier's REST hooks (docs/integrations.md, "Zapier app"): a Zapier app calls Trainwright with
// the integration's api_key (no user session) to check it, subscribe a target URL to an event
// type, unsubscribe it, and fetch samples of an event's data. The api_key reaches only its own
// integration's hooks.
import { INTEGRATION_EVENTS, INTEGRATION_LIMITS, INTEGRATION_MESSAGES, catalogueMessage } from '@trainwright/catalogue';
import { AppError, isUuid } from '@trainwright/platform';
import type { IntegrationDeps, IntegrationRow, ZapierHook } from './deps.js';
import { memberJoinedFact, packageFact, paymentFact, projectStatusFact, translationFact, videoReadyFact } from './facts.js';
import type { PlatformFact } from './deliveries.js';
import { webhookBody } from '../adapters/webhook.js';

type ZapierDeps = Pick<IntegrationDeps, 'integrations' | 'hooks' | 'checkUrl' | 'clock' | 'newId' | 'options'>;

/** The Zapier integration of the api_key (UNAUTHENTICATED otherwise, the same for every wrong key). */
export async function zapierIntegration(deps: ZapierDeps, apiKey: string): Promise<IntegrationRow> {
  const integration = apiKey.length >= INTEGRATION_LIMITS.apiKeyMin && apiKey.length <= 500 ? await deps.integrations.findByApiKey(apiKey, deps.clock()) : undefined;
  if (!integration || integration.type !== 'zapier') throw new AppError('UNAUTHENTICATED', catalogueMessage(INTEGRATION_MESSAGES, 'badApiKey'));
  return integration;
}

function eventOf(event: string): string {
  if (!(INTEGRATION_EVENTS as readonly string[]).includes(event)) throw AppError.validation('event', catalogueMessage(INTEGRATION_MESSAGES, 'unknownEvent', event.slice(0, 50)));
  return event;
}

export async function subscribeHook(deps: ZapierDeps, apiKey: string, input: { targetUrl: string; event: string }): Promise<ZapierHook> {
  const integration = await zapierIntegration(deps, apiKey);
  const event = eventOf(input.event);
  const targetUrl = input.targetUrl.trim();
  if (!targetUrl || targetUrl.length > 2048) throw AppError.validation('target_url', catalogueMessage(INTEGRATION_MESSAGES, 'notUrl', 'target_url'));
  await deps.checkUrl('target_url', targetUrl);
  const hook = await deps.hooks.addWithin(INTEGRATION_LIMITS.hooksPerIntegration, { id: deps.newId(), integrationId: integration.id, companyId: integration.companyId, event, targetUrl });
  if (hook === 'limit') throw new AppError('PLAN_LIMIT_REACHED', catalogueMessage(INTEGRATION_MESSAGES, 'tooManyHooks', INTEGRATION_LIMITS.hooksPerIntegration));
  return hook;
}

export async function unsubscribeHook(deps: ZapierDeps, apiKey: string, hookId: string): Promise<void> {
  const integration = await zapierIntegration(deps, apiKey);
  const hook = isUuid(hookId) ? await deps.hooks.find(hookId) : undefined;
  if (!hook || hook.integrationId !== integration.id) throw AppError.notFound(catalogueMessage(INTEGRATION_MESSAGES, 'hookNotFound'));
  await deps.hooks.remove(hook.id);
}

/** A sample of each event's delivery, made by the same rules as the real ones (Zapier shows it while a Zap is built). */
export function sampleFact(event: string, companyId: string, webUrl: string, at: Date): PlatformFact {
  const ctx = { webUrl };
  const projectId = '3f8e0b9c-5d2a-4c1e-9b7a-2e6f1d0c4a58';
  const occurredAt = at.toISOString();
  const title = 'Forklift safety basics';
  const facts: Record<string, () => PlatformFact | null> = {
    'project.completed': () => projectStatusFact(ctx, 'sample', { projectId, companyId, status: 'completed', error: '', occurredAt }, title),
    'project.failed': () => projectStatusFact(ctx, 'sample', { projectId, companyId, status: 'failed', error: 'The narration could not be rendered.', occurredAt }, title),
    'render.completed': () => videoReadyFact(ctx, 'sample', { projectId, companyId, status: 'ready', language: '', occurredAt }, title),
    'translation.completed': () => translationFact(ctx, 'sample', { projectId, companyId, language: 'es', translationId: 'b2c4e6f8-1a3b-4c5d-8e9f-0a1b2c3d4e5f', engine: 'apertium', occurredAt }, title),
    'scorm.exported': () => packageFact(ctx, 'sample', { packageId: 'c1d2e3f4-a5b6-4c7d-8e9f-a0b1c2d3e4f5', projectId, companyId, occurredAt }, title),
    'member.joined': () => memberJoinedFact(ctx, 'sample', { companyId, userId: 'd4e5f6a7-b8c9-4dae-8f01-23456789abcd', role: 'editor', occurredAt }),
    'payment.succeeded': () => paymentFact(ctx, 'sample', companyId, { paymentId: 'e5f6a7b8-c9d0-4e1f-9a2b-3c4d5e6f7a8b', kind: 'credits', amountCents: 2500, projectId: '', occurredAt }),
  };
  return facts[event]!()!;
}

/** Samples of the event's webhook body (Zapier's perform list: newest first, one here). */
export async function hookSamples(deps: ZapierDeps, apiKey: string, event: string): Promise<string[]> {
  const integration = await zapierIntegration(deps, apiKey);
  const fact = sampleFact(eventOf(event), integration.companyId, deps.options.webUrl, deps.clock());
  return [webhookBody({ id: 'sample', event: fact.event, occurredAt: fact.occurredAt, payload: fact.payload })];
}

/** Zapier's authentication test: whose integration the key opens. */
export async function zapierMe(deps: ZapierDeps, apiKey: string): Promise<{ integrationId: string; companyId: string }> {
  const integration = await zapierIntegration(deps, apiKey);
  return { integrationId: integration.id, companyId: integration.companyId };
}
