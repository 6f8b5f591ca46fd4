// player.js: reads the course that course.js set, finds the runtime to report to (SCORM API,
// cmi5 launch parameters, or none), and Trainwright's LRS when the package carries it, and starts
// the player.
import { COURSE_GLOBAL, quizDecides, type PlayerCourse } from '../../src/package/player-contract.js';
import { Cmi5Tracker } from './cmi5-tracker.js';
import { readCmi5Launch } from './cmi5.js';
import { labelsFor } from './labels.js';
import { connectToLms } from './lms-api.js';
import { lrsReporter } from './lrs-reporter.js';
import { Player } from './player.js';
import { ScormTracker } from './scorm-tracker.js';
import { NoTracker, type Tracker } from './tracker.js';

function trackerFor(course: PlayerCourse): Tracker {
  if (course.version === 'cmi5') {
    const launch = readCmi5Launch(window.location.search);
    return launch ? new Cmi5Tracker(launch, course.includeTracking) : new NoTracker();
  }
  const lms = connectToLms(course.version);
  const decides = quizDecides({ includeTracking: course.includeTracking, tracking: course.tracking, hasQuestions: course.questions.length > 0, hasVideo: course.video !== null });
  return lms ? new ScormTracker(course.version, lms, course.includeTracking, decides) : new NoTracker();
}

function localStorageOrNull(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // refused (a sandboxed or third-party frame)
  }
}

const globals = window as unknown as Record<string, unknown>;
const course = globals[COURSE_GLOBAL] as PlayerCourse | undefined;
const root = document.getElementById('tw-player');

if (root && course) {
  // The page's own fetch, called on the window (older browsers have no globalThis).
  const reporter = lrsReporter(course, { storage: localStorageOrNull(), fetch: (input, init) => window.fetch(input, init) });
  const player = new Player(root, course, trackerFor(course), labelsFor(course.language), reporter);
  globals.__twPlayer = player.debugHandle();
  // pagehide is the reliable one (bfcache, mobile); beforeunload covers older LMS frames.
  window.addEventListener('pagehide', () => player.leave());
  window.addEventListener('beforeunload', () => player.leave());
  void player.start();
} else if (root) {
  root.textContent = labelsFor(document.documentElement.lang || 'en').missingCourse;
}
