// The video screen of a course with an interactive video: @trainwright/interactive-player mounted
// over the package's own video and captions (relative paths), in the course's language. What it
// reports becomes the course's tracking: its progress and complete events the video coverage, an
// answered quiz a cmi.interactions entry (through the tracker, as the assessment's answers).
import { mountInteractivePlayer, playerLabels, type PlayerEvent, type PlayerHandle } from '@trainwright/interactive-player';
import type { PlayerCourse, PlayerQuestion } from '../../src/package/player-contract.js';
import { h } from './dom.js';
import type { Labels } from './labels.js';
import { PlayedStretches } from './played-stretches.js';
import { SCREEN_HEADING_ID } from './screens.js';

export interface InteractiveVideoEvents {
  /** Seconds from..to of the video were played. */
  onPlayed(from: number, to: number): void;
  /** The interactive video's own completion threshold is reached: the video counts as watched. */
  onComplete(time: number): void;
  /** A quiz answered: its LMS question, the option chosen, how long it was shown (ms). */
  onQuizAnswer(question: PlayerQuestion, chosenIndex: number, latencyMs: number): void;
  /** Every event of the interactive player, as it reports them (for Trainwright's LRS). */
  onPlayerEvent(event: PlayerEvent): void;
}

export interface InteractiveVideoView {
  element: HTMLElement;
  handle: PlayerHandle;
  /** Stops the video and the player (the screen is left). */
  destroy(): void;
}

const QUIZ_PANEL = 'section[data-testid^="iv-quiz-"]';

/** The video screen with the interactive player, starting at `startAt` seconds. */
export function interactiveVideoScreen(course: PlayerCourse, startAt: number, labels: Labels, events: InteractiveVideoEvents): InteractiveVideoView {
  const video = course.video!;
  const interactive = course.interactive!;
  const holder = h('div', { className: 'tw-interactive', testId: 'interactive-video' });
  const heading = h('h2', { attrs: { id: SCREEN_HEADING_ID, tabindex: '-1' } }, labels.video);
  const element = h('section', { className: 'tw-screen tw-video', testId: 'video-screen', attrs: { 'aria-labelledby': SCREEN_HEADING_ID } }, heading, holder);

  // When each quiz was put in front of the learner: the latency of its cmi.interactions entry.
  const shownAt = new Map<string, number>();
  const observer = new MutationObserver(() => {
    for (const panel of Array.from(holder.querySelectorAll(QUIZ_PANEL))) {
      const id = panel.getAttribute('data-testid')!.slice('iv-quiz-'.length);
      if (!shownAt.has(id)) shownAt.set(id, Date.now());
    }
  });
  observer.observe(holder, { childList: true, subtree: true });

  const stretches = new PlayedStretches();
  const played = (time: number) => {
    const [from, to] = stretches.sample(time);
    events.onPlayed(from, to);
  };
  const onEvent = (event: PlayerEvent) => {
    events.onPlayerEvent(event);
    switch (event.type) {
      case 'view':
        stretches.restart(event.media_time);
        break;
      case 'chapter':
        if (event.value !== 'playback' && event.value !== 'start') stretches.restart(event.media_time);
        break;
      case 'progress':
        played(event.media_time);
        break;
      case 'complete':
        played(event.media_time);
        events.onComplete(event.media_time);
        break;
      case 'quiz_answer': {
        played(event.media_time);
        const quizId = event.element_id ?? '';
        const question = interactive.questions[quizId];
        const quiz = interactive.metadata.quizzes.find((q) => q.id === quizId);
        const chosenIndex = quiz ? quiz.options.findIndex((o) => o.id === event.value) : -1;
        if (!question || chosenIndex < 0) break;
        const now = Date.now();
        events.onQuizAnswer(question, chosenIndex, now - (shownAt.get(quizId) ?? now));
        shownAt.delete(quizId);
        break;
      }
      default:
        break;
    }
  };

  const handle = mountInteractivePlayer(holder, {
    videoUrl: video.src,
    captionsUrl: video.captions,
    captionsLanguage: course.language,
    metadata: interactive.metadata,
    labels: playerLabels(course.language),
    resumeAt: startAt > 0 ? startAt : undefined,
    onEvent,
  });
  return {
    element,
    handle,
    destroy() {
      observer.disconnect();
      handle.destroy();
    },
  };
}
