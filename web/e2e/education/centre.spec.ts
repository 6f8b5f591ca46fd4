// The education centre's main path: from the projects list's Education action, a signed-in person
// opens the library while it is prepared, plays the first training video with its subtitles as
// soon as it is rendered, downloads its manual, reads the best practices and the FAQ, and sees the
// centre in Spanish; the documentation lists its articles and opens one. (The whole library ready,
// and every file read by its consumer: media-render's education-library.medium.test.ts and the
// gateway's education.test.ts.)
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { BASE_URL, expectAccessible, launchBrowser, uniqueEmail, withScreenshotOnFailure } from '../browser.js';
import { signUp } from '../flows.js';

/** The first course renders on the stack's render worker as background work (after users' renders). */
const LIBRARY_READY_MS = 150_000;

describe('education centre', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1280, height: 1000 }, acceptDownloads: true });
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('plays a training video, downloads a manual and answers questions', async () => {
    await withScreenshotOnFailure(page, 'education', async () => {
      await signUp(page, { name: 'Edna Learner', company: 'Learning Co', email: uniqueEmail('education') });
      await page.goto(`${BASE_URL}/projects`);
      await page.getByRole('link', { name: 'Education' }).click();
      await page.getByRole('heading', { name: 'Education Center' }).waitFor();
      await page.getByRole('tab', { name: 'Training Videos (7)' }).waitFor();

      // Each video appears as it is rendered; the first one plays with its English subtitles.
      const first = page.getByTestId('education-video-getting-started');
      await first.locator('video').waitFor({ timeout: LIBRARY_READY_MS });
      const played = await first.locator('video').evaluate(
        (video: HTMLVideoElement) =>
          new Promise<{ duration: number; tracks: number }>((resolve, reject) => {
            const done = () => resolve({ duration: video.duration, tracks: video.textTracks.length });
            if (video.readyState >= 1) done();
            else {
              video.addEventListener('loadedmetadata', done, { once: true });
              video.addEventListener('error', () => reject(new Error('the video did not load')), { once: true });
              video.load();
            }
          }),
      );
      expect(played.duration).toBeGreaterThan(20);
      expect(played.tracks).toBe(1);

      // Seven courses listed, each with its video once rendered (the others render behind users' work).
      expect(await page.locator('[data-testid^="education-video-"]').count()).toBe(7);
      await expectAccessible(page, 'education centre videos');
      // The first course's manual: six listed, its PDF guide downloaded once rendered.
      await page.getByRole('tab', { name: 'Manuals (6)' }).click();
      await page.getByTestId('education-manuals').waitFor();
      expect(await page.locator('[data-testid^="education-manual-"]').count()).toBe(6);
      const manual = page.getByTestId('education-manual-getting-started');
      const pdfLink = manual.getByRole('link', { name: /PDF guide/ });
      await pdfLink.waitFor({ timeout: LIBRARY_READY_MS });
      const [download] = await Promise.all([page.waitForEvent('download'), pdfLink.click()]);
      expect(download.suggestedFilename()).toBe('Getting_started_with_Trainwright.pdf');
      expect((await readFile((await download.path())!)).subarray(0, 5).toString()).toBe('%PDF-');

      await page.getByRole('tab', { name: 'Best Practices' }).click();
      await page.getByTestId('education-practices').waitFor();
      expect(await page.getByTestId('education-practices').getByRole('heading').count()).toBe(8);
      await page.getByRole('tab', { name: 'FAQ' }).click();
      await page.getByText('What can Owners, Editors, Commenters and Viewers do?').click();
      await page.getByText(/Commenter: reads projects and comments on them/).waitFor();
      await expectAccessible(page, 'education centre FAQ');

      // The centre in Spanish: its tabs and the FAQ's answers.
      await page.getByLabel('Language').selectOption('es');
      await page.getByRole('tab', { name: 'Vídeos de formación (7)' }).waitFor();
      await page.getByRole('tab', { name: 'Preguntas frecuentes', selected: true }).waitFor();
      await page.getByText('¿Qué pueden hacer el Propietario, el Editor, el Comentarista y el Lector?').waitFor();
      await page.getByLabel('Idioma').selectOption('en');
    });
  }, LIBRARY_READY_MS + 60_000);

  it('lists the documentation and opens an article', async () => {
    await withScreenshotOnFailure(page, 'docs', async () => {
      await page.goto(`${BASE_URL}/docs`);
      await page.getByRole('heading', { name: 'Documentation' }).waitFor();
      expect(await page.getByTestId('docs-articles').getByRole('link').count()).toBe(7);
      await page.getByTestId('docs-articles').getByRole('link', { name: /Teams and roles/ }).click();
      await page.getByTestId('doc-article').waitFor();
      const contents = page.getByRole('navigation', { name: 'On this page' });
      expect(await contents.getByRole('link').count()).toBeGreaterThanOrEqual(3);
      await expectAccessible(page, 'documentation article');
      await page.goto(`${BASE_URL}/docs/no-such-article`);
      await page.getByText('No such article').waitFor();
    });
  }, 60_000);
});
