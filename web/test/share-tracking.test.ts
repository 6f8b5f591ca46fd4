// The share page's reading session (lib/share-tracking.ts): initialized when it starts, completed
// once however often the end is seen, terminated once as the page goes (keepalive), every statement
// of one session, channel share_link, in the project's language, from this browser's learner;
// what cannot be sent waits in this project's own queue.
import { describe, expect, it } from '@jest/globals';
import type { LearnerTracking } from '../app/lib/interactive-video.js';
import { startReadingSession } from '../app/lib/share-tracking.js';

const HOME = 'https://tw.test/api/xapi/';
const tracking: LearnerTracking = {
  endpoint: '/api/xapi/',
  authorization: 'Basic a2V5OnNlY3JldA==',
  activity_id: `${HOME}activities/projects/4d1c3f0e-8a4b-4c55-9f1e-2b7d6c5a4e3f`,
  learner_home_page: HOME,
  channel_extension: `${HOME}extensions/channel`,
  language: 'fr',
};
const SESSION_ID = 'https://w3id.org/xapi/video/extensions/session-id';
const QUEUE = `tw-xapi-queue:${tracking.activity_id}`;

const memory = () => {
  const map = new Map<string, string>();
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), removeItem: (k: string) => void map.delete(k) };
};

interface Posted {
  url: string;
  headers: Record<string, string>;
  keepalive: boolean;
  statements: Array<Record<string, any>>;
}

/** A fetch that records what is posted and answers `status` (0: the network is not there). */
function lrs(status: number) {
  const posted: Posted[] = [];
  const fetch = (async (url: string, init: RequestInit) => {
    posted.push({ url, headers: init.headers as Record<string, string>, keepalive: init.keepalive === true, statements: JSON.parse(String(init.body)) });
    if (status === 0) throw new TypeError('Failed to fetch');
    return new Response('[]', { status });
  }) as unknown as typeof globalThis.fetch;
  return { posted, fetch };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('startReadingSession', () => {
  it('reports one session: initialized, completed once, terminated once with keepalive', async () => {
    const storage = memory();
    const { posted, fetch } = lrs(200);
    const session = startReadingSession({ tracking, title: 'Complaints' }, { storage, fetch });
    session.reachedEnd();
    session.reachedEnd();
    session.end();
    session.end();
    await settled();

    expect(posted).toHaveLength(1);
    const [{ url, headers, keepalive, statements }] = posted as [Posted];
    expect([url, headers.authorization, keepalive]).toEqual(['/api/xapi/statements', tracking.authorization, true]);
    expect(statements.map((s) => s.verb.id)).toEqual(['http://adlnet.gov/expapi/verbs/initialized', 'http://adlnet.gov/expapi/verbs/completed', 'http://adlnet.gov/expapi/verbs/terminated']);
    const learner = storage.getItem('tw-learner-id');
    for (const s of statements) {
      expect(s.actor).toEqual({ objectType: 'Agent', account: { homePage: HOME, name: learner } });
      expect(s.object).toMatchObject({ id: tracking.activity_id, definition: { name: { fr: 'Complaints' } } });
      expect(s.context).toMatchObject({ language: 'fr', extensions: { [tracking.channel_extension]: 'share_link', [SESSION_ID]: statements[0]!.context.extensions[SESSION_ID] } });
    }
    expect(statements[1]!.result).toMatchObject({ completion: true });
    expect(new Set(statements.map((s) => s.id)).size).toBe(3);
    // Sent: nothing waits.
    expect(storage.getItem(QUEUE)).toBeNull();
  });

  it('sends no completed when the end was not seen, and keeps what could not be sent for this project', async () => {
    const storage = memory();
    const { posted, fetch } = lrs(0);
    const session = startReadingSession({ tracking, title: 'Complaints' }, { storage, fetch });
    session.end();
    session.reachedEnd();
    await settled();

    expect(posted.at(-1)!.statements.map((s) => s.verb.id)).toEqual(['http://adlnet.gov/expapi/verbs/initialized', 'http://adlnet.gov/expapi/verbs/terminated']);
    expect(JSON.parse(storage.getItem(QUEUE)!)).toHaveLength(2);
    // The next visit sends them (a statement sent twice as the page goes is stored once).
    const online = lrs(200);
    startReadingSession({ tracking, title: 'Complaints' }, { storage, fetch: online.fetch }).end();
    await settled();
    expect(new Set(online.posted.flatMap((p) => p.statements.map((s) => s.id))).size).toBe(4);
    expect(storage.getItem(QUEUE)).toBeNull();
  });
});
