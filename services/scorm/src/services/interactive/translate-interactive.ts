// A published interactive video in a translated package: every text a learner sees translated
// (ids, addresses, times, positions and kinds stay as they are), and every time moved from the
// project's own video, which the elements were timed against, to the translated video, whose
// narration runs longer or shorter. Times move slide by slide: a moment at a share of an original
// slide lands at the same share of that slide in the translated video (each video's slide starts
// read from its captions, its end as the last anchor); when the captions do not split both videos
// into the same slides, every time scales by the ratio of the two durations.
import { INTERACTIVE_VIDEO_LIMITS, type InteractiveVideoMetadata } from '@trainwright/catalogue';
import { fitText, slideStartsFromCaptions } from './template.js';

const L = INTERACTIVE_VIDEO_LIMITS;

/** A narrated video as the time mapping reads it. */
export interface VideoTimeline {
  seconds: number;
  /** Its WebVTT captions ('' when none). */
  captionsVtt: string;
  /** The slides it shows after its title card (courseSlides of the content it was rendered from). */
  slides: number;
}

/** A copy with every text a learner sees replaced by `edit(text, the field's longest length)`. */
function mapTexts(m: InteractiveVideoMetadata, edit: (text: string, max: number) => string): InteractiveVideoMetadata {
  return {
    ...m,
    hotspots: m.hotspots.map((h) => ({
      ...h,
      title: edit(h.title, L.titleMax),
      description: edit(h.description, L.textMax),
      action_data: h.action_data.info_text === undefined ? h.action_data : { ...h.action_data, info_text: edit(h.action_data.info_text, L.textMax) },
    })),
    quizzes: m.quizzes.map((q) => ({
      ...q,
      question: edit(q.question, L.questionMax),
      options: q.options.map((o) => (o.feedback === undefined ? { ...o, text: edit(o.text, L.optionTextMax) } : { ...o, text: edit(o.text, L.optionTextMax), feedback: edit(o.feedback, L.textMax) })),
      correct_feedback: edit(q.correct_feedback, L.textMax),
      incorrect_feedback: edit(q.incorrect_feedback, L.textMax),
    })),
    call_to_actions: m.call_to_actions.map((c) => ({ ...c, text: edit(c.text, L.ctaTextMax) })),
    chapters: m.chapters.map((c) => ({ ...c, title: edit(c.title, L.titleMax), description: edit(c.description, L.textMax) })),
    branching_scenarios: m.branching_scenarios.map((s) => ({
      ...s,
      title: edit(s.title, L.titleMax),
      prompt: edit(s.prompt, L.questionMax),
      branches: s.branches.map((b) => ({ ...b, label: edit(b.label, L.optionTextMax) })),
    })),
  };
}

/** The distinct texts a learner sees (blank ones need no translation). */
export function interactiveTexts(m: InteractiveVideoMetadata): string[] {
  const texts = new Set<string>();
  mapTexts(m, (text) => {
    if (text.trim() !== '') texts.add(text);
    return text;
  });
  return [...texts];
}

/** 0, the start of each slide after the title card, and the end; null unless the captions split into the video's slides in order. */
function anchors(video: VideoTimeline): number[] | null {
  const starts = slideStartsFromCaptions(video.captionsVtt, video.slides + 1);
  if (!starts) return null;
  const points = [0, ...starts.slice(1), video.seconds];
  return points.every((p, i) => i === 0 || p > points[i - 1]!) ? points : null;
}

/**
 * Where a moment of the original video lies in the translated one: piecewise linear between the
 * slides' starts when both videos' captions split into the same slides, else by the ratio of the
 * durations (also past the original's end).
 */
export function timeMapping(original: VideoTimeline, translated: VideoTimeline): (seconds: number) => number {
  const ratio = original.seconds > 0 ? translated.seconds / original.seconds : 1;
  const from = original.slides === translated.slides ? anchors(original) : null;
  const to = from ? anchors(translated) : null;
  if (!from || !to) return (t) => t * ratio;
  const last = from.length - 1;
  return (t) => {
    if (t >= from[last]!) return to[last]! + (t - from[last]!) * ratio;
    let i = 0;
    while (t >= from[i + 1]!) i += 1;
    const share = (t - from[i]!) / (from[i + 1]! - from[i]!);
    return to[i]! + share * (to[i + 1]! - to[i]!);
  };
}

/** A time to the millisecond. */
const ms = (seconds: number) => Math.round(seconds * 1000) / 1000;

/** A copy with every time moved by `move`, within the translated video; its duration that video's. */
function retimed(m: InteractiveVideoMetadata, move: (seconds: number) => number, seconds: number): InteractiveVideoMetadata {
  const duration = Math.min(L.durationMax, Math.max(L.durationMin, ms(seconds)));
  const end = Math.min(duration, ms(seconds));
  const at = (t: number) => Math.min(end, Math.max(0, ms(move(t))));
  return {
    ...m,
    video_duration: duration,
    hotspots: m.hotspots.map((h) => ({
      ...h,
      start_time: at(h.start_time),
      end_time: at(h.end_time),
      action_data: h.action_data.time === undefined ? h.action_data : { ...h.action_data, time: at(h.action_data.time) },
    })),
    quizzes: m.quizzes.map((q) => ({ ...q, show_time: at(q.show_time) })),
    // A call to action stays on screen over the same stretch of narration.
    call_to_actions: m.call_to_actions.map((c) => ({
      ...c,
      show_time: at(c.show_time),
      duration: Math.min(L.ctaDurationMax, Math.max(1, ms(move(c.show_time + c.duration) - move(c.show_time)))),
    })),
    chapters: m.chapters.map((c) => ({ ...c, start_time: at(c.start_time) })),
    branching_scenarios: m.branching_scenarios.map((s) => ({
      ...s,
      show_time: at(s.show_time),
      branches: s.branches.map((b) => (b.target_time === undefined ? b : { ...b, target_time: at(b.target_time) })),
    })),
  };
}

/**
 * The elements over the translated video: each text of interactiveTexts replaced by its
 * translation in `translations` (cut to its field's limit), each time moved from `original` to
 * `translated`. The caller validates the result (validateInteractiveVideo).
 */
export function translatedInteractive(
  m: InteractiveVideoMetadata,
  translations: ReadonlyMap<string, string>,
  original: VideoTimeline,
  translated: VideoTimeline,
): InteractiveVideoMetadata {
  const texts = mapTexts(m, (text, max) => {
    const translation = translations.get(text);
    return translation === undefined ? text : fitText(translation, max);
  });
  return retimed(texts, timeMapping(original, translated), translated.seconds);
}
