// A published player's reporting to the learning record store (docs/analytics.md, "Senders"): the
// player's events become xAPI Video Profile statements (the player package's VideoTracker) sent in
// batches by its StatementSender, kept in this browser's storage until the LRS has them. The
// learner is anonymous: a random id this browser keeps, never a name or an address.
import { StatementSender, VideoTracker, type PlayerEvent } from '@trainwright/interactive-player';
import type { InteractiveVideoMetadata, LearningChannel } from '@trainwright/catalogue';
import { newSessionId, type LearnerTracking } from './interactive-video';

const LEARNER_KEY = 'tw-learner-id';
const QUEUE_KEY = 'tw-xapi-queue';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage refused (a sandboxed frame)
  }
}

/** This browser's anonymous learner id (a new random one where storage is refused). */
export function learnerId(store: Pick<Storage, 'getItem' | 'setItem'> | null = storage()): string {
  const kept = store?.getItem(LEARNER_KEY);
  if (kept && /^[0-9a-f-]{36}$/.test(kept)) return kept;
  const id = newSessionId();
  try {
    store?.setItem(LEARNER_KEY, id);
  } catch {
    // not kept: this visit only
  }
  return id;
}

export interface LearnerSession {
  onEvent(event: PlayerEvent): void;
  /** The page is left: the session's last statement, sent even as the page goes. */
  end(time: number): void;
}

export function startLearnerSession(options: { tracking: LearnerTracking; title: string; metadata: InteractiveVideoMetadata; channel: LearningChannel }): LearnerSession {
  const { tracking } = options;
  const sender = new StatementSender({ endpoint: tracking.endpoint, authorization: tracking.authorization, storage: storage(), storageKey: QUEUE_KEY });
  const tracker = new VideoTracker({
    activityId: tracking.activity_id,
    title: options.title,
    language: tracking.language,
    channel: options.channel,
    channelExtension: tracking.channel_extension,
    learner: { homePage: tracking.learner_home_page, name: learnerId() },
    sessionId: newSessionId(),
    metadata: options.metadata,
    newId: () => newSessionId(),
  });
  // Statements a past visit could not send go now.
  void sender.flush();
  return {
    onEvent(event) {
      const statements = event.type === 'view' ? [tracker.initialized(options.metadata.video_duration)] : tracker.fromPlayer(event);
      if (statements.length > 0) sender.enqueue(...statements);
    },
    end(time) {
      const last = tracker.terminated(time);
      if (last) sender.enqueue(last);
      sender.stop();
      void sender.flush({ keepalive: true });
    },
  };
}
