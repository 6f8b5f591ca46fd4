// topic_to_content without material: an outline built from the request's own words (topic,
// subtopics, objectives, audience, length) and the engine's fixed framing. It states no facts;
// every slide holds prompts for the trainer to fill in from what they know.
import { CONTENT_LENGTH_MINUTES, LIBRARY_MESSAGES, type ContentLength, type DifficultyLevel, type OutputFormat, type TopicToContentRequest } from '@trainwright/catalogue';
import type { Slide, SlideDeck } from '@trainwright/formats';
import { FRAMING, type Framing, fill, titleFor } from './framing.js';
import { levelAt, objectiveFor } from './objectives.js';
import { fixedSlides, withOpeningNotes } from './segment.js';
import type { EngineLanguage } from './stop-words.js';

type Extra = 'examples' | 'practice' | 'discussion';

/** Slides each subject gets besides its own, by requested length. */
const EXTRA_SLIDES: Record<ContentLength, readonly Extra[]> = {
  short: [],
  medium: ['examples'],
  long: ['examples', 'practice'],
  extended: ['examples', 'practice', 'discussion'],
};

const STAGES_SHOWN = 3;

export const OUTLINE_NOTICE =
  'The offline engine built an outline from your request (topic, subtopics, learning objectives, audience and length) and added no facts: every slide holds prompts for the trainer. For full text, upload your own material (document analysis or a web page) or configure an AI model for the generator.';

/**
 * Said whenever the outline is made: the topic had no material (no upload, nothing in the
 * company's library), so the outline holds prompts, not subject matter. The web shows it on the
 * card and in the preview.
 */
export const NO_LIBRARY_MATERIAL_NOTICE: string = LIBRARY_MESSAGES.noMaterial;

export interface TopicOutline {
  deck: SlideDeck;
  objectives: string[];
  summary: string;
  notices: string[];
}

function levelsFor(complexity: TopicToContentRequest['complexity_level']): DifficultyLevel[] {
  return Array.from({ length: STAGES_SHOWN }, (_, i) => levelAt(complexity, complexity === 'mixed' ? i : 0));
}

/** What the outline's slides are about: the subtopics, else the objectives, else stages of the topic. */
function subjectsOf(request: TopicToContentRequest, framing: Framing): string[] {
  if (request.subtopics.length > 0) return distinct(request.subtopics);
  if (request.learning_objectives.length > 0) return distinct(request.learning_objectives);
  return distinct(levelsFor(request.complexity_level).map((level, i) => fill(framing.stageTitles[level][i % framing.stageTitles[level].length]!, { x: request.topic })));
}

/** Each text once (compared without case): the objectives slide, the guide and the check state an objective once. */
function distinct(texts: readonly string[]): string[] {
  const seen = new Set<string>();
  return texts.filter((t) => {
    const key = t.trim().toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function objectivesOf(request: TopicToContentRequest, language: EngineLanguage): string[] {
  if (request.learning_objectives.length > 0) return distinct(request.learning_objectives);
  if (request.subtopics.length > 0) return distinct(request.subtopics.map((s, i) => objectiveFor(s, request.complexity_level, i, language)));
  const framing = FRAMING[language];
  // A topic alone at one level has fewer stage objectives than stages: each is said once.
  return distinct(levelsFor(request.complexity_level).map((level, i) => fill(framing.stageObjectives[level][i % framing.stageObjectives[level].length]!, { x: request.topic })));
}

/** The output format moves the prompts: body text for prose formats, narration for a script. */
function shaped(slide: Slide, format: OutputFormat): Slide {
  if (format === 'paragraph' || format === 'handbook') return { ...slide, points: [], paragraphs: [...slide.paragraphs, ...slide.points] };
  if (format === 'script') return { ...slide, points: [], notes: [slide.notes, ...slide.points].filter(Boolean).join('\n\n') };
  return slide;
}

export function buildTopicOutline(request: TopicToContentRequest, options: { title: string; language: EngineLanguage }): TopicOutline {
  const { language } = options;
  const framing = FRAMING[language];
  const subjects = subjectsOf(request, framing);
  const objectives = objectivesOf(request, language);
  const audience = framing.audienceName[request.target_audience];
  const extras = EXTRA_SLIDES[request.length];
  const minutes = CONTENT_LENGTH_MINUTES[request.length];
  const perSubject = Math.max(1, Math.round((minutes.min + minutes.max) / 2 / subjects.length));

  // What is said (notes) apart from what only the trainer reads (trainer notes: the prompts, the
  // audience tip, the company context, the brand voice, the lesson timing), which learners never see or hear.
  const trainer = (slide: Slide, notes: string[]): Slide => (notes.length > 0 ? { ...slide, trainerNotes: notes.join('\n\n') } : slide);
  const brandVoice = request.brand_voice ? [fill(framing.outlineBrandVoice, { x: request.brand_voice })] : [];
  // No 'This section covers X.' opener (any style): the title says it.
  const introNotes = [framing.audienceTip[request.target_audience]];
  if (request.company_context) introNotes.push(fill(framing.outlineContext, { x: request.company_context }));

  const [objectivesSlide, ...objectivesRest] = withOpeningNotes(fixedSlides(titleFor(framing.objectivesTitle, request.writing_style), objectives, ''), fill(framing.titleNotes, { x: subjects.join(', ') }));
  const [introSlide, ...introRest] = fixedSlides(framing.introduction, subjects, '');
  const slides: Slide[] = [trainer(objectivesSlide!, brandVoice), ...objectivesRest, trainer(introSlide!, introNotes), ...introRest];
  for (const subject of subjects) {
    const points = [fill(framing.outlineExplain, { x: subject, a: audience }), fill(framing.outlineKeyPoints, { x: subject })];
    if (request.include_visuals) points.push(fill(framing.outlineVisual, { x: subject }));
    if (request.include_examples && !extras.includes('examples')) points.push(fill(framing.outlineExample, { x: subject }));
    const notes = [fill(framing.outlineNotes, { x: subject })];
    if (request.format === 'lesson_plan') notes.unshift(fill(framing.timing, { n: perSubject }));
    slides.push({ title: subject, points, paragraphs: [], notes: '', trainerNotes: notes.join('\n\n') });
    for (const extra of extras) {
      if (extra === 'examples' && request.include_examples) {
        slides.push({ title: fill(framing.examplesTitle, { x: subject }), points: [fill(framing.outlineExample, { x: subject })], paragraphs: [], notes: '' });
      } else if (extra === 'practice') {
        slides.push({ title: fill(framing.practiceTitle, { x: subject }), points: [fill(framing.outlinePractice, { x: subject })], paragraphs: [], notes: '' });
      } else if (extra === 'discussion') {
        slides.push({ title: fill(framing.discussionTitle, { x: subject }), points: [fill(framing.outlineDiscussion, { x: subject })], paragraphs: [], notes: '' });
      }
    }
  }
  if (request.include_assessments) slides.push(...fixedSlides(framing.knowledgeCheck, objectives.map((o) => fill(framing.checkItem, { x: o })), ''));
  slides.push(...fixedSlides(titleFor(framing.summaryTitle, request.writing_style), subjects, framing.summaryNotes));

  return {
    deck: { title: options.title || request.topic, slides: slides.map((s) => shaped(s, request.format)) },
    objectives,
    summary: fill(framing.titleNotes, { x: subjects.join(', ') }),
    // The library was searched unless the trainer chose not to: only then can it be said to hold nothing.
    notices: request.use_library === false ? [OUTLINE_NOTICE] : [NO_LIBRARY_MATERIAL_NOTICE, OUTLINE_NOTICE],
  };
}
