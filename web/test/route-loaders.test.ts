// The pages' server HTML, rendered from the real root and route modules (loader, component,
// ErrorBoundary) by React Router's static handler, the one Remix runs on the server, with a real
// local HTTP server standing in for the gateway: a signed-out visitor's first HTML is the sign-in
// screen, a signed-in user's is the page with its data, never the 'Loading...' spinner; a gateway
// that is down shows a notice or the route's ErrorBoundary, never a blank page.
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import React, { createElement as h, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { Outlet, type RouteObject } from 'react-router-dom';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom/server';
import { BUSINESS_OWNER, FakeGateway, PROJECT_TITLE, REFUSED_TITLE, UPGRADE_CHARGE_CENTS, USER } from './support/fake-gateway.js';

// The shared swc transform compiles JSX with the classic runtime (React.createElement).
(globalThis as { React?: unknown }).React = React;

const gw = new FakeGateway();
let routes: RouteObject[];
let signedInShell: (children: RouteObject[]) => RouteObject[];
type ActionModule = RouteModule & { action: (args: { request: Request; context: object }) => Promise<unknown> };
let newProject: ActionModule;
let billing: ActionModule;
let integrations: ActionModule;

/** A route action's answer to a JSON post with these cookies, as Remix hands it the request. */
function postTo(module: ActionModule, path: string, cookie: string, body: unknown) {
  const request = new Request(`https://app.example.com${path}`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return module.action({ request, context: {} }) as Promise<{ data: unknown; init: { status?: number } | null }>;
}

interface RouteModule {
  default: ComponentType;
  loader?: RouteObject['loader'];
  ErrorBoundary?: ComponentType;
  handle?: unknown;
}

/** As Remix calls a loader: with its own copy of the Request, and the page's load context. */
function asRemix(loader: RouteObject['loader']): RouteObject['loader'] {
  if (typeof loader !== 'function') return loader;
  return (args) => loader({ ...args, request: new Request(args.request.url, { headers: args.request.headers, signal: args.request.signal }) });
}

function route(id: string, module: RouteModule, where: { path: string } | { index: true }) {
  const base = { id, loader: asRemix(module.loader), Component: module.default, ErrorBoundary: module.ErrorBoundary, handle: module.handle };
  return 'index' in where ? ({ ...base, index: true } satisfies RouteObject) : ({ ...base, path: where.path } satisfies RouteObject);
}

beforeAll(async () => {
  await gw.start();
  // Read once when the server modules load, as in production.
  process.env.GATEWAY_URL = gw.url;
  await import('../app/i18n/index.js');
  const root = (await import('../app/root.js')) as unknown as RouteModule;
  billing = (await import('../app/routes/billing.js')) as unknown as ActionModule;
  newProject = (await import('../app/routes/projects_.new.js')) as unknown as ActionModule;
  integrations = (await import('../app/routes/integrations.js')) as unknown as ActionModule;
  const children = [
    route('routes/_index', (await import('../app/routes/_index.js')) as unknown as RouteModule, { index: true }),
    route('routes/projects', (await import('../app/routes/projects.js')) as unknown as RouteModule, { path: 'projects' }),
    route('routes/profile', (await import('../app/routes/profile.js')) as unknown as RouteModule, { path: 'profile' }),
    route('routes/templates', (await import('../app/routes/templates.js')) as unknown as RouteModule, { path: 'templates' }),
    route('routes/projects_.new', newProject, { path: 'projects/new' }),
    route('routes/billing', billing, { path: 'billing' }),
    route('routes/integrations', integrations, { path: 'integrations' }),
    route('routes/shared.$token', (await import('../app/routes/shared.$token.js')) as unknown as RouteModule, { path: 'shared/:token' }),
    route('routes/watch.$token', (await import('../app/routes/watch.$token.js')) as unknown as RouteModule, { path: 'watch/:token' }),
    route('routes/embed.$token', (await import('../app/routes/embed.$token.js')) as unknown as RouteModule, { path: 'embed/:token' }),
    route('routes/checkout.$sessionId', (await import('../app/routes/checkout.$sessionId.js')) as unknown as RouteModule, { path: 'checkout/:sessionId' }),
    route('routes/billing-success', (await import('../app/routes/billing-success.js')) as unknown as RouteModule, { path: 'billing-success' }),
    route('routes/billing-cancelled', (await import('../app/routes/billing-cancelled.js')) as unknown as RouteModule, { path: 'billing-cancelled' }),
  ];
  routes = [{ id: 'root', path: '/', loader: asRemix(root.loader), Component: root.default, ErrorBoundary: root.ErrorBoundary, children }];

  // A client navigation: the session is already known in the browser (the root does not load again).
  const { AuthProvider } = await import('../app/lib/auth.js');
  const { AppLayout } = await import('../app/components/AppLayout.js');
  signedInShell = (kids) => [
    {
      id: 'root',
      path: '/',
      Component: () => h(AuthProvider, { initial: { status: 'signedIn', user: USER }, children: h(AppLayout, { children: h(Outlet) }) }),
      children: kids,
    },
  ];
});

afterAll(async () => {
  await gw.stop();
});

/** The server HTML of `path` (no scripts), as Remix renders a document request. */
async function render(path: string, cookie?: string, tree: RouteObject[] = routes) {
  const handler = createStaticHandler(tree);
  const request = new Request(`http://localhost:3000${path}`, { headers: cookie ? { cookie } : {} });
  const context = await handler.query(request, { requestContext: {} }); // remix-serve: a fresh context per request
  if (context instanceof Response) throw new Error(`unexpected redirect to ${context.headers.get('location')}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(h(StaticRouterProvider, { router, context, hydrate: false }));
  return { html, text: html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' '), context };
}

describe('server-rendered pages', () => {
  it("a signed-out visitor's first HTML is the sign-in screen, without a spinner", async () => {
    const { html, text, context } = await render('/projects');
    expect(text).toContain('Sign in to your account');
    expect(text).not.toContain('Loading');
    expect(context.statusCode).toBe(200);
    // Until React runs, nothing can be typed or submitted (a native submit would put the password in the URL).
    expect(html).toMatch(/<input[^>]*type="password"[^>]*readonly=""/i);
    expect(html).toMatch(/<button type="submit" disabled=""/);
  });

  it("a signed-in user's first HTML is the dashboard with the project titles", async () => {
    const { access, refresh } = gw.signIn();
    const { text } = await render('/', `tw_at=${access}; tw_rt=${refresh}`);
    expect(text).toContain(`Welcome, ${USER.name}`);
    expect(text).toContain(PROJECT_TITLE);
    expect(text).toContain('Acme Learning'); // the current company, from GET /api/companies
    expect(text).not.toContain('Loading');
    expect(text).not.toContain('Sign in to your account');
  });

  it('renders My Projects, the profile, the templates and billing with their data', async () => {
    const { access } = gw.signIn();
    const cookie = `tw_at=${access}`;
    const pages = {
      '/projects': PROJECT_TITLE,
      '/profile': 'Writes fire drills',
      '/templates': 'Evacuation Drill',
      '/billing': 'Professional',
    };
    for (const [path, expected] of Object.entries(pages)) {
      const { text } = await render(path, cookie);
      expect(text).toContain(expected);
      expect(text).not.toContain('Loading');
    }
  });

  it('renders the create form as a page, started from the template the link names', async () => {
    const { access } = gw.signIn();
    const { html, text } = await render('/projects/new?template=evacuation-drill', `tw_at=${access}`);
    expect(html).toMatch(/<form[^>]*aria-label="Create Project"/);
    expect(text).toContain('Project title');
    expect(html).toContain('data-testid="chosen-template"');
    expect(text).toContain('Evacuation Drill');
    const blank = await render('/projects/new', `tw_at=${access}`);
    expect(blank.html).not.toContain('data-testid="chosen-template"');
  });

  it("the create form's action checks the request, posts it with the session and answers by field", async () => {
    const { access } = gw.signIn();
    const post = (body: unknown) => postTo(newProject, '/projects/new', `tw_at=${access}`, body);
    const before = gw.calls('/api/projects').filter((c) => c.method === 'POST').length;
    // The form's own checks: nothing is sent.
    const missing = await post({ intent: 'create', title: ' ', project_type: 'script_to_slides', input_method: 'text', script_content: '' });
    expect(missing.init?.status).toBe(400);
    expect(missing.data).toEqual({ ok: false, errors: { title: 'projectForm.errors.titleRequired', content: 'projectForm.errors.scriptRequired' } });
    expect(gw.calls('/api/projects').filter((c) => c.method === 'POST')).toHaveLength(before);
    // Created through the gateway.
    const created = await post({ intent: 'create', title: 'Ladder Safety', project_type: 'script_to_slides', input_method: 'text', script_content: '## Up' });
    expect(created.data).toEqual({ ok: true, project: { id: 'p-new', title: 'Ladder Safety' } });
    const sent = gw.calls('/api/projects').filter((c) => c.method === 'POST').at(-1)!;
    expect(JSON.parse(sent.body)).toEqual({ title: 'Ladder Safety', project_type: 'script_to_slides', input_method: 'text', script_content: '## Up' });
    expect(sent.headers.cookie).toBe(`tw_at=${access}`);
    // The server's refusal, as it sent it (the form marks the field it names).
    const refused = await post({ intent: 'create', title: REFUSED_TITLE, project_type: 'software_analysis', software_details: 'ERP' });
    expect(refused.init?.status).toBe(400);
    expect(refused.data).toMatchObject({ ok: false, failure: { status: 400, body: { code: 'VALIDATION_FAILED', detail: { field: 'title' } } } });
  });

  it("billing's action makes each change through the gateway, previewing a charge first", async () => {
    const { access } = gw.signIn();
    const cookie = `tw_at=${access}`;
    // A paid plan's upgrade: its amount first, to confirm; nothing is changed.
    const upgrade = { intent: 'upgrade', tier: 'enterprise', interval: 'month', origin_url: 'https://app.example.com' };
    const preview = await postTo(billing, '/billing', cookie, upgrade);
    expect(preview.data).toEqual({ kind: 'confirm', charge: { amount_cents: UPGRADE_CHARGE_CENTS, currency: 'usd', proration_date: 1_800_000_000 }, request: upgrade });
    expect(gw.calls('/api/auth/upgrade')).toHaveLength(0);
    // Confirmed with an amount no longer charged: the new amount, to confirm again.
    const stale = await postTo(billing, '/billing', cookie, { intent: 'change-plan', tier: 'enterprise', interval: 'month', confirmed: { amount_cents: 100, proration_date: 1 } });
    expect(stale.data).toMatchObject({ kind: 'confirm', changed: true, charge: { amount_cents: UPGRADE_CHARGE_CENTS } });
    // Confirmed with the amount shown: changed.
    const confirmed = { amount_cents: UPGRADE_CHARGE_CENTS, proration_date: 1_800_000_000 };
    const made = await postTo(billing, '/billing', cookie, { intent: 'change-plan', tier: 'enterprise', interval: 'month', confirmed, origin_url: 'https://app.example.com' });
    expect(made.data).toMatchObject({ kind: 'changed', checkout: { checkout_url: null, subscription: { tier: 'enterprise' } } });
    expect(JSON.parse(gw.calls('/api/auth/upgrade').at(-1)!.body)).toEqual({
      tier: 'enterprise',
      interval: 'month',
      origin_url: 'https://app.example.com',
      confirm_amount_cents: UPGRADE_CHARGE_CENTS,
      proration_date: 1_800_000_000,
    });
    // Cancel at the period's end: the subscription as it is now.
    const cancelled = await postTo(billing, '/billing', cookie, { intent: 'cancel', cancel: true });
    expect(cancelled.data).toMatchObject({ kind: 'subscription', subscription: { cancel_at_period_end: true } });
    // A refusal, as the gateway sent it.
    const refused = await postTo(billing, '/billing', cookie, { intent: 'cancel-add-on', add_on: 'advanced_analytics' });
    expect(refused.data).toMatchObject({ kind: 'failed', failure: { status: 404, body: { code: 'NOT_FOUND' } } });
    const unknown = await postTo(billing, '/billing', cookie, { intent: 'nothing' });
    expect(unknown.data).toMatchObject({ kind: 'failed', failure: { status: 400 } });
  });

  it('renders billing from the billing API: plan, usage, the test-mode notice and the invoices', async () => {
    const { access } = gw.signIn();
    const { text } = await render('/billing', `tw_at=${access}`);
    expect(text).toContain('Renews on February 1, 2025');
    expect(text).toContain('no card is charged and no money moves');
    expect(text).toContain('1.5 GB of 10 GB'); // storage in bytes, formatted
    expect(text).toContain('2 of ∞'); // unlimited downloads
    // The history row from its code (the server's English description is not shown).
    expect(text).toContain('Trainwright subscription');
    expect(text).not.toContain('Professional plan (monthly)');
    expect(text).toContain('The Welcome Training sample is not counted toward your plan.');
    expect(text).toContain('$29.00');
    expect(text).toContain('View invoice');
    expect(text).toContain('Current plan');
    expect(text).not.toContain('Loading');
  });

  it('renders the payment pages: test checkout, success (with and without a session) and cancelled', async () => {
    const { access } = gw.signIn();
    const cookie = `tw_at=${access}`;
    const checkout = await render('/checkout/cs_test_1', cookie);
    expect(checkout.text).toContain('Test checkout — no money moves');
    expect(checkout.text).toContain('No card is charged');
    const none = await render('/billing-success', cookie);
    expect(none.text).toContain('Payment Error');
    expect(none.text).toContain('No payment session found');
    const verifying = await render('/billing-success?session_id=cs_test_1', cookie);
    expect(verifying.text).toContain('Processing Payment');
    const cancelled = await render('/billing-cancelled', cookie);
    expect(cancelled.text).toContain('No charges were made and nothing was started.');
    expect(cancelled.html).toMatch(/<button[^>]*>Return to Dashboard<\/button>/);
    expect(cancelled.html).toMatch(/<button[^>]*>Go Back<\/button>/);
  });

  it('renders the Integration Dashboard: each status read on its own, the reason by id, the catalogue', async () => {
    const { access } = gw.signIn(BUSINESS_OWNER);
    const { html, text } = await render('/integrations', `tw_at=${access}`);
    expect(text).toContain('Integration Dashboard');
    expect(text).toContain('Active integrations');
    expect(text).not.toContain('Loading');
    const cards = [...html.matchAll(/data-testid="integration" data-integration-id="([\w-]+)"[\s\S]*?data-testid="integration-status" data-status="(\w+)"/g)].map((m) => [m[1], m[2]]);
    // i-paused: error by its own read (the list said connected); i-unread: its read failed; i-odd: a status the screen does not know.
    expect(cards).toEqual([
      ['i-paused', 'error'],
      ['i-unread', 'error'],
      ['i-odd', 'unknown'],
    ]);
    expect(text).toContain('The receiver answered 410 Gone: it no longer exists, so the integration was paused.');
    expect(text).toContain('The status of this integration could not be read.');
    expect(text).toContain('Unknown');
    expect(text).toContain('••••k3Yz'); // the masked configuration, labelled by the type's fields
    expect(text).toContain('Incoming webhook URL');
    // Rotation only for Zapier's signed deliveries.
    expect(html.match(/Rotate signing secret/g)).toHaveLength(1);
    // The catalogue: Teams and Google Workspace listed without a setup button.
    expect(html.match(/data-testid="catalogue-entry"/g)).toHaveLength(4);
    expect(html.match(/Not yet available/g)).toHaveLength(2);
    expect(html).toMatch(/aria-label="Set up Slack"/);
    expect(html).not.toMatch(/aria-label="Set up Microsoft Teams"/);
    expect(html).toMatch(/href="\/integrations"/); // the navigation
    for (const id of ['i-paused', 'i-unread', 'i-odd']) expect(gw.calls(`/api/integrations/${id}/status`).length).toBeGreaterThan(0);
  });

  it('shows Feature Not Available without the integration hub, and reads nothing', async () => {
    const before = gw.calls('/api/integrations').length;
    const { access } = gw.signIn();
    const { text } = await render('/integrations', `tw_at=${access}`);
    expect(text).toContain('Feature Not Available');
    expect(text).not.toContain('Active integrations');
    expect(gw.calls('/api/integrations')).toHaveLength(before);
  });

  it("the integrations action sets up, tests and refuses through the gateway, answering the refusal as sent", async () => {
    const { access } = gw.signIn(BUSINESS_OWNER);
    const post = (body: unknown) => postTo(integrations, '/integrations', `tw_at=${access}`, body);
    const missing = await post({ intent: 'setup', userId: BUSINESS_OWNER.id, type: 'zapier', configuration: { webhook_url: 'https://hooks.zapier.com/x' } });
    expect(missing.data).toMatchObject({ intent: 'setup', ok: false, failure: { status: 400, body: { message_id: 'integrations.missingFields', detail: { field: 'api_key', fields: ['api_key'] } } } });
    const zapier = await post({ intent: 'setup', userId: BUSINESS_OWNER.id, type: 'zapier', configuration: { webhook_url: 'https://hooks.zapier.com/x', api_key: 'k'.repeat(20) } });
    expect(zapier.data).toMatchObject({ intent: 'setup', ok: true, setup: { signing_secret: expect.stringMatching(/^whsec_/), integration: { integration_type: 'zapier' } }, test: null, rotated: null });
    expect(JSON.parse(gw.calls('/api/integrations/setup').at(-1)!.body)).toEqual({ user_id: 'u-2', integration_type: 'zapier', configuration: { webhook_url: 'https://hooks.zapier.com/x', api_key: 'k'.repeat(20) } });
    const tested = await post({ intent: 'test', integrationId: 'i-paused' });
    expect(tested.data).toMatchObject({ intent: 'test', ok: true, test: { success: false, error: 'The receiver answered HTTP 500.' } });
    const unknown = await post({ intent: 'test', integrationId: 'nope' });
    expect(unknown.data).toMatchObject({ intent: 'test', ok: false, failure: { status: 404, body: { message_id: 'integrations.notFound' } } });
    const bad = await post({ intent: 'format-disk' });
    expect(bad.init?.status).toBe(400);
    expect(bad.data).toMatchObject({ ok: false, failure: { body: { code: 'INVALID_INTENT' } } });
  });

  it('renews an expired session once for the whole page and sends the new cookies', async () => {
    const { refresh } = gw.signIn();
    const before = gw.refreshes;
    const { text, context } = await render('/', `tw_rt=${refresh}`);
    expect(text).toContain(PROJECT_TITLE);
    expect(gw.refreshes).toBe(before + 1);
    expect(context.loaderHeaders.root?.getSetCookie()).toEqual(expect.arrayContaining([expect.stringMatching(/^tw_at=at-\d+;/)]));
  });

  it('shows a shared link to anyone, and its 404 text with a 404 status', async () => {
    const shared = await render('/shared/good');
    expect(shared.text).toContain(PROJECT_TITLE);
    expect(shared.text).not.toContain('Loading');
    const gone = await render('/shared/gone');
    expect(gone.text).toContain('This link is no longer available.');
    expect(gone.context.statusCode).toBe(404);
  });

  it('shows a published interactive video to anyone, full page or embedded, and a 404 page for an unknown token', async () => {
    for (const path of ['/watch/good', '/embed/good']) {
      const page = await render(path);
      expect(page.text).toContain('Forklift Walkaround');
      expect(page.text).not.toContain('Loading');
      expect(page.text).not.toContain('Sign in to your account');
      expect(page.context.statusCode).toBe(200);
    }
    // The embed page is only the player: no site header.
    expect((await render('/embed/good')).html).not.toContain('<header');
    for (const path of ['/watch/unknown', '/embed/unknown']) {
      const gone = await render(path);
      expect(gone.text).toContain('This interactive video is not available.');
      expect(gone.context.statusCode).toBe(404);
    }
  });

  describe('with the gateway down', () => {
    beforeAll(async () => {
      await gw.stop();
    });

    it('a document shows the sign-in screen with the session notice, not a blank page', async () => {
      const { text } = await render('/projects', 'tw_at=at-1; tw_rt=rt-1');
      expect(text).toContain('We could not check your session. Server error. Please try again later.');
      expect(text).toContain('Sign in to your account');
    });

    it("a signed-in navigation shows the route's ErrorBoundary with the 503, inside the app", async () => {
      const projects = (await import('../app/routes/projects.js')) as unknown as RouteModule;
      const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined); // the boundary logs the crash
      const { text, context } = await render('/projects', 'tw_at=at-1', signedInShell([route('routes/projects', projects, { path: 'projects' })]));
      expect(logged).toHaveBeenCalled();
      logged.mockRestore();
      expect(context.statusCode).toBe(503);
      expect(text).toContain('503');
      expect(text).toContain('Something went wrong');
      expect(text).not.toContain('Page not found');
      expect(text).toContain('My Projects'); // the navigation is still there
    });
  });
});
