// SCORM export end to end, against the real scorm service (the package builder) and the live feed:
// 1. An account on the Enterprise plan (the operator command; only Enterprise has SCORM): the SCORM
//    Compliance panel's 'Open SCORM Export' offers its projects (the sample), and once the sample
//    is deleted says to create a project first; it creates a Script to Slides project with the MP4
//    format, follows it to Completed, and pays for its narrated video, which renders.
// 2. 'SCORM Export' on its card: Export Package is disabled while the name is blank; a name, one
//    objective and an activity left without a title; Export posts SCORM 1.2 with tracking, the
//    objective and no activity (rows without a title are dropped); the project has its knowledge
//    check (one question), so the quiz rules stay offered (a project without questions is offered
//    only the viewing rules: web/test/scorm.test.ts); the success box shows the server's message.
// 3. My Packages: the package, newest first, follows its build live (scorm.* on the page's own
//    /api/events stream) to Ready with a Download button; the zip downloads under the package's
//    name, starts with 'PK', and the list then counts one download. Back returns to the form.
// 3b. The package in an LMS on another origin (the scorm service's test LMS: scorm-again's SCORM 1.2
//    runtime on 127.0.0.1, services/scorm/test/runtime/lms.ts): course.js names the absolute
//    endpoint of this app's LRS with the package's credential, channel scorm; playing the packaged
//    video posts the Video Profile's statements to /api/xapi/statements, answered 200 (CORS from
//    any origin), from an anonymous learner (never the LMS's); the LMS's own tracking goes on; the
//    project's analytics count the view on the scorm channel.
// 4. The project translated into Spanish (through the API; the Multi-Language dialog has its own
//    test): the dialog's language picker offers English (primary) and Spanish; Export posts
//    `language: 'es'`, and My Packages lists the package as Spanish and follows it to Ready.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Locator, Page, Response } from 'playwright-core';
// The scorm service's own test LMS and zip reader: the package runs as its runtime tests run it.
import { readZip } from '../../../services/scorm/test/package/fixtures.js';
import { TestLms } from '../../../services/scorm/test/runtime/lms.js';
import { BASE_URL, launchBrowser, uniqueEmail, withScreenshotOnFailure, expectAccessible } from '../browser.js';
import { cardMenu, cardTitled, deleteProject, openCreateForm, recordStreamEvents, signUpOnEnterprise, waitForLiveList, type StreamEvent, expectCompleted } from '../flows.js';

/** Generation and the render of the slides and documents of a short script. */
const RENDER_TIMEOUT_MS = 150_000;
/** The project a new account starts with. */
const SAMPLE_TITLE = 'Welcome Training';
/** The package's build (the narrated video, slides, player and manifest). */
const BUILD_TIMEOUT_MS = 120_000;
/** A statement batch reaching the learning record store (the player sends every 2 s). */
const STATEMENT_TIMEOUT_MS = 30_000;
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
  /** The downloaded package, kept for the LMS. */
  let packageZip = '';
  let workDir = '';

  beforeAll(async () => {
    workDir = await mkdtemp(join(tmpdir(), 'tw-e2e-scorm-'));
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1400, height: 1000 }, acceptDownloads: true });
    streamed = await recordStreamEvents(page);
  });

  afterAll(async () => {
    await browser?.close();
    if (workDir) await rm(workDir, { recursive: true, force: true });
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
      // The MP4 format: the package carries the narrated video.
      await form.getByRole('radio', { name: 'MP4 video' }).check();
      await expectAccessible(page, 'Create Project dialog');
      await form.getByRole('button', { name: 'Create Project' }).click();
      await form.waitFor({ state: 'detached' });
      const card = cardTitled(list, title);
      await card.waitFor();
      projectId = (await card.getAttribute('data-project-id'))!;
      await expectCompleted(card, RENDER_TIMEOUT_MS);

      // The narrated video, paid for through the local test checkout, renders (the toasts closed first: they may cover the card).
      const toasts = page.getByTestId('toast');
      while ((await toasts.count()) > 0) await toasts.first().getByRole('button', { name: 'Close' }).click({ timeout: 2000 }).catch(() => undefined);
      await card.getByRole('button', { name: 'Pay for video' }).click();
      const payment = page.getByRole('dialog', { name: 'Payment Required' });
      const total = (await payment.getByTestId('payment-total').innerText()).trim();
      await payment.getByRole('button', { name: `Pay ${total}` }).click();
      await page.waitForURL(/\/checkout\//);
      await page.getByRole('button', { name: 'Pay' }).click();
      await page.waitForURL(/\/billing-success\?session_id=/);
      await page.waitForURL(`${BASE_URL}/`, { timeout: 10_000 });
      await cardTitled(await waitForLiveList(page), title).and(page.locator('[data-video-status="ready"]')).waitFor({ timeout: RENDER_TIMEOUT_MS });

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
      packageZip = join(workDir, 'package.zip');
      await download.saveAs(packageZip);
      expect((await readFile(packageZip)).subarray(0, 2).toString('latin1')).toBe('PK');
      await page.getByTestId('toast').getByText(new RegExp(`^Download complete: ${packageName}\\.zip`)).waitFor();
      await row.getByText('1 download', { exact: false }).waitFor();

      await dialog.getByRole('button', { name: 'Back' }).click();
      expect(await dialog.getByLabel('Package name').inputValue()).toBe(packageName);
    });
  }, 2 * RENDER_TIMEOUT_MS + BUILD_TIMEOUT_MS + 90_000);

  it("reports the packaged video to this app's learning record store from an LMS on another origin", async () => {
    await withScreenshotOnFailure(page, 'scorm-lrs', async () => {
      expect(packageZip).toBeTruthy();
      const contentDir = join(workDir, 'package');
      for (const [name, entry] of await readZip(packageZip)) {
        await mkdir(dirname(join(contentDir, name)), { recursive: true });
        await writeFile(join(contentDir, name), entry.data);
      }
      const course = JSON.parse((await readFile(join(contentDir, 'course.js'), 'utf8')).replace(/^window\.__TW_COURSE__ = /, '').replace(/;\s*$/, ''));
      // The absolute endpoint (PUBLIC_WEB_URL: this app), the package's credential, the channel.
      const home = `${BASE_URL}/api/xapi/`;
      expect(course.video).toMatchObject({ src: 'media/video.mp4' });
      expect(course.lrs).toMatchObject({ endpoint: home, activityId: `${home}activities/projects/${projectId}`, learnerHomePage: home, channel: 'scorm' });
      expect(course.lrs.authorization).toMatch(/^Basic [A-Za-z0-9+/=]+$/);

      const lms = await new TestLms().start();
      const learner = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      try {
        lms.serve(contentDir);
        // The LMS knows its learner; Trainwright must not learn who it is.
        lms.launch('e2e', { core: { entry: 'ab-initio', credit: 'credit', student_id: 'lms-learner-4711', student_name: 'Doe, Jane' } });
        expect(new URL(lms.origin).origin).not.toBe(new URL(BASE_URL).origin);
        const answered: { status: number; statements: Record<string, any>[] }[] = [];
        learner.on('response', (r: Response) => {
          if (r.request().method() === 'POST' && r.url() === `${home}statements`) answered.push({ status: r.status(), statements: r.request().postDataJSON() });
        });
        const statementAnswered = async (verb: string) => {
          const deadline = Date.now() + STATEMENT_TIMEOUT_MS;
          while (!answered.some((a) => a.statements.some((s) => s.verb.id === verb))) {
            if (Date.now() > deadline) throw new Error(`No ${verb} statement reached the LRS (answers: ${JSON.stringify(answered.map((a) => a.status))})`);
            await new Promise((r) => setTimeout(r, 100));
          }
        };

        await learner.goto(lms.lmsUrl('1.2', 'e2e'));
        const sco = learner.frameLocator('[data-testid="sco"]');
        await sco.getByTestId('position').filter({ hasText: /\S/ }).waitFor();
        await statementAnswered('http://adlnet.gov/expapi/verbs/initialized');
        // The overview, then the video: played for a moment, then paused.
        await sco.getByTestId('next').click();
        const video = sco.getByTestId('video');
        await video.waitFor();
        await video.evaluate(async (v: HTMLVideoElement) => {
          v.muted = true;
          await v.play();
        });
        const playing = Date.now() + 20_000;
        while ((await video.evaluate((v: HTMLVideoElement) => v.currentTime)) < 2) {
          if (Date.now() > playing) throw new Error('The packaged video did not play');
          await new Promise((r) => setTimeout(r, 100));
        }
        await video.evaluate((v: HTMLVideoElement) => v.pause());
        await statementAnswered('https://w3id.org/xapi/video/verbs/paused');
        await sco.getByTestId('exit').click();
        await sco.getByTestId('exited').waitFor();
        await statementAnswered('http://adlnet.gov/expapi/verbs/terminated');

        // Every batch stored (200), each statement once the LRS has it.
        expect(answered.map((a) => a.status).filter((s) => s !== 200)).toEqual([]);
        const statements = [...new Map(answered.flatMap((a) => a.statements).map((s) => [s.id, s])).values()];
        expect(statements.map((s) => s.verb.id)).toEqual([
          'http://adlnet.gov/expapi/verbs/initialized',
          'https://w3id.org/xapi/video/verbs/played',
          'https://w3id.org/xapi/video/verbs/paused',
          'http://adlnet.gov/expapi/verbs/terminated',
        ]);
        for (const s of statements) {
          expect(s.actor).toEqual({ objectType: 'Agent', account: { homePage: home, name: expect.stringMatching(/^[0-9a-f-]{36}$/) } });
          expect(s.context.extensions[`${home}extensions/channel`]).toBe('scorm');
        }
        expect(JSON.stringify(statements)).not.toMatch(/lms-learner-4711|Jane/);
        // The LMS's own record of the session.
        const committed = await (async () => {
          const deadline = Date.now() + 10_000;
          for (;;) {
            const last = lms.commits('e2e').find((c) => c.terminate);
            if (last) return last;
            if (Date.now() > deadline) throw new Error('The LMS received no terminate commit');
            await new Promise((r) => setTimeout(r, 100));
          }
        })();
        expect(committed.cmi).toMatchObject({ core: { exit: 'suspend' } });
      } finally {
        await learner.close();
        await lms.stop();
      }

      // The owner's analytics count the view, on the scorm channel.
      const deadline = Date.now() + 30_000;
      for (;;) {
        const res = await page.request.get(`${BASE_URL}/api/analytics/projects/${projectId}?channel=scorm`, { headers: { accept: 'application/json' } });
        expect(res.status()).toBe(200);
        if (((await res.json()) as { analytics: { total_views: number } }).analytics.total_views >= 1) break;
        if (Date.now() > deadline) throw new Error('The analytics never counted the package view');
        await new Promise((r) => setTimeout(r, 1000));
      }
    });
  }, STATEMENT_TIMEOUT_MS * 4 + 60_000);

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
