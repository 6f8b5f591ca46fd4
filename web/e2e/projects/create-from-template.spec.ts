// A project from a template, end to end: sign up, open the template marketplace, use a template
// (the create form's page, /projects/new, with the template chosen), the form's check of a
// missing title, write a script in the editor (the live preview renders it), create the project
// (back on the dashboard), see its card with
// its status, follow the real generator job live (no reload) until Completed with every stage at
// 100%, search, edit, delete.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, uniqueEmail, withScreenshotOnFailure, expectAccessible } from '../browser.js';
import {
  cardById,
  cardStatusesSeen,
  deleteProject,
  expectCompleted,
  expectGenerationStreamed,
  markDocument,
  recordStreamEvents,
  signUp,
  STATUS_LABELS,
  stillSameDocument,
  waitForLiveList,
  waitForStreamedStatus,
  watchCardStatuses,
  type StreamEvent,
} from '../flows.js';

async function cardCount(page: Page): Promise<number> {
  return page.locator('[data-testid="project-card"]').count();
}

describe('projects', () => {
  let browser: Browser;
  let page: Page;
  let streamed: StreamEvent[];

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    streamed = await recordStreamEvents(page);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('creates a project from a template, follows its status live, edits and deletes it', async () => {
    await withScreenshotOnFailure(page, 'create-from-template', async () => {
      const word = `Zephyr${Math.random().toString(36).slice(2, 8)}`;
      const title = `Forklift ${word} Safety`;

      // A fresh account.
      await signUp(page, { name: 'Tess Template', company: 'Warehouse Training Co', email: uniqueEmail('projects') });

      // The list has loaded (empty, or with the account's sample project) and listens for events.
      const list = await waitForLiveList(page);

      // The template marketplace: use the first template the plan includes.
      await page.getByRole('button', { name: 'Browse Templates' }).first().click();
      const marketplace = page.getByRole('dialog', { name: 'Template Marketplace' });
      await marketplace.locator('[data-testid="template-card"]').first().waitFor();
      await expectAccessible(page, 'template marketplace dialog');
      const usable = marketplace.locator('[data-testid="template-card"]').filter({ has: page.getByRole('button', { name: /^Use Template: / }) }).first();
      const templateName = (await usable.getByRole('heading').innerText()).trim();
      expect(await usable.locator('img').getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
      await usable.getByRole('button', { name: `Use Template: ${templateName}` }).click();

      // The create form (its own page, /projects/new) starts from the template: chosen, and its
      // outline is the script.
      const form = page.getByRole('form', { name: 'Create Project' });
      await form.waitFor();
      expect(new URL(page.url()).pathname).toBe('/projects/new');
      expect(new URL(page.url()).searchParams.get('template')).toBeTruthy();
      await form.getByTestId('chosen-template').getByText(templateName).waitFor();
      await expectAccessible(page, 'create project dialog with a template');
      const editor = form.getByLabel('Script', { exact: true });
      expect(await editor.inputValue()).toMatch(/^# .+\n\n## /);

      // Without a title the form says so at the field, which takes focus; nothing is created.
      await form.getByRole('button', { name: 'Create Project' }).click();
      await form.getByText('Project title is required').waitFor();
      expect(await form.getByLabel('Project title').evaluate((el) => el === document.activeElement)).toBe(true);
      await form.getByLabel('Project title').fill(title);
      await form.getByRole('button', { name: 'Show live preview' }).click();
      const preview = form.getByTestId('live-preview');

      // Type a script: a slide written out, then one started with the toolbar.
      await editor.fill('## Loading Dock Basics\n**Content:**\n- Check the forks\n- Keep the aisle clear\n\n**Speaker Notes:**\nWelcome to the loading dock.\n');
      await preview.getByRole('heading', { name: 'Loading Dock Basics' }).waitFor();
      await expectAccessible(page, 'slide preview');
      await editor.press('Control+End');
      await form.getByRole('button', { name: 'Slide', exact: true }).click();
      await page.keyboard.type('Pallet Stacking');
      await preview.getByRole('heading', { name: 'Pallet Stacking' }).waitFor();
      expect(await form.getByTestId('editor-stats').innerText()).toMatch(/Words: \d+ · Characters: \d+ · Lines: \d+/);

      // Create: the card appears in the list with its status; from now on nothing reloads the page.
      await markDocument(page);
      await watchCardStatuses(page, title);
      await form.getByRole('button', { name: 'Create Project' }).click();
      await page.getByText(`Project "${title}" created successfully!`).waitFor();
      await form.waitFor({ state: 'detached' });
      // Back on the dashboard the form was opened from.
      expect(new URL(page.url()).pathname).toBe('/');
      const card = list.locator('[data-testid="project-card"]', { hasText: title });
      await card.waitFor();
      await expectAccessible(page, 'dashboard with the new project');
      const projectId = await card.getAttribute('data-project-id');
      expect(projectId).toBeTruthy();
      expect(STATUS_LABELS).toContain(await card.getByTestId('project-status').innerText());

      // The generator's job moves it to Completed, and the card follows live: every stage at 100%.
      const live = cardById(list, projectId!);
      await expectCompleted(live);
      expect(await stillSameDocument(page)).toBe(true);
      // The job's progress came over the page's event stream (analyzing, generating content, the
      // render stages of a PowerPoint project: creating slides, generating documents; completed),
      // and the card went through no other state than those.
      await waitForStreamedStatus(streamed, projectId!, 'completed');
      expectGenerationStreamed(streamed, projectId!);
      const seen = await cardStatusesSeen(page, title);
      expect(seen.at(-1)).toBe('completed');
      expect(['pending', 'analyzing', 'generating_content', 'creating_slides', 'generating_documents', 'completed']).toEqual(expect.arrayContaining(seen));
      // Finished with a quality score, shown on the card in its colour band.
      await live.getByTestId('quality-score').waitFor();

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
      await expectAccessible(page, 'edit project dialog');
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
      await expectAccessible(page, 'empty project list');
    });
  });
});
