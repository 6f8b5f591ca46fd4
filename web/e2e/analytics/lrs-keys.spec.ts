// The learning record store's credentials on /analytics (docs/analytics.md), against the real
// services: a Business Owner creates one, sees its secret once, finds it listed without the secret
// after a reload, and revokes it.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { BASE_URL, expectAccessible, launchBrowser, uniqueEmail, withScreenshotOnFailure } from '../browser.js';
import { signUpOnPlan } from '../flows.js';

describe('LRS credentials', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1300, height: 900 } });
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('creates a credential, shows its secret once and revokes it', async () => {
    await withScreenshotOnFailure(page, 'lrs-keys', async () => {
      await signUpOnPlan(page, { name: 'Rita Records', company: 'Records Ltd', email: uniqueEmail('lrs') }, 'business');
      await page.goto(`${BASE_URL}/analytics`);
      const section = page.getByTestId('lrs-keys');
      await section.getByText('No credentials yet.').waitFor();

      await section.getByLabel('Name', { exact: true }).fill('Moodle production');
      await section.getByRole('button', { name: 'Create credential' }).click();
      const created = section.getByTestId('lrs-created');
      await created.waitFor();
      const secret = (await section.getByTestId('lrs-secret').innerText()).trim();
      expect(secret).toMatch(/^[\w-]{43}$/);
      expect(await created.innerText()).toContain('/api/xapi/');
      await section.getByTestId('lrs-key').filter({ hasText: 'Moodle production' }).waitFor();
      await expectAccessible(page, 'analytics with a new LRS credential');

      // Read again: listed, the secret nowhere.
      await page.reload();
      const row = page.getByTestId('lrs-key').filter({ hasText: 'Moodle production' });
      await row.waitFor();
      expect(await page.content()).not.toContain(secret);

      await row.getByRole('button', { name: 'Revoke Moodle production' }).click();
      await page.getByRole('dialog', { name: 'Revoke credential' }).getByRole('button', { name: 'Revoke' }).click();
      await page.getByTestId('lrs-keys').getByText('No credentials yet.').waitFor();
    });
  }, 120_000);
});
