// Interactive video metadata for the tests: valid by the catalogue's validation, a 40 s video.
import {
  defaultCallToAction,
  defaultChapter,
  defaultHotspot,
  defaultQuiz,
  type BranchingScenario,
  type CallToAction,
  type Chapter,
  type Hotspot,
  type InteractiveVideoMetadata,
  type Quiz,
} from '@trainwright/catalogue';

export const PROJECT_ID = '11111111-2222-4333-8444-555555555555';
export const OTHER_PROJECT_ID = '99999999-8888-4777-8666-555555555555';

export function hotspot(id: string, over: Partial<Hotspot> = {}): Hotspot {
  return { ...defaultHotspot(id), title: `Hotspot ${id}`, start_time: 1, end_time: 39, action_data: { info_text: `About ${id}` }, ...over };
}

export function quiz(id: string, over: Partial<Quiz> = {}): Quiz {
  return {
    ...defaultQuiz(id),
    question: `Question ${id}?`,
    options: [
      { id: `${id}-a`, text: 'Wrong answer', is_correct: false, feedback: 'Look again.' },
      { id: `${id}-b`, text: 'Right answer', is_correct: true, feedback: 'Well spotted.' },
    ],
    ...over,
  };
}

export function cta(id: string, over: Partial<CallToAction> = {}): CallToAction {
  return { ...defaultCallToAction(id, 40), url: 'https://example.com/more', ...over };
}

export function chapter(id: string, start: number, over: Partial<Chapter> = {}): Chapter {
  return { ...defaultChapter(id, 0), title: `Chapter ${id}`, start_time: start, ...over };
}

export function scenario(id: string, over: Partial<BranchingScenario> = {}): BranchingScenario {
  return { id, title: `Branching ${id}`, prompt: 'Where next?', show_time: 12, type: 'choice', branches: [], ...over };
}

export function metadata(over: Partial<InteractiveVideoMetadata> = {}): InteractiveVideoMetadata {
  return {
    project_id: PROJECT_ID,
    video_duration: 40,
    analytics_enabled: true,
    completion_threshold: 85,
    hotspots: [],
    quizzes: [],
    call_to_actions: [],
    chapters: [],
    branching_scenarios: [],
    ...over,
  };
}
