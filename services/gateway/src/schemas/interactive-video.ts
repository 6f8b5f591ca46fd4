// Interactive video's JSON (the specification's field names, catalogue/src/interactive-video.ts).
// The request schemas only bound the shape (closed objects, bounded strings and lists): the rules
// (times within the video, positions 0-100, one correct option, http(s) links, at most 500
// elements...) are the catalogue's validateInteractiveVideo, applied by the scorm service with its
// clear messages. The bounds are therefore looser than the catalogue's limits: 10,000 elements
// reach the service and get "at most 500", a 201-character title gets the title's own message.
import { Type, type TSchema } from 'typebox';
import { ErrorMessageFields, Str } from './common.js';

/** Bounds of the shape, not the rules. */
const MAX = { id: 500, text: 10_000, url: 10_000, word: 100, elements: 10_000, nested: 100 } as const;

const Closed = <T extends Record<string, TSchema>>(properties: T) => Type.Object(properties, { additionalProperties: false });
const List = <T extends TSchema>(item: T, maxItems: number) => Type.Array(item, { maxItems });
const Num = () => Type.Number();

export const HotspotJson = Closed({
  id: Str(MAX.id),
  title: Str(MAX.text),
  description: Str(MAX.text),
  start_time: Num(),
  end_time: Num(),
  x_position: Num(),
  y_position: Num(),
  width: Num(),
  height: Num(),
  action: Str(MAX.word),
  action_data: Closed({ info_text: Type.Optional(Str(MAX.text)), time: Type.Optional(Num()), url: Type.Optional(Str(MAX.url)) }),
  style: Closed({ background_color: Str(MAX.word), text_color: Str(MAX.word), border_color: Str(MAX.word), opacity: Num() }),
  is_active: Type.Boolean(),
});

export const QuizJson = Closed({
  id: Str(MAX.id),
  question: Str(MAX.text),
  question_type: Str(MAX.word),
  options: List(Closed({ id: Str(MAX.id), text: Str(MAX.text), is_correct: Type.Boolean(), feedback: Type.Optional(Str(MAX.text)) }), MAX.nested),
  correct_feedback: Str(MAX.text),
  incorrect_feedback: Str(MAX.text),
  show_time: Num(),
  points: Num(),
  auto_advance: Type.Boolean(),
  required: Type.Boolean(),
});

export const CallToActionJson = Closed({
  id: Str(MAX.id),
  text: Str(MAX.text),
  url: Str(MAX.url),
  show_time: Num(),
  duration: Num(),
  position: Str(MAX.word),
  style: Closed({ background_color: Str(MAX.word), text_color: Str(MAX.word), border_radius: Num(), padding: Num() }),
  track_clicks: Type.Boolean(),
});

export const ChapterJson = Closed({ id: Str(MAX.id), title: Str(MAX.text), description: Str(MAX.text), start_time: Num(), is_skippable: Type.Boolean() });

export const BranchingScenarioJson = Closed({
  id: Str(MAX.id),
  title: Str(MAX.text),
  prompt: Str(MAX.text),
  show_time: Num(),
  type: Str(MAX.word),
  branches: List(
    Closed({
      id: Str(MAX.id),
      label: Str(MAX.text),
      min_score: Num(),
      target_type: Str(MAX.word),
      target_chapter_id: Type.Optional(Str(MAX.id)),
      target_time: Type.Optional(Num()),
      target_project_id: Type.Optional(Str(MAX.id)),
    }),
    MAX.nested,
  ),
});

const elementLists = {
  hotspots: List(HotspotJson, MAX.elements),
  quizzes: List(QuizJson, MAX.elements),
  call_to_actions: List(CallToActionJson, MAX.elements),
  chapters: List(ChapterJson, MAX.elements),
  branching_scenarios: List(BranchingScenarioJson, MAX.elements),
};

export const InteractiveElementsJson = Closed(elementLists);

export const InteractiveVideoMetadataJson = Closed({
  project_id: Str(100),
  video_duration: Num(),
  ...elementLists,
  analytics_enabled: Type.Boolean(),
  completion_threshold: Num(),
});

export const InteractiveVideoJson = Type.Object({
  id: Type.String(),
  project_id: Type.String(),
  version: Type.Integer(),
  /** The version learners get through the token (null until one is ready). */
  published_version: Type.Union([Type.Integer(), Type.Null()]),
  status: Type.String(),
  progress: Type.Integer(),
  error: Type.String(),
  ...ErrorMessageFields,
  token: Type.String(),
  share_url: Type.String(),
  embed_url: Type.String(),
  generate_analytics: Type.Boolean(),
  video_metadata: InteractiveVideoMetadataJson,
  created_at: Type.String(),
  updated_at: Type.String(),
});
