// The learner's saved state: within SCORM 1.2's suspend_data limit for a large course, and
// resuming exactly what was saved.
import { decodeState, encodeState, initialState, videoSpanCount, type LearnerState } from '../../player/src/state.js';

const SCORM12_SUSPEND_DATA_MAX = 4096;

// Deterministic noise: a worst case for compression, unlike all-true or all-false.
function noise(seed: number) {
  let x = seed;
  return () => ((x = (x * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
}

describe('suspend_data', () => {
  it('stays within 4,096 characters for 200 slides, 50 questions and an hour of video', () => {
    const shape = { slides: 200, questions: 50, videoSeconds: 3600 };
    const random = noise(42);
    const state: LearnerState = {
      ...initialState(shape),
      position: 187,
      viewedSlides: Array.from({ length: 200 }, () => random() < 0.5),
      watchedSpans: Array.from({ length: videoSpanCount(3600) }, () => random() < 0.5),
      videoSeconds: 3599,
      answers: Array.from({ length: 50 }, () => Math.floor(random() * 26)),
      submitted: true,
      attempts: 12,
    };
    const encoded = encodeState(state);
    expect(encoded.length).toBeLessThan(SCORM12_SUSPEND_DATA_MAX / 4);
    // 1.2's CMIString4096 and URL-safe: letters, digits and - _ . ! ~ * ' ( ) and the like.
    expect(encoded).toMatch(/^[A-Za-z0-9+\-$_.!~*'()]+$/);
    expect(decodeState(encoded, shape)).toEqual(state);
  });

  it('caps the video at 240 spans however long it is', () => {
    expect(videoSpanCount(60)).toBe(12);
    expect(videoSpanCount(3600)).toBe(240);
    expect(videoSpanCount(10 * 3600)).toBeLessThanOrEqual(240);
    expect(videoSpanCount(0)).toBe(0);
  });

  it('round-trips a fresh and a partial state', () => {
    const shape = { slides: 7, questions: 3, videoSeconds: 95 };
    const fresh = initialState(shape);
    expect(decodeState(encodeState(fresh), shape)).toEqual(fresh);
    const partial: LearnerState = { ...fresh, position: 4, viewedSlides: [true, true, false, true, true, false, false], answers: [1, null, 0], videoSeconds: 42 };
    partial.watchedSpans = fresh.watchedSpans.map((_, i) => i < 5);
    expect(decodeState(encodeState(partial), shape)).toEqual(partial);
  });

  it('fits a state saved before the course changed shape', () => {
    const before = { ...initialState({ slides: 3, questions: 2, videoSeconds: 0 }), viewedSlides: [true, true, true], answers: [1, 0] };
    const after = decodeState(encodeState(before), { slides: 5, questions: 1, videoSeconds: 30 })!;
    expect(after.viewedSlides).toEqual([true, true, true, false, false]);
    expect(after.answers).toEqual([1]);
    expect(after.watchedSpans).toHaveLength(6);
  });

  it('ignores what another SCO or a broken LMS left', () => {
    const shape = { slides: 3, questions: 1, videoSeconds: 0 };
    expect(decodeState('', shape)).toBeNull();
    expect(decodeState('not ours', shape)).toBeNull();
    expect(decodeState('{"position":3}', shape)).toBeNull();
  });
});
