// The share page end to end, against the whole stack:
// 1. A new account on Business (a plan with analytics) copies the read-only link of its sample
//    project from the card's menu.
// 2. A visitor without an account opens /shared/<token>: the title, the slides and the script, no
//    sign-in screen. The visit reaches the learning record store as one reading session of the
//    project (channel share_link, an anonymous learner), each POST answered 200: initialized as the
//    page opens, completed once the visitor has scrolled to the end of the content (not before),
//    terminated as the page is left.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page, Response } from 'playwright-core';
import { BASE_URL, expectAccessible, launchBrowser, uniqueEmail, withScreenshotOnFailure } from '../browser.js';
import { cardMenu, cardTitled, signUpOnPlan } from '../flows.js';

/** The project a new account starts with (slides and their script). */
const SAMPLE_TITLE = 'Welcome Training';
const VERB = (name: string) => `http://adlnet.gov/expapi/verbs/${name}`;
const SESSION_ID = 'https://w3id.org/xapi/video/extensions/session-id';

type Statement = Record<string, any>;

/** The next statements POST of the page whose batch has the verb (the sender batches every 2 s). */
function statementsWith(page: Page, verb: string): Promise<Response> {
  return page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/xapi/statements' && (r.request().postDataJSON() as Statement[]).some((s) => s.verb.id === VERB(verb)), { timeout: 20_000 });
}

describe('share page', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE_URL });
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("shows a shared project to anyone and reports the visitor's reading to the learning record store", async () => {
    await withScreenshotOnFailure(page, 'share-page', async () => {
      const list = await signUpOnPlan(page, { name: 'Sam Share', company: 'Dockside Training', email: uniqueEmail('share') }, 'business');
      const card = cardTitled(list, SAMPLE_TITLE);
      await card.waitFor();
      const projectId = await card.getAttribute('data-project-id');
      await cardMenu(page, card, SAMPLE_TITLE, 'Copy link');
      await page.getByText('Project link copied to clipboard!').waitFor();
      const link = new URL(await page.evaluate(() => navigator.clipboard.readText()));
      expect(link.pathname).toMatch(/^\/shared\/[A-Za-z0-9_-]+$/);

      // A visitor without an account (a context of its own: no cookies).
      const visitor = await browser.newPage({ viewport: { width: 1280, height: 720 } });
      try {
        const opened = statementsWith(visitor, 'initialized');
        await visitor.goto(`${BASE_URL}${link.pathname}`);
        await visitor.getByRole('heading', { name: SAMPLE_TITLE, level: 1 }).waitFor();
        await visitor.getByRole('heading', { name: 'Slides', exact: true }).waitFor();
        await visitor.getByTestId('script-view').waitFor();
        expect(await visitor.getByText('Sign in to your account').count()).toBe(0);
        await expectAccessible(visitor, 'share page');

        // Opened: initialized, and not completed while the end of the content is below the fold.
        const first = await opened;
        expect(first.status()).toBe(200);
        const initialized = first.request().postDataJSON() as Statement[];
        expect(initialized.map((s) => s.verb.id)).toEqual([VERB('initialized')]);
        const [start] = initialized as [Statement];
        expect(start).toMatchObject({
          actor: { objectType: 'Agent', account: { name: expect.stringMatching(/^[0-9a-f-]{36}$/) } },
          object: { id: expect.stringMatching(new RegExp(`/api/xapi/activities/projects/${projectId}$`)) },
          context: { language: 'en' },
        });
        expect(start.actor).not.toHaveProperty('name');
        expect(Object.entries(start.context.extensions)).toContainEqual([expect.stringMatching(/\/api\/xapi\/extensions\/channel$/), 'share_link']);
        const sessionId = start.context.extensions[SESSION_ID];

        // Scrolled to the end: completed, in the same session.
        const read = statementsWith(visitor, 'completed');
        await visitor.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        const second = await read;
        expect(second.status()).toBe(200);
        const completed = (second.request().postDataJSON() as Statement[]).find((s) => s.verb.id === VERB('completed'))!;
        expect(completed).toMatchObject({ result: { completion: true }, context: { extensions: { [SESSION_ID]: sessionId } } });

        // Left (the browser's pagehide): terminated, sent with keepalive.
        const left = statementsWith(visitor, 'terminated');
        await visitor.evaluate(() => window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false })));
        const last = await left;
        expect(last.status()).toBe(200);
        expect((last.request().postDataJSON() as Statement[]).find((s) => s.verb.id === VERB('terminated'))!.context.extensions[SESSION_ID]).toBe(sessionId);
      } finally {
        await visitor.close();
      }
    });
  }, 120_000);
});
