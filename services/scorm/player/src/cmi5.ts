// cmi5: the launch parameters the LMS puts on the AU's URL, and the xAPI statements the AU must
// send (initialized, completed, passed/failed, terminated), built from LMS.LaunchData's context
// template. Pure; Cmi5Tracker does the requests.
import { isoDuration } from './time.js';

export interface Cmi5Launch {
  /** The LRS endpoint, ending in '/'. */
  endpoint: string;
  /** Where to POST for the auth token. */
  fetchUrl: string;
  registration: string;
  activityId: string;
  actor: Record<string, unknown>;
}

export interface LaunchData {
  contextTemplate: XapiContext;
  launchMode: 'Normal' | 'Browse' | 'Review';
  moveOn?: string;
  masteryScore?: number;
  returnURL?: string;
}

export interface XapiContext {
  contextActivities?: { category?: { id: string; objectType?: string }[]; [kind: string]: unknown };
  extensions?: Record<string, unknown>;
  [key: string]: unknown;
}

export type Cmi5Verb = 'initialized' | 'completed' | 'passed' | 'failed' | 'terminated';

// xAPI identifiers (IRIs that name verbs and categories; nothing is fetched from them).
const VERB_IRI: Record<Cmi5Verb, string> = {
  initialized: 'http://adlnet.gov/expapi/verbs/initialized',
  completed: 'http://adlnet.gov/expapi/verbs/completed',
  passed: 'http://adlnet.gov/expapi/verbs/passed',
  failed: 'http://adlnet.gov/expapi/verbs/failed',
  terminated: 'http://adlnet.gov/expapi/verbs/terminated',
};
const CMI5_CATEGORY = 'https://w3id.org/xapi/cmi5/context/categories/cmi5';
const MOVEON_CATEGORY = 'https://w3id.org/xapi/cmi5/context/categories/moveon';
const MASTERY_SCORE_EXTENSION = 'https://w3id.org/xapi/cmi5/context/extensions/masteryscore';

export const LAUNCH_DATA_STATE = 'LMS.LaunchData';
/** Where the player keeps its own state between sessions (the xAPI State API). */
export const SUSPEND_STATE = 'trainwright.suspend';

/** The launch parameters from the URL's query, or null when some are missing (not launched by a cmi5 LMS). */
export function readCmi5Launch(search: string): Cmi5Launch | null {
  const params = new URLSearchParams(search);
  const [endpoint, fetchUrl, registration, activityId, actorJson] = ['endpoint', 'fetch', 'registration', 'activityId', 'actor'].map((name) => params.get(name));
  if (!endpoint || !fetchUrl || !registration || !activityId || !actorJson) return null;
  let actor: unknown;
  try {
    actor = JSON.parse(actorJson);
  } catch {
    return null;
  }
  if (!actor || typeof actor !== 'object') return null;
  return { endpoint: endpoint.endsWith('/') ? endpoint : `${endpoint}/`, fetchUrl, registration, activityId, actor: actor as Record<string, unknown> };
}

/** The State API URL of `stateId` for this AU, learner and registration. */
export function stateUrl(launch: Cmi5Launch, stateId: string): string {
  const query = new URLSearchParams({ stateId, activityId: launch.activityId, agent: JSON.stringify(launch.actor), registration: launch.registration });
  return `${launch.endpoint}activities/state?${query}`;
}

/** A random (version 4) UUID; crypto.randomUUID needs a secure context, which an LMS page may not be. */
export function uuid(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export interface StatementFacts {
  /** Since initialized (all but initialized carry it). */
  durationMs?: number;
  /** 0-1, for passed and failed. */
  scaledScore?: number;
}

/** A cmi5-defined statement: the LMS's context template plus registration and the cmi5 categories. */
export function cmi5Statement(verb: Cmi5Verb, launch: Cmi5Launch, launchData: LaunchData, facts: StatementFacts, at = new Date()): Record<string, unknown> {
  const template = launchData.contextTemplate ?? {};
  const judged = verb === 'passed' || verb === 'failed';
  const movesOn = verb === 'completed' || judged;
  const category = [...(template.contextActivities?.category ?? []), { id: CMI5_CATEGORY }, ...(movesOn ? [{ id: MOVEON_CATEGORY }] : [])];
  const extensions = judged && launchData.masteryScore !== undefined ? { ...template.extensions, [MASTERY_SCORE_EXTENSION]: launchData.masteryScore } : template.extensions;

  const result: Record<string, unknown> = {};
  if (verb === 'completed') result.completion = true;
  if (judged) {
    result.success = verb === 'passed';
    if (facts.scaledScore !== undefined) result.score = { scaled: Math.round(facts.scaledScore * 10000) / 10000 };
  }
  if (verb !== 'initialized' && facts.durationMs !== undefined) result.duration = isoDuration(facts.durationMs);

  return {
    id: uuid(),
    timestamp: at.toISOString(),
    actor: launch.actor,
    verb: { id: VERB_IRI[verb], display: { 'en-US': verb } },
    object: { id: launch.activityId, objectType: 'Activity' },
    ...(Object.keys(result).length ? { result } : {}),
    context: {
      ...template,
      registration: launch.registration,
      contextActivities: { ...template.contextActivities, category },
      ...(extensions ? { extensions } : {}),
    },
  };
}
