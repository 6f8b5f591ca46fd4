// Learner analytics (docs/analytics.md): the learning record store's credentials, which a company's
// Owner creates and revokes, and the messages of their refusals.
import { defineMessages } from './messages.js';

/**
 * What an LRS credential may do: the xAPI 1.0.3 authorization scopes (xAPI-Communication.md,
 * "OAuth Authorization Scope"). `all` is the default.
 */
export const LRS_SCOPES = ['statements/write', 'statements/read/mine', 'statements/read', 'state', 'define', 'profile', 'all/read', 'all'] as const;
export type LrsScope = (typeof LRS_SCOPES)[number];

export const LRS_KEY_LIMITS = {
  /** Characters of a credential's name. */
  name: 100,
  /** Credentials a company keeps (revoked ones do not count). */
  perCompany: 50,
} as const;

export const ANALYTICS_MESSAGES = defineMessages('analytics', {
  keyNameRequired: 'Give the credential a name, so you can tell it apart later.',
  keyNameTooLong: (max: number) => `A credential's name can be at most ${max} characters.`,
  unknownScope: (scope: string) => `${scope} is not an xAPI scope.`,
  tooManyKeys: (max: number) => `A company can keep at most ${max} LRS credentials. Revoke one you no longer use first.`,
  keyNotFound: 'LRS credential not found',
});

/**
 * The xAPI vocabulary of the statements Trainwright's own senders make (docs/analytics.md,
 * "Statements"): the xAPI Video Profile's and cmi5's verbs, the Video Profile's extensions, and
 * where a learner met the content.
 */
export const XAPI_VERBS = {
  initialized: 'http://adlnet.gov/expapi/verbs/initialized',
  played: 'https://w3id.org/xapi/video/verbs/played',
  paused: 'https://w3id.org/xapi/video/verbs/paused',
  seeked: 'https://w3id.org/xapi/video/verbs/seeked',
  completed: 'http://adlnet.gov/expapi/verbs/completed',
  answered: 'http://adlnet.gov/expapi/verbs/answered',
  passed: 'http://adlnet.gov/expapi/verbs/passed',
  failed: 'http://adlnet.gov/expapi/verbs/failed',
  terminated: 'http://adlnet.gov/expapi/verbs/terminated',
  /** The Video Profile's verb for other interactions: a call to action or a hotspot clicked. */
  interacted: 'http://adlnet.gov/expapi/verbs/interacted',
  voided: 'http://adlnet.gov/expapi/verbs/voided',
} as const;

const VIDEO_EXTENSION = 'https://w3id.org/xapi/video/extensions/';
export const XAPI_VIDEO_EXTENSIONS = {
  time: `${VIDEO_EXTENSION}time`,
  timeFrom: `${VIDEO_EXTENSION}time-from`,
  timeTo: `${VIDEO_EXTENSION}time-to`,
  progress: `${VIDEO_EXTENSION}progress`,
  playedSegments: `${VIDEO_EXTENSION}played-segments`,
  length: `${VIDEO_EXTENSION}length`,
  sessionId: `${VIDEO_EXTENSION}session-id`,
  completionThreshold: `${VIDEO_EXTENSION}completion-threshold`,
} as const;

export const XAPI_ACTIVITY_TYPES = {
  video: 'https://w3id.org/xapi/video/activity-type/video',
  question: 'http://adlnet.gov/expapi/activities/cmi.interaction',
  link: 'http://adlnet.gov/expapi/activities/link',
} as const;

/** Where a learner met the content: a share link, an embedded player, the interactive player's page, a SCORM or cmi5 package. */
export const LEARNING_CHANNELS = ['share_link', 'embed', 'interactive', 'scorm'] as const;
export type LearningChannel = (typeof LEARNING_CHANNELS)[number];

/**
 * The learning record store's endpoint as learners and LRS clients reach it: the gateway's xAPI
 * path under the web app's public address (PUBLIC_WEB_URL). Its IRIs (xapiIris) live under it.
 */
export function lrsEndpoint(publicWebUrl: string): string {
  return new URL('/api/xapi/', publicWebUrl).toString();
}

/**
 * The IRIs under the learning record store's home page (`<PUBLIC_WEB_URL>/api/xapi/`) that name
 * Trainwright's own activities and extensions: a project's training is one activity, its quizzes
 * and calls to action are activities under it.
 */
export const xapiIris = (homePage: string) => {
  const base = homePage.endsWith('/') ? homePage : `${homePage}/`;
  return {
    project: (projectId: string) => `${base}activities/projects/${projectId}`,
    channelExtension: `${base}extensions/channel`,
    learnerHomePage: base,
  };
};
