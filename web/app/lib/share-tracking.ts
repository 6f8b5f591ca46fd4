// The share page's readers reported to the learning record store (docs/analytics.md, "Senders"): one
// reading session per visit, channel share_link, in the project's language, from this browser's
// anonymous learner (lib/learner-tracking.ts): initialized when the page opens, completed once the
// reader has seen the end of the content, terminated when the page is left. The content has no
// video, so the session's length is 0: a view with no watch time, completed or not.
import { useEffect, type RefObject } from 'react';
import type { LearnerTracking } from './interactive-video';
import { closeLearnerReport, openLearnerReport, type ReportEnvironment } from './learner-tracking';

/** Reading to the end is the whole of it: no quizzes, completion at 100 %. */
const READING = { quizzes: [], call_to_actions: [], hotspots: [], completion_threshold: 100 };

export interface ReadingSession {
  /** The reader has seen the end of the content: completed, once. */
  reachedEnd(): void;
  /** The page is left: terminated, sent even as the page goes; once. */
  end(): void;
}

export function startReadingSession(options: { tracking: LearnerTracking; title: string }, env?: ReportEnvironment): ReadingSession {
  const report = openLearnerReport({ ...options, metadata: READING, channel: 'share_link' }, env);
  report.sender.enqueue(report.tracker.initialized(0));
  let completed = false;
  let ended = false;
  return {
    reachedEnd() {
      if (completed || ended) return;
      completed = true;
      report.sender.enqueue(...report.tracker.fromPlayer({ type: 'complete', media_time: 0 }));
    },
    end() {
      if (ended) return;
      ended = true;
      closeLearnerReport(report, 0);
    },
  };
}

/**
 * The share page's reading session while it shows a project with `tracking` (none without): `contentEnd`
 * is the element after the last of the content (the script narrates every slide, so it comes last),
 * read when it comes into view.
 */
export function useReadingSession(tracking: LearnerTracking | null | undefined, title: string, contentEnd: RefObject<Element | null>): void {
  useEffect(() => {
    if (!tracking) return;
    const session = startReadingSession({ tracking, title });
    const end = contentEnd.current;
    const observer =
      end && typeof IntersectionObserver !== 'undefined'
        ? new IntersectionObserver((entries) => {
            if (!entries.some((entry) => entry.isIntersecting)) return;
            session.reachedEnd();
            observer?.disconnect();
          })
        : null;
    if (end) observer?.observe(end);
    const leave = () => session.end();
    window.addEventListener('pagehide', leave);
    return () => {
      observer?.disconnect();
      window.removeEventListener('pagehide', leave);
      leave();
    };
  }, [tracking, title, contentEnd]);
}
