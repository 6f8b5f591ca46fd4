// The screens of the course: the overview, each slide, the video and the quiz. Each builds its
// DOM from the course data (as text) and reports what the learner does through callbacks.
import type { PlayerCourse, PlayerQuestion } from '../../src/package/player-contract.js';
import { h } from './dom.js';
import type { QuizResult } from './evaluation.js';
import type { Labels } from './labels.js';

export type Screen = { kind: 'overview' } | { kind: 'slide'; index: number } | { kind: 'video' } | { kind: 'quiz' };

/** The overview (when the course says something about itself), the video, the slides, the quiz. */
export function screensOf(course: PlayerCourse): Screen[] {
  const screens: Screen[] = [];
  if (course.description || course.objectives.length || course.activities.length) screens.push({ kind: 'overview' });
  if (course.video) screens.push({ kind: 'video' });
  course.slides.forEach((_, index) => screens.push({ kind: 'slide', index }));
  if (course.questions.length) screens.push({ kind: 'quiz' });
  return screens;
}

export const SCREEN_HEADING_ID = 'tw-screen-heading';

const heading = (text: string) => h('h2', { attrs: { id: SCREEN_HEADING_ID, tabindex: '-1' } }, text);
const section = (className: string, testId: string, ...children: (Node | null)[]) =>
  h('section', { className: `tw-screen ${className}`, testId, attrs: { 'aria-labelledby': SCREEN_HEADING_ID } }, ...children);

export function overviewScreen(course: PlayerCourse, labels: Labels): HTMLElement {
  return section(
    'tw-overview',
    'overview',
    heading(labels.overview),
    course.description ? h('p', {}, course.description) : null,
    course.objectives.length
      ? h('div', {}, h('h3', {}, labels.objectives), h('ul', {}, ...course.objectives.map((o) => h('li', {}, h('strong', {}, o.title), o.description ? ` ${o.description}` : ''))))
      : null,
    course.activities.length
      ? h('div', {}, h('h3', {}, labels.activities), h('ul', {}, ...course.activities.map((a) => h('li', {}, `${a.title} (${labels.minutes(a.estimatedMinutes)})`))))
      : null,
  );
}

export function slideScreen(course: PlayerCourse, index: number, labels: Labels): HTMLElement {
  const slide = course.slides[index]!;
  const element = section(
    'tw-slide',
    'slide',
    heading(slide.title || labels.untitledSlide(index + 1)),
    slide.points.length ? h('ul', {}, ...slide.points.map((point) => h('li', {}, point))) : null,
    ...slide.paragraphs.map((paragraph) => h('p', {}, paragraph)),
    slide.notes ? h('details', { className: 'tw-notes' }, h('summary', {}, labels.notes), h('p', {}, slide.notes)) : null,
  );
  element.setAttribute('data-slide-index', String(index));
  return element;
}

function languageName(language: string): string {
  try {
    return new Intl.DisplayNames([language], { type: 'language' }).of(language) ?? language;
  } catch {
    return language;
  }
}

export interface VideoEvents {
  /** The playhead moved during playback (not seeking). */
  onPlayed(seconds: number): void;
  onEnded(): void;
}

export function videoScreen(course: PlayerCourse, startAt: number, labels: Labels, events: VideoEvents): HTMLElement {
  const video = course.video!;
  const player = h(
    'video',
    { testId: 'video', attrs: { controls: '', preload: 'metadata', playsinline: '' } },
    h('source', { attrs: { src: video.src, type: video.mime } }),
    h('track', { attrs: { kind: 'captions', src: video.captions, srclang: course.language, label: languageName(course.language), default: '' } }),
    h('p', {}, labels.videoUnsupported),
  );
  player.addEventListener('loadedmetadata', () => {
    if (startAt > 0 && startAt < player.duration - 1) player.currentTime = startAt;
  });
  player.addEventListener('timeupdate', () => {
    if (!player.paused && !player.seeking) events.onPlayed(player.currentTime);
  });
  player.addEventListener('ended', () => events.onEnded());
  return section('tw-video', 'video-screen', heading(labels.video), player);
}

export interface QuizEvents {
  onAnswer(questionIndex: number, optionIndex: number): void;
  /** Every question answered: submit; else the quiz shows which are missing. */
  onSubmit(): void;
  onRetry(): void;
}

export interface QuizView {
  element: HTMLElement;
  /** Marks the unanswered questions; false when there are none. */
  showMissing(answers: readonly (number | null)[]): boolean;
}

/** The quiz: open for answers, or (with `result`) the submitted answers with feedback. */
export function quizScreen(
  course: PlayerCourse,
  answers: readonly (number | null)[],
  result: QuizResult | null,
  passingPercent: number,
  labels: Labels,
  options: { canRetry: boolean },
  events: QuizEvents,
): QuizView {
  const submitted = result !== null;
  const missingMessage = h('p', { className: 'tw-missing', attrs: { role: 'alert' } });
  const fieldsets = course.questions.map((question, q) => questionFieldset(question, q, answers[q] ?? null, submitted, labels, events));
  const form = h(
    'form',
    { attrs: { novalidate: '' } },
    ...fieldsets,
    missingMessage,
    submitted ? null : h('button', { className: 'tw-button tw-primary', testId: 'submit', attrs: { type: 'submit' } }, labels.submit),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (!submitted) events.onSubmit();
  });

  const resultBox = result
    ? h(
        'div',
        { className: `tw-result ${result.passed ? 'tw-passed' : 'tw-failed'}`, testId: 'result', attrs: { tabindex: '-1' } },
        h('p', {}, labels.score(result.scorePercent)),
        h('p', {}, result.passed ? labels.passed : labels.notPassed(passingPercent)),
        !result.passed && options.canRetry ? retryButton(labels, events) : null,
      )
    : null;

  const element = section('tw-quiz', 'quiz', heading(labels.assessment), h('p', {}, labels.quizIntro(passingPercent)), resultBox, form);
  return {
    element,
    showMissing(current) {
      const missing = current.flatMap((answer, q) => (answer === null ? [q] : []));
      fieldsets.forEach((fieldset, q) => fieldset.toggleAttribute('aria-invalid', missing.includes(q)));
      missingMessage.textContent = missing.length ? labels.answerEveryQuestion : '';
      if (missing.length) fieldsets[missing[0]!]?.querySelector('input')?.focus();
      return missing.length > 0;
    },
  };
}

function retryButton(labels: Labels, events: QuizEvents): HTMLButtonElement {
  const button = h('button', { className: 'tw-button', testId: 'retry', attrs: { type: 'button' } }, labels.retry);
  button.addEventListener('click', () => events.onRetry());
  return button;
}

function questionFieldset(question: PlayerQuestion, q: number, chosen: number | null, submitted: boolean, labels: Labels, events: QuizEvents): HTMLFieldSetElement {
  const name = `tw-question-${q}`;
  const options = question.options.map((text, o) => {
    const id = `${name}-option-${o}`;
    const input = h('input', { testId: 'quiz-option', attrs: { type: 'radio', name, id, value: String(o), 'data-question-index': String(q), 'data-option-index': String(o) } });
    input.checked = chosen === o;
    input.disabled = submitted;
    input.addEventListener('change', () => events.onAnswer(q, o));
    return h('div', { className: 'tw-option' }, input, h('label', { attrs: { for: id } }, text));
  });
  const feedback = submitted
    ? h(
        'div',
        { className: `tw-feedback ${chosen === question.correctIndex ? 'tw-correct' : 'tw-incorrect'}`, testId: 'feedback' },
        h('p', {}, chosen === question.correctIndex ? labels.correct : labels.incorrect(question.options[question.correctIndex] ?? '')),
        question.explanation ? h('p', {}, question.explanation) : null,
      )
    : null;
  const fieldset = h('fieldset', { className: 'tw-question', testId: 'question' }, h('legend', {}, `${q + 1}. `, question.prompt), ...options, feedback);
  fieldset.setAttribute('data-question-index', String(q));
  return fieldset;
}
