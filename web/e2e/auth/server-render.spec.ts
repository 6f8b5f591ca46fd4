// The first HTML of a page, before any script runs: the route loaders read the session cookie on
// the server, so a signed-out visitor gets the sign-in screen and a signed-in user the dashboard
// with their projects (also once the access cookie has expired: the server renews the session and
// sends the new cookies), never the 'Loading...' spinner.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { BASE_URL, launchBrowser, uniqueEmail, withScreenshotOnFailure } from '../browser.js';

const NAME = 'Sam Server';
const PASSWORD = 'long enough password';
const TITLE = `Server Rendered Safety ${Date.now()}`;

/** The name=value of each Set-Cookie header of an answer. */
function cookiesOf(response: Response): Map<string, string> {
  const jar = new Map<string, string>();
  for (const line of response.headers.getSetCookie()) {
    const pair = line.split(';', 1)[0] ?? '';
    const eq = pair.indexOf('=');
    if (eq > 0 && pair.slice(eq + 1)) jar.set(pair.slice(0, eq), pair.slice(eq + 1));
  }
  return jar;
}

/** The raw HTML of a page, as the server sends it (no script has run). */
async function pageHtml(path: string, cookie?: string): Promise<{ response: Response; html: string }> {
  const response = await fetch(`${BASE_URL}${path}`, { headers: cookie ? { cookie } : {}, redirect: 'manual' });
  return { response, html: await response.text() };
}

describe('server-rendered first paint', () => {
  let browser: Browser;
  const email = uniqueEmail('ssr');
  let session: Map<string, string>;

  beforeAll(async () => {
    const registered = await fetch(`${BASE_URL}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: NAME, company: 'First Byte Ltd', email, password: PASSWORD, selectedTier: 'professional' }),
    });
    expect(registered.status).toBe(201);
    session = cookiesOf(registered);
    expect([...session.keys()].sort()).toEqual(['tw_at', 'tw_rt']);
    const created = await fetch(`${BASE_URL}/api/projects`, {
      method: 'POST',
      // A browser states its origin; the gateway refuses cookie-authorised writes without it.
      headers: { 'content-type': 'application/json', cookie: `tw_at=${session.get('tw_at')}`, origin: BASE_URL },
      body: JSON.stringify({
        title: TITLE,
        project_type: 'script_to_slides',
        input_method: 'text',
        script_content: 'Fire exits are marked in green. Meet at the assembly point.',
      }),
    });
    expect(created.status).toBe(201);
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('sends the sign-in screen to a signed-out visitor', async () => {
    for (const path of ['/', '/projects']) {
      const { response, html } = await pageHtml(path);
      expect(response.status).toBe(200);
      expect(html).toContain('Sign in to your account');
      expect(html).toContain('type="password"');
      expect(html).not.toContain('Loading...');
    }
  });

  it("sends a signed-in user's dashboard with their project titles", async () => {
    const { response, html } = await pageHtml('/', `tw_at=${session.get('tw_at')}; tw_rt=${session.get('tw_rt')}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toContain('private');
    expect(html).toContain(`Welcome, ${NAME}`);
    expect(html).toContain(TITLE);
    expect(html).not.toContain('Loading...');
    expect(html).not.toContain('Sign in to your account');
  });

  it('renews an expired access cookie on the server and sends the new cookies with the page', async () => {
    // The browser drops tw_at when it expires; only the refresh cookie comes with the request.
    const { response, html } = await pageHtml('/projects', `tw_rt=${session.get('tw_rt')}`);
    expect(response.status).toBe(200);
    expect(html).toContain(TITLE);
    expect(html).not.toContain('Loading...');
    const renewed = cookiesOf(response);
    expect(renewed.get('tw_at')).toEqual(expect.any(String));
    expect(renewed.get('tw_rt')).toEqual(expect.any(String));
    expect(renewed.get('tw_rt')).not.toBe(session.get('tw_rt'));
    const me = await fetch(`${BASE_URL}/api/auth/me`, { headers: { cookie: `tw_at=${renewed.get('tw_at')}` } });
    expect(me.status).toBe(200);
  });

  it('shows the projects with JavaScript disabled (the HTML alone)', async () => {
    const login = await fetch(`${BASE_URL}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    expect(login.status).toBe(200);
    const fresh = cookiesOf(login);
    const context = await browser.newContext({ javaScriptEnabled: false });
    const host = new URL(BASE_URL).hostname;
    await context.addCookies(
      [...fresh].map(([name, value]) => ({ name, value, domain: host, path: '/', httpOnly: true, sameSite: 'Strict' as const })),
    );
    const page = await context.newPage();
    await withScreenshotOnFailure(page, 'server-render-no-js', async () => {
      await page.goto(`${BASE_URL}/projects`);
      await page.getByRole('heading', { name: 'My Projects', exact: true }).waitFor();
      await page.getByText(TITLE).first().waitFor();
      expect(await page.getByText('Loading...').count()).toBe(0);
    });
    await context.close();
  });

  it('sends a strict Content-Security-Policy whose nonce is on every script, and the app runs under it', async () => {
    const first = await pageHtml('/');
    const second = await pageHtml('/');
    const policy = first.response.headers.get('content-security-policy') ?? '';
    const nonce = /script-src 'self' 'nonce-([^']+)'/.exec(policy)?.[1];
    expect(nonce).toBeTruthy();
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("frame-ancestors 'none'");
    // A new nonce for every response.
    expect(second.response.headers.get('content-security-policy')).not.toBe(policy);
    const scripts = [...first.html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) if (!/\ssrc=/.test(tag)) expect(tag).toContain(`nonce="${nonce}"`);

    // In the browser: no violation while the page hydrates and the sign-in form works.
    const page = await browser.newPage();
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await withScreenshotOnFailure(page, 'csp-sign-in', async () => {
      await page.goto(`${BASE_URL}/`);
      await page.getByRole('heading', { name: 'Sign in to your account' }).waitFor();
      await page.getByLabel('Email address').fill(email);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByText(`Welcome, ${NAME}`).waitFor();
    });
    expect(violations).toEqual([]);
    await page.close();
  });
});
