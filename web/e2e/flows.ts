// Steps the browser tests share: signing up, the project list, following a project's generation
// live (the real generator job, its events on the page's own /api/events stream), the operator
// command that changes a plan.
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { simpleParser, type ParsedMail } from 'mailparser';
import { expect } from '@jest/globals';
import { TIERS } from '@trainwright/catalogue';
import type { Locator, Page } from 'playwright-core';
import { BASE_URL } from './browser.js';

export const ROOT = resolve(fileURLToPath(import.meta.url), '../../..');

/** How long a generation job may take from the create call to Completed. */
export const GENERATION_TIMEOUT_MS = 45_000;

/** The status badge's labels (en): a card shows one of these while its job runs. */
export const STATUS_LABELS = [
  'Pending',
  'Analyzing',
  'Generating Content',
  'Creating Slides',
  'Generating Documents',
  'Creating Video',
  'Review',
  'Completed',
  'Failed',
];

export interface StreamEvent {
  name: string;
  data: { project_id?: string; status?: string; progress?: Record<string, number> } | null;
}

/**
 * Records every message of the page's Server-Sent Events streams (what the browser received on
 * /api/events), through the DevTools protocol. Call before the page opens the stream.
 */
export async function recordStreamEvents(page: Page): Promise<StreamEvent[]> {
  const events: StreamEvent[] = [];
  const cdp = await page.context().newCDPSession(page);
  cdp.on('Network.eventSourceMessageReceived', (message) => {
    let data: StreamEvent['data'] = null;
    try {
      data = JSON.parse(message.data) as StreamEvent['data'];
    } catch {
      // Not JSON: kept without data.
    }
    events.push({ name: message.eventName, data });
  });
  await cdp.send('Network.enable');
  return events;
}

/** The statuses the stream announced for one project, in order. */
export function streamedStatuses(events: StreamEvent[], projectId: string): string[] {
  return events
    .filter((e) => e.name === 'project.status_changed' && e.data?.project_id === projectId)
    .map((e) => e.data!.status ?? '');
}

/** Waits until the stream has announced a status for a project; returns every status it announced for it. */
export async function waitForStreamedStatus(events: StreamEvent[], projectId: string, status: string, timeout = 10_000): Promise<string[]> {
  const deadline = Date.now() + timeout;
  while (!streamedStatuses(events, projectId).includes(status)) {
    if (Date.now() > deadline) {
      throw new Error(`The event stream did not announce ${status} for ${projectId} (it announced: ${streamedStatuses(events, projectId).join(', ') || 'nothing'})`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return streamedStatuses(events, projectId);
}

/** Signs up a fresh account from the sign-in screen (the default plan) and waits for the dashboard. */
export async function signUp(page: Page, account: { name: string; company: string; email: string; password?: string }): Promise<void> {
  await page.goto(`${BASE_URL}/`);
  await page.getByRole('button', { name: "Don't have an account? Sign up" }).click();
  await page.getByLabel('Full name').fill(account.name);
  await page.getByLabel('Company').fill(account.company);
  await page.getByLabel('Email address').fill(account.email);
  await page.getByLabel('Password').fill(account.password ?? 'long enough password');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByRole('heading', { name: `Welcome, ${account.name}` }).waitFor();
}

/** Waits until the project list has loaded (empty, or with the account's sample project) and listens for events. */
export async function waitForLiveList(page: Page): Promise<Locator> {
  await page.waitForFunction(
    () => !!document.querySelector('[data-testid="project-stats"]') || document.body.innerText.includes('No projects yet'),
  );
  await page.locator('[data-testid="project-list"][data-live="on"]').waitFor();
  return page.getByTestId('project-list');
}

/** Marks the current document, so `stillSameDocument` can tell that nothing reloaded the page. */
export async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
  });
}

export async function stillSameDocument(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);
}

/**
 * Records, in the page, every status the card titled `title` shows (data-status), from now on (also
 * before the card exists), so a test can tell which states the card went through without polling.
 */
export async function watchCardStatuses(page: Page, title: string): Promise<void> {
  await page.evaluate((wanted) => {
    const w = window as unknown as { __cardStatuses?: Record<string, string[]> };
    w.__cardStatuses ??= {};
    const seen = (w.__cardStatuses[wanted] = [] as string[]);
    const look = () => {
      for (const card of document.querySelectorAll('[data-testid="project-card"]')) {
        if (card.querySelector('h4')?.textContent?.trim() !== wanted) continue;
        const status = card.getAttribute('data-status');
        if (status && seen[seen.length - 1] !== status) seen.push(status);
      }
    };
    look();
    new MutationObserver(look).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['data-status'] });
  }, title);
}

export async function cardStatusesSeen(page: Page, title: string): Promise<string[]> {
  return page.evaluate((wanted) => (window as unknown as { __cardStatuses?: Record<string, string[]> }).__cardStatuses?.[wanted] ?? [], title);
}

/**
 * Checks what the stream announced for a project: its generation, in order, analyzing, then
 * generating content, then completed, with every stage at 100% at the end.
 */
export function expectGenerationStreamed(events: StreamEvent[], projectId: string): void {
  const announced = events.filter((e) => e.name === 'project.status_changed' && e.data?.project_id === projectId).map((e) => e.data!);
  const statuses = announced.map((d) => d.status);
  const analyzing = statuses.indexOf('analyzing');
  const generating = statuses.indexOf('generating_content');
  const completed = statuses.indexOf('completed');
  expect(analyzing).toBeGreaterThanOrEqual(0);
  expect(generating).toBeGreaterThan(analyzing);
  expect(completed).toBeGreaterThan(generating);
  expect(statuses.at(-1)).toBe('completed');
  expect(announced.at(-1)!.progress).toMatchObject({ analyzing: 100, generating_content: 100 });
}

export function cardById(list: Locator, projectId: string): Locator {
  return list.locator(`[data-testid="project-card"][data-project-id="${projectId}"]`);
}

/**
 * Waits for a card to reach Completed, then checks what a finished card shows: the badge, and every
 * stage's progress bar (at least Analyzing and Generating content) at 100%.
 */
export async function expectCompleted(card: Locator, timeout = GENERATION_TIMEOUT_MS): Promise<void> {
  const status = card.getByTestId('project-status');
  // A job that failed says so at once, with its message, instead of running into the time limit.
  await status.filter({ hasText: /^(Completed|Failed)$/ }).waitFor({ timeout });
  if ((await status.innerText()) === 'Failed') {
    const reason = await card.getByRole('note').innerText().catch(() => '(no message)');
    throw new Error(`The project's generation failed: ${reason}`);
  }
  expect(await status.innerText()).toBe('Completed');
  expect(await card.getAttribute('data-status')).toBe('completed');
  const bars = card.getByRole('progressbar');
  const stages: string[] = [];
  for (const bar of await bars.all()) {
    stages.push((await bar.getAttribute('aria-label')) ?? '');
    expect(await bar.getAttribute('aria-valuenow')).toBe('100');
  }
  expect(stages).toEqual(expect.arrayContaining(['Analyzing', 'Generating content']));
  for (const stage of ['analyzing', 'generating_content']) {
    expect(await card.getByTestId(`progress-${stage}`).innerText()).toBe('100%');
  }
}

/**
 * The operator command that grants an account a plan (billing's), run against the test stack; it
 * returns once auth serves the new plan.
 */
export async function setTier(email: string, tier: 'free-trial' | 'professional' | 'business' | 'enterprise'): Promise<string> {
  const { stdout } = await promisify(execFile)('node', ['services/billing/dist/src/admin.js', 'set-tier', '--email', email, '--tier', tier, '--wait'], {
    cwd: ROOT,
    env: process.env,
    timeout: 30_000,
  });
  return stdout.trim();
}

/** Signs up and moves the new account to a paid plan, as support would; the dashboard then shows it. */
export async function signUpOnPlan(page: Page, account: { name: string; company: string; email: string }, tier: 'professional' | 'business' | 'enterprise'): Promise<Locator> {
  await signUp(page, account);
  expect(await setTier(account.email, tier)).toContain(`-> ${tier}`);
  await page.reload();
  await page.getByTestId('subscription-card').getByText(TIERS[tier].name).waitFor();
  return waitForLiveList(page);
}

export const signUpOnProfessional = (page: Page, account: { name: string; company: string; email: string }) => signUpOnPlan(page, account, 'professional');

/** Enterprise: the plan with SCORM (scormCompliance). */
export const signUpOnEnterprise = (page: Page, account: { name: string; company: string; email: string }) => signUpOnPlan(page, account, 'enterprise');

export async function deleteProject(page: Page, card: Locator, title: string): Promise<void> {
  await card.getByRole('button', { name: `More actions for ${title}` }).click();
  await page.getByRole('menuitem', { name: 'Delete project' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete project' });
  await confirm.getByText('Are you sure you want to delete this project?').waitFor();
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await confirm.waitFor({ state: 'detached' });
  await card.waitFor({ state: 'detached' });
}

/**
 * Opens the create form (/projects/new) with the first 'Create Project' link of the page (the
 * page's own, or the top bar's) and returns the form.
 */
export async function openCreateForm(page: Page): Promise<Locator> {
  await page.getByRole('link', { name: 'Create Project' }).first().click();
  const form = page.getByRole('form', { name: 'Create Project' });
  await form.waitFor();
  return form;
}

/** The path the create form's action is posted to (Remix's data request for /projects/new). */
export const CREATE_ACTION_PATH = '/projects/new.data';

/** The project card whose title is `title`, exactly. */
export function cardTitled(list: Locator, title: string): Locator {
  return list.locator('[data-testid="project-card"]', { has: list.page().getByRole('heading', { name: title, exact: true }) });
}

/**
 * The invitation link of the newest email the local outbox holds for `to`, read with the operator
 * command (`npm run admin -- outbox`) and parsed with mailparser, as a person would open it.
 */
export async function invitationLink(to: string): Promise<string> {
  const mail = await emailTo(to);
  const link = mail.text?.match(/https?:\/\/\S+\/invitations\/[A-Za-z0-9_-]+/)?.[0];
  if (!link) throw new Error(`no invitation link in: ${mail.text}`);
  return link;
}

/** The newest email in the local outbox to `to` (with `subject` when given), read with the operator
 * command (`npm run admin -- outbox`) and parsed; waits a few seconds for one sent by a consumer. */
export async function emailTo(to: string, subject?: string): Promise<ParsedMail> {
  const admin = (...args: string[]) => promisify(execFile)('node', ['services/auth/dist/src/admin.js', 'outbox', ...args], { cwd: ROOT, env: process.env, timeout: 30_000 });
  for (let tries = 0; ; tries++) {
    // One line an email, oldest first: name, To, Subject (tab-separated; the subject as encoded).
    const { stdout } = await admin();
    const names = stdout
      .split('\n')
      .map((line) => line.split('\t'))
      .filter(([, recipient]) => recipient === `To: ${to}`)
      .map(([name]) => name!)
      .reverse();
    for (const name of names) {
      const mail = await simpleParser((await admin('--show', name)).stdout);
      if (subject !== undefined && mail.subject !== subject) continue;
      expect(mail.html).toBeTruthy();
      return mail;
    }
    if (tries >= 20) throw new Error(`no email to ${to}${subject ? ` about "${subject}"` : ''} in the outbox`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The Owner invites `email` with `role` from /team; resolves once the invitation's link shows. */
export async function inviteFromTeamPage(owner: Page, email: string, role: 'editor' | 'commenter' | 'viewer'): Promise<void> {
  await owner.goto(`${BASE_URL}/team`);
  const form = owner.getByRole('form', { name: 'Invite a colleague' });
  await form.getByLabel('Email', { exact: true }).fill(email);
  await form.getByLabel('Role').selectOption(role);
  await form.getByRole('button', { name: 'Send invitation' }).click();
  await owner.getByTestId('invite-link').waitFor();
}

/** On an invitation's page (signed out): signs up with the invited address filled in, accepts, and lands on the dashboard. */
export async function signUpAndAccept(page: Page, person: { name: string; company: string }): Promise<void> {
  await page.getByLabel('Full name').fill(person.name);
  await page.getByLabel('Company', { exact: true }).fill(person.company);
  await page.getByLabel('Password').fill('password1');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByRole('button', { name: 'Accept invitation' }).click();
  await page.waitForURL(`${BASE_URL}/`);
}

/** Opens an item of a card's actions menu. */
export async function cardMenu(page: Page, card: Locator, title: string, item: string): Promise<void> {
  await card.getByRole('button', { name: `More actions for ${title}` }).click();
  await page.getByRole('menu', { name: 'Project actions' }).getByRole('menuitem', { name: item }).click();
}
