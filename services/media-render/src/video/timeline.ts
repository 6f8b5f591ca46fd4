// The pictures of the narrated video in time. A slide is shown as several pictures when its
// narration brings its items (points, then paragraphs) one after another: each picture shows the
// items said so far, in the layout of all of them (nothing moves when the next one appears), from
// the moment the narration reaches the part that brings it. Which pictures a slide has follows
// from its text alone (narrationParts), so they are drawn while the narration is spoken; when
// each one starts follows from the narration's timings.
import { RenderError, type ProgressReporter, type RenderInput } from '../domain/types.js';
import type { NarratedSlide } from './narration.js';
import { narrationParts } from './narration.js';
import type { KeptFrames } from './kept-frames.js';
import { checkSize, rasterisedFrames, renderSlideSvg, resvgOptions, videoSlideIndexes, type FrameBudget, type SlideFrames, type Size } from './slide-image.js';

/** One picture of the video: a slide with its first `revealed` items (undefined: all of them). */
export interface Picture {
  /** The slide's position in the video (0 = the title card). */
  slide: number;
  /** TITLE_CARD or the slide's index in the deck. */
  index: number;
  revealed: number | undefined;
}

/** A picture in time. */
export interface TimedPicture extends Picture {
  startMs: number;
  durationMs: number;
}

/**
 * The pictures of every video slide, in video order: one per distinct number of items shown as
 * the narration goes (the first with the first part), the last with all the items.
 */
export function videoPictures(input: RenderInput): Picture[] {
  const indexes = videoSlideIndexes(input);
  return narrationParts(input).flatMap((n, slide) => {
    const steps = [...new Set(n.revealed)].filter((r) => r < n.items);
    return [...steps, undefined].map((revealed) => ({ slide, index: indexes[slide]!, revealed }));
  });
}

/**
 * The pictures laid out on the narration's timeline: a picture starts with the first part that
 * shows its items (the first one with its slide), and lasts until the next picture or the slide's
 * end. `pictures` is videoPictures of the same input.
 */
export function pictureTimeline(slides: readonly NarratedSlide[], pictures: readonly Picture[]): TimedPicture[] {
  const timed: TimedPicture[] = [];
  for (const [n, slide] of slides.entries()) {
    const own = pictures.filter((p) => p.slide === n);
    if (own.length === 0) throw new RenderError(`No picture for video slide ${n + 1}.`);
    const parts = slide.parts ?? [];
    const starts = own.map((p, k) => {
      if (k === 0) return 0;
      const part = parts.find((x) => (p.revealed === undefined ? x.revealed >= (slide.items ?? 0) : x.revealed >= p.revealed));
      return part ? Math.min(slide.durationMs, Math.round(part.startMs)) : slide.durationMs;
    });
    own.forEach((p, k) => {
      const from = Math.max(starts[k]!, k > 0 ? starts[k - 1]! : 0);
      const to = k + 1 < own.length ? Math.max(from, starts[k + 1]!) : slide.durationMs;
      // A picture whose part came at the same moment as the next one's is not shown at all.
      if (to > from || k + 1 === own.length) timed.push({ ...p, startMs: slide.startMs + from, durationMs: to - from });
    });
  }
  return timed.filter((p) => p.durationMs > 0);
}

/**
 * Renders the pictures to raw RGBA pixels, in order, for an encoder that starts before the last
 * one is drawn (rasterisedFrames in slide-image.ts).
 */
export function renderPictureFrames(
  input: RenderInput,
  pictures: readonly Picture[],
  size: Size,
  progress?: ProgressReporter,
  budget?: FrameBudget,
  kept?: KeptFrames,
): SlideFrames {
  checkSize(size);
  const drawings = pictures.map((p) => () => renderSlideSvg(input, p.index, size, p.revealed));
  return rasterisedFrames(drawings, resvgOptions(input, size), size, progress, budget, kept);
}
