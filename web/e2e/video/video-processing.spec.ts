// Advanced Video Processing end to end (docs/web.md "Advanced Video Processing"), against the real
// gateway and media-render's video workers: a Business Owner opens the dialog from the dashboard's
// panel; a tool run without a video alerts 'Please upload a video first'; an image is refused by
// the upload (only video/ types); a 2 s clip made here with ffmpeg (testsrc2 320x180 with a sine
// tone) is uploaded with its name, size in MB and type shown under the preview; the brightness
// slider keeps to the catalogue's range; colour correction with brightness 0.3 runs with its
// progress from the event stream (video_job.changed) on the status line and ends with Before / After
// players that load and a download link that saves the processed mp4. On Analytics &
// Transcription, 'Burn the subtitles into the video' can be chosen only with the subtitles, and
// 'Perform analysis' on the clip ends with the analysis card: the engagement score (0-100) with
// its label and factors, and the loudness line in LUFS with its verdict. The navigation's Video
// Processing opens the same dialog at /video; in Spanish and French its texts follow the language.
// Then a spoken clip (Debian's pocketsphinx test recording 'go forward ten meters' under testsrc2)
// is transcribed, its subtitles made as a job from the transcript and burned into the video (a
// stored VTT file and an After player), a word seeks the preview, and the transcript's SRT button
// starts a subtitles job of its own and then offers the stored file.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { VIDEO_RANGES } from '@trainwright/catalogue';
import type { Browser, Locator, Page } from 'playwright-core';
import { BASE_URL, expectAccessible, launchBrowser, uniqueEmail, withScreenshotOnFailure } from '../browser.js';
import { recordStreamEvents, signUpOnPlan, type StreamEvent } from '../flows.js';

/** Upload, a queued job on a shared 2-core machine, the encode of a 2 s clip. */
const JOB_TIMEOUT_MS = 90_000;

/** Debian's pocketsphinx-testdata recording (16 kHz mono 16-bit raw): a man saying 'go forward ten meters'. */
const SPOKEN = '/usr/share/pocketsphinx/test/data/goforward.raw';

/** A 3 s H.264/AAC clip: the testsrc2 pattern at 320x180 with the spoken recording as its sound. */
async function makeSpokenClip(path: string): Promise<void> {
  await promisify(execFile)(
    'ffmpeg',
    ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=25:duration=3', '-f', 's16le', '-ar', '16000', '-ac', '1', '-i', SPOKEN, '-af', 'apad', '-t', '3', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-movflags', '+faststart', path],
    { timeout: 60_000 },
  );
}

/** A 2 s H.264/AAC clip: the testsrc2 pattern at 320x180 with a 440 Hz tone. */
async function makeClip(path: string): Promise<void> {
  await promisify(execFile)(
    'ffmpeg',
    ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=25:duration=2', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=2', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', '-movflags', '+faststart', path],
    { timeout: 60_000 },
  );
}

/** Waits until a <video> has read its metadata; answers its duration and picture size. */
function loaded(video: Locator) {
  return video.evaluate(
    (el: HTMLVideoElement) =>
      new Promise<{ duration: number; width: number; height: number }>((resolve, reject) => {
        const done = () => resolve({ duration: el.duration, width: el.videoWidth, height: el.videoHeight });
        if (el.readyState >= 1) done();
        else {
          el.addEventListener('loadedmetadata', done, { once: true });
          el.addEventListener('error', () => reject(new Error(`the video did not load: ${el.currentSrc}`)), { once: true });
          el.load();
        }
      }),
  );
}

/** Records, in the page, every text the status line shows from now on. */
async function watchStatusLine(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __videoStatus: string[] }).__videoStatus = seen;
    const note = () => {
      const text = document.querySelector('[data-testid="video-status-text"]')?.textContent?.trim() ?? '';
      if (text && seen[seen.length - 1] !== text) seen.push(text);
    };
    note();
    new MutationObserver(note).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

const statusLinesSeen = (page: Page) => page.evaluate(() => (window as unknown as { __videoStatus?: string[] }).__videoStatus ?? []);

const jobEvents = (events: StreamEvent[], jobId: string) => events.filter((e) => e.name === 'video_job.changed' && (e.data as { job_id?: string } | null)?.job_id === jobId).map((e) => e.data as unknown as { status: string; progress: number });

describe('Advanced Video Processing', () => {
  let browser: Browser;
  let page: Page;
  let dir: string;
  let clip: string;
  let spoken: string;
  let image: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tw-video-e2e-'));
    clip = join(dir, 'forklift-demo.mp4');
    image = join(dir, 'still.png');
    await makeClip(clip);
    spoken = join(dir, 'toolbox-talk.mp4');
    await makeSpokenClip(spoken);
    // A 1x1 PNG: an image is not a video to upload.
    await writeFile(image, Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'));
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1400, height: 1000 }, acceptDownloads: true });
  });

  afterAll(async () => {
    await browser?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('uploads a clip, corrects its colours with live progress, compares and downloads it; in Spanish and French too', async () => {
    await withScreenshotOnFailure(page, 'video-processing', async () => {
      const events = await recordStreamEvents(page);
      await signUpOnPlan(page, { name: 'Vera Cutter', company: 'Cutting Room', email: uniqueEmail('video') }, 'business');

      // The dashboard's panel: included in Business, it opens the dialog.
      const panel = page.getByTestId('promo-videoProcessing');
      expect(await panel.getAttribute('data-included')).toBe('true');
      await panel.getByRole('button', { name: 'Open Video Processing' }).click();
      const dialog = page.getByRole('dialog', { name: 'Advanced Video Processing' });
      await dialog.waitFor();
      expect(await dialog.getByRole('tab').allInnerTexts()).toEqual(['Effects & Filters', 'AI Enhancement', 'Analytics & Transcription', 'Batch Processing']);
      await dialog.getByText('No videos uploaded yet.').waitFor();
      await expectAccessible(page, 'the Advanced Video Processing dialog');

      // A tool without a video.
      await dialog.getByRole('button', { name: 'Apply effects' }).click();
      expect((await dialog.getByRole('alert').innerText()).trim()).toBe('Please upload a video first');
      await dialog.getByRole('tab', { name: 'AI Enhancement' }).click();
      await dialog.getByRole('button', { name: 'Enhance video' }).click();
      await dialog.getByRole('alert').getByText('Please upload a video first').waitFor();
      await dialog.getByRole('tab', { name: 'Effects & Filters' }).click();

      // Only a video/ type is taken.
      const input = dialog.getByTestId('video-source').locator('input[type="file"]');
      await input.setInputFiles(image);
      await dialog.getByText('Only video files can be uploaded here.').waitFor();

      // The clip: uploaded, previewed, its facts shown; listed among the company's videos.
      await watchStatusLine(page);
      await input.setInputFiles(clip);
      const info = dialog.getByTestId('video-info');
      await info.waitFor({ timeout: 30_000 });
      expect(await dialog.getByTestId('video-info-name').innerText()).toBe('forklift-demo.mp4');
      expect(await dialog.getByTestId('video-info-type').innerText()).toBe('video/mp4');
      expect(await dialog.getByTestId('video-info-size').innerText()).toMatch(/^0\.\d\d MB$/);
      expect((await loaded(dialog.getByTestId('preview-player'))).duration).toBeGreaterThan(1.5);
      const listed = dialog.getByTestId('video-file').filter({ hasText: 'forklift-demo.mp4' });
      await listed.waitFor();
      expect(await listed.getByRole('radio').isChecked()).toBe(true);
      const uploadedId = await listed.getAttribute('data-video-path');

      // Colour correction's controls keep to the catalogue's ranges.
      const correction = dialog.getByTestId('step-color-correction');
      await correction.getByLabel('Colour correction').check();
      const brightness = correction.getByLabel('Brightness');
      expect(await brightness.evaluate((el: HTMLInputElement) => [el.type, el.min, el.max, el.step])).toEqual(['range', String(VIDEO_RANGES.brightness.min), String(VIDEO_RANGES.brightness.max), String(VIDEO_RANGES.brightness.step)]);
      await brightness.fill('5');
      expect(await brightness.inputValue()).toBe('1');
      const hue = correction.getByLabel('Hue shift');
      expect(await hue.evaluate((el: HTMLInputElement) => [el.min, el.max, el.step])).toEqual(['-180', '180', '10']);
      await brightness.fill('0.3');
      expect(await brightness.inputValue()).toBe('0.3');
      expect(await correction.getByTestId('range-brightness').locator('output').innerText()).toBe('0.3');
      await expectAccessible(page, 'the dialog with an uploaded video');

      // Run: queued, then its progress on the status line, until the result is complete.
      await dialog.getByRole('button', { name: 'Apply effects' }).click();
      const result = dialog.locator('[data-testid="video-result"][data-operation="color_correction"]');
      await result.waitFor();
      const jobId = (await result.getAttribute('data-job-id'))!;
      await dialog.locator('[data-testid="video-result"][data-operation="color_correction"][data-status="completed"]').waitFor({ timeout: JOB_TIMEOUT_MS });
      await dialog.locator('[data-testid="video-status"][data-state="done"]').waitFor();
      expect(await dialog.getByTestId('video-status-text').innerText()).toBe('Done: 1 result');
      const lines = await statusLinesSeen(page);
      expect(lines.some((l) => /^Colour correction: (waiting to start|\d+%) \(step 1 of 1\)$/.test(l))).toBe(true);
      // The stream carried the job from queued (or running) to completed, its progress forward only.
      const heard = jobEvents(events, jobId);
      expect(heard.map((e) => e.status)).toContain('completed');
      const progress = heard.filter((e) => e.status === 'running').map((e) => e.progress);
      expect(progress).toEqual([...progress].sort((a, b) => a - b));

      // Before and after, both playable; the download saves the processed mp4.
      const before = result.getByTestId('before-player');
      const after = result.getByTestId('after-player');
      expect(await before.getAttribute('src')).toBe(`/api/video/files/${uploadedId}/download?inline=1`);
      expect(await after.getAttribute('src')).toMatch(/^\/api\/video\/files\/[^/]+\/download\?inline=1$/);
      expect(await after.getAttribute('src')).not.toBe(await before.getAttribute('src'));
      const [b, a] = [await loaded(before), await loaded(after)];
      expect(b).toMatchObject({ width: 320, height: 180 });
      expect(a).toMatchObject({ width: 320, height: 180 });
      expect(a.duration).toBeGreaterThan(1.5);
      const link = result.getByRole('link', { name: /^Download forklift-demo/ });
      const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
      expect(download.suggestedFilename()).toMatch(/^forklift-demo.*\.mp4$/);
      const bytes = await readFile((await download.path())!);
      expect(bytes.length).toBeGreaterThan(1000);
      expect(bytes.subarray(4, 8).toString('latin1')).toBe('ftyp');
      // The processed video joins the list, marked Processed.
      await dialog.getByTestId('video-file').filter({ hasText: 'Processed' }).first().waitFor();
      await expectAccessible(page, 'a completed colour correction');

      // Analytics & Transcription: burning the subtitles in goes with the subtitles, which go with the transcription.
      await dialog.getByRole('tab', { name: 'Analytics & Transcription' }).click();
      const transcribe = dialog.getByTestId('step-transcribe');
      const burnIn = transcribe.getByLabel('Burn the subtitles into the video');
      expect(await burnIn.isDisabled()).toBe(true);
      await transcribe.getByLabel('Transcribe', { exact: true }).check();
      await transcribe.getByLabel('Generate subtitles', { exact: true }).check();
      expect(await burnIn.isEnabled()).toBe(true);
      await burnIn.check();
      await transcribe.getByLabel('Generate subtitles', { exact: true }).uncheck();
      expect([await burnIn.isChecked(), await burnIn.isDisabled()]).toEqual([false, true]);
      await transcribe.getByLabel('Transcribe', { exact: true }).uncheck();

      // Perform analysis on the uploaded clip: the engagement score and the loudness line.
      await dialog.getByTestId('step-analyze').getByLabel('Perform analysis').check();
      await dialog.getByRole('button', { name: 'Analyze video' }).click();
      const analysed = dialog.locator('[data-testid="video-result"][data-operation="analyze"]');
      await analysed.waitFor();
      await dialog.locator('[data-testid="video-result"][data-operation="analyze"][data-status="completed"]').waitFor({ timeout: JOB_TIMEOUT_MS });
      await dialog.locator('[data-testid="video-status"][data-state="done"]').waitFor();
      expect(await analysed.getByText('From forklift-demo.mp4').count()).toBe(1);
      const card = analysed.getByTestId('analysis');
      const score = Number(await card.getByTestId('engagement-score').getAttribute('data-score'));
      expect(score).toBeGreaterThanOrEqual(0);
      expect(score).toBeLessThanOrEqual(100);
      expect(await card.getByTestId('engagement-score').innerText()).toContain(`Engagement score: ${score} out of 100`);
      expect(await card.getByTestId('engagement-label').innerText()).toMatch(/not a model trained on viewing data/);
      // A 2 s clip: its length raised the score.
      await card.locator('[data-testid="engagement-factor"][data-factor="length"][data-effect="raised"]').getByText('Length').waitFor();
      // The 440 Hz tone has a measured loudness, in LUFS, with the server's verdict.
      const loudness = (await card.getByTestId('analysis-loudness').innerText()).replace(/\s+/g, ' ').trim();
      expect(loudness).toMatch(/Loudness: -?\d+(\.\d)? LUFS · true peak -?\d+(\.\d)? dBTP · range [\d.]+ LU · \d+% silent · .*(LUFS|loud|quiet)/);
      expect(['true', 'false']).toContain(await card.getByTestId('analysis-loudness').getAttribute('data-ok'));
      // 320x180 is a low resolution: marked as a problem, with the server's words.
      expect(await card.locator('[data-testid="quality-verdict"][data-measure="resolution"]').getAttribute('data-ok')).toBe('false');
      expect(await card.locator('[data-testid="quality-verdict"][data-measure="resolution"]').innerText()).toContain('low resolution (320x180)');
      await card.getByTestId('analysis-scenes').getByText(/^1 scene · /).waitFor();
      await expectAccessible(page, 'a completed analysis');

      // The navigation's Video Processing: the same dialog at /video.
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Video Processing' }).click();
      await page.waitForURL(`${BASE_URL}/video`);
      const again = page.getByRole('dialog', { name: 'Advanced Video Processing' });
      await again.getByTestId('video-file').filter({ hasText: 'forklift-demo.mp4' }).first().waitFor();
      // Deleting the processed result, once confirmed, takes it out of the list.
      const processed = again.getByTestId('video-file').filter({ hasText: 'forklift-demo-color-correction.mp4' });
      await processed.first().waitFor();
      page.once('dialog', (confirm) => void confirm.accept());
      await again.getByRole('button', { name: 'Delete forklift-demo-color-correction.mp4' }).first().click();
      await processed.first().waitFor({ state: 'detached' });
      await page.keyboard.press('Escape');
      await again.waitFor({ state: 'detached' });
      await page.getByRole('heading', { name: 'Advanced Video Processing', level: 1 }).waitFor();

      // Spanish, then French.
      await page.getByLabel('Language').selectOption('es');
      await page.getByRole('button', { name: 'Abrir el procesamiento de vídeo' }).click();
      const spanish = page.getByRole('dialog', { name: 'Procesamiento de vídeo avanzado' });
      await spanish.waitFor();
      expect(await spanish.getByRole('tab').allInnerTexts()).toEqual(['Efectos y filtros', 'Mejora con IA', 'Análisis y transcripción', 'Procesamiento por lotes']);
      await spanish.getByRole('group', { name: 'Tus vídeos' }).getByText('forklift-demo.mp4').waitFor();
      await spanish.getByRole('tab', { name: 'Procesamiento por lotes' }).click();
      await spanish.getByRole('button', { name: 'Iniciar el procesamiento por lotes' }).click();
      await spanish.getByRole('alert').getByText('Selecciona los vídeos que quieres procesar por lotes').waitFor();
      await page.keyboard.press('Escape');
      await spanish.waitFor({ state: 'detached' });
      await page.getByLabel('Idioma').selectOption('fr');
      await page.getByRole('button', { name: 'Ouvrir le traitement vidéo' }).click();
      const french = page.getByRole('dialog', { name: 'Traitement vidéo avancé' });
      await french.getByRole('tab', { name: 'Effets et filtres', selected: true }).waitFor();
      await french.getByRole('heading', { name: 'Résultats' }).waitFor();
      await page.keyboard.press('Escape');
      await page.getByLabel('Langue').selectOption('en');
    });
  }, 2 * JOB_TIMEOUT_MS + 120_000);

  it('transcribes a spoken clip, burns its subtitles in as a job, and offers the stored subtitle files', async () => {
    const talk = await browser.newPage({ viewport: { width: 1400, height: 1000 }, acceptDownloads: true });
    try {
      await withScreenshotOnFailure(talk, 'video-transcription', async () => {
        await signUpOnPlan(talk, { name: 'Tom Speaker', company: 'Toolbox Talks', email: uniqueEmail('transcribe') }, 'business');
        await talk.getByTestId('promo-videoProcessing').getByRole('button', { name: 'Open Video Processing' }).click();
        const dialog = talk.getByRole('dialog', { name: 'Advanced Video Processing' });
        await dialog.getByTestId('video-source').locator('input[type="file"]').setInputFiles(spoken);
        await dialog.getByTestId('video-info').waitFor({ timeout: 30_000 });
        expect(await dialog.getByTestId('video-info-name').innerText()).toBe('toolbox-talk.mp4');

        // Transcribe, then subtitles (VTT) from its transcript, burned into the video.
        await dialog.getByRole('tab', { name: 'Analytics & Transcription' }).click();
        const step = dialog.getByTestId('step-transcribe');
        await step.getByLabel('Transcribe', { exact: true }).check();
        await step.getByLabel('Generate subtitles', { exact: true }).check();
        await step.getByLabel('Subtitle format').selectOption('vtt');
        await step.getByLabel('Burn the subtitles into the video').check();
        await watchStatusLine(talk);
        await dialog.getByRole('button', { name: 'Analyze video' }).click();
        await dialog.locator('[data-testid="video-status"][data-state="done"], [data-testid="video-status"][data-state="failed"]').waitFor({ timeout: 2 * JOB_TIMEOUT_MS });
        expect(await dialog.getByTestId('video-status-text').innerText()).toBe('Done: 2 results');
        const lines = await statusLinesSeen(talk);
        expect(lines.some((l) => /^Transcription: (waiting to start|\d+%).* \(step 1 of 2\)$/.test(l))).toBe(true);
        expect(lines.some((l) => /^Subtitles(: waiting to start|, burning in the subtitles: \d+%|: \d+%) \(step 2 of 2\)$/.test(l))).toBe(true);

        // The transcript: the recording's words, each a button that plays the preview from its time.
        const transcription = dialog.locator('[data-testid="video-result"][data-operation="transcribe"][data-status="completed"]');
        const words = transcription.getByTestId('transcript-word');
        expect(await words.count()).toBeGreaterThan(0);
        expect((await words.allInnerTexts()).join(' ').toLowerCase()).toMatch(/\b(go|forward|ten|meters)\b/);
        const preview = dialog.getByTestId('preview-player');
        await loaded(preview);
        const last = words.last();
        const start = Number(await last.getAttribute('data-start'));
        await last.click();
        expect(Math.abs((await preview.evaluate((v: HTMLVideoElement) => v.currentTime)) - start)).toBeLessThan(0.1);

        // The subtitles job: the stored VTT file and the video with the subtitles burned in.
        const subtitles = dialog.locator('[data-testid="video-result"][data-operation="subtitles"][data-status="completed"]');
        expect(await subtitles.getByText('From toolbox-talk.mp4').count()).toBe(1);
        const stored = subtitles.getByTestId('subtitles-file');
        expect(await stored.innerText()).toMatch(/toolbox-talk-subtitles\.vtt · \d+ subtitles?/);
        const [vtt] = await Promise.all([talk.waitForEvent('download'), stored.getByRole('link', { name: 'Download toolbox-talk-subtitles.vtt' }).click()]);
        expect(vtt.suggestedFilename()).toBe('toolbox-talk-subtitles.vtt');
        expect((await readFile((await vtt.path())!)).toString('utf8')).toMatch(/^WEBVTT\s[\s\S]*\d\d:\d\d\.\d{3} --> /);
        const burned = await loaded(subtitles.getByTestId('after-player'));
        expect(burned).toMatchObject({ width: 320, height: 180 });
        expect(burned.duration).toBeGreaterThan(2.5);

        // The transcript's SRT button: a subtitles job, then the stored file's download link.
        await transcription.getByRole('button', { name: 'Make the subtitles as SRT' }).click();
        const srt = transcription.getByTestId('subtitles-download');
        await srt.waitFor({ timeout: JOB_TIMEOUT_MS });
        expect(await srt.getAttribute('href')).toMatch(/^\/api\/video\/files\/[^/]+\/download$/);
        expect((await srt.innerText()).replace(/\s+/g, ' ')).toMatch(/^SRT \(\d+ subtitles?\)$/);
        const [file] = await Promise.all([talk.waitForEvent('download'), srt.click()]);
        expect(file.suggestedFilename()).toMatch(/\.srt$/);
        expect((await readFile((await file.path())!)).toString('utf8')).toMatch(/^1\r?\n\d\d:\d\d:\d\d,\d{3} --> \d\d:\d\d:\d\d,\d{3}\r?\n\S/);
        // The other formats are still buttons; the run's results stay two.
        expect(await transcription.getByRole('button', { name: 'Make the subtitles as VTT' }).isEnabled()).toBe(true);
        expect(await dialog.getByTestId('video-result').count()).toBe(2);
        await expectAccessible(talk, 'a transcription with its burned-in subtitles');
      });
    } finally {
      await talk.close();
    }
  }, 3 * JOB_TIMEOUT_MS + 60_000);
});
