// A project from a template, end to end: sign up, open the template marketplace, use a template,
// write a script in the editor (the live preview renders it), create the project, see its card
// (Pending), receive a live status change from the event bus, search, edit, delete.
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Locator, Page } from 'playwright-core';
import { BASE_URL, launchBrowser, uniqueEmail, withScreenshotOnFailure } from '../browser.js';

const ROOT = resolve(fileURLToPath(import.meta.url), '../../../..');
/** Plays the generator's role: publishes the status event the generator will publish. */
const PUBLISH_SCRIPT = resolve(ROOT, 'scripts/dev/publish-generation-event.mjs');

async function publishStatus(projectId: string, status: string, progress: number): Promise<void> {
  await promisify(execFile)('node', [PUBLISH_SCRIPT, '--project', projectId, '--status', status, '--progress', String(progress)], {
    cwd: ROOT,
    timeout: 30_000,
  });
}

async function cardCount(page: Page): Promise<number> {
  return page.locator('[data-testid="project-card"]').count();
}

async function deleteProject(page: Page, card: Locator, title: string): Promise<void> {
  await card.getByRole('button', { name: `More actions for ${title}` }).click();
  await page.getByRole('menuitem', { name: 'Delete project' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete project' });
  await confirm.getByText('Are you sure you want to delete this project?').waitFor();
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await confirm.waitFor({ state: 'detached' });
  await card.waitFor({ state: 'detached' });
}

describe('projects', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('creates a project from a template, follows its status live, edits and deletes it', async () => {
    await withScreenshotOnFailure(page, 'create-from-template', async () => {
      const word = `Zephyr${Math.random().toString(36).slice(2, 8)}`;
      const title = `Forklift ${word} Safety`;

      // A fresh account.
      await page.goto(`${BASE_URL}/`);
      await page.getByRole('button', { name: "Don't have an account? Sign up" }).click();
      await page.getByLabel('Full name').fill('Tess Template');
      await page.getByLabel('Company').fill('Warehouse Training Co');
      await page.getByLabel('Email address').fill(uniqueEmail('projects'));
      await page.getByLabel('Password').fill('long enough password');
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.getByRole('heading', { name: 'Welcome, Tess Template' }).waitFor();

      // The list has loaded (empty, or with the account's sample project) and listens for events.
      const list = page.getByTestId('project-list');
      await page.waitForFunction(
        () => !!document.querySelector('[data-testid="project-stats"]') || document.body.innerText.includes('No projects yet'),
      );
      await page.locator('[data-testid="project-list"][data-live="on"]').waitFor();

      // The template marketplace: use the first template the plan includes.
      await page.getByRole('button', { name: 'Browse Templates' }).first().click();
      const marketplace = page.getByRole('dialog', { name: 'Template Marketplace' });
      await marketplace.locator('[data-testid="template-card"]').first().waitFor();
      const usable = marketplace.locator('[data-testid="template-card"]').filter({ has: page.getByRole('button', { name: /^Use Template: / }) }).first();
      const templateName = (await usable.getByRole('heading').innerText()).trim();
      expect(await usable.locator('img').getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
      await usable.getByRole('button', { name: `Use Template: ${templateName}` }).click();

      // The create form starts from the template: chosen, and its outline is the script.
      const form = page.getByRole('dialog', { name: 'Create Project' });
      await form.waitFor();
      await form.getByTestId('chosen-template').getByText(templateName).waitFor();
      const editor = form.getByLabel('Script', { exact: true });
      expect(await editor.inputValue()).toMatch(/^# .+\n\n## /);

      await form.getByLabel('Project title').fill(title);
      await form.getByRole('button', { name: 'Show live preview' }).click();
      const preview = form.getByTestId('live-preview');

      // Type a script: a slide written out, then one started with the toolbar.
      await editor.fill('## Loading Dock Basics\n**Content:**\n- Check the forks\n- Keep the aisle clear\n\n**Speaker Notes:**\nWelcome to the loading dock.\n');
      await preview.getByRole('heading', { name: 'Loading Dock Basics' }).waitFor();
      await editor.press('Control+End');
      await form.getByRole('button', { name: 'Slide', exact: true }).click();
      await page.keyboard.type('Pallet Stacking');
      await preview.getByRole('heading', { name: 'Pallet Stacking' }).waitFor();
      expect(await form.getByTestId('editor-stats').innerText()).toMatch(/Words: \d+ · Characters: \d+ · Lines: \d+/);

      // Create: the card appears in the list, Pending.
      await form.getByRole('button', { name: 'Create Project' }).click();
      await page.getByText(`Project "${title}" created successfully!`).waitFor();
      await form.waitFor({ state: 'detached' });
      const card = list.locator('[data-testid="project-card"]', { hasText: title });
      await card.waitFor();
      expect(await card.getByTestId('project-status').innerText()).toBe('Pending');
      const projectId = await card.getAttribute('data-project-id');
      expect(projectId).toBeTruthy();

      // The generator's status event reaches the card without a reload.
      await page.evaluate(() => {
        (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
      });
      await publishStatus(projectId!, 'analyzing', 40);
      const live = list.locator(`[data-testid="project-card"][data-project-id="${projectId}"]`);
      await live.locator('[data-testid="project-status"]', { hasText: 'Analyzing' }).waitFor();
      expect(await live.getByTestId('progress-analyzing').innerText()).toBe('40%');
      expect(await live.getByRole('progressbar', { name: 'Analyzing' }).getAttribute('aria-valuenow')).toBe('40');
      expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);

      // Search by a word of the title: only this project is left.
      await list.getByLabel('Search projects').fill(word.toLowerCase());
      await page.waitForFunction(
        (t) => {
          const cards = document.querySelectorAll('[data-testid="project-card"]');
          return cards.length === 1 && cards[0]!.textContent!.includes(t);
        },
        title,
      );
      await list.getByLabel('Search projects').fill('');
      await page.waitForFunction(() => !document.querySelector('[data-testid="project-list"] [aria-busy="true"]'));

      // Edit the title.
      const newTitle = `${title} (revised)`;
      await card.getByRole('button', { name: `Edit ${title}` }).click();
      const edit = page.getByRole('dialog', { name: 'Edit Project' });
      await edit.getByLabel('Project title').fill(newTitle);
      await edit.getByRole('button', { name: 'Save Changes' }).click();
      await edit.waitFor({ state: 'detached' });
      const renamed = list.locator(`[data-testid="project-card"][data-project-id="${projectId}"]`);
      await renamed.getByRole('heading', { name: newTitle }).waitFor();

      // Delete it (and any sample project the account started with): no projects are left.
      await deleteProject(page, renamed, newTitle);
      await page.getByText('Project deleted.').first().waitFor();
      while ((await cardCount(page)) > 0) {
        const other = page.locator('[data-testid="project-card"]').first();
        const otherTitle = (await other.getByRole('heading').first().innerText()).trim();
        await deleteProject(page, other, otherTitle);
      }
      await list.getByText('No projects yet').waitFor();
    });
  });
});
