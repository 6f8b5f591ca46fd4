// Support's main path: a signed-in person sends a ticket from /support, is told its reference and
// that a confirmation is on its way, and finds it among their requests after a reload.
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { BASE_URL, expectAccessible, launchBrowser, uniqueEmail, withScreenshotOnFailure } from '../browser.js';
import { signUp } from '../flows.js';

describe('support', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('sends a ticket and lists it', async () => {
    await withScreenshotOnFailure(page, 'support', async () => {
      await signUp(page, { name: 'Tom Ticket', company: 'Ticket Co', email: uniqueEmail('ticket') });
      await page.goto(`${BASE_URL}/support`);
      const form = page.getByRole('form', { name: 'Ask us' });
      await form.getByLabel('About').selectOption('problem');
      await form.getByLabel('Subject').fill('The PDF export is blank');
      await form.getByLabel('Message').fill('Every page of the PDF is empty since this morning.');
      await form.getByRole('button', { name: 'Send to support' }).click();
      await page.getByTestId('ticket-sent').getByText(/We received your request \(T-[0-9A-F]{8}\)/).waitFor();
      await expectAccessible(page, 'support page');
      await page.reload();
      await page.getByTestId('tickets').getByText('The PDF export is blank').waitFor();
    });
  }, 60_000);
});
