// A published player's reporting to the learning record store (docs/analytics.md, "Senders"): the
// player's events become xAPI Video Profile statements (the player package's VideoTracker) sent in
// batches by its StatementSender, kept in this browser's storage until the LRS has them. The
// learner is anonymous: a random id this browser keeps, never a name or an address.
import { StatementSender, VideoTracker, learnerId, statementQueueKey, type LearnerStorage, type PlayerEvent, type VideoTrackerOptions } from '@trainwright/interactive-player';
import type { InteractiveVideoMetadata, LearningChannel } from '@trainwright/catalogue';
import { newSessionId, type LearnerTracking } from './interactive-video';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage refused (a sandboxed frame)
  }
}

/** One learner session's reporting: its tracker (this browser's learner, a new session id) and the sender of its statements. */
export interface LearnerReport {
  tracker: VideoTracker;
  sender: StatementSender;
}

/** Where statements wait and how they leave: the browser's own unless a test gives its own. */
export interface ReportEnvironment {
  storage: LearnerStorage | null;
  fetch?: typeof fetch;
}

export function openLearnerReport(
  options: { tracking: LearnerTracking; title: string; metadata: VideoTrackerOptions['metadata']; channel: LearningChannel },
  env: ReportEnvironment = { storage: storage() },
): LearnerReport {
  const { tracking } = options;
  // A queue per project activity: what one page could not send is sent later with a credential
  // that may write about it (another project's would refuse the whole batch).
  const sender = new StatementSender({ endpoint: tracking.endpoint, authorization: tracking.authorization, storage: env.storage, storageKey: statementQueueKey(tracking.activity_id), ...(env.fetch ? { fetch: env.fetch } : {}) });
  const tracker = new VideoTracker({
    activityId: tracking.activity_id,
    title: options.title,
    language: tracking.language,
    channel: options.channel,
    channelExtension: tracking.channel_extension,
    learner: { homePage: tracking.learner_home_page, name: learnerId(env.storage, newSessionId) },
    sessionId: newSessionId(),
    metadata: options.metadata,
    newId: () => newSessionId(),
  });
  // Statements a past visit could not send go now.
  void sender.flush();
  return { tracker, sender };
}

/** The session's last statement (terminated), sent even as the page goes. */
export function closeLearnerReport({ tracker, sender }: LearnerReport, time: number): void {
  const last = tracker.terminated(time);
  if (last) sender.enqueue(last);
  sender.stop();
  void sender.flush({ keepalive: true });
}

export interface LearnerSession {
  onEvent(event: PlayerEvent): void;
  /** The page is left: the session's last statement, sent even as the page goes. */
  end(time: number): void;
}

export function startLearnerSession(options: { tracking: LearnerTracking; title: string; metadata: InteractiveVideoMetadata; channel: LearningChannel }): LearnerSession {
  const report = openLearnerReport(options);
  return {
    onEvent(event) {
      const statements = event.type === 'view' ? [report.tracker.initialized(options.metadata.video_duration)] : report.tracker.fromPlayer(event);
      if (statements.length > 0) report.sender.enqueue(...statements);
    },
    end(time) {
      closeLearnerReport(report, time);
    },
  };
}
