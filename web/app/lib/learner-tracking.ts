// A published player's reporting to the learning record store (docs/analytics.md, "Senders"): the
// player's events become xAPI Video Profile statements (the player package's VideoTracker) sent in
// batches by its StatementSender, kept in this browser's storage until the LRS has them. The
// learner is anonymous: a random id this browser keeps, never a name or an address.
import { openLearnerReport as openReport, type LearnerReport, type LearnerStorage, type PlayerEvent, type VideoTrackerOptions } from '@trainwright/interactive-player';
import type { InteractiveVideoMetadata, LearningChannel } from '@trainwright/catalogue';
import { newSessionId, type LearnerTracking } from './interactive-video';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage refused (a sandboxed frame)
  }
}

/** Where statements wait and how they leave: the browser's own unless a test gives its own. */
export interface ReportEnvironment {
  storage: LearnerStorage | null;
  fetch?: typeof fetch;
}

/** A new session of this browser's learner, reporting with the page's `tracking`; what a past visit could not send goes now. */
export function openLearnerReport(
  options: { tracking: LearnerTracking; title: string; metadata: VideoTrackerOptions['metadata']; channel: LearningChannel },
  env: ReportEnvironment = { storage: storage() },
): LearnerReport {
  const { tracking } = options;
  const target = {
    endpoint: tracking.endpoint,
    authorization: tracking.authorization,
    activityId: tracking.activity_id,
    learnerHomePage: tracking.learner_home_page,
    channelExtension: tracking.channel_extension,
    channel: options.channel,
    language: tracking.language,
  };
  const report = openReport(target, options, { ...env, newId: newSessionId });
  void report.sender.flush();
  return report;
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
