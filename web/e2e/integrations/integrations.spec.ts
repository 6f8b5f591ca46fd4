// The Integration Dashboard end to end (docs/integrations.md), against the real services and a
// local Slack receiver (this spec's own HTTP server on 127.0.0.1:13190, the one origin the browser
// stack lets the integration service call: scripts/test.mjs INTEGRATION_ALLOW_ORIGINS): a Business
// Owner reaches /integrations from the navigation, sees the catalogue (an entry not yet available
// without a setup button), is told the required field is missing, sets up Slack with the receiver's URL,
// tests it (the receiver gets Block Kit, the badge turns Connected), creates a project and follows
// it to Completed, finds its project.completed delivery succeeded in the delivery log (the attempt's
// HTTP 200 and the receiver's 'ok'), and removes the integration after the confirmation.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Locator, Page } from 'playwright-core';
import { BASE_URL, expectAccessible, launchBrowser, uniqueEmail, withScreenshotOnFailure } from '../browser.js';
import { cardTitled, expectCompleted, openCreateForm, signUpOnPlan } from '../flows.js';

/** The receiver's address: scripts/test.mjs allows exactly this origin. */
const RECEIVER_PORT = 13190;
const WEBHOOK_URL = `http://127.0.0.1:${RECEIVER_PORT}/slack`;
/** Generation and the render of a short script's slides and documents. */
const COMPLETION_TIMEOUT_MS = 150_000;

interface Received {
  path: string;
  body: string;
}

/** Slack's incoming webhook as far as Trainwright sees it: records every POST, answers 200 'ok'. */
function startReceiver(received: Received[]): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method === 'POST') received.push({ path: req.url ?? '', body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('ok');
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(RECEIVER_PORT, '127.0.0.1', () => resolve(server));
  });
}

async function until<T>(what: string, check: () => T | undefined | Promise<T | undefined>, timeout = 30_000): Promise<T> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** A Slack message the receiver got: Block Kit (a header block, then sections) with the fallback text. */
function blockKit(body: string): { text: string; blocks: Array<{ type: string; text?: { text: string } }>; channel?: string } {
  const message = JSON.parse(body) as { text: string; blocks: Array<{ type: string; text?: { text: string } }>; channel?: string };
  expect(typeof message.text).toBe('string');
  expect(message.blocks[0]).toMatchObject({ type: 'header', text: { type: 'plain_text' } });
  expect(message.blocks.slice(1).every((b) => b.type === 'section')).toBe(true);
  return message;
}

describe('Integration Dashboard', () => {
  let browser: Browser;
  let page: Page;
  let receiver: http.Server;
  const received: Received[] = [];
  const suffix = Math.random().toString(36).slice(2, 8);
  const title = `Loading Dock ${suffix}`;

  beforeAll(async () => {
    receiver = await startReceiver(received);
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise<void>((resolve) => (receiver ? receiver.close(() => resolve()) : resolve()));
  });

  it('sets up Slack, tests it, delivers a completed project and removes it', async () => {
    await withScreenshotOnFailure(page, 'integrations', async () => {
      await signUpOnPlan(page, { name: 'Ivo Hooks', company: 'Hooked Training', email: uniqueEmail('integrations') }, 'business');
      // The dashboard's Integration Hub panel says it is included; the navigation leads there.
      expect(await page.getByTestId('promo-integrationHub').getAttribute('data-included')).toBe('true');
      await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Integrations' }).click();
      await page.getByRole('heading', { name: 'Integration Dashboard', level: 1 }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/integrations');
      await page.getByText('No integrations yet').waitFor();

      // The catalogue: each entry that can be set up has its button; one listed for later says so, without one.
      const entries = page.getByTestId('catalogue-entry');
      const listed = await entries.evaluateAll((els) => els.map((el) => [el.getAttribute('data-type'), el.getAttribute('data-available')] as const));
      expect(listed.map(([type]) => type)).toEqual(expect.arrayContaining(['zapier', 'slack', 'microsoft_teams', 'google_workspace']));
      for (const [type, available] of listed) {
        const entry = page.locator(`[data-testid="catalogue-entry"][data-type="${type}"]`);
        const name = (await entry.getByRole('heading', { level: 3 }).innerText()).trim();
        if (available === 'true') await entry.getByRole('button', { name: `Set up ${name}` }).waitFor();
        else {
          await entry.getByText('Not yet available').waitFor();
          expect(await entry.getByRole('button').count()).toBe(0);
        }
      }
      expect(listed.find(([type]) => type === 'slack')?.[1]).toBe('true');
      await expectAccessible(page, 'the Integration Dashboard without integrations');

      // Slack's form: the help beside it; the required field is checked before anything is sent.
      await page.getByRole('button', { name: 'Set up Slack' }).click();
      const form = page.getByRole('form', { name: 'Slack settings' });
      await form.waitFor();
      await page.getByTestId('integration-help').getByText('Incoming Webhooks', { exact: false }).waitFor();
      await page.getByTestId('integration-help').getByText('What gets delivered').waitFor();
      const url = form.getByLabel(/^Incoming webhook URL/);
      expect(await url.getAttribute('type')).toBe('password');
      await form.getByRole('button', { name: 'Connect' }).click();
      await form.getByText('Incoming webhook URL is required').waitFor();
      expect(await url.getAttribute('aria-invalid')).toBe('true');
      expect(await url.evaluate((el) => el === document.activeElement)).toBe(true);
      await url.fill(WEBHOOK_URL);
      await form.getByLabel(/^Channel/).fill('#training');
      await expectAccessible(page, 'the Slack setup form');
      await form.getByRole('button', { name: 'Connect' }).click();
      await page.getByText('Slack integration setup successfully!').waitFor();
      await form.waitFor({ state: 'detached' });

      // The card: pending until tested, the webhook URL masked, the channel as set.
      const card: Locator = page.getByTestId('integration').filter({ has: page.getByRole('heading', { name: 'Slack', exact: true }) });
      await card.waitFor();
      expect(await card.getByTestId('integration-status').getAttribute('data-status')).toBe('pending');
      expect(await card.innerText()).toContain('#training');
      expect(await card.innerText()).not.toContain(WEBHOOK_URL);
      expect(await page.content()).not.toContain(WEBHOOK_URL);
      expect(await card.getByRole('button', { name: 'Rotate signing secret' }).count()).toBe(0); // Slack's messages are not signed

      // Test: the receiver gets a Block Kit message, the badge turns Connected.
      const before = received.length;
      await card.getByRole('button', { name: 'Test Slack' }).click();
      await card.getByText('Integration test successful!').waitFor();
      await card.locator('[data-testid="integration-status"][data-status="connected"]').waitFor();
      expect(await card.getByTestId('integration-status').innerText()).toContain('Connected');
      const test = received.slice(before).find((r) => r.path === '/slack');
      expect(test).toBeDefined();
      const testMessage = blockKit(test!.body);
      expect(testMessage.channel).toBe('#training');
      await expectAccessible(page, 'a connected Slack integration');

      // A project completed: delivered to Slack.
      await page.goto(`${BASE_URL}/`);
      const createForm = await openCreateForm(page);
      await createForm.getByLabel('Project title').fill(title);
      await createForm.getByLabel('Script', { exact: true }).fill('## Dock Safety\n**Content:**\n- Chock the wheels\n- Check the dock plate\n');
      await createForm.getByRole('button', { name: 'Create Project' }).click();
      await page.getByText(`Project "${title}" created successfully!`).waitFor();
      const project = cardTitled(page.getByTestId('project-list'), title);
      await project.waitFor();
      const projectId = await project.getAttribute('data-project-id');
      expect(projectId).toBeTruthy();
      await expectCompleted(project, COMPLETION_TIMEOUT_MS);
      // Its link names the project (`/projects/{id}`); the header its title.
      const announced = await until('the completed project posted to Slack', () => received.find((r) => r.path === '/slack' && r.body.includes(`/projects/${projectId}`)));
      const completed = blockKit(announced.body);
      expect(completed.blocks[0]!.text!.text).toContain(title);

      // The delivery log: the project.completed delivery succeeded, its attempt answered 200 'ok'.
      await page.goto(`${BASE_URL}/integrations`);
      await card.waitFor();
      await card.getByRole('button', { name: 'Delivery log' }).click();
      const log = card.getByTestId('delivery-log');
      await log.waitFor();
      const delivery = log.locator('[data-testid="delivery"][data-event="project.completed"][data-status="succeeded"]');
      await until('the succeeded project.completed delivery in the log', async () => {
        if ((await delivery.count()) > 0) return true;
        await log.getByRole('button', { name: 'Refresh' }).click();
        return undefined;
      });
      await delivery.getByText('Succeeded').waitFor();
      const attempt = delivery.getByTestId('delivery-attempt').first();
      expect(await attempt.getByTestId('attempt-status').innerText()).toBe('200');
      expect(await attempt.innerText()).toContain('ok');
      // The test message is in the log too.
      await log.locator('[data-testid="delivery"][data-event="integration.test"]').first().waitFor();
      await expectAccessible(page, 'the delivery log');

      // Remove, after the confirmation.
      await card.getByRole('button', { name: 'Remove Slack' }).click();
      const confirm = page.getByRole('dialog', { name: 'Remove integration' });
      await confirm.getByText('Are you sure you want to remove this integration?').waitFor();
      await expectAccessible(page, 'the removal confirmation');
      await confirm.getByRole('button', { name: 'Remove', exact: true }).click();
      await page.getByText('Integration removed successfully!').waitFor();
      await card.waitFor({ state: 'detached' });
      await page.getByText('No integrations yet').waitFor();
    });
  }, 360_000);
});
