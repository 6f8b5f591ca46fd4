// The session outlives the short-lived access cookie: the web app refreshes it with the
// refresh cookie (on the server while rendering the page, or from the browser's API client) and
// retries, without the browser ever holding a token.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { BASE_URL, launchBrowser, uniqueEmail, withScreenshotOnFailure, expectAccessible } from '../browser.js';

describe('session refresh', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await browser.newContext();
    page = await context.newPage();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('keeps the user signed in when the access cookie is gone', async () => {
    await withScreenshotOnFailure(page, 'session-refresh', async () => {
      await page.goto(`${BASE_URL}/`);
      await page.getByRole('button', { name: "Don't have an account? Sign up" }).click();
      await page.getByLabel('Full name').fill('Rita Refresh');
      await page.getByLabel('Company').fill('Rotating Tokens Ltd');
      await page.getByLabel('Email address').fill(uniqueEmail('refresh'));
      await page.getByLabel('Password').fill('long enough password');
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.getByRole('heading', { name: 'Welcome, Rita Refresh' }).waitFor();
      await expectAccessible(page, 'dashboard');

      // The session cookies are httpOnly: page scripts cannot read them.
      expect(await page.evaluate(() => document.cookie)).not.toMatch(/tw_(at|rt)=/);
      const names = (await context.cookies()).map((c) => c.name).sort();
      expect(names).toEqual(expect.arrayContaining(['tw_at', 'tw_rt']));
      expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toMatch(/token|eyJ/);

      // Drop the access cookie, as the browser does when it expires; the refresh cookie remains.
      await context.clearCookies({ name: 'tw_at' });
      await page.reload();
      await page.getByRole('heading', { name: 'Welcome, Rita Refresh' }).waitFor();
      expect((await context.cookies()).map((c) => c.name)).toContain('tw_at');

      // Signing out revokes the session: the refresh cookie no longer brings it back.
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.getByRole('heading', { name: 'Sign in to your account' }).waitFor();
      await page.reload();
      await page.getByRole('heading', { name: 'Sign in to your account' }).waitFor();
    });
  });
});
