// The platform's events as the facts integrations receive (docs/integrations.md, "Events"): which
// events count and the payload each carries.
import type { PlatformFact } from './deliveries.js';

/** project.status_changed: a project that reached completed or failed. */
export function projectStatusFact(eventId: string, event: { projectId: string; companyId: string; status: string; error: string; occurredAt: string }, webUrl: string): PlatformFact | null {
  if (event.status !== 'completed' && event.status !== 'failed') return null;
  const occurredAt = new Date(event.occurredAt);
  return {
    eventId,
    companyId: event.companyId,
    event: `project.${event.status}`,
    occurredAt: Number.isNaN(occurredAt.getTime()) ? new Date() : occurredAt,
    payload: {
      project_id: event.projectId,
      company_id: event.companyId,
      status: event.status,
      ...(event.status === 'failed' ? { error: event.error } : {}),
      url: `${webUrl.replace(/\/$/, '')}/projects/${event.projectId}`,
    },
  };
}
