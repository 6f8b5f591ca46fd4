// The interactive video template (GET /api/interactive-video-template/{duration-or-id}): elements
// built from a project's real content, never invented. Chapters are its slides, started when the
// narrated video shows each slide (read from the video's captions, see slideStartsFromCaptions) or
// spread evenly over the duration; quizzes are its generated assessment's questions (exactly one
// correct option), each shown at the end of the chapter it shares the most words with; a call to
// action at 90 % of the video only when the project or its company has a website; a `score`
// branching point at the end (with the assessment only) that sends a learner under the passing
// score back to the first chapter. No hotspots: nothing in a project says where on the frame one
// would point. The result passes the catalogue's validateInteractiveVideo.
import {
  durationForVideo,
  DEFAULT_SCORM_TRACKING,
  INTERACTIVE_VIDEO_LIMITS,
  defaultCallToAction,
  emptyInteractiveElements,
  isSafeHttpUrl,
  type BranchingScenario,
  type Chapter,
  type InteractiveElements,
  type Quiz,
} from '@trainwright/catalogue';
import type { Slide } from '@trainwright/formats';
import type { GeneratedQuestion } from '@trainwright/formats';
import { closest, words } from '../course.js';

const L = INTERACTIVE_VIDEO_LIMITS;

export interface TemplateSource {
  /** The project's title (one chapter's title when it has no slides). */
  title: string;
  /** The slides every export shows (the video shows a title card, then these). */
  slides: readonly Slide[];
  questions: readonly GeneratedQuestion[];
  /** The project's or its company's website ('' when neither has one). */
  website: string;
}

export interface TemplateInput {
  /** Null: no project named (one chapter at 0 and nothing else). */
  source: TemplateSource | null;
  /** The template's video_duration (seconds, within the catalogue's range). */
  duration: number;
  /** Seconds of the project's narrated video; null when it has none. */
  videoSeconds: number | null;
  /** The narrated video's WebVTT captions ('' when none). */
  captionsVtt: string;
}

/** A time to the tenth of a second. */
const tenth = (seconds: number) => Math.round(seconds * 10) / 10;
/** A text within `max` characters: cut with an ellipsis when longer. */
export const fitText = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`);
const clip = (text: string, max: number) => fitText(text.replace(/\s+/g, ' ').trim(), max);

/** The template's video_duration: the real video's length within the catalogue's range, else the one asked for. */
export function templateDuration(videoSeconds: number | null, asked: number | null): number {
  return durationForVideo(videoSeconds ?? asked ?? L.editorDefaultDuration);
}

export function buildTemplate(input: TemplateInput): InteractiveElements {
  const elements = emptyInteractiveElements();
  const { source } = input;
  // Where elements may go: the real video when there is one (it may be shorter than 30 s).
  const span = input.videoSeconds !== null ? Math.min(input.duration, input.videoSeconds) : input.duration;
  if (!source) {
    elements.chapters.push({ id: 'chapter-1', title: 'Introduction', description: '', start_time: 0, is_skippable: true });
    return elements;
  }

  // A deck larger than the element limit keeps room for a quiz per chapter at most.
  const slides = source.slides.slice(0, Math.floor(L.elementsMax / 2) - 1);
  const starts = chapterStarts(slides.length, span, input.videoSeconds !== null ? slideStartsFromCaptions(input.captionsVtt, slides.length + 1) : null);
  elements.chapters = slides.length
    ? slides.map(
        (s, i): Chapter => ({
          id: `chapter-${i + 1}`,
          title: clip(s.title, L.titleMax) || `Chapter ${i + 1}`,
          description: clip(s.points[0] ?? s.paragraphs[0] ?? '', L.textMax),
          start_time: starts[i]!,
          is_skippable: true,
        }),
      )
    : [{ id: 'chapter-1', title: clip(source.title, L.titleMax) || 'Introduction', description: '', start_time: 0, is_skippable: true }];

  const usable = source.questions
    .filter((q) => q.prompt.trim() !== '' && q.options.length >= L.optionsMin && q.options.length <= L.optionsMax)
    .filter((q) => q.options.filter((o) => o.is_correct).length === 1 && q.options.every((o) => o.text.trim() !== ''))
    .slice(0, L.elementsMax - elements.chapters.length - 2);
  const branching = usable.length > 0;
  // The last chapter ends before the branching point at the very end.
  const ends = elements.chapters.map((c, i) => elements.chapters[i + 1]?.start_time ?? (branching ? Math.max(c.start_time, span - 1) : span));
  const chapterWords = (slides.length ? slides : [{ title: source.title, points: [], paragraphs: [], notes: '' }]).map(
    (s) => new Set(words(`${s.title} ${s.points.join(' ')} ${s.paragraphs.join(' ')} ${s.notes}`)),
  );
  const byChapter = elements.chapters.map(() => [] as GeneratedQuestion[]);
  usable.forEach((q, i) => byChapter[closest(words(`${q.prompt} ${q.source}`), chapterWords, i)]!.push(q));

  let n = 0;
  byChapter.forEach((questions, c) => {
    const start = elements.chapters[c]!.start_time;
    const end = ends[c]!;
    // After the chapter's content: the last at its end less a second, the others a second apart before it.
    const gap = Math.min(1, (end - start) / (questions.length + 1));
    questions.forEach((q, k) => {
      n += 1;
      const id = `quiz-${n}`;
      const explanation = clip(q.explanation, L.textMax - 20);
      elements.quizzes.push({
        id,
        question: clip(q.prompt, L.questionMax),
        question_type: 'multiple_choice',
        options: q.options.map((o, j) => ({ id: `${id}-o${j + 1}`, text: clip(o.text, L.optionTextMax), is_correct: o.is_correct })),
        correct_feedback: explanation ? `Correct! ${explanation}` : 'Correct!',
        incorrect_feedback: explanation ? `Not quite. ${explanation}` : 'Not quite.',
        show_time: Math.max(start, tenth(end - gap * (questions.length - k))),
        points: 10,
        auto_advance: true,
        required: false,
      } satisfies Quiz);
    });
  });
  elements.quizzes.sort((a, b) => a.show_time - b.show_time);

  if (source.website && isSafeHttpUrl(source.website)) {
    elements.call_to_actions.push({ ...defaultCallToAction('cta-1', span), url: source.website });
  }

  if (branching) {
    const pass = DEFAULT_SCORM_TRACKING.passing_score;
    elements.branching_scenarios.push({
      id: 'branch-1',
      title: 'Your score',
      prompt: `A score of ${pass}% or more completes the course; below it, review it from the start.`,
      show_time: tenth(Math.max(0, span - 0.5)),
      type: 'score',
      branches: [
        { id: 'branch-1-pass', label: 'Passed', min_score: pass, target_type: 'time', target_time: tenth(span) },
        { id: 'branch-1-review', label: 'Review the course', min_score: 0, target_type: 'chapter', target_chapter_id: elements.chapters[0]!.id },
      ],
    } satisfies BranchingScenario);
  }
  return elements;
}

/** Each chapter's start: the video's own slide starts when known (the first chapter from 0, taking in the title card), else evenly spread. */
function chapterStarts(count: number, span: number, videoSlideStarts: number[] | null): number[] {
  if (videoSlideStarts) return Array.from({ length: count }, (_, i) => (i === 0 ? 0 : tenth(Math.min(span, videoSlideStarts[i + 1]!))));
  return Array.from({ length: count }, (_, i) => tenth((i * span) / Math.max(1, count)));
}

/** The silence media-render leaves after each slide's narration is 0.6 s; within a slide the cues follow one another. */
const SLIDE_GAP_SECONDS = 0.3;
/** `[hh:]mm:ss.mmm --> [hh:]mm:ss.mmm` (WebVTT's hours are optional). */
const TIMESTAMP = String.raw`(?:(\d{2,}):)?(\d{2}):(\d{2})\.(\d{3})`;
const CUE_TIMING = new RegExp(String.raw`^${TIMESTAMP}\s+-->\s+${TIMESTAMP}`);

/**
 * When the narrated video shows each slide, read from its captions: media-render times every cue
 * within the narration of its slide, cue after cue, and leaves a pause after each slide, so cues
 * separated by a pause belong to the next slide. `slides` counts the video's slides (the title card
 * and each slide); null when the captions do not split into exactly that many (a silent slide, no
 * captions): the caller then spreads the chapters evenly.
 */
export function slideStartsFromCaptions(vtt: string, slides: number): number[] | null {
  const starts: number[] = [];
  let lastEnd = Number.NEGATIVE_INFINITY;
  for (const line of vtt.split(/\r?\n/)) {
    const m = CUE_TIMING.exec(line.trim());
    if (!m) continue;
    const at = (h: string | undefined, mi: string, s: string, ms: string) => Number(h ?? 0) * 3600 + Number(mi) * 60 + Number(s) + Number(ms) / 1000;
    const start = at(m[1], m[2]!, m[3]!, m[4]!);
    const end = at(m[5], m[6]!, m[7]!, m[8]!);
    if (start - lastEnd >= SLIDE_GAP_SECONDS) starts.push(start);
    lastEnd = Math.max(lastEnd, end);
  }
  return starts.length === slides && slides > 0 ? starts : null;
}
