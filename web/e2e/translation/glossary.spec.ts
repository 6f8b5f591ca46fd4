// The glossary page's main path, each change a post to the route's action (the page's loader is
// read again after it): a new account adds a brand name kept as written, edits it into a
// translated term for French, sees the table follow each change (also after a reload: the loader
// reads what was saved) and deletes it after the confirmation. A term the server refuses (empty)
// shows the server's message and leaves the table as it was.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { BASE_URL, expectAccessible, launchBrowser, uniqueEmail, withScreenshotOnFailure } from '../browser.js';
import { signUp } from '../flows.js';

describe('glossary', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('adds, edits and deletes a term, the table following each change', async () => {
    await withScreenshotOnFailure(page, 'glossary', async () => {
      await signUp(page, { name: 'Gloria Glossary', company: 'Acme Terms', email: uniqueEmail('glossary') });
      await page.goto(`${BASE_URL}/glossary`);
      await page.getByRole('heading', { name: 'Glossary' }).waitFor();
      await page.getByText('No terms yet').waitFor();
      const terms = page.getByTestId('glossary-term');

      // Refused by the server: its message, nothing added.
      await page.getByRole('button', { name: 'Add term' }).click();
      const form = page.getByRole('form', { name: 'Add a term' });
      await expectAccessible(page, 'glossary form');
      await form.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('alert').filter({ hasText: /term/i }).first().waitFor();
      expect(await terms.count()).toBe(0);

      await form.getByLabel('Term').fill('Acme Lift');
      await form.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Term "Acme Lift" added').waitFor();
      await form.waitFor({ state: 'detached' });
      await terms.first().waitFor();
      expect(await terms.first().innerText()).toContain('Keep as written');

      await page.getByRole('button', { name: 'Edit Acme Lift' }).click();
      const edit = page.getByRole('form', { name: 'Edit term' });
      await edit.getByLabel('Translation').fill('Ascenseur Acme');
      await edit.getByLabel('Target language').selectOption('fr');
      await edit.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Term "Acme Lift" updated').waitFor();
      await terms.filter({ hasText: 'Ascenseur Acme' }).waitFor();

      // What was saved is what the loader reads.
      await page.reload();
      await terms.filter({ hasText: 'Ascenseur Acme' }).waitFor();
      expect(await terms.count()).toBe(1);
      expect(await terms.first().innerText()).toContain('French');

      await page.getByRole('button', { name: 'Delete Acme Lift' }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete term' });
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await page.getByText('Term "Acme Lift" deleted').waitFor();
      await page.getByText('No terms yet').waitFor();
    });
  }, 90_000);
});
