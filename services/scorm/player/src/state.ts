// The learner's place in the course, kept in suspend_data (SCORM) or the xAPI state (cmi5).
// Compact first (bitsets, one character per answer), then lz-string, so a 200-slide, 50-question
// course with an hour of video stays far inside SCORM 1.2's 4,096 characters.
import LZString from 'lz-string';

export interface LearnerState {
  /** The screen shown last. */
  position: number;
  /** Per slide: seen. */
  viewedSlides: boolean[];
  /** Per stretch of VIDEO_SPAN seconds of the video: played. */
  watchedSpans: boolean[];
  /** Where the video was, in whole seconds. */
  videoSeconds: number;
  /** Per question: the chosen option's index, or null. */
  answers: (number | null)[];
  /** The answers were submitted (and scored). */
  submitted: boolean;
  /** Quiz submissions so far. */
  attempts: number;
}

export interface CourseShape {
  slides: number;
  questions: number;
  videoSeconds: number;
}

/** Spans are at least 5 s, and longer for long videos so there are never more than 240. */
export function videoSpanSeconds(durationSeconds: number): number {
  return Math.max(5, Math.ceil(durationSeconds / 240));
}

export function videoSpanCount(durationSeconds: number): number {
  return durationSeconds > 0 ? Math.ceil(durationSeconds / videoSpanSeconds(durationSeconds)) : 0;
}

export function initialState(shape: CourseShape): LearnerState {
  return {
    position: 0,
    viewedSlides: new Array<boolean>(shape.slides).fill(false),
    watchedSpans: new Array<boolean>(videoSpanCount(shape.videoSeconds)).fill(false),
    videoSeconds: 0,
    answers: new Array<number | null>(shape.questions).fill(null),
    submitted: false,
    attempts: 0,
  };
}

// 64 URL-safe characters: six bits of a bitset, or one answer index, per character.
const DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const NO_ANSWER = '.';
const FORMAT = '1';

function encodeBits(bits: readonly boolean[]): string {
  let out = '';
  for (let i = 0; i < bits.length; i += 6) {
    let value = 0;
    for (let b = 0; b < 6; b++) if (bits[i + b]) value |= 1 << b;
    out += DIGITS[value];
  }
  return out;
}

function decodeBits(text: string, length: number): boolean[] {
  const bits = new Array<boolean>(length).fill(false);
  for (let i = 0; i < length; i++) {
    const value = DIGITS.indexOf(text[Math.floor(i / 6)] ?? 'A');
    bits[i] = value > 0 && (value & (1 << i % 6)) !== 0;
  }
  return bits;
}

export function encodeState(state: LearnerState): string {
  const answers = state.answers.map((a) => (a === null ? NO_ANSWER : DIGITS[a] ?? NO_ANSWER)).join('');
  const fields = [FORMAT, state.position, encodeBits(state.viewedSlides), encodeBits(state.watchedSpans), state.videoSeconds, answers, state.submitted ? 1 : 0, state.attempts];
  return LZString.compressToEncodedURIComponent(fields.join('|'));
}

const wholeNumber = (text: string | undefined, max: number) => {
  const value = Number(text);
  return Number.isInteger(value) && value >= 0 ? Math.min(value, max) : 0;
};

/**
 * The state saved by encodeState, fitted to the course's shape (a course republished with more
 * or fewer slides keeps what still applies); null when `saved` is empty or not ours.
 */
export function decodeState(saved: string, shape: CourseShape): LearnerState | null {
  if (!saved) return null;
  const text = LZString.decompressFromEncodedURIComponent(saved);
  const fields = text ? text.split('|') : [];
  if (fields.length !== 8 || fields[0] !== FORMAT) return null;
  const [, position, viewed, watched, videoSeconds, answers = '', submitted, attempts] = fields;
  const empty = initialState(shape);
  return {
    position: wholeNumber(position, Number.MAX_SAFE_INTEGER),
    viewedSlides: decodeBits(viewed ?? '', empty.viewedSlides.length),
    watchedSpans: decodeBits(watched ?? '', empty.watchedSpans.length),
    videoSeconds: wholeNumber(videoSeconds, shape.videoSeconds),
    answers: empty.answers.map((_, i) => {
      const index = DIGITS.indexOf(answers[i] ?? NO_ANSWER);
      return index >= 0 ? index : null;
    }),
    submitted: submitted === '1',
    attempts: wholeNumber(attempts, 9999),
  };
}
