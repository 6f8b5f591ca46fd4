// A company's integrations (docs/integrations.md): its Owner sets one up, tests it, reads it and
// removes it, on a plan with the integration hub, through the one access check. Another
// company's integration is NOT_FOUND, like one that does not exist.
import { INTEGRATION_LIMITS, INTEGRATION_MESSAGES, catalogueMessage, type IntegrationType } from '@trainwright/catalogue';
import { Access, AppError, isUuid, type Membership } from '@trainwright/platform';
import { entryOf, validateConfiguration } from './configuration.js';
import type { DeliveryRow, IntegrationDeps, IntegrationRow } from './deps.js';
import { attemptDelivery } from './deliveries.js';

const MANAGE = { action: 'integration.manage', capability: 'integrationHub' } as const;

/** The Owner's membership of the company (the caller's current one when none is named). */
export async function requireManager(deps: Pick<IntegrationDeps, 'memberships'>, userId: string, companyId: string, notFoundMessage = 'Company not found'): Promise<Membership> {
  const id = companyId || (await deps.memberships.companiesOf(userId)).currentCompanyId;
  return new Access(deps.memberships).require({ userId, companyId: id, ...MANAGE, notFoundMessage });
}

/** The integration, once the caller may manage its company's (NOT_FOUND otherwise). */
export async function managedIntegration(deps: Pick<IntegrationDeps, 'memberships' | 'integrations' | 'clock'>, userId: string, id: string): Promise<IntegrationRow> {
  const notFound = catalogueMessage(INTEGRATION_MESSAGES, 'notFound');
  const row = isUuid(id) ? await deps.integrations.find(id, deps.clock()) : undefined;
  if (!row) throw AppError.notFound(notFound);
  // Found by id alone: the access check, not the query, keeps another company's integration out.
  await requireManager(deps, userId, row.companyId, notFound.text);
  return row;
}

export async function listIntegrations(deps: IntegrationDeps, userId: string, companyId: string): Promise<IntegrationRow[]> {
  const membership = await requireManager(deps, userId, companyId);
  return deps.integrations.listOfCompany(membership.companyId, deps.clock());
}

export async function setupIntegration(
  deps: IntegrationDeps,
  userId: string,
  input: { companyId: string; type: string; configuration: Record<string, string> },
): Promise<{ integration: IntegrationRow; signingSecret: string }> {
  const membership = await requireManager(deps, userId, input.companyId);
  const type = entryOf(input.type).id as IntegrationType;
  if (!deps.senders[type]) throw AppError.validation('integration_type', catalogueMessage(INTEGRATION_MESSAGES, 'notAvailableYet', entryOf(type).name));
  const split = await validateConfiguration(type, input.configuration, deps.checkUrl);
  const signingSecret = type === 'zapier' ? deps.newSigningSecret() : null;
  if (split.secrets.api_key !== undefined && split.secrets.api_key.length < INTEGRATION_LIMITS.apiKeyMin) throw AppError.validation('api_key', catalogueMessage(INTEGRATION_MESSAGES, 'apiKeyTooShort', INTEGRATION_LIMITS.apiKeyMin));
  const row = await deps.integrations.insertWithin(INTEGRATION_LIMITS.perCompany, { id: deps.newId(), companyId: membership.companyId, createdBy: userId, type, ...split, signingSecret });
  if (row === 'limit') throw new AppError('PLAN_LIMIT_REACHED', catalogueMessage(INTEGRATION_MESSAGES, 'tooMany', INTEGRATION_LIMITS.perCompany));
  if (row === 'api_key_in_use') throw new AppError('CONFLICT', catalogueMessage(INTEGRATION_MESSAGES, 'apiKeyInUse'), { field: 'api_key' });
  return { integration: row, signingSecret: signingSecret ?? '' };
}

export async function getIntegration(deps: IntegrationDeps, userId: string, id: string): Promise<IntegrationRow> {
  return managedIntegration(deps, userId, id);
}

/**
 * Sends a test message now, as a delivery of its own (in the log like any other), and answers how
 * the receiver took it. Success connects the integration (a paused one resumes); failure pauses it
 * with the receiver's answer as the reason.
 */
export async function testIntegration(deps: IntegrationDeps, userId: string, id: string): Promise<{ success: boolean; error: string; delivery: DeliveryRow; integration: IntegrationRow }> {
  const integration = await managedIntegration(deps, userId, id);
  const now = deps.clock();
  const [delivery] = await deps.deliveries.createNew([
    { integrationId: integration.id, companyId: integration.companyId, event: 'integration.test', eventId: `test-${deps.newId()}`, payload: { message: 'Trainwright can reach this integration.', integration_type: integration.type }, occurredAt: now },
  ]);
  const outcome = await attemptDelivery(deps, { deliveryId: delivery!.id, attempt: 1, replay: true }, { test: true });
  const after = (await deps.deliveries.find(delivery!.id))!;
  return { success: outcome?.ok ?? false, error: outcome && !outcome.ok ? outcome.error : '', delivery: after, integration: (await deps.integrations.find(id, deps.clock()))! };
}

export async function removeIntegration(deps: IntegrationDeps, userId: string, id: string): Promise<void> {
  const integration = await managedIntegration(deps, userId, id);
  await deps.integrations.remove(integration.id);
}

/** Zapier: a new signing secret; the previous one signs beside it for the overlap, so receivers can switch. */
export async function rotateSigningSecret(deps: IntegrationDeps, userId: string, id: string): Promise<{ secret: string; previousValidUntil: Date }> {
  const integration = await managedIntegration(deps, userId, id);
  if (integration.signingSecrets.length === 0) throw AppError.validation('integration_id', catalogueMessage(INTEGRATION_MESSAGES, 'noSigningSecret'));
  const secret = deps.newSigningSecret();
  const previousValidUntil = new Date(deps.clock().getTime() + INTEGRATION_LIMITS.rotationOverlapHours * 3_600_000);
  await deps.integrations.rotateSigningSecret(integration.id, secret, previousValidUntil);
  return { secret, previousValidUntil };
}
