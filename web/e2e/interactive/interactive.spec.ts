// Interactive video end to end, against the real scorm service (the versions and the job that pins
// the narrated video), media-render (the video) and the live feed:
// 1. A new account on the free trial: 'Interactive Video' in the card menu (marked Premium) shows
//    the upgrade message. The operator command moves it to Business (it has learner analytics).
// 2. A Script to Slides project with the MP4 visual format goes to Completed; its narrated video is
//    paid for through the local test checkout and renders.
// 3. 'Interactive Video' on its card: Create is disabled with no element and 'Reload Template' is
//    hidden; the duration becomes the narrated video's as the browser measures it; 'Use Template'
//    loads the project's template (chapters from its slides, the video's duration, the same as the
//    browser's) and shows 'Reload Template'; a hotspot and a call to action are added with the
//    catalogue's defaults and edited, and a quiz at 2 s; the timeline moves the hotspot with the arrow keys; the
//    preview plays in the real player with the hotspot on it; a duration past the video's end is
//    flagged and a call to action after it stops Create before anything is sent; Create posts the request
//    (analytics on, threshold 85), the success notice shows and the dialog closes.
// 4. The preparation is followed live (interactive_video.* on the page's own /api/events) to
//    ready; the dialog then shows Ready (without a reload), the share link and the embed code.
// 5. The share link /watch/<token>, signed out: the title, the player with the hotspot button
//    (its information opens) and the call to action; the player's statements reach the learning
//    record store (200, the Video Profile's initialized first, an anonymous learner); the visitor
//    plays, answers the first quiz and leaves a few seconds in. Only /embed/<token> may be framed.
// 6. The owner's learner analytics: /analytics counts the view, and the project's analytics (from
//    its card menu) show the answer and the drop-off where the visitor left.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Locator, Page } from 'playwright-core';
import { BASE_URL, launchBrowser, uniqueEmail, withScreenshotOnFailure, expectAccessible } from '../browser.js';
import { cardMenu, cardTitled, openCreateForm, recordStreamEvents, setTier, signUp, type StreamEvent, waitForLiveList, expectCompleted } from '../flows.js';

/** Generation, rendering of the slides and documents of a short script. */
const RENDER_TIMEOUT_MS = 150_000;
/** The project a new account starts with. */
const SAMPLE_TITLE = 'Welcome Training';
/** The job that pins the video and publishes the version. */
const PREPARE_TIMEOUT_MS = 90_000;

const SCRIPT = [
  '[SCENE: Walkaround Check]',
  'NARRATOR: Walk around the forklift and look at the forks, tyres and mast.',
  '',
  '[SCENE: Safe Travel]',
  'NARRATOR: Keep the load low and tilted back while you travel.',
  '',
].join('\n');

const HOTSPOT = { title: 'Check the forks', info: 'Look for cracks and bends before every shift.' };
const CTA = { text: 'Book a refresher', url: 'https://example.com/forklift-refresher' };
const QUIZ = { question: 'When do you check the forks?', options: ['Once a month', 'Before every shift', 'Never'] };
/** The analytics follow the statements within seconds (the rollup job); the page is reloaded until they do. */
const ANALYTICS_TIMEOUT_MS = 30_000;

/** Waits until an input shows `value` (it follows changes made elsewhere, e.g. the timeline, after a render). */
async function waitForValue(input: Locator, value: string, timeout = 5000): Promise<void> {
  const deadline = Date.now() + timeout;
  let seen = await input.inputValue();
  while (seen !== value) {
    if (Date.now() > deadline) throw new Error(`Expected the value ${value}, still ${seen}`);
    await new Promise((r) => setTimeout(r, 50));
    seen = await input.inputValue();
  }
}

async function dismissToasts(page: Page): Promise<void> {
  const toasts = page.getByTestId('toast');
  while ((await toasts.count()) > 0) {
    await toasts.first().getByRole('button', { name: 'Close' }).click({ timeout: 2000 }).catch(() => undefined); // it may have gone by itself
  }
}

/** Waits until the stream announced the project's interactive video ready (a failure ends the wait with its reason). */
async function waitForStreamedReady(events: StreamEvent[], projectId: string, timeout: number): Promise<void> {
  const deadline = Date.now() + timeout;
  const of = (name: string) => events.find((e) => e.name === name && e.data?.project_id === projectId);
  while (!of('interactive_video.ready')) {
    const failed = of('interactive_video.failed');
    if (failed) throw new Error(`The interactive video failed: ${JSON.stringify(failed.data)}`);
    if (Date.now() > deadline) throw new Error(`The stream did not announce the interactive video ready within ${timeout} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('interactive video', () => {
  let browser: Browser;
  let page: Page;
  let streamed: StreamEvent[];
  const email = uniqueEmail('interactive');
  const suffix = Math.random().toString(36).slice(2, 8);
  const title = `Forklift ${suffix} Walkaround`;
  let projectId = '';
  let token = '';

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    streamed = await recordStreamEvents(page);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('shows the trial the upgrade message, then renders a narrated video on Business', async () => {
    await withScreenshotOnFailure(page, 'interactive-setup', async () => {
      // 1. The free trial: the menu item is there, marked Premium; the dialog offers the upgrade.
      await signUp(page, { name: 'Ivy Interactive', company: 'Clickable Training', email });
      let list = await waitForLiveList(page);
      const sample = cardTitled(list, SAMPLE_TITLE);
      await sample.getByRole('button', { name: `More actions for ${SAMPLE_TITLE}` }).click();
      const item = page.getByRole('menu', { name: 'Project actions' }).getByRole('menuitem', { name: /^Interactive Video/ });
      await item.getByText('Premium', { exact: true }).waitFor();
      await item.click();
      const locked = page.getByRole('dialog', { name: 'Interactive Video' });
      await locked.getByTestId('iv-locked').getByText('Feature Not Available').waitFor();
      await locked.getByText('Interactive videos are included from the Professional plan.').waitFor();
      await expectAccessible(page, 'interactive video dialog, locked');
      expect(await locked.getByRole('link', { name: 'Upgrade Plan' }).getAttribute('href')).toBe('/billing');
      expect(await locked.getByLabel('Use Template').count()).toBe(0);
      await locked.getByRole('button', { name: 'Close' }).first().click();
      await locked.waitFor({ state: 'detached' });

      expect(await setTier(email, 'business')).toContain('-> business');
      await page.reload();
      await page.getByTestId('subscription-card').getByText('Business').waitFor();
      list = await waitForLiveList(page);

      // 2. An MP4 project, generated and rendered, then its narrated video paid for and rendered.
      const form = await openCreateForm(page);
      await form.getByLabel('Project title').fill(title);
      await form.getByLabel('Script', { exact: true }).fill(SCRIPT);
      await form.getByRole('radio', { name: 'MP4 video' }).check();
      await form.getByRole('button', { name: 'Create Project' }).click();
      await form.waitFor({ state: 'detached' });
      const card = cardTitled(list, title);
      await card.waitFor();
      projectId = (await card.getAttribute('data-project-id'))!;
      expect(projectId).toBeTruthy();
      await expectCompleted(card, RENDER_TIMEOUT_MS);

      await dismissToasts(page);
      await card.getByRole('button', { name: 'Pay for video' }).click();
      const payment = page.getByRole('dialog', { name: 'Payment Required' });
      const total = (await payment.getByTestId('payment-total').innerText()).trim();
      await expectAccessible(page, 'video payment dialog');
      await payment.getByRole('button', { name: `Pay ${total}` }).click();
      await page.waitForURL(/\/checkout\//);
      await page.getByRole('button', { name: 'Pay' }).click();
      await page.waitForURL(/\/billing-success\?session_id=/);
      await page.waitForURL(`${BASE_URL}/`, { timeout: 10_000 });
      const paid = cardTitled(await waitForLiveList(page), title);
      await paid.and(page.locator('[data-video-status="ready"]')).waitFor({ timeout: RENDER_TIMEOUT_MS });
    });
  }, 2 * RENDER_TIMEOUT_MS + 60_000);

  it('builds an interactive video from the template with a hotspot and a call to action, and creates it', async () => {
    await withScreenshotOnFailure(page, 'interactive-create', async () => {
      expect(projectId).toBeTruthy();
      await dismissToasts(page);
      const list = await waitForLiveList(page);
      const card = cardTitled(list, title);

      await cardMenu(page, card, title, 'Interactive Video');
      const dialog = page.getByRole('dialog', { name: 'Interactive Video' });
      const useTemplate = dialog.getByLabel('Use Template');
      await useTemplate.waitFor();
      // Nothing yet: no element, Create disabled, no 'Reload Template'; the duration becomes the
      // narrated video's once the browser has measured it (instead of the editor's 300 s).
      const create = dialog.getByRole('button', { name: 'Create', exact: true });
      expect(await create.isDisabled()).toBe(true);
      expect(await dialog.getByTestId('iv-count').innerText()).toBe('0 elements');
      const duration = dialog.getByLabel('Video duration (seconds)');
      await page.waitForFunction((input) => (input as HTMLInputElement).value !== '300', await duration.elementHandle(), { timeout: 15_000 });
      const measured = Number(await duration.inputValue());
      expect(measured).toBeGreaterThanOrEqual(30);
      expect(measured).toBeLessThan(300);
      expect(await dialog.getByRole('button', { name: 'Reload Template' }).count()).toBe(0);
      expect(await dialog.getByRole('tab', { name: 'Hotspots (0)', selected: true }).count()).toBe(1);

      // The template: the project's chapters, and the duration of its narrated video.
      const [templateAnswer] = await Promise.all([
        page.waitForResponse((r) => new URL(r.url()).pathname.startsWith('/api/interactive-video-template/') && new URL(r.url()).searchParams.get('project_id') === projectId),
        useTemplate.check(),
      ]);
      expect(templateAnswer.status()).toBe(200);
      const template = (await templateAnswer.json()) as { template: { chapters: unknown[] }; video_duration: number; has_video: boolean };
      expect(template.has_video).toBe(true);
      expect(template.template.chapters.length).toBeGreaterThan(0);
      await dialog.getByRole('button', { name: 'Reload Template' }).waitFor();
      await dialog.getByRole('tab', { name: `Chapters (${template.template.chapters.length})` }).waitFor();
      await expectAccessible(page, 'interactive video editor with its template');
      // The server measured the same video (ffprobe) as the browser did.
      expect(Math.abs(template.video_duration - measured)).toBeLessThanOrEqual(1);
      await waitForValue(duration, String(template.video_duration));
      const templateCount = Number(/^(\d+)/.exec(await dialog.getByTestId('iv-count').innerText())![1]);
      expect(templateCount).toBeGreaterThanOrEqual(template.template.chapters.length);
      expect(await create.isDisabled()).toBe(false);

      // A hotspot with the catalogue's defaults, inside the video (30-60 s when it lasts that long,
      // else from its middle to its end; the preview has not played), edited to show from the start.
      await dialog.getByRole('tab', { name: 'Hotspots (0)' }).click();
      expect((await dialog.getByTestId('iv-preview').locator('video').evaluate((v: HTMLVideoElement) => v.currentTime))).toBe(0);
      await dialog.getByRole('button', { name: '+ Add' }).click();
      await dialog.getByRole('tab', { name: 'Hotspots (1)', selected: true }).waitFor();
      const hotspot = dialog.getByRole('group', { name: 'Hotspot 1' });
      const videoEnd = template.video_duration;
      const start = videoEnd >= 60 ? 30 : Math.round(videoEnd / 2);
      expect(await hotspot.getByLabel('Start (seconds)').inputValue()).toBe(String(start));
      expect(await hotspot.getByLabel('End (seconds)').inputValue()).toBe(String(Math.min(start + 30, videoEnd)));
      expect(await hotspot.getByLabel('X position (%)').inputValue()).toBe('50');
      expect(await hotspot.getByLabel('Action').inputValue()).toBe('show_info');
      await hotspot.getByLabel('Title').fill(HOTSPOT.title);
      await hotspot.getByLabel('Information text').fill(HOTSPOT.info);
      await hotspot.getByLabel('Start (seconds)').fill('0');
      await hotspot.getByLabel('End (seconds)').fill('8');

      // A call to action, shown from the start.
      await dialog.getByRole('tab', { name: 'CTAs (0)' }).click();
      await dialog.getByRole('button', { name: '+ Add' }).click();
      const cta = dialog.getByRole('group', { name: 'CTA 1' });
      // The default: at 90 % of the video.
      expect(await cta.getByLabel('Show at (seconds)').inputValue()).toBe(String(Math.floor(template.video_duration * 0.9)));
      expect(await cta.getByLabel('URL').getAttribute('type')).toBe('url');
      await cta.getByLabel('Button text').fill(CTA.text);
      await cta.getByLabel('URL').fill(CTA.url);
      await cta.getByLabel('Show at (seconds)').fill('0');
      expect(await dialog.getByTestId('iv-count').innerText()).toBe(`${templateCount + 2} elements`);

      // The timeline: the arrow keys move the hotspot a second at a time (its end goes along).
      const slider = dialog.getByRole('slider', { name: new RegExp(`^Hotspot "${HOTSPOT.title}"`) });
      const timeline = dialog.getByTestId('iv-timeline');
      const hotspotAt = (seconds: number) => timeline.locator(`[role="slider"][aria-valuenow="${seconds}"][aria-label^="Hotspot"]`);
      await hotspotAt(0).waitFor();
      await slider.focus();
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      await hotspotAt(2).waitFor();
      expect(await slider.getAttribute('aria-valuetext')).toBe('0:02');
      await dialog.getByRole('tab', { name: 'Hotspots (1)' }).click();
      await waitForValue(hotspot.getByLabel('Start (seconds)'), '2');
      await waitForValue(hotspot.getByLabel('End (seconds)'), '10');
      await slider.focus();
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('ArrowLeft');
      await hotspotAt(0).waitFor();
      await waitForValue(hotspot.getByLabel('Start (seconds)'), '0');
      await waitForValue(hotspot.getByLabel('End (seconds)'), '8');

      // A quiz two seconds in, with the catalogue's three options (the second one right).
      const quizzesTab = dialog.getByRole('tab', { name: /^Quizzes \(\d+\)$/ });
      const quizzesBefore = Number(/\((\d+)\)/.exec(await quizzesTab.innerText())![1]);
      await quizzesTab.click();
      await dialog.getByRole('button', { name: '+ Add' }).click();
      const quiz = dialog.getByRole('group', { name: `Quiz ${quizzesBefore + 1}` });
      await quiz.getByLabel('Question').fill(QUIZ.question);
      for (const [i, text] of QUIZ.options.entries()) await quiz.getByLabel(`Option ${i + 1}`, { exact: true }).fill(text);
      await quiz.getByLabel('Show at (seconds)').fill('2');

      // The preview is the real player with the edits: the hotspot shows at the start.
      const preview = dialog.getByTestId('iv-preview');
      await preview.locator('[data-testid^="iv-hotspot-"]', { hasText: HOTSPOT.title }).waitFor({ timeout: 10_000 });
      await preview.locator('[data-testid^="iv-cta-"]', { hasText: CTA.text }).waitFor();
      await expectAccessible(page, 'interactive video editor, preview playing');

      // A duration past the narrated video's end is flagged; a call to action after the end stops
      // Create before anything is sent, at its field.
      const path = `/api/projects/${projectId}/interactive-video`;
      let posts = 0;
      const countPosts = (r: { method(): string; url(): string }) => {
        if (r.method() === 'POST' && new URL(r.url()).pathname === path) posts++;
      };
      page.on('request', countPosts);
      await duration.fill(String(template.video_duration + 60));
      await dialog.getByTestId('iv-longer-than-video').getByText(/^Longer than the project's narrated video \(\d+:\d\d\)/).waitFor();
      await dialog.getByRole('tab', { name: 'CTAs (1)' }).click();
      await cta.getByLabel('Show at (seconds)').fill(String(template.video_duration + 30));
      await create.click();
      await dialog.getByText(/Element times must lie within the project's narrated video \(\d+ seconds\)\./).first().waitFor();
      expect(posts).toBe(0);
      page.off('request', countPosts);
      await cta.getByLabel('Show at (seconds)').fill('0');
      await duration.fill(String(template.video_duration));
      await dialog.getByTestId('iv-longer-than-video').waitFor({ state: 'detached' });

      // Create: the request, the notice, the dialog closes.
      const [request, response] = await Promise.all([
        page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === path),
        page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === path),
        create.click(),
      ]);
      expect(request.postDataJSON()).toMatchObject({
        project_id: projectId,
        generate_analytics: true,
        video_metadata: {
          project_id: projectId,
          video_duration: template.video_duration,
          analytics_enabled: true,
          completion_threshold: 85,
          hotspots: [expect.objectContaining({ title: HOTSPOT.title, start_time: 0, end_time: 8, x_position: 50, y_position: 50, action: 'show_info', action_data: { info_text: HOTSPOT.info } })],
          call_to_actions: [expect.objectContaining({ text: CTA.text, url: CTA.url, show_time: 0, duration: 10, position: 'bottom-right', track_clicks: true })],
        },
      });
      const answer = (await response.json()) as { success?: boolean; message?: string; detail?: unknown };
      expect({ status: response.status(), answer }).toMatchObject({ status: 202, answer: { success: true } });
      await page.getByTestId('toast').getByText('Interactive video creation started! Check back in a few minutes.').waitFor();
      await dialog.waitFor({ state: 'detached' });
    });
  }, 120_000);

  it('follows the preparation live to ready, then offers the share link and the embed code', async () => {
    await withScreenshotOnFailure(page, 'interactive-ready', async () => {
      expect(projectId).toBeTruthy();
      await waitForStreamedReady(streamed, projectId, PREPARE_TIMEOUT_MS);
      await dismissToasts(page);

      const card = cardTitled(await waitForLiveList(page), title);
      await cardMenu(page, card, title, 'Interactive Video');
      const dialog = page.getByRole('dialog', { name: 'Interactive Video' });
      await dialog.locator('[data-testid="iv-status"][data-status="ready"]').getByText('Ready', { exact: true }).waitFor();
      // The editor starts from the version just created.
      await dialog.getByRole('tab', { name: 'Hotspots (1)' }).waitFor();
      await expectAccessible(page, 'interactive video dialog, ready');
      expect(await dialog.getByLabel('Use Template').isChecked()).toBe(false);
      const shareUrl = await dialog.getByLabel('Share link', { exact: true }).inputValue();
      const url = new URL(shareUrl);
      expect(url.pathname).toMatch(/^\/watch\/[A-Za-z0-9_-]{32,}$/);
      token = url.pathname.split('/')[2]!;
      const embed = await dialog.getByLabel('Embed code', { exact: true }).inputValue();
      expect(embed).toMatch(new RegExp(`^<iframe src="[^"]*/embed/${token}" title="${title}"`));
      expect(await dialog.getByRole('button', { name: 'Copy share link' }).count()).toBe(1);
      expect(await dialog.getByRole('button', { name: 'Copy embed code' }).count()).toBe(1);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
    });
  }, PREPARE_TIMEOUT_MS + 30_000);

  it('plays the shared video to anyone with the hotspot and the call to action; only the embed page may be framed', async () => {
    await withScreenshotOnFailure(page, 'interactive-watch', async () => {
      expect(token).toBeTruthy();
      // A visitor without an account.
      const visitor = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      try {
        const events = visitor.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/xapi/statements', { timeout: 30_000 });
        await visitor.goto(`${BASE_URL}/watch/${token}`);
        await visitor.getByRole('heading', { name: title, level: 1 }).waitFor();
        expect(await visitor.getByText('Sign in to your account').count()).toBe(0);
        const player = visitor.getByTestId('iv-player');
        const hotspot = player.locator('[data-testid^="iv-hotspot-"]', { hasText: HOTSPOT.title });
        await hotspot.waitFor();
        await expectAccessible(visitor, 'public watch page');
        expect(await hotspot.evaluate((el) => el.tagName)).toBe('BUTTON');
        const cta = player.locator('[data-testid^="iv-cta-"]', { hasText: CTA.text });
        await cta.waitFor();
        expect(await cta.getAttribute('href')).toBe(CTA.url);
        // The player's first statements (initialized) reach the learning record store, from an anonymous learner.
        const posted = await events;
        expect(posted.status()).toBe(200);
        const [first] = posted.request().postDataJSON();
        expect(first).toMatchObject({ verb: { id: 'http://adlnet.gov/expapi/verbs/initialized' }, actor: { account: { name: expect.stringMatching(/^[0-9a-f-]{36}$/) } } });
        expect(first.actor).not.toHaveProperty('name');
        // The hotspot's information opens.
        await hotspot.click();
        await player.getByTestId('iv-info').getByText(HOTSPOT.info).waitFor();
        await expectAccessible(visitor, 'watch page with a hotspot panel');
        await player.getByTestId('iv-info-close').click();

        // The visitor plays, answers the first quiz (the player pauses for it), and leaves a few seconds in.
        const answered = visitor.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/xapi/statements' && (r.request().postData() ?? '').includes('/verbs/answered'), { timeout: 30_000 });
        await player.getByTestId('iv-play').click();
        const option = player.locator('input[type="radio"]').first();
        await option.waitFor({ timeout: 20_000 });
        await option.check();
        await player.getByTestId('iv-quiz-submit').click();
        await player.getByTestId('iv-quiz-feedback').waitFor();
        expect((await answered).status()).toBe(200);
        const continueButton = player.getByTestId('iv-quiz-continue');
        if (await continueButton.count()) await continueButton.click();
        const video = player.locator('video');
        await visitor.waitForFunction((v) => !(v as HTMLVideoElement).paused && (v as HTMLVideoElement).currentTime > 3, await video.elementHandle(), { timeout: 15_000 });
        // Paused before leaving: its played segments are reported while the page is still there.
        const reported = visitor.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/xapi/statements' && (r.request().postData() ?? '').includes('/verbs/paused'), { timeout: 30_000 });
        await player.getByTestId('iv-play').click();
        expect((await reported).status()).toBe(200);
      } finally {
        await visitor.close({ runBeforeUnload: true });
      }

      // Framing: /embed/* only.
      const embed = await page.request.get(`${BASE_URL}/embed/${token}`);
      expect(embed.status()).toBe(200);
      expect(embed.headers()['content-security-policy']).toContain('frame-ancestors *');
      expect(embed.headers()['x-frame-options']).toBeUndefined();
      expect(await embed.text()).toContain(title);
      const watch = await page.request.get(`${BASE_URL}/watch/${token}`);
      expect(watch.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(watch.headers()['x-frame-options']).toBe('DENY');
      const unknown = await page.request.get(`${BASE_URL}/watch/${'x'.repeat(40)}`);
      expect(unknown.status()).toBe(404);
    });
  }, 60_000);

  it("shows the owner the visitor's view, answer and drop-off", async () => {
    await withScreenshotOnFailure(page, 'interactive-analytics', async () => {
      expect(projectId).toBeTruthy();
      // The company's dashboard counts the view (the figures follow the rollups: reloaded until they do).
      await page.goto(`${BASE_URL}/analytics?range=7d`);
      const views = page.getByTestId('stat-totalViews');
      const deadline = Date.now() + ANALYTICS_TIMEOUT_MS;
      while (!/^Total views\s*1\b/.test((await views.innerText().catch(() => '')).replace(/\n/g, ' '))) {
        if (Date.now() > deadline) throw new Error(`The dashboard did not count the view: ${await views.innerText().catch(() => 'no stat card')}`);
        await page.waitForTimeout(1000);
        await page.reload();
      }
      await expectAccessible(page, 'analytics dashboard with a view');
      // Narrowed to a channel the visitor did not use, the range is empty; to theirs, the view is there.
      await page.getByLabel('Channel', { exact: true }).selectOption({ label: 'SCORM or cmi5 package' });
      await page.waitForURL(/channel=scorm/);
      await page.getByText('No learner activity in this range').waitFor();
      await page.getByLabel('Channel', { exact: true }).selectOption({ label: 'Interactive player' });
      await page.waitForURL(/channel=interactive/);
      await page.getByTestId('stat-totalViews').getByText('1', { exact: true }).waitFor();

      // The project's analytics, from its card menu: the answer and where the visitor left.
      await page.goto(BASE_URL);
      const card = cardTitled(await waitForLiveList(page), title);
      await cardMenu(page, card, title, 'Analytics');
      await page.waitForURL(new RegExp(`/analytics/projects/${projectId}`));
      const project = page.getByTestId('project-analytics');
      await project.waitFor();
      const questions = page.getByTestId('analytics-questions');
      const dropOffs = page.getByTestId('analytics-drop-offs');
      const until = Date.now() + ANALYTICS_TIMEOUT_MS;
      while (!((await questions.locator('tbody tr').count()) > 0 && (await dropOffs.count()) > 0)) {
        if (Date.now() > until) throw new Error('The project analytics did not show the answer and the drop-off');
        await page.waitForTimeout(1000);
        await page.reload();
      }
      // One answer to one question; a drop-off named by its time (and slide).
      expect(await questions.locator('tbody tr').first().innerText()).toMatch(/\b1\b/);
      expect(await dropOffs.locator('li').first().innerText()).toMatch(/0:0\d/);
      await expectAccessible(page, 'project analytics');
    });
  }, 90_000);
});
