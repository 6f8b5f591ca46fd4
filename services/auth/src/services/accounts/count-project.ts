import type { AuthDeps } from './deps.js';

/** Applies a project created or deleted once per event; false when the event was applied before. */
export function countProject(
  deps: Pick<AuthDeps, 'accounts'>,
  eventId: string,
  change: { companyId: string; ownerUserId: string; delta: 1 | -1; countsTowardLimit: boolean },
): Promise<boolean> {
  return deps.accounts.countProject(eventId, change);
}
