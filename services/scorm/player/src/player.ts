// The player: shows one screen at a time with Previous/Next, keeps the learner's state, and
// reports progress, answers and the end of the session to the tracker (the LMS), and, in a package
// with Trainwright's LRS, the session and the video's playback to the reporter.
import type { PlayerHandle } from '@trainwright/interactive-player';
import type { PlayerCourse } from '../../src/package/player-contract.js';
import { h } from './dom.js';
import { evaluate, type Evaluation } from './evaluation.js';
import { interactiveVideoScreen } from './interactive.js';
import type { Labels } from './labels.js';
import type { LrsReporter } from './lrs-reporter.js';
import { watchVideoElement } from './plain-video-element.js';
import { PlainVideoEvents } from './plain-video-events.js';
import type { AnswerRecord } from './scorm-data.js';
import { overviewScreen, quizScreen, screensOf, slideScreen, videoScreen, SCREEN_HEADING_ID, type QuizView, type Screen } from './screens.js';
import { decodeState, encodeState, initialState, videoSpanSeconds, type LearnerState } from './state.js';
import { NoTracker, type Progress, type SessionStart, type Tracker } from './tracker.js';

export class Player {
  private readonly screens: Screen[];
  private state: LearnerState;
  private evaluation: Evaluation;
  private passingPercent: number;
  private readOnly = false;
  private ended = false;
  /** When the quiz attempt was first shown, and each answer given: the latency of cmi.interactions. */
  private quizShownAt = 0;
  private readonly answeredAt: number[] = [];
  private quizView: QuizView | null = null;
  /** The interactive player on the video screen, while it is shown (for tests: window.__twPlayer.interactive()). */
  private interactiveHandle: PlayerHandle | null = null;
  /** Stops what the shown screen runs (the interactive player) when another is shown. */
  private leaveScreen: (() => void) | null = null;
  /** Where the shown video is (seconds), while the video screen is shown. */
  private videoTime: (() => number) | null = null;
  /** The plain video's playback as the reporter takes it, kept across visits of the video screen. */
  private plainVideoEvents: PlainVideoEvents | null = null;

  private readonly main = h('main', { className: 'tw-main', attrs: { id: 'tw-main', tabindex: '-1' } });
  private readonly announcer = h('div', { className: 'tw-sr-only', testId: 'announcer', attrs: { role: 'status', 'aria-live': 'polite' } });
  private readonly notice = h('p', { className: 'tw-notice', testId: 'notice', attrs: { role: 'alert' } });
  private readonly progressBar = h('progress', { testId: 'progress', attrs: { max: '100', value: '0', 'aria-label': '' } });
  private readonly progressText = h('span', { className: 'tw-progress-text' });
  private readonly position = h('span', { className: 'tw-position', testId: 'position', attrs: { 'aria-hidden': 'true' } });
  private readonly previousButton = h('button', { className: 'tw-button', testId: 'previous', attrs: { type: 'button' } });
  private readonly nextButton = h('button', { className: 'tw-button tw-primary', testId: 'next', attrs: { type: 'button' } });
  private readonly exitButton = h('button', { className: 'tw-button tw-exit', testId: 'exit', attrs: { type: 'button' } });

  constructor(
    private readonly root: HTMLElement,
    private readonly course: PlayerCourse,
    private tracker: Tracker,
    private readonly labels: Labels,
    private readonly reporter: LrsReporter | null = null,
  ) {
    this.screens = screensOf(course);
    this.state = initialState(this.shape());
    this.passingPercent = course.tracking.passing_score;
    this.evaluation = evaluate(course, this.state);
  }

  async start(): Promise<void> {
    this.renderFrame();
    this.reporter?.start();
    let started: SessionStart;
    try {
      started = await this.tracker.start();
    } catch (error) {
      // The course still plays; the learner is told that nothing is recorded.
      console.warn('[player] could not connect to the LMS', error);
      this.notice.textContent = this.labels.notRecorded;
      this.tracker = new NoTracker();
      started = await this.tracker.start();
    }
    this.readOnly = started.readOnly;
    this.passingPercent = started.passingPercent ?? this.passingPercent;
    this.state = (started.saved && decodeState(started.saved, this.shape())) || this.state;
    const bookmark = started.location === null ? NaN : Number(started.location);
    this.evaluation = evaluate(this.course, this.state, this.passingPercent);
    this.show(Number.isInteger(bookmark) ? bookmark : this.state.position, { announce: false });
  }

  /** The debugging handle (window.__twPlayer): what the player holds now. */
  debugHandle() {
    return {
      tracker: () => this.tracker.kind,
      state: (): LearnerState => JSON.parse(JSON.stringify(this.state)),
      evaluation: () => this.evaluation,
      goTo: (position: number) => this.show(position),
      exit: () => this.exit(),
      interactive: () => this.interactiveHandle,
    };
  }

  /** The page is going away: end the session without waiting. */
  leave(): void {
    if (this.ended) return;
    this.ended = true;
    void this.tracker.finish(this.progress(), false);
    this.reporter?.end(this.videoTime ?? undefined);
  }

  private shape() {
    return { slides: this.course.slides.length, questions: this.course.questions.length, videoSeconds: this.course.video?.durationSeconds ?? 0 };
  }

  private renderFrame(): void {
    const { labels } = this;
    this.progressBar.setAttribute('aria-label', labels.courseProgress);
    this.previousButton.textContent = labels.previous;
    this.nextButton.textContent = labels.next;
    this.exitButton.textContent = labels.exit;
    this.previousButton.addEventListener('click', () => this.show(this.state.position - 1));
    this.nextButton.addEventListener('click', () => this.show(this.state.position + 1));
    this.exitButton.addEventListener('click', () => void this.exit());
    this.root.ownerDocument.addEventListener('keydown', (event) => this.onKey(event));

    this.root.replaceChildren(
      h('header', { className: 'tw-header' }, h('h1', { className: 'tw-title' }, this.course.title), h('div', { className: 'tw-progress' }, this.progressBar, this.progressText)),
      this.notice,
      this.main,
      h('nav', { className: 'tw-controls', attrs: { 'aria-label': labels.courseNavigation } }, this.previousButton, this.position, this.nextButton, this.exitButton),
      this.announcer,
    );
  }

  /** Arrow and page keys move between screens, except where they mean something (answers, video). */
  private onKey(event: KeyboardEvent): void {
    if (this.ended || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const target = event.target;
    // The interactive player's own keys (seeking, its panels) stay its own.
    if (event.defaultPrevented || (target instanceof Element && target.closest('input, textarea, select, video, audio, [contenteditable], .twiv'))) return;
    const step = event.key === 'ArrowRight' || event.key === 'PageDown' ? 1 : event.key === 'ArrowLeft' || event.key === 'PageUp' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    this.show(this.state.position + step);
  }

  private show(position: number, options = { announce: true }): void {
    if (this.ended || !this.screens.length) return;
    const at = Math.min(Math.max(0, position), this.screens.length - 1);
    const screen = this.screens[at]!;
    const previous = this.evaluation;
    this.state.position = at;
    if (screen.kind === 'slide') this.state.viewedSlides[screen.index] = true;
    this.leaveScreen?.();
    this.leaveScreen = null;
    this.videoTime = null;
    this.interactiveHandle = null;
    this.main.replaceChildren(this.renderScreen(screen));

    const label = this.screenLabel(screen);
    this.position.textContent = label;
    this.previousButton.disabled = at === 0;
    this.nextButton.disabled = at === this.screens.length - 1;
    if (options.announce) this.announcer.textContent = label;
    // Focus stays on Previous/Next to press again; when that button just went disabled it moves to the screen.
    const focused = this.root.ownerDocument.activeElement;
    if (focused instanceof HTMLButtonElement && focused.disabled) this.root.ownerDocument.getElementById(SCREEN_HEADING_ID)?.focus();
    this.changed(previous);
  }

  private screenLabel(screen: Screen): string {
    switch (screen.kind) {
      case 'overview':
        return this.labels.overview;
      case 'slide':
        return this.labels.slideOf(screen.index + 1, this.course.slides.length);
      case 'video':
        return this.labels.video;
      case 'quiz':
        return this.labels.assessment;
    }
  }

  private renderScreen(screen: Screen): HTMLElement {
    this.quizView = null;
    switch (screen.kind) {
      case 'overview':
        return overviewScreen(this.course, this.labels);
      case 'slide':
        return slideScreen(this.course, screen.index, this.labels);
      case 'video':
        return this.course.interactive ? this.renderInteractiveVideo() : this.renderVideo();
      case 'quiz':
        return this.renderQuiz();
    }
  }

  /** The plain video: its coverage feeds the course's; its playback goes to the reporter. */
  private renderVideo(): HTMLElement {
    const video = this.course.video!;
    const element = videoScreen(this.course, this.state.videoSeconds, this.labels, {
      onPlayed: (seconds) => this.videoPlayed(seconds),
      onEnded: () => this.videoPlayed(video.durationSeconds - 0.001),
    });
    const reporter = this.reporter;
    const player = element.querySelector('video');
    if (!reporter || !player) return element;
    this.plainVideoEvents ??= new PlainVideoEvents(video.durationSeconds, this.course.tracking.completion_threshold);
    if (this.state.videoSeconds > 0) this.plainVideoEvents.expectResume(this.state.videoSeconds);
    const stop = watchVideoElement(player, this.plainVideoEvents, (event) => reporter.video(event));
    this.videoTime = () => player.currentTime;
    this.leaveScreen = () => {
      reporter.videoLeft(() => player.currentTime);
      stop();
    };
    return element;
  }

  /** The interactive player: its coverage feeds the video's, its quizzes are recorded as the assessment's answers are. */
  private renderInteractiveVideo(): HTMLElement {
    const view = interactiveVideoScreen(this.course, this.state.videoSeconds, this.labels, {
      onPlayed: (from, to) => this.videoPlayedBetween(from, to),
      onComplete: (time) => this.videoPlayedBetween(0, this.course.video!.durationSeconds - 0.001, time),
      onQuizAnswer: (question, chosenIndex, latencyMs) => {
        if (this.ended) return;
        this.tracker.recordAnswers([{ question, chosenIndex, latencyMs, at: new Date() }]);
      },
      onPlayerEvent: (event) => this.reporter?.video(event),
    });
    this.videoTime = () => view.handle.state().time;
    this.leaveScreen = () => {
      this.reporter?.videoLeft(() => view.handle.state().time);
      view.destroy();
    };
    this.interactiveHandle = view.handle;
    return view.element;
  }

  /** Seconds `from`..`to` of the video were played; the learner is at `at` (default `to`). */
  private videoPlayedBetween(from: number, to: number, at = to): void {
    const span = videoSpanSeconds(this.course.video!.durationSeconds);
    const previous = this.evaluation;
    this.state.videoSeconds = Math.floor(at);
    let changed = false;
    for (let s = Math.max(0, Math.floor(from / span)); s <= Math.floor(to / span) && s < this.state.watchedSpans.length; s++) {
      if (!this.state.watchedSpans[s]) changed = this.state.watchedSpans[s] = true;
    }
    if (changed) this.changed(previous);
  }

  private renderQuiz(): HTMLElement {
    this.quizShownAt ||= Date.now();
    this.quizView = quizScreen(this.course, this.state.answers, this.evaluation.quiz, this.passingPercent, this.labels, { canRetry: !this.readOnly }, {
      onAnswer: (q, o) => this.answer(q, o),
      onSubmit: () => this.submit(),
      onRetry: () => this.retry(),
    });
    return this.quizView.element;
  }

  private videoPlayed(seconds: number): void {
    const span = Math.floor(seconds / videoSpanSeconds(this.course.video!.durationSeconds));
    this.state.videoSeconds = Math.floor(seconds);
    if (span >= this.state.watchedSpans.length || this.state.watchedSpans[span]) return;
    const previous = this.evaluation;
    this.state.watchedSpans[span] = true;
    this.changed(previous);
  }

  private answer(questionIndex: number, optionIndex: number): void {
    const previous = this.evaluation;
    this.state.answers[questionIndex] = optionIndex;
    this.answeredAt[questionIndex] = Date.now();
    this.changed(previous);
  }

  private submit(): void {
    if (this.quizView?.showMissing(this.state.answers)) return;
    const previous = this.evaluation;
    const now = Date.now();
    this.state.submitted = true;
    this.state.attempts += 1;
    const answers: AnswerRecord[] = this.course.questions.map((question, q) => ({
      question,
      chosenIndex: this.state.answers[q]!,
      latencyMs: (this.answeredAt[q] ?? now) - this.quizShownAt,
      at: new Date(this.answeredAt[q] ?? now),
    }));
    this.tracker.recordAnswers(answers);
    this.changed(previous);
    if (this.evaluation.quiz) this.reporter?.assessed(answers, this.evaluation.quiz);
    this.rerenderQuiz();
    this.root.ownerDocument.querySelector<HTMLElement>('[data-testid="result"]')?.focus();
  }

  private retry(): void {
    const previous = this.evaluation;
    this.state.answers = this.state.answers.map(() => null);
    this.state.submitted = false;
    this.quizShownAt = Date.now();
    this.answeredAt.length = 0;
    this.changed(previous);
    this.rerenderQuiz();
    this.root.ownerDocument.getElementById(SCREEN_HEADING_ID)?.focus();
  }

  private rerenderQuiz(): void {
    this.main.replaceChildren(this.renderQuiz());
  }

  /** Re-evaluates, shows the progress, and hands it to the tracker. */
  private changed(previous: Evaluation): void {
    this.evaluation = evaluate(this.course, this.state, this.passingPercent);
    this.reporter?.evaluated(this.evaluation, previous);
    const percent = Math.round(this.evaluation.progress * 100);
    this.progressBar.value = percent;
    this.progressText.textContent = this.labels.percentComplete(percent);
    this.tracker.save(this.progress(), previous);
  }

  private progress(): Progress {
    return { evaluation: this.evaluation, location: String(this.state.position), suspendData: encodeState(this.state) };
  }

  private async exit(): Promise<void> {
    if (this.ended) return;
    this.ended = true;
    for (const button of [this.previousButton, this.nextButton, this.exitButton]) button.disabled = true;
    this.leaveScreen?.();
    this.leaveScreen = null;
    this.reporter?.end();
    const { returnUrl } = await this.tracker.finish(this.progress(), true);
    this.main.replaceChildren(h('p', { className: 'tw-exited', testId: 'exited', attrs: { tabindex: '-1' } }, this.labels.exited));
    this.announcer.textContent = this.labels.exited;
    if (returnUrl) this.root.ownerDocument.defaultView?.location.assign(returnUrl);
  }
}
