// A project as a package's course: the slides every export shows (generated slides, else the
// project's own; a first slide that only repeats the title is the title screen), the generated
// assessment as the tracked quiz (each question tied to the learning objective it shares the most
// words with), the template's colours and fonts, and the narrated video when there is one (the
// published interactive video's pinned one, with its elements, when the project has one).
import { isScormQuestion, type InteractiveVideoMetadata } from '@trainwright/catalogue';
import { opensWithTitleSlide, projectDeck, type Slide } from '@trainwright/formats';
import { BUILTIN_TEMPLATES, DEFAULT_FONTS, type FontStyle } from '@trainwright/templates';
import type { CourseInput, CourseQuestion } from '../package/index.js';
import type { LearningObjective, PackageRecord, ProjectSource } from './types.js';

export interface CourseVideo {
  path: string;
  durationSeconds: number;
  captionsVtt: string;
}

/**
 * The course of a package. `interactive`: the project's published interactive video's elements;
 * `video` is then that version's pinned video and captions.
 */
export function courseOf(p: PackageRecord, project: ProjectSource, video: CourseVideo | null, interactive: InteractiveVideoMetadata | null = null): CourseInput {
  const slides = courseSlides(project);
  if (!slides) throw new Error('the project has no content');
  const colors = project.colors ?? BUILTIN_TEMPLATES[0]!.colorScheme;
  const fonts = project.fonts ?? DEFAULT_FONTS[(project.fontStyle || 'modern') as FontStyle] ?? DEFAULT_FONTS.modern;
  return {
    packageId: p.id,
    title: p.packageName,
    description: project.description,
    language: project.language,
    version: p.scormVersion,
    includeTracking: p.includeTracking,
    tracking: p.tracking,
    objectives: p.objectives,
    activities: p.activities.map((a) => ({ id: a.id, title: a.title, type: a.type, estimatedMinutes: a.estimatedDuration })),
    slides,
    questions: questionsOf(project, p.objectives),
    video: video ? { path: video.path, mime: 'video/mp4', durationSeconds: video.durationSeconds, captionsVtt: video.captionsVtt } : undefined,
    ...(video && interactive ? { interactive: { metadata: interactive } } : {}),
    theme: { primary: colors.primary, secondary: colors.secondary, background: colors.background, text: colors.text, headingFont: fonts.heading, bodyFont: fonts.body },
  };
}

/** The slides every export shows, without a first slide that only repeats the title (null: no content). */
export function courseSlides(project: Pick<ProjectSource, 'title' | 'slidesContent' | 'scriptContent' | 'generatedContent'>): Slide[] | null {
  const deck = projectDeck(project, project.generatedContent?.slides.slide_content, project.generatedContent?.objectives);
  if (!deck) return null;
  return opensWithTitleSlide(deck, { title: project.title }) ? deck.slides.slice(1) : deck.slides;
}

/** The generated assessment's questions (those with exactly one correct option). */
export function questionsOf(project: Pick<ProjectSource, 'generatedContent'>, objectives: readonly LearningObjective[]): CourseQuestion[] {
  const questions = (project.generatedContent?.questions ?? []).filter(isScormQuestion);
  const objectiveWords = objectives.map((o) => new Set(words(`${o.title} ${o.description}`)));
  return questions.map((q, i) => ({
    id: q.id || `question-${i + 1}`,
    prompt: q.prompt,
    options: q.options.map((o, j) => ({ id: o.id || `option-${j + 1}`, text: o.text, correct: o.is_correct })),
    explanation: q.explanation,
    objectiveId: objectives.length ? objectives[closest(words(`${q.prompt} ${q.source}`), objectiveWords, i)]!.id : undefined,
  }));
}

/** The words that can tie a question to an objective (longer than three letters: not 'the', 'and'). */
export const words = (text: string) => (text.toLowerCase().match(/\p{L}[\p{L}\p{N}'-]*/gu) ?? []).filter((w) => w.length > 3);

/** The objective sharing the most words with the question; with none shared, the objectives in turn. */
export function closest(question: string[], objectives: Set<string>[], index: number): number {
  let best = -1;
  let bestShared = 0;
  objectives.forEach((set, i) => {
    const shared = question.filter((w) => set.has(w)).length;
    if (shared > bestShared) [best, bestShared] = [i, shared];
  });
  return best >= 0 ? best : index % objectives.length;
}
