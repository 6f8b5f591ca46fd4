// Company Management's main path, its create a post to the dashboard route's action (the loader
// reads the companies again after it): an owner on Business (3 companies) opens Manage Companies
// from the dashboard, is told a name is needed, creates a second company, sees it listed with its
// role and usage, switches to it (the top bar and dashboard follow) and finds both companies after
// a reload.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { expectAccessible, launchBrowser, uniqueEmail, withScreenshotOnFailure } from '../browser.js';
import { signUpOnPlan } from '../flows.js';

describe('company management', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('creates a second company and switches to it', async () => {
    await withScreenshotOnFailure(page, 'companies', async () => {
      const second = `North Depot ${Math.random().toString(36).slice(2, 7)}`;
      await signUpOnPlan(page, { name: 'Carla Companies', company: 'South Depot', email: uniqueEmail('companies') }, 'business');
      await page.getByRole('button', { name: 'Manage Companies' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Company Management' });
      await dialog.getByText('South Depot').first().waitFor();

      await dialog.getByRole('button', { name: 'Add Company' }).click();
      await expectAccessible(page, 'Company Management create form');
      await dialog.getByRole('button', { name: 'Create Company' }).click();
      await dialog.getByText('Company name is required').waitFor();

      await dialog.getByLabel('Company name').fill(second);
      await dialog.getByRole('button', { name: 'Create Company' }).click();
      await dialog.getByRole('button', { name: `Switch to ${second}` }).waitFor();
      expect(await dialog.getByText('South Depot').count()).toBeGreaterThan(0);

      await dialog.getByRole('button', { name: `Switch to ${second}` }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByText(second).first().waitFor();

      await page.reload();
      await page.getByRole('button', { name: 'Manage Companies' }).first().click();
      const again = page.getByRole('dialog', { name: 'Company Management' });
      await again.getByRole('button', { name: 'Switch to South Depot' }).waitFor();
      await again.getByText(second).first().waitFor();
    });
  }, 90_000);
});
