// One reading of a CourseInput that the manifests, course.js and the zip all share: the checked
// input, the LMS identifiers, the player's course data and the files of the package.
import type { CourseInput, CourseTheme } from './course.js';
import { safeIdentifier, uniqueIdentifiers } from './identifiers.js';
import { trackingForContent, type InteractiveVideoMetadata } from '@trainwright/catalogue';
import { completionTerms, quizDecides, type PlayerCourse, type PlayerInteractive, type PlayerQuestion } from './player-contract.js';

export class PackageInputError extends Error {
  override readonly name = 'PackageInputError';
}

/** The files of the player resource, names relative to the package root. */
export const PACKAGE_FILES = {
  launch: 'index.html',
  script: 'player.js',
  style: 'player.css',
  theme: 'theme.css',
  course: 'course.js',
  video: 'media/video.mp4',
  captions: 'media/captions.vtt',
} as const;

export interface PackagePlan {
  input: CourseInput;
  ids: {
    manifest: string;
    organization: string;
    item: string;
    resource: string;
    primaryObjective: string;
    /** The course IRI (cmi5). */
    course: string;
  };
  course: PlayerCourse;
  /** Every file of the player resource, in the order they go into the zip (the video last). */
  files: string[];
  quizDecides: boolean;
  /** Minutes the activities take, 0 when none is given. */
  typicalMinutes: number;
}

const LANGUAGE_TAG = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/;
/** Option ids are reported as the letters a-z (SCORM 1.2 choice responses are single characters). */
export const MAX_OPTIONS = 26;

export function planPackage(input: CourseInput): PackagePlan {
  checkInput(input);
  const safePackageId = safeIdentifier('', input.packageId);
  const objectiveIds = uniqueIdentifiers('TW-OBJ-', input.objectives.map((o) => o.id));
  const objectiveIdOf = new Map(input.objectives.map((o, i) => [o.id, objectiveIds[i]!]));
  const questionIds = uniqueIdentifiers('TW-Q-', input.questions.map((q) => q.id));
  const hasQuestions = input.questions.length > 0;
  const hasVideo = input.video !== undefined;

  const course: PlayerCourse = {
    title: input.title,
    description: input.description,
    language: input.language,
    version: input.version,
    includeTracking: input.includeTracking,
    // Without questions the course reports completion only (never passed or failed).
    tracking: trackingForContent(input.tracking, { hasQuestions }),
    objectives: input.objectives.map((o, i) => ({ id: objectiveIds[i]!, title: o.title, description: o.description, type: o.type })),
    activities: input.activities.map((a) => ({ title: a.title, type: a.type, estimatedMinutes: a.estimatedMinutes })),
    slides: input.slides.map((s) => ({ title: s.title, points: s.points, paragraphs: s.paragraphs, notes: s.notes })),
    questions: input.questions.map((q, i) => ({
      id: questionIds[i]!,
      prompt: q.prompt,
      options: q.options.map((o) => o.text),
      correctIndex: q.options.findIndex((o) => o.correct),
      explanation: q.explanation,
      objectiveId: (q.objectiveId !== undefined && objectiveIdOf.get(q.objectiveId)) || null,
    })),
    video: input.video
      ? { src: PACKAGE_FILES.video, captions: PACKAGE_FILES.captions, mime: input.video.mime, durationSeconds: input.video.durationSeconds }
      : null,
  };

  if (input.interactive && input.video) course.interactive = interactiveOf(input.interactive.metadata);
  // Without tracking nothing goes to Trainwright's LRS either.
  if (input.lrs && input.includeTracking) {
    const { endpoint, authorization, activityId, learnerHomePage, channelExtension } = input.lrs;
    course.lrs = { endpoint, authorization, activityId, learnerHomePage, channelExtension, channel: 'scorm' };
  }

  const files: string[] = [PACKAGE_FILES.launch, PACKAGE_FILES.script, PACKAGE_FILES.style, PACKAGE_FILES.theme, PACKAGE_FILES.course];
  if (hasVideo) files.push(PACKAGE_FILES.captions, PACKAGE_FILES.video);

  return {
    input,
    ids: {
      manifest: `TW-${safePackageId}`,
      organization: 'TW-ORG',
      item: 'TW-ITEM',
      resource: 'TW-RES-PLAYER',
      primaryObjective: 'TW-PRIMARY',
      course: `urn:trainwright:course:${safePackageId}`,
    },
    course,
    files,
    quizDecides: quizDecides({ includeTracking: input.includeTracking, tracking: input.tracking, hasQuestions, hasVideo }),
    typicalMinutes: input.activities.reduce((sum, a) => sum + Math.max(0, a.estimatedMinutes), 0),
  };
}

/** The interactive video's quizzes as LMS questions (ids 'TW-IQ-...', unique beside the assessment's 'TW-Q-...'). */
function interactiveOf(metadata: InteractiveVideoMetadata): PlayerInteractive {
  const ids = uniqueIdentifiers('TW-IQ-', metadata.quizzes.map((q) => q.id));
  const questions: Record<string, PlayerQuestion> = {};
  metadata.quizzes.forEach((quiz, i) => {
    questions[quiz.id] = {
      id: ids[i]!,
      prompt: quiz.question,
      options: quiz.options.map((o) => o.text),
      correctIndex: quiz.options.findIndex((o) => o.is_correct),
      explanation: '',
      objectiveId: null,
    };
  });
  return { metadata, questions };
}

/** The completion terms of the plan's course (see completionTerms). */
export function planCompletionTerms(plan: PackagePlan) {
  return completionTerms(plan.input.tracking.completion_rule, { hasQuestions: plan.course.questions.length > 0, hasVideo: plan.course.video !== null });
}

function checkInput(input: CourseInput): void {
  if (input.packageId.trim() === '') throw new PackageInputError('packageId is blank');
  if (input.title.trim() === '') throw new PackageInputError('title is blank');
  if (!LANGUAGE_TAG.test(input.language)) throw new PackageInputError(`language '${input.language}' is not a language tag`);
  const { completion_threshold: threshold, passing_score: passing } = input.tracking;
  if (!(threshold >= 1 && threshold <= 100)) throw new PackageInputError('completion_threshold must be 1-100');
  if (!(passing >= 0 && passing <= 100)) throw new PackageInputError('passing_score must be 0-100');
  for (const q of input.questions) {
    if (q.options.length < 2 || q.options.length > MAX_OPTIONS) throw new PackageInputError(`question ${q.id} needs 2-${MAX_OPTIONS} options`);
    if (q.options.filter((o) => o.correct).length !== 1) throw new PackageInputError(`question ${q.id} needs exactly one correct option`);
  }
  if (input.video && !(input.video.durationSeconds > 0)) throw new PackageInputError('the video has no duration');
  if (input.interactive && !input.video) throw new PackageInputError('an interactive video needs its video');
  if (input.lrs && !isAbsoluteEndpoint(input.lrs.endpoint)) throw new PackageInputError(`the LRS endpoint '${input.lrs.endpoint}' is not an absolute http(s) address ending in '/'`);
  for (const quiz of input.interactive?.metadata.quizzes ?? []) {
    if (quiz.options.length < 2 || quiz.options.length > MAX_OPTIONS) throw new PackageInputError(`interactive quiz ${quiz.id} needs 2-${MAX_OPTIONS} options`);
    if (quiz.options.filter((o) => o.is_correct).length !== 1) throw new PackageInputError(`interactive quiz ${quiz.id} needs exactly one correct option`);
  }
}

/** The package runs on the LMS's origin: a relative endpoint would point at the LMS. */
function isAbsoluteEndpoint(endpoint: string): boolean {
  try {
    const url = new URL(endpoint);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.pathname.endsWith('/') && !url.search && !url.hash;
  } catch {
    return false;
  }
}

// Theme values go into CSS: colours only as hex, font names only as plain words, anything else
// falls back to the default so course data cannot inject CSS.
const HEX_COLOUR = /^#(?:[0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;
const FONT_NAME = /^[A-Za-z0-9 -]{1,60}$/;
const DEFAULT_THEME: CourseTheme = { primary: '#1d4ed8', secondary: '#0f766e', background: '#ffffff', text: '#111827', headingFont: '', bodyFont: '' };
const SYSTEM_FONTS = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

function fontStack(name: string): string {
  const trimmed = name.trim();
  return FONT_NAME.test(trimmed) ? `"${trimmed}", ${SYSTEM_FONTS}` : SYSTEM_FONTS;
}

/** theme.css: the course's colours and fonts as custom properties that player.css uses. */
export function themeCss(theme: CourseTheme): string {
  const colour = (key: 'primary' | 'secondary' | 'background' | 'text') => (HEX_COLOUR.test(theme[key]) ? theme[key] : DEFAULT_THEME[key]);
  return [
    ':root {',
    `  --tw-primary: ${colour('primary')};`,
    `  --tw-secondary: ${colour('secondary')};`,
    `  --tw-background: ${colour('background')};`,
    `  --tw-text: ${colour('text')};`,
    `  --tw-heading-font: ${fontStack(theme.headingFont)};`,
    `  --tw-body-font: ${fontStack(theme.bodyFont)};`,
    '}',
    '',
  ].join('\n');
}
