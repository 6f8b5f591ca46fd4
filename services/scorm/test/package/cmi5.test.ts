// cmi5: reading the launch URL and the statements' shape.
import { cmi5Statement, readCmi5Launch, stateUrl, uuid, type LaunchData } from '../../player/src/cmi5.js';

const actor = { objectType: 'Agent', name: 'Ana', account: { homePage: 'https://lms.example', name: 'ana' } };
const query = new URLSearchParams({
  endpoint: 'https://lms.example/lrs',
  fetch: 'https://lms.example/token?k=1',
  registration: '760e3480-ba55-4991-94b0-01820dbd23a2',
  activityId: 'urn:trainwright:course:x:au',
  actor: JSON.stringify(actor),
}).toString();

const launchData: LaunchData = {
  launchMode: 'Normal',
  moveOn: 'CompletedAndPassed',
  masteryScore: 0.8,
  contextTemplate: {
    contextActivities: { grouping: [{ id: 'urn:lms:course' }], category: [{ id: 'urn:lms:other' }] },
    extensions: { 'https://w3id.org/xapi/cmi5/context/extensions/sessionid': 's-1' },
  },
};

describe('cmi5 launch', () => {
  it('reads the five launch parameters', () => {
    expect(readCmi5Launch(`?${query}`)).toEqual({
      endpoint: 'https://lms.example/lrs/',
      fetchUrl: 'https://lms.example/token?k=1',
      registration: '760e3480-ba55-4991-94b0-01820dbd23a2',
      activityId: 'urn:trainwright:course:x:au',
      actor,
    });
  });

  it('is no cmi5 launch without them', () => {
    expect(readCmi5Launch('')).toBeNull();
    expect(readCmi5Launch(`?${query.replace(/actor=[^&]*/, 'actor=%7Bbroken')}`)).toBeNull();
  });

  it('addresses the State API for this AU, learner and registration', () => {
    const url = new URL(stateUrl(readCmi5Launch(query)!, 'LMS.LaunchData'));
    expect(url.pathname).toBe('/lrs/activities/state');
    expect(url.searchParams.get('stateId')).toBe('LMS.LaunchData');
    expect(JSON.parse(url.searchParams.get('agent')!)).toEqual(actor);
    expect(url.searchParams.get('registration')).toBe('760e3480-ba55-4991-94b0-01820dbd23a2');
  });
});

describe('cmi5 statements', () => {
  const launch = readCmi5Launch(query)!;

  it('builds passed from the context template, with the cmi5 and moveon categories and the mastery score', () => {
    const statement = cmi5Statement('passed', launch, launchData, { durationMs: 61_500, scaledScore: 0.9 }, new Date('2025-01-01T00:00:00Z')) as any;
    expect(statement).toMatchObject({
      timestamp: '2025-01-01T00:00:00.000Z',
      actor,
      verb: { id: 'http://adlnet.gov/expapi/verbs/passed' },
      object: { id: 'urn:trainwright:course:x:au', objectType: 'Activity' },
      result: { success: true, score: { scaled: 0.9 }, duration: 'PT1M1.5S' },
      context: {
        registration: launch.registration,
        contextActivities: {
          grouping: [{ id: 'urn:lms:course' }],
          category: [{ id: 'urn:lms:other' }, { id: 'https://w3id.org/xapi/cmi5/context/categories/cmi5' }, { id: 'https://w3id.org/xapi/cmi5/context/categories/moveon' }],
        },
        extensions: { 'https://w3id.org/xapi/cmi5/context/extensions/sessionid': 's-1', 'https://w3id.org/xapi/cmi5/context/extensions/masteryscore': 0.8 },
      },
    });
    expect(statement.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('builds initialized without result or moveon, and completed and terminated with their results', () => {
    const initialized = cmi5Statement('initialized', launch, launchData, {}) as any;
    expect(initialized.result).toBeUndefined();
    expect(initialized.context.contextActivities.category).toHaveLength(2);
    expect(initialized.context.extensions['https://w3id.org/xapi/cmi5/context/extensions/masteryscore']).toBeUndefined();
    expect((cmi5Statement('completed', launch, launchData, { durationMs: 1000 }) as any).result).toEqual({ completion: true, duration: 'PT1S' });
    expect((cmi5Statement('terminated', launch, launchData, { durationMs: 0 }) as any).result).toEqual({ duration: 'PT0S' });
    expect((cmi5Statement('failed', launch, launchData, { durationMs: 0, scaledScore: 0.5 }) as any).result.success).toBe(false);
  });

  it('makes distinct version 4 UUIDs', () => {
    expect(new Set(Array.from({ length: 100 }, uuid)).size).toBe(100);
  });
});
