// The template creator's main path, its create a post to the /templates route's action: a new
// account opens Create Template on /templates, is told what is missing (the form's own checks),
// creates a template of its company and finds it in the marketplace with the success notice; the
// template is the company's (after a reload too: the gateway stored it).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { BASE_URL, expectAccessible, launchBrowser, uniqueEmail, withScreenshotOnFailure } from '../browser.js';
import { signUp } from '../flows.js';

describe('template creator', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("creates a company's own template that the marketplace then lists", async () => {
    await withScreenshotOnFailure(page, 'template-creator', async () => {
      const name = `Dock Safety ${Math.random().toString(36).slice(2, 7)}`;
      await signUp(page, { name: 'Tomas Template', company: 'Template Works', email: uniqueEmail('template') });
      await page.goto(`${BASE_URL}/templates`);
      await page.getByRole('heading', { name: 'Templates' }).first().waitFor();
      await page.getByRole('button', { name: 'Create Template' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create Template' });
      await dialog.waitFor();
      await expectAccessible(page, 'template creator');

      // The form's own checks: nothing is sent.
      await dialog.getByRole('button', { name: 'Create Template' }).click();
      await dialog.getByText('Template name is required').waitFor();
      await dialog.getByText('Add at least one section').waitFor();

      await dialog.getByLabel('Template name').fill(name);
      await dialog.getByLabel('Sections').fill('Before you start\nLoading the truck\nAfter the shift');
      await dialog.getByRole('button', { name: 'Create Template' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByText(`Template "${name}" created.`).waitFor();
      const list = page.getByRole('list', { name: /templates/i });
      await list.getByText(name).first().waitFor();

      await page.reload();
      await page.getByRole('list', { name: /templates/i }).getByText(name).first().waitFor();
      expect(await page.getByText(name).count()).toBeGreaterThan(0);
    });
  }, 90_000);
});
