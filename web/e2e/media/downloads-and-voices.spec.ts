// Downloads and voices, end to end against the real media-render service:
// 1. An account on the Professional plan (the operator command) opens the voice library from the
//    dashboard's 'AI Voices': premade voices with the category filter; a locked voice says which
//    plan it needs; a free voice's preview really plays in the dialog's <audio> (idle -> playing
//    -> idle when it ends); the voice is selected.
// 2. A Script to Slides project with a three-scene script and the MP4 visual format, narrated by
//    that voice (chosen in the create form's voice chooser), goes live through generation and the
//    render stages (creating slides, generating documents) to Completed, its video awaiting
//    payment (pay-per-use). The video formats also offer 'Burn subtitles into the video': ticked,
//    the request carries it.
// 3. 'Pay for video' on its card: the Payment Required dialog with the estimate, 'Pay $N', the
//    local test checkout's Pay, the success page, back on the dashboard the card renders the video.
// 4. 'Download files' on its card: the six choices; the PowerPoint (a real .pptx, named after the
//    title) and the MP4 (H.264 video and AAC audio, by ffprobe) are saved through the browser's
//    download, each announced 'Download complete: ...'.
// 5. A project that is not completed offers nothing to download: it says it is not ready, with
//    its status. (A project whose generation failed: its status stays, so the check cannot race.)
import { execFile } from 'node:child_process';
import { open, stat } from 'node:fs/promises';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Download, Locator, Page } from 'playwright-core';
import { BASE_URL, launchBrowser, uniqueEmail, withScreenshotOnFailure, expectAccessible } from '../browser.js';
import { cardMenu, cardStatusesSeen, cardTitled, CREATE_ACTION_PATH, markDocument, openCreateForm, recordStreamEvents, signUpOnProfessional, stillSameDocument, streamedStatuses, type StreamEvent, waitForLiveList, waitForStreamedStatus, watchCardStatuses, expectCompleted } from '../flows.js';

/** Generation, rendering of the slides and documents, and a narrated video of a short script. */
const RENDER_TIMEOUT_MS = 150_000;

const SCRIPT = [
  '[SCENE: Loading Dock Basics]',
  'NARRATOR: Check the forks before every shift.',
  '',
  '[SCENE: Pallet Stacking]',
  'NARRATOR: Stack the heaviest pallets at the bottom.',
  '',
  '[SCENE: Parking the Forklift]',
  'NARRATOR: Lower the forks and set the parking brake.',
  '',
].join('\n');

const PLAN_NAMES: Record<string, string> = { 'free-trial': 'Free Trial', professional: 'Professional', business: 'Business', enterprise: 'Enterprise' };

const CHOICES = [
  ['pptx', 'PowerPoint slides'],
  ['mp4', 'Video (MP4)'],
  ['mov', 'Video (QuickTime MOV)'],
  ['pdf', 'PDF training guide'],
  ['docx', 'Word training manual'],
  ['txt', 'Plain text'],
] as const;

interface AudioState {
  src: string;
  paused: boolean;
  ended: boolean;
  currentTime: number;
  duration: number;
}

function audioState(page: Page): Promise<AudioState> {
  return page.getByTestId('voice-preview-audio').evaluate((element) => {
    const audio = element as HTMLAudioElement;
    return { src: audio.src, paused: audio.paused, ended: audio.ended, currentTime: audio.currentTime, duration: audio.duration };
  });
}

/** Chooses a format in the open download dialog and returns the browser's download. */
async function downloadChoice(page: Page, dialog: Locator, label: string): Promise<Download> {
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 60_000 }),
    dialog.getByRole('list', { name: 'File formats' }).getByRole('button', { name: new RegExp(label.replace(/[()]/g, '\\$&')) }).click(),
  ]);
  return download;
}

async function firstBytes(path: string, n: number): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(n);
    await handle.read(buffer, 0, n, 0);
    return buffer;
  } finally {
    await handle.close();
  }
}

interface ProbedStream {
  codec_type: string;
  codec_name: string;
  width?: number;
  height?: number;
  duration?: string;
}

async function probe(path: string): Promise<ProbedStream[]> {
  const { stdout } = await promisify(execFile)('ffprobe', ['-v', 'error', '-show_streams', '-print_format', 'json', path], { timeout: 30_000 });
  return (JSON.parse(stdout) as { streams: ProbedStream[] }).streams;
}

async function dismissToasts(page: Page): Promise<void> {
  const toasts = page.getByTestId('toast');
  while ((await toasts.count()) > 0) {
    await toasts.first().getByRole('button', { name: 'Close' }).click({ timeout: 2000 }).catch(() => undefined); // it may have gone by itself
  }
}

describe('downloads and voices', () => {
  let browser: Browser;
  let page: Page;
  let streamed: StreamEvent[];
  const email = uniqueEmail('media');
  const word = `Vesper${Math.random().toString(36).slice(2, 8)}`;
  const title = `Forklift ${word} Video`;
  let voice: { id: string; name: string } | null = null;
  let projectId = '';

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1400, height: 1000 }, acceptDownloads: true });
    streamed = await recordStreamEvents(page);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('lists the voices with their locks, previews a free voice and selects it', async () => {
    await withScreenshotOnFailure(page, 'media-voices', async () => {
      await signUpOnProfessional(page, { name: 'Vera Voice', company: 'Narrated Training Ltd', email });

      // 'AI Voices' opens the library on its premade voices.
      await page.getByRole('button', { name: 'AI Voices' }).first().click();
      const library = page.getByRole('dialog', { name: 'Voice Library' });
      await library.getByRole('tab', { name: 'Premade Voices', selected: true }).waitFor();
      await expectAccessible(page, 'Voice Library dialog');
      const cards = library.getByTestId('voice-card');
      await cards.first().waitFor();
      const total = await cards.count();
      expect(total).toBeGreaterThan(5);
      await library.getByTestId('selected-voice').getByText('Selected voice: Default voice').waitFor();

      // The category filter: All, then the premade category with its count.
      const filter = library.getByRole('group', { name: 'Category' });
      expect(await filter.getByRole('button', { name: `All (${total})` }).getAttribute('aria-pressed')).toBe('true');
      const premade = filter.getByRole('button', { name: /^Premade \(\d+\)$/ });
      const premadeCount = Number(/\((\d+)\)/.exec(await premade.innerText())![1]);
      expect(premadeCount).toBeGreaterThan(0);
      await premade.click();
      expect(await premade.getAttribute('aria-pressed')).toBe('true');
      expect(await filter.getByRole('button', { name: `All (${total})` }).getAttribute('aria-pressed')).toBe('false');
      await page.waitForFunction(
        (n) => document.querySelectorAll('[data-testid="voice-library"] [data-testid="voice-card"]').length === n,
        premadeCount,
      );
      await filter.getByRole('button', { name: `All (${total})` }).click();
      await page.waitForFunction((n) => document.querySelectorAll('[data-testid="voice-library"] [data-testid="voice-card"]').length === n, total);

      // The Professional plan unlocks some voices, not all: a locked one says which plan it needs,
      // on Preview as on Select, and previews nothing.
      const locked = library.locator('[data-testid="voice-card"][data-locked="true"]').first();
      await locked.waitFor();
      expect(await library.locator('[data-testid="voice-card"][data-locked="false"]').count()).toBeGreaterThan(0);
      const lockedName = (await locked.getByRole('heading').innerText()).trim();
      await locked.getByTestId('voice-locked').getByText('Locked').waitFor();
      const lockedPreview = locked.getByRole('button', { name: `Preview ${lockedName}` });
      expect(await lockedPreview.getAttribute('aria-disabled')).toBe('true');
      expect(await locked.getByRole('button', { name: `Select ${lockedName}` }).getAttribute('aria-disabled')).toBe('true');
      await lockedPreview.click({ force: true });
      const lockMessage = locked.getByTestId('voice-lock-message');
      await lockMessage.waitFor();
      expect(await lockMessage.getAttribute('role')).toBe('alert');
      // The message names the plan of the voice's tier, as the server has it.
      const lockedId = (await locked.getAttribute('data-voice-id'))!;
      const available = await page.request.get(`${BASE_URL}/api/voices/available`);
      expect(available.status()).toBe(200);
      const served = ((await available.json()) as { voices: Array<{ voice_id: string; tier: string; locked: boolean; locked_message: string }> }).voices;
      const lockedServed = served.find((v) => v.voice_id === lockedId)!;
      expect(lockedServed.locked).toBe(true);
      const plan = PLAN_NAMES[lockedServed.tier];
      expect(plan).toBeTruthy();
      expect(lockedServed.locked_message).toBe(`This voice requires ${plan} or higher subscription.`);
      expect(await lockMessage.innerText()).toBe(`This voice requires ${plan} or higher subscription. See plans`);
      expect(await lockMessage.getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe('/billing');
      expect(await lockedPreview.getAttribute('aria-describedby')).toBe(await lockMessage.getAttribute('id'));
      expect((await audioState(page)).src).toBe('');
      await locked.getByRole('button', { name: `Select ${lockedName}` }).click({ force: true });
      await lockMessage.waitFor();
      await library.getByTestId('selected-voice').getByText('Selected voice: Default voice').waitFor();
      expect(await library.isVisible()).toBe(true);

      // A free voice (no lock, not premium, the free plan's tier): Preview turns into Stop while
      // the sample plays in the dialog's player, then back into Preview when it ends.
      const free = library.locator('[data-testid="voice-card"][data-locked="false"]').filter({ hasNotText: 'Premium' }).first();
      const name = (await free.getByRole('heading').innerText()).trim();
      const id = (await free.getAttribute('data-voice-id'))!;
      expect(id).toBeTruthy();
      expect(served.find((v) => v.voice_id === id)).toMatchObject({ tier: 'free-trial', locked: false });
      voice = { id, name };
      await free.getByRole('button', { name: `Preview ${name}` }).click();
      const stop = free.getByRole('button', { name: `Stop the preview of ${name}` });
      await stop.waitFor({ timeout: 20_000 });
      expect(await stop.innerText()).toBe('Stop');
      await page.waitForFunction(() => {
        const audio = document.querySelector<HTMLAudioElement>('[data-testid="voice-preview-audio"]');
        return !!audio && !audio.paused && audio.currentTime > 0;
      });
      const playing = await audioState(page);
      expect(playing.src).toMatch(new RegExp(`^${BASE_URL.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/api/voices/previews/[^/]+\\.wav$`));
      expect(playing.paused).toBe(false);
      expect(playing.duration).toBeGreaterThan(1);
      // The preview is a real WAV file on our origin.
      const wav = await page.request.get(playing.src);
      expect(wav.status()).toBe(200);
      expect(wav.headers()['content-type']).toMatch(/^audio\/(wav|x-wav|wave)/);
      const body = await wav.body();
      expect(body.subarray(0, 4).toString('latin1')).toBe('RIFF');
      expect(body.subarray(8, 12).toString('latin1')).toBe('WAVE');
      // It plays to its end: the card is idle again.
      await free.getByRole('button', { name: `Preview ${name}` }).waitFor({ timeout: Math.ceil(playing.duration * 1000) + 15_000 });
      const ended = await audioState(page);
      expect(ended.ended).toBe(true);
      expect(ended.paused).toBe(true);
      await library.getByRole('status').getByText('Preview stopped').waitFor({ state: 'attached' });

      // A second preview is stopped with a second click.
      await free.getByRole('button', { name: `Preview ${name}` }).click();
      await stop.waitFor({ timeout: 20_000 });
      await stop.click();
      await free.getByRole('button', { name: `Preview ${name}` }).waitFor();
      expect((await audioState(page)).paused).toBe(true);

      // Select: the library closes, the choice is announced and kept for the next create form.
      await free.getByRole('button', { name: `Select ${name}` }).click();
      await library.waitFor({ state: 'detached' });
      await page.getByTestId('toast').getByText(`Voice "${name}" selected. New video projects start with it.`).waitFor();
      await page.getByRole('button', { name: 'AI Voices' }).first().click();
      await library.getByTestId('selected-voice').getByText(`Selected voice: ${name}`).waitFor();
      const selectedCard = library.locator(`[data-testid="voice-card"][data-voice-id="${id}"]`);
      await selectedCard.getByText('Selected', { exact: true }).waitFor();
      await library.getByRole('button', { name: 'Close' }).last().click();
      await library.waitFor({ state: 'detached' });
    });
  }, 90_000);

  it('creates an MP4 project narrated by that voice and follows it through the render stages to Completed', async () => {
    await withScreenshotOnFailure(page, 'media-create-and-render', async () => {
      expect(voice).not.toBeNull();
      const { id, name } = voice!;
      const list = await waitForLiveList(page);
      await dismissToasts(page);

      const form = await openCreateForm(page);
      await expectAccessible(page, 'Create Project dialog');
      await form.getByLabel('Project title').fill(title);
      expect(await form.getByRole('radio', { name: /^Script to Slides/ }).isChecked()).toBe(true);
      await form.getByLabel('Script', { exact: true }).fill(SCRIPT);

      // The voice chooser belongs to the video formats.
      expect(await form.getByTestId('voice-chooser').count()).toBe(0);
      const burn = form.getByRole('checkbox', { name: 'Burn subtitles into the video' });
      expect(await burn.count()).toBe(0);
      await form.getByRole('radio', { name: 'MP4 video' }).check();
      // So does burning the subtitles in: off until ticked.
      expect(await burn.isChecked()).toBe(false);
      await burn.check();
      const chooser = form.getByTestId('voice-chooser');
      await chooser.waitFor();
      // The form starts with the voice selected in the library; back to the default, then chosen
      // again through the chooser's own library.
      await chooser.getByTestId('chosen-voice').getByText(name).waitFor();
      await chooser.getByRole('button', { name: 'Use default voice' }).click();
      await chooser.getByTestId('chosen-voice').getByText('Default voice (a premade voice)').waitFor();
      await chooser.getByRole('button', { name: 'Choose voice' }).click();
      const library = page.getByRole('dialog', { name: 'Voice Library' });
      await library.getByTestId('selected-voice').getByText('Selected voice: Default voice').waitFor();
      await expectAccessible(page, 'Voice Library dialog');
      const card = library.locator(`[data-testid="voice-card"][data-voice-id="${id}"]`);
      await card.getByRole('button', { name: `Select ${name}` }).click();
      await library.waitFor({ state: 'detached' });
      await chooser.getByTestId('chosen-voice').getByText(`${name} (Premade)`).waitFor();
      await chooser.getByRole('button', { name: 'Change voice' }).waitFor();

      // Create: the request the form posts to its action (which sends it on to POST /api/projects)
      // carries the voice; nothing reloads the page from here on.
      await markDocument(page);
      await watchCardStatuses(page, title);
      const [request] = await Promise.all([
        page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === CREATE_ACTION_PATH),
        form.getByRole('button', { name: 'Create Project' }).click(),
      ]);
      expect(request.postDataJSON()).toMatchObject({
        intent: 'create',
        title,
        project_type: 'script_to_slides',
        visual_format: 'mp4',
        voice_selection: { voice_id: id, name, category: 'premade' },
        burn_subtitles: true,
      });
      await page.getByTestId('toast').getByText(`Project "${title}" created successfully!`).waitFor();
      await form.waitFor({ state: 'detached' });

      const projectCard = cardTitled(list, title);
      await projectCard.waitFor();
      projectId = (await projectCard.getAttribute('data-project-id'))!;
      expect(projectId).toBeTruthy();
      await projectCard.getByText('MP4 video').waitFor();

      // Generation, then the render stages, live on the card: every stage's bar at 100%. The
      // narrated video waits for its payment.
      await expectCompleted(projectCard, RENDER_TIMEOUT_MS);
      await projectCard.getByText('Video awaiting payment').waitFor();
      for (const [stage, label] of [
        ['creating_slides', 'Creating slides'],
        ['generating_documents', 'Generating documents'],
      ] as const) {
        expect(await projectCard.getByRole('progressbar', { name: label }).getAttribute('aria-valuenow')).toBe('100');
        expect(await projectCard.getByTestId(`progress-${stage}`).innerText()).toBe('100%');
      }
      expect(await stillSameDocument(page)).toBe(true);

      // The stream announced the stages in pipeline order; the card followed them.
      await waitForStreamedStatus(streamed, projectId, 'completed');
      const statuses = streamedStatuses(streamed, projectId);
      const order = ['analyzing', 'generating_content', 'creating_slides', 'generating_documents', 'completed'];
      const positions = order.map((s) => statuses.indexOf(s));
      expect(positions.every((p) => p >= 0)).toBe(true);
      expect([...positions].sort((a, b) => a - b)).toEqual(positions);
      expect(statuses.at(-1)).toBe('completed');
      const seen = await cardStatusesSeen(page, title);
      expect(seen.at(-1)).toBe('completed');
      expect(['pending', ...order]).toEqual(expect.arrayContaining(seen));
    });
  }, RENDER_TIMEOUT_MS + 30_000);

  it('pays for the narrated video through the Payment Required dialog, and the video renders', async () => {
    await withScreenshotOnFailure(page, 'media-video-payment', async () => {
      expect(projectId).toBeTruthy();
      await dismissToasts(page);
      const list = await waitForLiveList(page);
      const card = cardTitled(list, title);
      await card.getByRole('button', { name: 'Pay for video' }).click();
      const dialog = page.getByRole('dialog', { name: 'Payment Required' });
      await dialog.waitFor();
      await expectAccessible(page, 'Payment Required dialog');
      // The estimate from the narration, at the Professional plan's $1.00 a minute.
      const total = (await dialog.getByTestId('payment-total').innerText()).trim();
      expect(total).toMatch(/^\$\d+(\.\d\d)?$/);
      expect(await dialog.getByTestId('payment-rate').innerText()).toContain('$1');
      await dialog.getByRole('button', { name: `Pay ${total}` }).click();

      // The local test checkout (no money moves), then the success page and back to the dashboard.
      await page.waitForURL(/\/checkout\//);
      await page.getByText('Test checkout — no money moves').waitFor();
      expect(await page.getByTestId('checkout-total').innerText()).toContain(total);
      await page.getByRole('button', { name: 'Pay' }).click();
      await page.waitForURL(/\/billing-success\?session_id=/);
      await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor();
      await page.waitForURL(`${BASE_URL}/`, { timeout: 10_000 });

      // The paid render runs now; the card follows it to the end.
      const paidCard = cardTitled(await waitForLiveList(page), title);
      await paidCard.and(page.locator('[data-video-status="ready"]')).waitFor({ timeout: RENDER_TIMEOUT_MS });
    });
  }, RENDER_TIMEOUT_MS + 30_000);

  it('downloads the PowerPoint and the MP4 video from the card menu', async () => {
    await withScreenshotOnFailure(page, 'media-downloads', async () => {
      expect(projectId).toBeTruthy();
      await dismissToasts(page);
      const list = await waitForLiveList(page);
      const card = cardTitled(list, title);

      // The six choices, numbered in the specification's order; the plan and the project have video.
      await cardMenu(page, card, title, 'Download files');
      const dialog = page.getByRole('dialog', { name: 'Download files' });
      await dialog.getByText('Choose a format, or press its number (1 to 6).').waitFor();
      await expectAccessible(page, 'Download files dialog');
      const choices = dialog.getByRole('list', { name: 'File formats' });
      expect(await choices.locator('li').evaluateAll((items) => items.map((li) => li.getAttribute('data-format')))).toEqual(CHOICES.map(([f]) => f));
      for (const [index, [format, label]] of CHOICES.entries()) {
        const button = choices.locator(`li[data-format="${format}"]`).getByRole('button');
        expect((await button.innerText()).replace(/\s+/g, ' ').trim()).toMatch(new RegExp(`^${index + 1} ?${label.replace(/[()]/g, '\\$&')} ?\\.${format}$`));
        expect(await button.isEnabled()).toBe(true);
        expect(await button.getAttribute('aria-keyshortcuts')).toBe(String(index + 1));
      }
      expect(await dialog.getByRole('alert').count()).toBe(0);

      // The PowerPoint: saved under the title's name, a real (zip) .pptx.
      const pptx = await downloadChoice(page, dialog, 'PowerPoint slides');
      expect(pptx.suggestedFilename()).toBe(`${title}.pptx`);
      const pptxPath = await pptx.path();
      expect(await pptx.failure()).toBeNull();
      expect((await firstBytes(pptxPath, 2)).toString('latin1')).toBe('PK');
      const pptxSize = (await stat(pptxPath)).size;
      expect(pptxSize).toBeGreaterThan(5 * 1024);
      await page.getByTestId('toast').getByText(new RegExp(`^Download complete: ${title}\\.pptx \\(.+\\)$`)).waitFor();
      await dialog.waitFor({ state: 'detached' });

      // The MP4: H.264 video with AAC narration.
      await dismissToasts(page);
      await cardMenu(page, card, title, 'Download files');
      await dialog.getByRole('list', { name: 'File formats' }).waitFor();
      const mp4 = await downloadChoice(page, dialog, 'Video (MP4)');
      expect(mp4.suggestedFilename()).toBe(`${title}.mp4`);
      const mp4Path = await mp4.path();
      expect(await mp4.failure()).toBeNull();
      expect((await firstBytes(mp4Path, 8)).subarray(4, 8).toString('latin1')).toBe('ftyp');
      expect((await stat(mp4Path)).size).toBeGreaterThan(10 * 1024);
      const streams = await probe(mp4Path);
      const video = streams.find((s) => s.codec_type === 'video');
      const audio = streams.find((s) => s.codec_type === 'audio');
      expect(video?.codec_name).toBe('h264');
      expect(audio?.codec_name).toBe('aac');
      expect(video!.width).toBeGreaterThan(0);
      expect(Number(audio!.duration)).toBeGreaterThan(1);
      await page.getByTestId('toast').getByText(new RegExp(`^Download complete: ${title}\\.mp4 \\(.+\\)$`)).waitFor();
      await dialog.waitFor({ state: 'detached' });
    });
  }, 120_000);
  it('says a project that is not completed is not ready for download', async () => {
    await withScreenshotOnFailure(page, 'media-not-ready', async () => {
      await dismissToasts(page);
      const list = await waitForLiveList(page);
      const broken = `Empty ${word} Script`;

      // A script with no words: the generator refuses it, and the project stays Failed.
      const form = await openCreateForm(page);
      await form.getByLabel('Project title').fill(broken);
      await form.getByLabel('Script', { exact: true }).fill('...');
      await expectAccessible(page, 'Create Project dialog');
      await form.getByRole('button', { name: 'Create Project' }).click();
      await page.getByTestId('toast').getByText(`Project "${broken}" created successfully!`).waitFor();
      await form.waitFor({ state: 'detached' });
      const card = cardTitled(list, broken);
      await card.waitFor();
      const brokenId = (await card.getAttribute('data-project-id'))!;
      await card.getByTestId('project-status').filter({ hasText: /^(Completed|Failed)$/ }).waitFor({ timeout: RENDER_TIMEOUT_MS });
      expect(await card.getByTestId('project-status').innerText()).toBe('Failed');
      await card.getByRole('note').getByText(/^The material has no text the offline engine can use\./).waitFor();

      // 'Download files' offers no format, only why.
      await cardMenu(page, card, broken, 'Download files');
      const dialog = page.getByRole('dialog', { name: 'Download files' });
      const notReady = `Project "${broken}" is not ready for download yet (status: Failed).`;
      await dialog.getByRole('alert').getByText(notReady, { exact: true }).waitFor();
      await expectAccessible(page, 'Download files dialog');
      expect(await dialog.getByRole('list', { name: 'File formats' }).count()).toBe(0);
      expect(await dialog.getByRole('button', { name: /PowerPoint slides/ }).count()).toBe(0);
      // The server says the same to a direct request.
      const answer = await page.request.get(`${BASE_URL}/api/projects/${brokenId}/download/pptx`);
      expect(answer.status()).toBe(409);
      expect(((await answer.json()) as { message?: string }).message).toBe(notReady);
      await dialog.getByRole('button', { name: 'Close' }).last().click();
      await dialog.waitFor({ state: 'detached' });
    });
  }, RENDER_TIMEOUT_MS + 30_000);
});
