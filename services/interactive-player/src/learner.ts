// The anonymous learner every Trainwright player reports as (docs/analytics.md, "Senders"): a random
// id this browser keeps (per origin: the web app's, or an LMS's for a package), never a name or an
// address; and where each activity's unsent statements wait.
export const LEARNER_KEY = 'tw-learner-id';
/** Statements not yet sent wait per project activity: a credential is never handed another project's. */
export const QUEUE_KEY_PREFIX = 'tw-xapi-queue:';

const LEARNER_ID = /^[0-9a-f-]{36}$/;

/** Where statements and the learner id are kept (localStorage; null where the browser refuses it). */
export type LearnerStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** This browser's learner id, made and kept the first time (a new one each time where storage is refused). */
export function learnerId(storage: Pick<Storage, 'getItem' | 'setItem'> | null, newId: () => string): string {
  try {
    const kept = storage?.getItem(LEARNER_KEY);
    if (kept && LEARNER_ID.test(kept)) return kept;
  } catch {
    // refused: a new one below
  }
  const id = newId();
  try {
    storage?.setItem(LEARNER_KEY, id);
  } catch {
    // not kept: this session only
  }
  return id;
}

/** The storage key of an activity's unsent statements. */
export const statementQueueKey = (activityId: string) => `${QUEUE_KEY_PREFIX}${activityId}`;
