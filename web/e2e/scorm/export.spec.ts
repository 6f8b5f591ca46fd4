// SCORM export end to end, against the real scorm service (the package builder) and the live feed:
// 1. An account on the Enterprise plan (the operator command; only Enterprise has SCORM): the SCORM
//    Compliance panel's 'Open SCORM Export' offers its projects (the sample), and once the sample
//    is deleted says to create a project first; it creates a Script to Slides project and follows
//    it to Completed.
// 2. 'SCORM Export' on its card: Export Package is disabled while the name is blank; a name, one
//    objective and an activity left without a title; Export posts SCORM 1.2 with tracking, the
//    objective and no activity (rows without a title are dropped); the project has its knowledge
//    check (one question), so the quiz rules stay offered (a project without questions is offered
//    only the viewing rules: web/test/scorm.test.ts); the success box shows the server's message.
// 3. My Packages: the package, newest first, follows its build live (scorm.* on the page's own
//    /api/events stream) to Ready with a Download button; the zip downloads under the package's
//    name, starts with 'PK', and the list then counts one download. Back returns to the form.
// 4. The project translated into Spanish (through the API; the Multi-Language dialog has its own
//    test): the dialog's language picker offers English (primary) and Spanish; Export posts
//    `language: 'es'`, and My Packages lists the package as Spanish and follows it to Ready.
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser, uniqueEmail, withScreenshotOnFailure, expectAccessible } from '../browser.js';
import { cardMenu, cardTitled, deleteProject, openCreateForm, recordStreamEvents, signUpOnEnterprise, type StreamEvent, expectCompleted } from '../flows.js';

/** Generation and the render of the slides and documents of a short script. */
const RENDER_TIMEOUT_MS = 150_000;
/** The project a new account starts with. */
const SAMPLE_TITLE = 'Welcome Training';
/** The package's build (no video: slides, player and manifest). */
const BUILD_TIMEOUT_MS = 120_000;
/** A Spanish translation of a two-slide script (Apertium). */
const TRANSLATION_TIMEOUT_MS = 120_000;

const SCRIPT = [
  '[SCENE: Before You Drive]',
  'NARRATOR: Walk around the forklift and check the forks, tyres and mast.',
  '',
  '[SCENE: Lifting Safely]',
  'NARRATOR: Keep the load low and tilted back while you travel.',
  '',
].join('\n');

/** Waits until the stream announced that the package is ready (a failure ends the wait with its reason). */
async function waitForStreamedReady(events: StreamEvent[], packageId: string, timeout: number): Promise<void> {
  const deadline = Date.now() + timeout;
  const of = (name: string) => events.find((e) => e.name === name && (e.data as { package_id?: string } | null)?.package_id === packageId);
  while (!of('scorm.ready')) {
    const failed = of('scorm.failed');
    if (failed) throw new Error(`The package build failed: ${JSON.stringify(failed.data)}`);
    if (Date.now() > deadline) throw new Error(`The stream did not announce the package ready within ${timeout} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('SCORM export', () => {
  let browser: Browser;
  let page: Page;
  let streamed: StreamEvent[];
  const email = uniqueEmail('scorm');
  const suffix = Math.random().toString(36).slice(2, 8);
  const title = `Forklift ${suffix} Course`;
  const packageName = `Forklift Safety ${suffix}`;
  let projectId = '';

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1400, height: 1000 }, acceptDownloads: true });
    streamed = await recordStreamEvents(page);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('exports a project as a SCORM package and downloads it once it is built', async () => {
    await withScreenshotOnFailure(page, 'scorm-export', async () => {
      // 1. Enterprise, a completed project.
      const list = await signUpOnEnterprise(page, { name: 'Sam Scorm', company: 'LMS Ready Training', email });
      // The promo panel's way in: a picker of the account's projects (the sample one), then, with
      // the sample deleted, no project to export.
      const promo = page.getByTestId('promo-scorm');
      expect(await promo.getAttribute('data-included')).toBe('true');
      const fromPromo = page.getByRole('dialog', { name: 'SCORM Export' });
      await promo.getByRole('button', { name: 'Open SCORM Export' }).click();
      const picker = fromPromo.getByLabel('Project', { exact: true });
      await picker.waitFor();
      expect(await picker.locator('option').allInnerTexts()).toEqual([SAMPLE_TITLE]);
      await expectAccessible(page, 'SCORM Export dialog from the promo panel');
      await fromPromo.getByRole('button', { name: 'Close' }).first().click();
      await fromPromo.waitFor({ state: 'detached' });
      await deleteProject(page, cardTitled(list, SAMPLE_TITLE), SAMPLE_TITLE);
      await promo.getByRole('button', { name: 'Open SCORM Export' }).click();
      await fromPromo.getByText('Create a project first to export as SCORM package.').waitFor();
      await fromPromo.getByRole('button', { name: 'Close' }).first().click();
      await fromPromo.waitFor({ state: 'detached' });

      const form = await openCreateForm(page);
      await form.getByLabel('Project title').fill(title);
      await form.getByLabel('Script', { exact: true }).fill(SCRIPT);
      await expectAccessible(page, 'Create Project dialog');
      await form.getByRole('button', { name: 'Create Project' }).click();
      await form.waitFor({ state: 'detached' });
      const card = cardTitled(list, title);
      await card.waitFor();
      projectId = (await card.getAttribute('data-project-id'))!;
      await expectCompleted(card, RENDER_TIMEOUT_MS);

      // 2. The settings form.
      await cardMenu(page, card, title, 'SCORM Export');
      const dialog = page.getByRole('dialog', { name: 'SCORM Export' });
      const exportButton = dialog.getByRole('button', { name: 'Export Package' });
      await exportButton.waitFor();
      expect(await exportButton.isDisabled()).toBe(true);
      expect(await dialog.getByLabel('SCORM version').inputValue()).toBe('1.2');
      expect(await dialog.getByLabel('Include tracking').isChecked()).toBe(true);
      await expectAccessible(page, 'SCORM Export dialog');
      await dialog.getByLabel('Package name').fill('   ');
      expect(await exportButton.isDisabled()).toBe(true);
      await dialog.getByLabel('Package name').fill(packageName);
      expect(await exportButton.isDisabled()).toBe(false);

      await dialog.getByRole('button', { name: 'Add objective' }).click();
      const objective = dialog.getByRole('group', { name: 'Objective 1' });
      await objective.getByLabel('Title').fill('Inspect a forklift before a shift');
      await objective.getByLabel('Type').selectOption('application');
      await dialog.getByRole('button', { name: 'Add activity' }).click();
      expect(await dialog.getByRole('group', { name: 'Activity 1' }).getByLabel('Estimated duration (minutes)').inputValue()).toBe('10');

      const path = `/api/scorm/export/${projectId}`;
      const isListRead = (url: string, method: string) => method === 'GET' && new URL(url).pathname === '/api/scorm/packages';
      // On success the list reloads once; after that only the live events move it.
      const reloaded = page.waitForResponse((r) => isListRead(r.url(), r.request().method()));
      const [request, response] = await Promise.all([
        page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === path),
        page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === path),
        exportButton.click(),
      ]);
      expect(request.postDataJSON()).toMatchObject({
        project_id: projectId,
        package_name: packageName,
        scorm_version: '1.2',
        include_tracking: true,
        learning_objectives: [{ id: 'objective-1', title: 'Inspect a forklift before a shift', description: '', type: 'application' }],
        activities: [], // its title was left empty
        tracking: { completion_rule: 'viewed_and_passed', completion_threshold: 100, passing_score: 80, status_pair: 'passed_incomplete' },
      });
      const answer = (await response.json()) as { package_id?: string; message?: string; detail?: unknown };
      expect({ status: response.status(), answer }).toMatchObject({ status: 202, answer: { success: true } });
      const packageId = answer.package_id!;
      await dialog.locator('[data-testid="scorm-result"][data-result="success"]').getByText('SCORM package export started. It will appear in My Packages when it is ready.').waitFor();

      // 3. My Packages follows the build live, to Ready with Download.
      await reloaded;
      let listReads = 0;
      page.on('request', (r) => {
        if (isListRead(r.url(), r.method())) listReads++;
      });
      await dialog.getByRole('button', { name: 'My Packages' }).click();
      const row = dialog.locator(`[data-testid="scorm-package"][data-package-id="${packageId}"]`);
      await row.waitFor();
      const firstSeen = await row.getAttribute('data-status');
      expect(await dialog.getByTestId('scorm-package').first().getAttribute('data-package-id')).toBe(packageId);
      await row.getByText('SCORM 1.2').waitFor();
      await waitForStreamedReady(streamed, packageId, BUILD_TIMEOUT_MS);
      await dialog.locator(`[data-testid="scorm-package"][data-package-id="${packageId}"][data-status="ready"]`).waitFor({ timeout: 30_000 });
      // Seen building: the event, not a reload, made it ready.
      if (firstSeen !== 'ready') expect(listReads).toBe(0);
      expect(await row.getByText('0 downloads').count()).toBe(1);

      const [download, zip] = await Promise.all([
        page.waitForEvent('download', { timeout: 60_000 }),
        page.waitForResponse((r) => new URL(r.url()).pathname === `/api/scorm/packages/${packageId}/download`, { timeout: 60_000 }),
        row.getByRole('button', { name: `Download ${packageName}` }).click(),
      ]);
      expect(zip.status()).toBe(200);
      expect(zip.headers()['content-type']).toContain('application/zip');
      expect(download.suggestedFilename()).toBe(`${packageName}.zip`);
      const file = await download.path();
      expect((await readFile(file!)).subarray(0, 2).toString('latin1')).toBe('PK');
      await page.getByTestId('toast').getByText(new RegExp(`^Download complete: ${packageName}\\.zip`)).waitFor();
      await row.getByText('1 download', { exact: false }).waitFor();

      await dialog.getByRole('button', { name: 'Back' }).click();
      expect(await dialog.getByLabel('Package name').inputValue()).toBe(packageName);
    });
  }, RENDER_TIMEOUT_MS + BUILD_TIMEOUT_MS + 90_000);

  it("exports the project's Spanish translation, chosen in the dialog's language picker", async () => {
    await withScreenshotOnFailure(page, 'scorm-export-translated', async () => {
      expect(projectId).toBeTruthy();
      const started = await page.evaluate(async (id) => {
        const res = await fetch(`/api/projects/${id}/bulk-translate`, {
          method: 'POST',
          credentials: 'same-origin',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ target_languages: ['es'] }),
        });
        return res.status;
      }, projectId);
      expect(started).toBe(202);
      const deadline = Date.now() + TRANSLATION_TIMEOUT_MS;
      const translated = () => streamed.some((e) => e.name === 'translation.completed' && e.data?.project_id === projectId);
      while (!translated()) {
        const failed = streamed.find((e) => e.name === 'translation.failed' && e.data?.project_id === projectId);
        if (failed) throw new Error(`The translation failed: ${JSON.stringify(failed.data)}`);
        if (Date.now() > deadline) throw new Error('The Spanish translation did not complete in time');
        await new Promise((r) => setTimeout(r, 250));
      }
      const dialog = page.getByRole('dialog', { name: 'SCORM Export' });
      await dialog.getByRole('button', { name: 'Close' }).first().waitFor();
      await expectAccessible(page, 'SCORM Export dialog with a translated language');
      await dialog.getByRole('button', { name: 'Close' }).first().click();
      await dialog.waitFor({ state: 'detached' });
      const card = cardTitled(page.getByTestId('project-list'), title);
      await card.getByTestId('language-count').getByText('2 languages').waitFor({ timeout: 30_000 });

      await cardMenu(page, card, title, 'SCORM Export');
      const picker = dialog.getByTestId('scorm-language');
      await picker.waitFor();
      expect(await picker.locator('option').allInnerTexts()).toEqual(['English (primary)', 'Spanish']);
      expect(await picker.inputValue()).toBe('en');
      await picker.selectOption('es');
      await dialog.getByLabel('Package name').fill(`${packageName} ES`);
      const path = `/api/scorm/export/${projectId}`;
      const [request, response] = await Promise.all([
        page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === path),
        page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === path),
        dialog.getByRole('button', { name: 'Export Package' }).click(),
      ]);
      expect(request.postDataJSON()).toMatchObject({ package_name: `${packageName} ES`, language: 'es' });
      expect(response.status()).toBe(202);
      const packageId = ((await response.json()) as { package_id: string }).package_id;

      await dialog.getByRole('button', { name: 'My Packages' }).click();
      const row = dialog.locator(`[data-testid="scorm-package"][data-package-id="${packageId}"]`);
      await row.getByText(/^SCORM 1\.2 · Spanish · /).waitFor();
      await waitForStreamedReady(streamed, packageId, BUILD_TIMEOUT_MS);
      await dialog.locator(`[data-testid="scorm-package"][data-package-id="${packageId}"][data-status="ready"]`).waitFor({ timeout: 30_000 });
    });
  }, TRANSLATION_TIMEOUT_MS + BUILD_TIMEOUT_MS + 30_000);
});
