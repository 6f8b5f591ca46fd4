// The anonymous learner every Trainwright player reports as (docs/analytics.md, "Senders"): a random
// id this browser keeps (per origin: the web app's, or an LMS's for a package), never a name or an
// address; where each activity's unsent statements wait; and a session's tracker and sender.
import type { LearningChannel } from '@trainwright/catalogue';
import { StatementSender } from './xapi-sender.js';
import { VideoTracker, type VideoTrackerOptions } from './xapi.js';

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

/** Where and as what a session reports: the sender credential's tracking, and the content's channel and language. */
export interface ReportTarget {
  endpoint: string;
  authorization: string;
  activityId: string;
  learnerHomePage: string;
  channelExtension: string;
  channel: LearningChannel;
  language: string;
}

/** One learner session's reporting: its tracker (this browser's learner, a new session id) and the sender of its statements. */
export interface LearnerReport {
  tracker: VideoTracker;
  sender: StatementSender;
}

/** A new session of this browser's learner about the target's activity, its statements queued per activity. */
export function openLearnerReport(
  target: ReportTarget,
  content: { title: string; metadata: VideoTrackerOptions['metadata'] },
  env: { storage: LearnerStorage | null; newId: () => string; fetch?: typeof fetch; now?: () => Date },
): LearnerReport {
  const sender = new StatementSender({ endpoint: target.endpoint, authorization: target.authorization, storage: env.storage, storageKey: statementQueueKey(target.activityId), ...(env.fetch ? { fetch: env.fetch } : {}) });
  const tracker = new VideoTracker({
    activityId: target.activityId,
    title: content.title,
    language: target.language,
    channel: target.channel,
    channelExtension: target.channelExtension,
    learner: { homePage: target.learnerHomePage, name: learnerId(env.storage, env.newId) },
    sessionId: env.newId(),
    metadata: content.metadata,
    newId: env.newId,
    ...(env.now ? { now: env.now } : {}),
  });
  return { tracker, sender };
}
