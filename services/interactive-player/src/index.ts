// @trainwright/interactive-player: the interactive video player (issue 16). mountInteractivePlayer
// puts it in a page; the engine's functions are the rules it plays by, pure and usable anywhere.
export {
  TIME_EPSILON,
  WatchedSeconds,
  activeElementsAt,
  branchTargetTime,
  chapterAt,
  chapterEnd,
  checkAnswer,
  clampSeek,
  formatTime,
  quizScore,
  resolveBranch,
  seekLimit,
  sortedChapters,
  stopBetween,
  withOpacity,
  type ActiveElements,
  type QuizAnswer,
  type QuizScore,
  type Stop,
} from './engine.js';
export { playerLabels, type PlayerLabels } from './labels.js';
export {
  mountInteractivePlayer,
  type PlayerEvent,
  type PlayerEventType,
  type PlayerHandle,
  type PlayerOptions,
  type PlayerState,
} from './player.js';
export { PLAYER_CSS, PLAYER_ROOT_CLASS, injectPlayerStyles } from './styles.js';
export { VideoTracker, coveredSeconds, formatSegments, isoDuration, type AssessedQuestion, type Statement, type VideoTrackerOptions } from './xapi.js';
export { StatementSender, type SenderOptions } from './xapi-sender.js';
export { LEARNER_KEY, QUEUE_KEY_PREFIX, learnerId, openLearnerReport, statementQueueKey, type LearnerReport, type LearnerStorage, type ReportTarget } from './learner.js';
