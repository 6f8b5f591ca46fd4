// The platform's events as the facts integrations receive (docs/integrations.md, "What receivers
// get"): which events count, under which webhook event type, and the data each carries. Pure:
// the subscriptions look up the project's title and the payer's companies.
import type { IntegrationEvent } from '@trainwright/catalogue';
import type { PlatformFact } from './deliveries.js';

interface Context {
  webUrl: string;
}

const link = (ctx: Context, path: string) => `${ctx.webUrl.replace(/\/$/, '')}${path}`;

function when(occurredAt: string): Date {
  const at = new Date(occurredAt);
  return Number.isNaN(at.getTime()) ? new Date() : at;
}

function fact(eventId: string, companyId: string, event: IntegrationEvent, occurredAt: string, payload: Record<string, unknown>): PlatformFact {
  return { eventId, companyId, event, occurredAt: when(occurredAt), payload };
}

/** The project's part of a payload: its id, its title when known, and its page. */
function project(ctx: Context, projectId: string, title: string | null): Record<string, unknown> {
  return { project_id: projectId, ...(title ? { project_title: title } : {}), url: link(ctx, `/projects/${projectId}`) };
}

/** project.status_changed: a project that reached completed or failed. */
export function projectStatusFact(ctx: Context, eventId: string, e: { projectId: string; companyId: string; status: string; error: string; occurredAt: string }, title: string | null): PlatformFact | null {
  if (e.status !== 'completed' && e.status !== 'failed') return null;
  return fact(eventId, e.companyId, e.status === 'completed' ? 'project.completed' : 'project.failed', e.occurredAt, {
    ...project(ctx, e.projectId, title),
    company_id: e.companyId,
    status: e.status,
    ...(e.status === 'failed' ? { error: e.error } : {}),
  });
}

/** video.status_changed ready: a project's narrated video finished rendering. */
export function videoReadyFact(ctx: Context, eventId: string, e: { projectId: string; companyId: string; status: string; language: string; occurredAt: string }, title: string | null): PlatformFact | null {
  if (e.status !== 'ready') return null;
  return fact(eventId, e.companyId, 'render.completed', e.occurredAt, { ...project(ctx, e.projectId, title), company_id: e.companyId, language: e.language || null });
}

/** translation.completed: a language of a project is translated. */
export function translationFact(ctx: Context, eventId: string, e: { projectId: string; companyId: string; language: string; translationId: string; engine: string; occurredAt: string }, title: string | null): PlatformFact {
  return fact(eventId, e.companyId, 'translation.completed', e.occurredAt, { ...project(ctx, e.projectId, title), company_id: e.companyId, translation_id: e.translationId, language: e.language, engine: e.engine });
}

/** scorm.ready: a SCORM or cmi5 package of a project is built. */
export function packageFact(ctx: Context, eventId: string, e: { packageId: string; projectId: string; companyId: string; occurredAt: string }, title: string | null): PlatformFact {
  return fact(eventId, e.companyId, 'scorm.exported', e.occurredAt, { ...project(ctx, e.projectId, title), company_id: e.companyId, package_id: e.packageId });
}

/** member.joined: someone accepted an invitation to the company. */
export function memberJoinedFact(ctx: Context, eventId: string, e: { companyId: string; userId: string; role: string; occurredAt: string }): PlatformFact {
  return fact(eventId, e.companyId, 'member.joined', e.occurredAt, { company_id: e.companyId, user_id: e.userId, role: e.role, url: link(ctx, '/team') });
}

/** payment.succeeded: a payment of the account that owns the company. */
export function paymentFact(ctx: Context, eventId: string, companyId: string, e: { paymentId: string; kind: string; amountCents: number; projectId: string; occurredAt: string }): PlatformFact {
  return fact(eventId, companyId, 'payment.succeeded', e.occurredAt, {
    company_id: companyId,
    payment_id: e.paymentId,
    kind: e.kind,
    amount_cents: e.amountCents,
    currency: 'usd',
    ...(e.projectId ? { project_id: e.projectId } : {}),
    url: link(ctx, '/billing'),
  });
}
