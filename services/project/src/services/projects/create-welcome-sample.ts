// Every new account starts with the "Welcome Training" sample in its company. Its files are
// rendered like any project's, and it is completed when they are (render.completed), never before.
import { projectEvents, snapshotOfNew } from '../events.js';
import { sampleProject } from '../sample-project.js';
import type { ProjectDeps } from './deps.js';
import { handOffToRender } from './hand-off-to-render.js';

export interface Registration {
  /** The user.registered event: applied once per id. */
  eventId: string;
  redelivered: boolean;
  userId: string;
  companyId: string;
}

/** 'refused' when the insert was refused; 'repeated' when the event was applied before. */
export type WelcomeSampleOutcome = 'created' | 'refused' | 'repeated';

export async function createWelcomeSample(deps: ProjectDeps, registration: Registration): Promise<WelcomeSampleOutcome> {
  const { userId, companyId } = registration;
  let outcome: WelcomeSampleOutcome = 'repeated';
  let sampleId = '';
  await deps.projects.onceForEvent(registration.eventId, async () => {
    const companyName = (await deps.memberships.companiesOf(userId)).companies.find((c) => c.companyId === companyId)?.companyName ?? '';
    const sample = sampleProject({ companyId, companyName, userId });
    const created = await deps.projects.insertWithinLimit(sample, -1, [], (id) => [
      projectEvents.changed('project.created', { projectId: id, companyId, ownerUserId: userId, countsTowardLimit: false, ...snapshotOfNew(sample) }),
    ]);
    if (created.kind === 'created') sampleId = created.id;
    outcome = created.kind === 'created' ? 'created' : 'refused';
    return [];
  });
  // A redelivery (the hand-off failed last time) finds the sample made then; the render job id
  // dedupes.
  if (!sampleId && registration.redelivered) {
    sampleId = (await deps.projects.list({ companyIds: [companyId], limit: 5, offset: 0 })).rows.find((r) => r.is_sample)?.id ?? '';
  }
  if (sampleId) await handOffToRender(deps, sampleId);
  deps.afterWrite();
  return outcome;
}
