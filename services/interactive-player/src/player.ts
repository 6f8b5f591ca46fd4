// The player in the page: an HTML5 <video> with its own controls and the interactive elements laid
// over it. The rules (what shows when, how far one may seek, which branch) are engine.ts's; this
// file keeps the DOM in step with the video and turns the learner's actions into seeks and events.
//
// Time moves two ways: playback (rAF while playing, and timeupdate) crosses the quizzes and
// branching points between the last position and the new one; a seek (ours, the browser's or a
// script's) is held to the seek limit when it starts and stops at a quiz or branching point it
// lands on. Only playback counts as watched.
import {
  isSafeHttpUrl,
  type Branch,
  type BranchingScenario,
  type CallToAction,
  type Chapter,
  type Hotspot,
  type InteractiveVideoMetadata,
  type Quiz,
} from '@trainwright/catalogue';
import { h, uniqueId } from './dom.js';
import {
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
  type QuizAnswer,
  type QuizScore,
  type Stop,
} from './engine.js';
import type { PlayerLabels } from './labels.js';
import { PLAYER_ROOT_CLASS } from './styles.js';

export type PlayerEventType = 'view' | 'play' | 'pause' | 'seek' | 'progress' | 'hotspot_click' | 'quiz_answer' | 'cta_click' | 'chapter' | 'branch' | 'complete';

/**
 * What the player reports. element_id: the hotspot, quiz, call to action, chapter or branching
 * scenario. value: hotspot_click the action; quiz_answer the option id; cta_click the URL;
 * chapter how it was reached ('start', 'playback', 'seek', 'menu', 'skip', 'hotspot', 'branch');
 * branch the branch id; progress and complete the percent of the video watched; seek the second
 * it left (media_time is where it landed); play and pause none.
 */
export interface PlayerEvent {
  type: PlayerEventType;
  element_id?: string;
  value?: string;
  /** The video's position (seconds) when it happened. */
  media_time: number;
}

export interface PlayerOptions {
  videoUrl: string;
  captionsUrl?: string | null;
  /** The captions' language (BCP 47), default 'en'. */
  captionsLanguage?: string;
  metadata: InteractiveVideoMetadata;
  labels: PlayerLabels;
  /** Start at this second (resume where the learner left). */
  resumeAt?: number;
  /** Every event; progress at most every 5 s. */
  onEvent?: (event: PlayerEvent) => void;
  /** A branch leads to another project's interactive video; without it the video plays on. */
  onBranchToProject?: (projectId: string) => void;
  /** How long an answered auto-advance question shows its feedback before the video goes on (ms, default 2500). */
  autoAdvanceDelayMs?: number;
}

export interface PlayerState {
  /** Seconds. */
  time: number;
  duration: number;
  paused: boolean;
  ended: boolean;
  chapterId: string | null;
  /** The furthest second the learner may seek to now; null when nothing blocks. */
  seekLimit: number | null;
  answers: Record<string, QuizAnswer>;
  score: QuizScore;
  /** Percent of the video watched (distinct seconds). */
  watchedPercent: number;
  completed: boolean;
  openQuizId: string | null;
  openScenarioId: string | null;
  /** Branching scenario id -> branch id taken ('' when a score reached no branch). */
  branches: Record<string, string>;
  captionsOn: boolean;
}

export interface PlayerHandle {
  /** Stops the video and removes the player and its listeners. */
  destroy(): void;
  state(): PlayerState;
  play(): Promise<void>;
  pause(): void;
  /** Seeks (held to the seek limit); returns the second sought to. */
  seek(time: number): number;
}

const PROGRESS_INTERVAL_MS = 5000;
const DEFAULT_AUTO_ADVANCE_MS = 2500;
const NOTICE_MS = 4000;
const SEEK_STEP = 5;

type OpenStop = { stop: Stop; time: number; panel: HTMLElement };

class InteractivePlayer {
  private readonly meta: InteractiveVideoMetadata;
  private readonly labels: PlayerLabels;
  private readonly container: HTMLDivElement;
  private readonly frame: HTMLDivElement;
  private readonly video: HTMLVideoElement;
  private readonly hotspotLayer: HTMLDivElement;
  private readonly ctaLayer: HTMLDivElement;
  private readonly panelLayer: HTMLDivElement;
  private readonly live: HTMLDivElement;
  private readonly playButton: HTMLButtonElement;
  private readonly seekBar: HTMLInputElement;
  private readonly timeText: HTMLSpanElement;
  private readonly skipButton: HTMLButtonElement;
  private readonly chaptersButton: HTMLButtonElement | null = null;
  private readonly chapterMenu: HTMLUListElement | null = null;
  private readonly chapterItems = new Map<string, HTMLButtonElement>();
  private readonly captionsButton: HTMLButtonElement | null = null;
  private readonly errorNotice: HTMLParagraphElement;

  private readonly hotspotNodes = new Map<string, HTMLButtonElement>();
  private readonly ctaNodes = new Map<string, HTMLElement>();
  private readonly answers = new Map<string, QuizAnswer>();
  private readonly handledQuizzes = new Set<string>();
  private readonly taken = new Map<string, string>();
  private readonly watched = new WatchedSeconds();
  private readonly disposers: (() => void)[] = [];
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();

  /** The last position playback or a seek settled at: crossings start here, the seek limit is from here. */
  private lastPos = 0;
  private seekPending = false;
  private seekReason = 'seek';
  private seekFrom = 0;
  private open: OpenStop | null = null;
  private info: { panel: HTMLElement; returnTo: HTMLElement | null } | null = null;
  private notice: HTMLElement | null = null;
  private chapterId: string | null | undefined = undefined;
  /** A seek asked for before the video's metadata loaded: where it starts instead of resumeAt. */
  private pendingStart: number | null = null;
  private shown = { time: '', playing: false };
  private captionsOn = true;
  private started = false;
  private completed = false;
  private lastProgressAt = 0;
  private raf = 0;
  private destroyed = false;

  constructor(
    root: HTMLElement,
    private readonly options: PlayerOptions,
  ) {
    this.meta = options.metadata;
    this.labels = options.labels;
    const L = this.labels;

    this.video = h('video', { className: 'twiv-video', attrs: { preload: 'metadata', playsinline: '', tabindex: '0', 'aria-label': L.player } }, h('p', {}, L.videoUnsupported));
    this.video.playsInline = true;
    this.video.controls = false;
    if (options.captionsUrl) {
      const track = h('track', {
        attrs: { kind: 'captions', src: options.captionsUrl, srclang: options.captionsLanguage || 'en', label: L.captionsTrack, default: '' },
      });
      this.video.append(track);
    }

    this.hotspotLayer = h('div', { className: 'twiv-layer', attrs: { role: 'group', 'aria-label': L.interactiveElements } });
    this.ctaLayer = h('div', { className: 'twiv-layer' });
    this.panelLayer = h('div', { className: 'twiv-layer' });
    this.errorNotice = h('p', { className: 'twiv-notice', attrs: { role: 'alert' } }, L.videoUnsupported);
    this.errorNotice.hidden = true;
    this.frame = h('div', { className: 'twiv-frame' }, this.video, this.hotspotLayer, this.ctaLayer, this.panelLayer, this.errorNotice);

    this.playButton = h('button', { className: 'twiv-control twiv-play', testId: 'iv-play', attrs: { type: 'button', 'aria-label': L.play } }, '▶\uFE0E');
    this.seekBar = h('input', {
      className: 'twiv-seek',
      testId: 'iv-seek',
      attrs: { type: 'range', min: '0', max: String(this.meta.video_duration), step: '0.1', value: '0', 'aria-label': L.seek },
    });
    this.timeText = h('span', { className: 'twiv-time', attrs: { 'aria-hidden': 'true' } });
    this.skipButton = h('button', { className: 'twiv-control', testId: 'iv-skip', attrs: { type: 'button', 'aria-label': L.skipChapter } }, L.skipChapter);
    this.skipButton.hidden = true;

    const controls = h('div', { className: 'twiv-controls' }, this.playButton, this.seekBar, this.timeText, this.skipButton);
    if (this.meta.chapters.length > 0) {
      const menuId = uniqueId('twiv-chapters');
      this.chaptersButton = h(
        'button',
        { className: 'twiv-control', testId: 'iv-chapters', attrs: { type: 'button', 'aria-label': L.chapters, 'aria-expanded': 'false', 'aria-controls': menuId } },
        L.chapters,
      );
      const list = h('ul', { className: 'twiv-menu', testId: 'iv-chapter-menu', attrs: { id: menuId, 'aria-label': L.chapters } });
      for (const chapter of sortedChapters(this.meta)) {
        const start = formatTime(chapter.start_time);
        const item = h(
          'button',
          { testId: `iv-chapter-${chapter.id}`, attrs: { type: 'button', 'aria-label': L.chapterItem(chapter.title, start) } },
          h('span', {}, chapter.title),
          h('span', { className: 'twiv-menu-time' }, start),
        );
        if (chapter.description) item.title = chapter.description;
        this.listen(item, 'click', () => this.jumpToChapter(chapter));
        this.chapterItems.set(chapter.id, item);
        list.append(h('li', {}, item));
      }
      this.chapterMenu = list;
      this.chapterMenu.hidden = true;
      controls.append(this.chaptersButton, this.chapterMenu);
      this.listen(this.chaptersButton, 'click', () => this.toggleChapterMenu());
    }
    if (options.captionsUrl) {
      this.captionsButton = h(
        'button',
        // The name holds the visible 'CC' (WCAG 2.5.3, label in name): a voice user says what they see.
        { className: 'twiv-control', testId: 'iv-captions', attrs: { type: 'button', 'aria-label': `${L.captions} CC`, 'aria-pressed': 'true' } },
        'CC',
      );
      controls.append(this.captionsButton);
      this.listen(this.captionsButton, 'click', () => this.setCaptions(!this.captionsOn));
    }

    this.live = h('div', { className: 'twiv-sr', testId: 'iv-live', attrs: { 'aria-live': 'polite', 'aria-atomic': 'true' } });
    this.container = h('div', { className: PLAYER_ROOT_CLASS, attrs: { role: 'region', 'aria-label': L.player } }, this.frame, controls, this.live);

    this.listen(this.playButton, 'click', () => this.togglePlay());
    this.listen(this.skipButton, 'click', () => this.skipChapter());
    this.listen(this.video, 'click', () => this.togglePlay());
    this.listen(this.seekBar, 'input', () => this.seekFromBar());
    this.listen(this.seekBar, 'change', () => this.seekFromBar());
    this.listen(this.container, 'keydown', (e) => this.onKey(e as KeyboardEvent));

    const v = this.video;
    this.listen(v, 'loadedmetadata', () => this.onLoaded());
    this.listen(v, 'play', () => this.onPlay());
    this.listen(v, 'pause', () => this.onPause());
    this.listen(v, 'ended', () => this.tick());
    this.listen(v, 'timeupdate', () => this.tick());
    this.listen(v, 'seeking', () => this.onSeeking());
    this.listen(v, 'seeked', () => this.onSeeked());
    this.listen(v, 'durationchange', () => this.render());
    this.listen(v, 'error', () => {
      this.errorNotice.hidden = false;
    });
    const tracks = v.textTracks;
    if (tracks) this.listen(tracks as unknown as EventTarget, 'addtrack', () => this.applyCaptions());

    root.append(this.container);
    this.applyCaptions();
    this.lastPos = 0;
    v.src = options.videoUrl;
    this.render();
  }

  // --- handle -------------------------------------------------------------------------------

  handle(): PlayerHandle {
    return {
      destroy: () => this.destroy(),
      state: () => this.state(),
      play: () => this.play(),
      pause: () => this.video.pause(),
      seek: (time: number) => this.seekTo(time, 'seek'),
    };
  }

  state(): PlayerState {
    const limit = seekLimit(this.meta, this.answers.keys(), this.lastPos);
    return {
      time: this.video.currentTime,
      duration: this.duration(),
      paused: this.video.paused,
      ended: this.video.ended,
      chapterId: chapterAt(this.meta, this.video.currentTime)?.id ?? null,
      seekLimit: Number.isFinite(limit) ? limit : null,
      answers: Object.fromEntries(this.answers),
      score: quizScore(this.meta, this.answers),
      watchedPercent: this.watched.percent(this.duration()),
      completed: this.completed,
      openQuizId: this.open?.stop.kind === 'quiz' ? this.open.stop.quiz.id : null,
      openScenarioId: this.open?.stop.kind === 'branch' ? this.open.stop.scenario.id : null,
      branches: Object.fromEntries(this.taken),
      captionsOn: this.captionsOn,
    };
  }

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    cancelAnimationFrame(this.raf);
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    for (const dispose of this.disposers.splice(0)) dispose();
    this.video.pause();
    this.video.removeAttribute('src');
    try {
      this.video.load();
    } catch {
      // A detached or already reset element: nothing to release.
    }
    this.container.remove();
  }

  // --- plumbing -----------------------------------------------------------------------------

  private listen(target: EventTarget, type: string, handler: (event: Event) => void): void {
    target.addEventListener(type, handler);
    this.disposers.push(() => target.removeEventListener(type, handler));
  }

  private later(ms: number, fn: () => void): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (!this.destroyed) fn();
    }, ms);
    this.timers.add(timer);
  }

  private emit(type: PlayerEventType, elementId?: string, value?: string): void {
    const event: PlayerEvent = { type, media_time: Math.round(this.video.currentTime * 1000) / 1000 };
    if (elementId !== undefined) event.element_id = elementId;
    if (value !== undefined) event.value = value;
    try {
      this.options.onEvent?.(event);
    } catch (error) {
      console.error(error);
    }
  }

  private announce(message: string): void {
    this.live.textContent = message;
  }

  private duration(): number {
    const d = this.video.duration;
    return Number.isFinite(d) && d > 0 ? d : this.meta.video_duration;
  }

  private isSeeking(): boolean {
    return this.seekPending || this.video.seeking;
  }

  // --- playback -----------------------------------------------------------------------------

  private async play(): Promise<void> {
    if (this.open) {
      this.open.panel.focus();
      return;
    }
    try {
      await this.video.play();
    } catch {
      // Autoplay refused or the source failed: the play button stays as it is.
    }
  }

  private togglePlay(): void {
    if (this.video.paused || this.video.ended) void this.play();
    else this.video.pause();
  }

  private onLoaded(): void {
    const wanted = this.pendingStart ?? this.options.resumeAt ?? 0;
    const start = wanted > 0 ? Math.min(wanted, Math.max(0, this.duration() - 0.5)) : 0;
    this.seekBar.max = String(this.duration());
    if (!this.started) {
      this.started = true;
      this.lastProgressAt = Date.now();
      if (start > 0) {
        // The learner reached this point before: the questions behind it do not hold the resume.
        this.lastPos = start;
        this.seekReason = 'start';
        this.video.currentTime = start;
      }
      this.emit('view');
    }
    this.applyCaptions();
    this.render('start');
  }

  private onPlay(): void {
    if (this.open) {
      this.video.pause();
      this.open.panel.focus();
      return;
    }
    this.emit('play');
    cancelAnimationFrame(this.raf);
    const loop = () => {
      if (this.destroyed || this.video.paused) return;
      this.tick();
      this.raf = requestAnimationFrame(loop);
    };
    this.raf = requestAnimationFrame(loop);
    this.render();
  }

  private onPause(): void {
    cancelAnimationFrame(this.raf);
    this.tick();
    this.emit('pause');
  }

  private tick(): void {
    if (this.destroyed) return;
    if (!this.isSeeking()) this.advance(this.video.currentTime);
    this.render();
  }

  /** Playback moved from lastPos to `t`: cross the stops between, count the seconds watched. */
  private advance(t: number): void {
    if (t < this.lastPos - 0.25) {
      // Moved back without a seek (a loop, a source reset): start over from there.
      this.lastPos = t;
      return;
    }
    if (t <= this.lastPos && !this.video.ended) return;
    const rate = Math.max(1, this.video.playbackRate || 1);
    const continuous = t - this.lastPos <= 4 * rate + 1;
    // At the end, the stops placed past the video's last frame (the editor allows a little) are
    // crossed too: a required quiz there would otherwise never show, and never hold the learner.
    const reach = this.video.ended ? Number.POSITIVE_INFINITY : t;
    while (!this.open && !this.isSeeking()) {
      const stop = stopBetween(this.meta, this.lastPos, reach, this.handledQuizzes, this.taken.keys());
      if (!stop) break;
      const at = Math.min(stopTime(stop), t);
      if (continuous) this.watched.add(this.lastPos, at);
      this.lastPos = at;
      this.fire(stop, t);
    }
    if (this.open || this.isSeeking()) return;
    if (continuous) this.watched.add(this.lastPos, t);
    this.lastPos = t;
  }

  private onSeeking(): void {
    // Where the learner was when the seek began (several seeking events may come before seeked).
    if (!this.seekPending) this.seekFrom = this.lastPos;
    this.seekPending = true;
    const target = this.video.currentTime;
    const limit = seekLimit(this.meta, this.answers.keys(), this.lastPos);
    if (target > limit + TIME_EPSILON) {
      this.announce(this.labels.seekBlocked);
      this.video.currentTime = limit;
    }
  }

  private onSeeked(): void {
    if (this.video.seeking) return;
    this.seekPending = false;
    const landed = this.video.currentTime;
    if (this.open && Math.abs(landed - this.open.time) > 2 * TIME_EPSILON) this.closeStop();
    this.lastPos = landed;
    // A resume is not the learner's seek.
    if (this.seekReason !== 'start' && Math.abs(landed - this.seekFrom) > TIME_EPSILON) this.emit('seek', undefined, String(Math.round(this.seekFrom * 1000) / 1000));
    if (!this.open) {
      const stop = stopBetween(this.meta, landed - TIME_EPSILON, landed + TIME_EPSILON, this.handledQuizzes, this.taken.keys());
      if (stop) this.fire(stop, landed);
    }
    this.render(this.seekReason);
    this.seekReason = 'seek';
  }

  /** Seeks to `target` held to the seek limit from where the learner is; returns where it goes. */
  private seekTo(target: number, reason: string): number {
    const to = clampSeek(this.meta, this.answers.keys(), this.lastPos, target, this.duration());
    if (to < target - TIME_EPSILON) this.announce(this.labels.seekBlocked);
    if (!this.started) {
      // No metadata yet: the browser would only note the time, without a seek to hold to the limit.
      this.pendingStart = to;
      return to;
    }
    this.seekReason = reason;
    this.video.currentTime = to;
    this.seekBar.value = String(to);
    return to;
  }

  private seekFromBar(): void {
    const value = Number(this.seekBar.value);
    if (!Number.isFinite(value)) return;
    this.seekTo(value, 'seek');
  }

  // --- stops: quizzes and branching ---------------------------------------------------------

  private fire(stop: Stop, now: number): void {
    const at = stopTime(stop);
    if (stop.kind === 'branch' && stop.scenario.type === 'score') {
      const branch = resolveBranch(stop.scenario, { scorePercent: quizScore(this.meta, this.answers).percent });
      if (!branch) {
        this.taken.set(stop.scenario.id, '');
        return;
      }
      this.showNotice(stop.scenario, branch);
      this.take(stop.scenario, branch);
      return;
    }
    this.video.pause();
    // Playback went a frame or two past: show the stop at its own second.
    if (now - at > 0.03) {
      this.seekReason = 'playback';
      this.video.currentTime = at;
    }
    this.closeInfo(false);
    const panel = stop.kind === 'quiz' ? this.quizPanel(stop.quiz) : this.branchPanel(stop.scenario);
    this.open = { stop, time: at, panel };
    this.panelLayer.append(panel);
    this.announce(stop.kind === 'quiz' ? this.labels.quizShown(stop.quiz.question) : stop.scenario.prompt || stop.scenario.title);
    panel.focus();
  }

  private closeStop(): void {
    if (!this.open) return;
    const hadFocus = this.open.panel.contains(document.activeElement);
    this.open.panel.remove();
    this.open = null;
    if (hadFocus) this.playButton.focus();
  }

  /** Closes the open stop and plays on (a stop at the end leaves the video ended, not restarted). */
  private resume(): void {
    this.closeStop();
    if (!this.video.ended) void this.play();
  }

  private quizPanel(quiz: Quiz): HTMLElement {
    const L = this.labels;
    const headingId = uniqueId('twiv-q');
    const name = uniqueId('twiv-opt');
    const options = quiz.options.map((option) => {
      const input = h('input', { testId: `iv-option-${option.id}`, attrs: { type: 'radio', name, value: option.id } });
      return { option, input, label: h('label', { className: 'twiv-option' }, input, h('span', {}, option.text)) };
    });
    const error = h('p', { className: 'twiv-hint', attrs: { role: 'alert' } });
    const submit = h('button', { className: 'twiv-btn', testId: 'iv-quiz-submit', attrs: { type: 'submit' } }, L.submit);
    const actions = h('div', { className: 'twiv-actions' }, submit);
    if (!quiz.required) {
      const skip = h('button', { className: 'twiv-btn twiv-btn--secondary', testId: 'iv-quiz-skip', attrs: { type: 'button' } }, L.skipQuestion);
      skip.addEventListener('click', () => {
        this.handledQuizzes.add(quiz.id);
        this.resume();
      });
      actions.append(skip);
    }
    const form = h(
      'form',
      {},
      h('fieldset', {}, h('legend', {}, quiz.question), ...options.map((o) => o.label)),
      quiz.required ? h('p', { className: 'twiv-hint' }, L.requiredQuestion) : null,
      error,
      actions,
    );
    const panel = h(
      'section',
      { className: 'twiv-panel', testId: `iv-quiz-${quiz.id}`, attrs: { role: 'dialog', 'aria-labelledby': headingId, tabindex: '-1' } },
      h('h2', { attrs: { id: headingId } }, L.question),
      form,
    );
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const chosen = options.find((o) => o.input.checked);
      if (!chosen) {
        error.textContent = L.chooseAnswer;
        return;
      }
      error.textContent = '';
      const { correct, option } = checkAnswer(quiz, chosen.option.id);
      this.answers.set(quiz.id, { optionId: chosen.option.id, correct });
      this.handledQuizzes.add(quiz.id);
      this.emit('quiz_answer', quiz.id, chosen.option.id);
      for (const o of options) o.input.disabled = true;
      actions.remove();
      const text = correct ? quiz.correct_feedback || L.correct : quiz.incorrect_feedback || L.incorrect;
      const feedback = h(
        'div',
        { className: `twiv-feedback twiv-feedback--${correct ? 'correct' : 'incorrect'}`, testId: 'iv-quiz-feedback', attrs: { role: 'status' } },
        h('p', {}, text),
        option?.feedback ? h('p', {}, option.feedback) : null,
      );
      const next = h('button', { className: 'twiv-btn', testId: 'iv-quiz-continue', attrs: { type: 'button' } }, L.continue);
      next.addEventListener('click', () => this.resume());
      form.append(feedback, h('div', { className: 'twiv-actions' }, next));
      next.focus();
      if (quiz.auto_advance) {
        this.later(this.options.autoAdvanceDelayMs ?? DEFAULT_AUTO_ADVANCE_MS, () => {
          if (this.open?.panel === panel) this.resume();
        });
      }
    });
    return panel;
  }

  private branchPanel(scenario: BranchingScenario): HTMLElement {
    const headingId = uniqueId('twiv-b');
    const buttons = scenario.branches.map((branch) => {
      const button = h('button', { className: 'twiv-btn', testId: `iv-branch-option-${branch.id}`, attrs: { type: 'button' } }, branch.label);
      button.addEventListener('click', () => this.take(scenario, branch));
      return button;
    });
    return h(
      'section',
      { className: 'twiv-panel', testId: `iv-branch-${scenario.id}`, attrs: { role: 'dialog', 'aria-labelledby': headingId, tabindex: '-1' } },
      h('h2', { attrs: { id: headingId } }, scenario.title || this.labels.chooseBranch),
      scenario.prompt ? h('p', {}, scenario.prompt) : null,
      h('div', { className: 'twiv-branches', attrs: { role: 'group', 'aria-labelledby': headingId } }, ...buttons),
    );
  }

  private showNotice(scenario: BranchingScenario, branch: Branch): void {
    this.notice?.remove();
    const notice = h(
      'div',
      { className: 'twiv-notice', testId: `iv-branch-${scenario.id}`, attrs: { 'data-branch': branch.id } },
      h('strong', {}, scenario.prompt || scenario.title),
      ' ',
      h('span', {}, branch.label),
    );
    this.notice = notice;
    this.panelLayer.append(notice);
    this.later(NOTICE_MS, () => {
      notice.remove();
      if (this.notice === notice) this.notice = null;
    });
  }

  private take(scenario: BranchingScenario, branch: Branch): void {
    this.taken.set(scenario.id, branch.id);
    this.emit('branch', scenario.id, branch.id);
    this.announce(this.labels.branchTaken(branch.label));
    this.closeStop();
    if (branch.target_type === 'project') {
      if (branch.target_project_id && this.options.onBranchToProject) {
        this.video.pause();
        this.options.onBranchToProject(branch.target_project_id);
        return;
      }
      void this.play();
      return;
    }
    const target = branchTargetTime(this.meta, branch);
    if (target !== null) this.seekTo(target, 'branch');
    void this.play();
  }

  // --- hotspots, calls to action, info ------------------------------------------------------

  private hotspotNode(hotspot: Hotspot): HTMLButtonElement {
    const s = hotspot.style;
    const button = h(
      'button',
      {
        className: 'twiv-hotspot',
        testId: `iv-hotspot-${hotspot.id}`,
        attrs: { type: 'button', 'data-action': hotspot.action },
        style: {
          left: `${clampPercent(hotspot.x_position)}%`,
          top: `${clampPercent(hotspot.y_position)}%`,
          width: `${clampPercent(hotspot.width)}%`,
          height: `${clampPercent(hotspot.height)}%`,
          'background-color': withOpacity(s.background_color, s.opacity),
          color: s.text_color,
          'border-color': s.border_color,
        },
      },
      // In a span, so that the label (not an anonymous flex item, whose minimum is its longest word)
      // can wrap a word wider than the hotspot instead of spilling out.
      h('span', { className: 'twiv-hotspot-label' }, hotspot.title),
    );
    if (hotspot.action === 'external_link') button.setAttribute('aria-label', `${hotspot.title} ${this.labels.opensInNewTab}`);
    if (hotspot.description) button.title = hotspot.description;
    button.addEventListener('click', (event) => {
      event.stopPropagation();
      this.hotspotAction(hotspot, button);
    });
    return button;
  }

  private hotspotAction(hotspot: Hotspot, button: HTMLButtonElement): void {
    this.emit('hotspot_click', hotspot.id, hotspot.action);
    const data = hotspot.action_data ?? {};
    switch (hotspot.action) {
      case 'show_info':
        this.showInfo(hotspot, button);
        break;
      case 'jump_to_time':
        if (typeof data.time === 'number') this.seekTo(data.time, 'hotspot');
        break;
      case 'external_link':
        if (data.url && isSafeHttpUrl(data.url)) {
          this.video.pause();
          window.open(data.url, '_blank', 'noopener,noreferrer');
        }
        break;
      case 'pause_video':
        this.video.pause();
        break;
    }
  }

  private showInfo(hotspot: Hotspot, returnTo: HTMLElement): void {
    this.closeInfo(false);
    const headingId = uniqueId('twiv-i');
    const close = h('button', { className: 'twiv-close', testId: 'iv-info-close', attrs: { type: 'button', 'aria-label': this.labels.close } }, '×');
    const panel = h(
      'section',
      { className: 'twiv-panel', testId: 'iv-info', attrs: { role: 'dialog', 'aria-labelledby': headingId, tabindex: '-1', 'data-hotspot': hotspot.id } },
      close,
      h('h2', { attrs: { id: headingId } }, hotspot.title),
      h('p', {}, hotspot.action_data?.info_text ?? ''),
    );
    close.addEventListener('click', () => this.closeInfo(true));
    this.info = { panel, returnTo };
    this.panelLayer.append(panel);
    panel.focus();
  }

  private closeInfo(restoreFocus: boolean): void {
    if (!this.info) return;
    const { panel, returnTo } = this.info;
    this.info = null;
    panel.remove();
    if (restoreFocus) (returnTo?.isConnected ? returnTo : this.playButton).focus();
  }

  private ctaNode(cta: CallToAction): HTMLElement {
    const s = cta.style;
    const link = h(
      'a',
      {
        className: `twiv-cta twiv-cta--${cta.position}`,
        testId: `iv-cta-${cta.id}`,
        attrs: { href: cta.url, target: '_blank', rel: 'noopener noreferrer', 'aria-label': `${cta.text} ${this.labels.opensInNewTab}` },
        style: {
          'background-color': s.background_color,
          color: s.text_color,
          'border-radius': `${Math.max(0, s.border_radius)}px`,
          padding: `${Math.max(0, s.padding)}px`,
        },
      },
      cta.text,
    );
    link.addEventListener('click', (event) => {
      event.stopPropagation();
      if (cta.track_clicks) this.emit('cta_click', cta.id, cta.url);
    });
    return link;
  }

  // --- chapters, captions -------------------------------------------------------------------

  private jumpToChapter(chapter: Chapter): void {
    this.toggleChapterMenu(false);
    this.seekTo(chapter.start_time, 'menu');
    this.chaptersButton?.focus();
  }

  private toggleChapterMenu(show?: boolean): void {
    if (!this.chapterMenu || !this.chaptersButton) return;
    const visible = show ?? this.chapterMenu.hidden;
    this.chapterMenu.hidden = !visible;
    this.chaptersButton.setAttribute('aria-expanded', String(visible));
    if (visible) {
      const current = this.chapterId ? this.chapterItems.get(this.chapterId) : undefined;
      (current ?? this.chapterItems.values().next().value)?.focus();
    }
  }

  private skipChapter(): void {
    const chapter = chapterAt(this.meta, this.video.currentTime);
    if (!chapter?.is_skippable) return;
    this.seekTo(chapterEnd(this.meta, chapter, this.duration()), 'skip');
  }

  private setCaptions(on: boolean): void {
    this.captionsOn = on;
    this.applyCaptions();
  }

  private applyCaptions(): void {
    const track = this.video.textTracks?.[0];
    if (track) track.mode = this.captionsOn ? 'showing' : 'hidden';
    this.captionsButton?.setAttribute('aria-pressed', String(this.captionsOn));
  }

  // --- keyboard -----------------------------------------------------------------------------

  private onKey(event: KeyboardEvent): void {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target as HTMLElement;
    const tag = target.tagName;
    const type = tag === 'INPUT' ? (target as HTMLInputElement).type : '';
    const inRadio = type === 'radio';
    const inMenu = this.chapterMenu?.contains(target) ?? false;
    const inPanel = this.panelLayer.contains(target);
    const activates = tag === 'BUTTON' || tag === 'A' || tag === 'TEXTAREA' || tag === 'SELECT' || (tag === 'INPUT' && type !== 'range');
    switch (event.key) {
      case 'Escape':
        if (this.info) this.closeInfo(true);
        else if (this.chapterMenu && !this.chapterMenu.hidden) {
          this.toggleChapterMenu(false);
          this.chaptersButton?.focus();
        } else return;
        break;
      case ' ':
      case 'Spacebar':
        if (activates) return;
        this.togglePlay();
        break;
      case 'k':
      case 'K':
        if (tag === 'TEXTAREA' || (tag === 'INPUT' && type !== 'range' && !inRadio)) return;
        this.togglePlay();
        break;
      case 'ArrowLeft':
      case 'ArrowRight':
        if (inRadio || inMenu || inPanel) return;
        this.seekTo(this.video.currentTime + (event.key === 'ArrowLeft' ? -SEEK_STEP : SEEK_STEP), 'seek');
        break;
      default:
        return;
    }
    event.preventDefault();
  }

  // --- rendering ----------------------------------------------------------------------------

  /** Brings the DOM in step with the video; `reason` is how a chapter change came about (default: playback, or the pending seek's). */
  private render(reason?: string): void {
    if (this.destroyed) return;
    const t = this.video.currentTime;
    const duration = this.duration();
    const L = this.labels;

    const playing = !this.video.paused && !this.video.ended;
    if (playing !== this.shown.playing || !this.shown.time) {
      this.playButton.setAttribute('aria-label', playing ? L.pause : L.play);
      this.playButton.textContent = playing ? '❚❚' : '▶\uFE0E';
      this.shown.playing = playing;
    }
    this.seekBar.value = String(t);
    const time = `${formatTime(t)} / ${formatTime(duration)}`;
    if (time !== this.shown.time) {
      this.seekBar.setAttribute('aria-valuetext', L.timeOf(formatTime(t), formatTime(duration)));
      this.timeText.textContent = time;
      this.shown.time = time;
    }

    const active = activeElementsAt(this.meta, t);
    syncNodes(this.hotspotNodes, active.hotspots, this.hotspotLayer, (hotspot) => this.hotspotNode(hotspot));
    const safeCtas = active.call_to_actions.filter((c) => isSafeHttpUrl(c.url));
    const added = syncNodes(this.ctaNodes, safeCtas, this.ctaLayer, (cta) => this.ctaNode(cta));
    for (const cta of added) this.announce(L.ctaShown(cta.text));

    const chapter = chapterAt(this.meta, t);
    const chapterId = chapter?.id ?? null;
    if (chapterId !== this.chapterId && this.started) {
      const first = this.chapterId === undefined;
      this.chapterId = chapterId;
      for (const [id, item] of this.chapterItems) item.setAttribute('aria-current', String(id === chapterId));
      if (chapter) {
        this.emit('chapter', chapter.id, first ? 'start' : (reason ?? (this.isSeeking() ? this.seekReason : 'playback')));
        if (!first) this.announce(L.chapterStarted(chapter.title));
      }
    }
    this.skipButton.hidden = !chapter?.is_skippable;

    if (playing && Date.now() - this.lastProgressAt >= PROGRESS_INTERVAL_MS) {
      this.lastProgressAt = Date.now();
      this.emit('progress', undefined, String(Math.round(this.watched.percent(duration))));
    }
    if (!this.completed && this.started) {
      const percent = this.watched.percent(duration);
      if (percent >= this.meta.completion_threshold) {
        this.completed = true;
        this.emit('complete', undefined, String(Math.round(percent)));
      }
    }
  }
}

function stopTime(stop: Stop): number {
  return stop.kind === 'quiz' ? stop.quiz.show_time : stop.scenario.show_time;
}

function clampPercent(value: number): number {
  return Number.isFinite(value) ? Math.max(0, Math.min(100, value)) : 0;
}

/** Makes `layer` hold a node per element of `wanted` (kept while wanted, so focus stays); returns the new ones. */
function syncNodes<T extends { id: string }>(nodes: Map<string, HTMLElement>, wanted: T[], layer: HTMLElement, create: (item: T) => HTMLElement): T[] {
  const ids = new Set(wanted.map((w) => w.id));
  for (const [id, node] of nodes) {
    if (!ids.has(id)) {
      node.remove();
      nodes.delete(id);
    }
  }
  const added: T[] = [];
  for (const item of wanted) {
    if (nodes.has(item.id)) continue;
    const node = create(item);
    nodes.set(item.id, node);
    layer.append(node);
    added.push(item);
  }
  return added;
}

/**
 * Mounts the player inside `root` (appends its own element; `root` is not otherwise touched) and
 * starts loading the video. The page must include PLAYER_CSS (or call injectPlayerStyles()).
 */
export function mountInteractivePlayer(root: HTMLElement, options: PlayerOptions): PlayerHandle {
  return new InteractivePlayer(root, options).handle();
}
