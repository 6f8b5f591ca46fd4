// The player in headless Chromium: a bundle of src/index.ts (esbuild, as a consumer bundles it) on a
// test page, a real 40 s mp4 (ffmpeg testsrc + sine) with WebVTT captions, served from 127.0.0.1.
// Time is moved by seeking and by playbackRate, not by waiting.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { InteractiveVideoMetadata } from '@trainwright/catalogue';
import { validateInteractiveVideo } from '@trainwright/catalogue';
import { build } from 'esbuild';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import type { PlayerEvent, PlayerOptions, PlayerState } from '../../src/index.js';
import { OTHER_PROJECT_ID, chapter, cta, hotspot, metadata, quiz, scenario } from '../fixtures.js';
import { TestServer } from './server.js';

const PACKAGE_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

let workDir: string;
let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let pageErrors: string[];

function makeMedia(dir: string): void {
  execFileSync(
    'ffmpeg',
    [
      '-hide_banner', '-loglevel', 'error', '-y',
      '-f', 'lavfi', '-i', 'testsrc=duration=40:size=320x180:rate=10',
      '-f', 'lavfi', '-i', 'sine=frequency=440:duration=40',
      '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-g', '10',
      '-c:a', 'aac', '-b:a', '64k', '-shortest', '-movflags', '+faststart',
      join(dir, 'video.mp4'),
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const cues = Array.from({ length: 8 }, (_, i) => {
    const s = i * 5;
    const ts = (n: number) => `00:00:${String(n).padStart(2, '0')}.000`;
    return `${ts(s)} --> ${ts(s + 5)}\nCaption ${i + 1}`;
  });
  writeFileSync(join(dir, 'captions.vtt'), `WEBVTT\n\n${cues.join('\n\n')}\n`);
}

beforeAll(async () => {
  workDir = mkdtempSync(join(tmpdir(), 'twiv-browser-'));
  makeMedia(workDir);
  const bundlePath = join(workDir, 'player.js');
  await build({
    entryPoints: [join(PACKAGE_ROOT, 'src', 'index.ts')],
    outfile: bundlePath,
    bundle: true,
    format: 'iife',
    globalName: 'TwPlayer',
    platform: 'browser',
    target: ['es2020'],
    logLevel: 'warning',
  });
  server = new TestServer(bundlePath, workDir);
  await server.start();
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--autoplay-policy=no-user-gesture-required', '--mute-audio'],
  });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

beforeEach(async () => {
  context = await browser.newContext({ viewport: { width: 1000, height: 800 } });
  // Fail fast with the step that did not happen, well inside jest's own timeout.
  context.setDefaultTimeout(8_000);
  page = await context.newPage();
  pageErrors = [];
  page.on('pageerror', (error) => pageErrors.push(String(error)));
});

afterEach(async () => {
  await context.close();
  expect(pageErrors).toEqual([]);
});

type Extra = Partial<Omit<PlayerOptions, 'metadata' | 'labels' | 'onEvent' | 'onBranchToProject'>>;

/** Opens the test page and mounts the player; resolves once the video's metadata is loaded (the view event). */
async function mount(meta: InteractiveVideoMetadata, extra: Extra = {}): Promise<void> {
  expect(validateInteractiveVideo(meta)).toBeNull();
  await page.goto(`${server.origin}/`);
  await page.evaluate(([m, e]) => (window as any).mount(m, e), [meta, extra] as const);
  await page.waitForFunction(() => (window as any).events.some((e: PlayerEvent) => e.type === 'view'));
}

function state(): Promise<PlayerState> {
  return page.evaluate(() => (window as any).handle.state());
}

function events(): Promise<PlayerEvent[]> {
  return page.evaluate(() => (window as any).events);
}

function currentTime(): Promise<number> {
  return page.evaluate(() => document.querySelector('video')!.currentTime);
}

function paused(): Promise<boolean> {
  return page.evaluate(() => document.querySelector('video')!.paused);
}

/** Sets video.currentTime as any script could and waits for the seek to settle; returns where it landed. */
function setTime(t: number): Promise<number> {
  return page.evaluate(
    (time) =>
      new Promise<number>((resolve) => {
        const video = document.querySelector('video')!;
        const done = () => {
          if (video.seeking) return;
          video.removeEventListener('seeked', done);
          // After the player's own seeked handler (registered first).
          setTimeout(() => resolve(video.currentTime), 0);
        };
        video.addEventListener('seeked', done);
        video.currentTime = time;
      }),
    t,
  );
}

/** Waits until a seek started by the player has settled near `t`. */
async function waitForTime(t: number, tolerance = 0.05): Promise<void> {
  await page.waitForFunction(
    ([time, tol]) => {
      const video = document.querySelector('video')!;
      return !video.seeking && Math.abs(video.currentTime - time) <= tol;
    },
    [t, tolerance] as const,
  );
}

async function playAt(rate: number): Promise<void> {
  await page.evaluate(async (r) => {
    const video = document.querySelector('video')!;
    video.playbackRate = r;
    await (window as any).handle.play();
  }, rate);
}

it('should run each hotspot action: info, jump, external link and pause', async () => {
  const meta = metadata({
    hotspots: [
      hotspot('info', { x_position: 2, y_position: 5, width: 18, height: 12, action: 'show_info', action_data: { info_text: 'Wear gloves at all times.' } }),
      hotspot('jump', { x_position: 25, y_position: 5, width: 18, height: 12, action: 'jump_to_time', action_data: { time: 25 } }),
      hotspot('link', { x_position: 50, y_position: 5, width: 18, height: 12, action: 'external_link', action_data: { url: 'http://127.0.0.1:1/placeholder' } }),
      hotspot('stop', { x_position: 75, y_position: 5, width: 18, height: 12, action: 'pause_video', action_data: {} }),
      hotspot('later', { x_position: 2, y_position: 60, start_time: 20, end_time: 30, action_data: { info_text: 'Later on.' } }),
      hotspot('off', { x_position: 25, y_position: 60, is_active: false }),
    ],
  });
  meta.hotspots[2]!.action_data.url = `${server.origin}/external.html`;
  await mount(meta);

  // Not before its start; only active ones; only within their window.
  await expect(page.getByTestId('iv-hotspot-info').count()).resolves.toBe(0);
  await setTime(2);
  for (const id of ['info', 'jump', 'link', 'stop']) await page.getByTestId(`iv-hotspot-${id}`).waitFor();
  await expect(page.getByTestId('iv-hotspot-later').count()).resolves.toBe(0);
  await expect(page.getByTestId('iv-hotspot-off').count()).resolves.toBe(0);

  // Positioned in percent of the frame, coloured by its style; the title is its accessible name.
  const box = await page.getByTestId('iv-hotspot-jump').evaluate((el) => {
    const frame = el.closest('.twiv-frame')!.getBoundingClientRect();
    const r = el.getBoundingClientRect();
    return { left: (r.left - frame.left) / frame.width, top: (r.top - frame.top) / frame.height, width: r.width / frame.width, bg: getComputedStyle(el).backgroundColor, tag: el.tagName };
  });
  expect(box.tag).toBe('BUTTON');
  expect(box.left).toBeCloseTo(0.25, 2);
  expect(box.top).toBeCloseTo(0.05, 2);
  expect(box.width).toBeCloseTo(0.18, 2);
  expect(box.bg).toBe('rgba(37, 99, 235, 0.8)');
  await page.getByRole('button', { name: 'Hotspot jump', exact: true }).waitFor();

  // show_info: the panel with the text, focused; Escape closes it and focus returns.
  await page.getByTestId('iv-hotspot-info').click();
  const info = page.getByTestId('iv-info');
  await info.waitFor();
  await expect(info.textContent()).resolves.toContain('Wear gloves at all times.');
  await expect(page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).resolves.toBe('iv-info');
  await page.keyboard.press('Escape');
  await info.waitFor({ state: 'detached' });
  await expect(page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).resolves.toBe('iv-hotspot-info');
  // ... and the close button closes it too.
  await page.getByTestId('iv-hotspot-info').click();
  await page.getByTestId('iv-info-close').click();
  await info.waitFor({ state: 'detached' });

  // pause_video pauses a playing video.
  await playAt(1);
  await expect(paused()).resolves.toBe(false);
  await page.getByTestId('iv-hotspot-stop').click();
  await page.waitForFunction(() => document.querySelector('video')!.paused);

  // external_link: a new page without an opener.
  const [popup] = await Promise.all([context.waitForEvent('page'), page.getByTestId('iv-hotspot-link').click()]);
  await popup.waitForLoadState();
  expect(popup.url()).toBe(`${server.origin}/external.html`);
  await expect(popup.evaluate(() => window.opener === null)).resolves.toBe(true);
  await expect(page.evaluate(() => (window as any).opened)).resolves.toEqual([[`${server.origin}/external.html`, '_blank', 'noopener,noreferrer']]);
  await popup.close();

  // jump_to_time moves the video; the hotspot of 20-30 s shows there.
  await page.getByTestId('iv-hotspot-jump').click();
  await waitForTime(25);
  await page.getByTestId('iv-hotspot-later').waitFor();

  const clicks = (await events()).filter((e) => e.type === 'hotspot_click').map((e) => [e.element_id, e.value]);
  expect(clicks).toEqual([
    ['info', 'show_info'],
    ['info', 'show_info'],
    ['stop', 'pause_video'],
    ['link', 'external_link'],
    ['jump', 'jump_to_time'],
  ]);
});

it('should break a hotspot label between words, and inside a word only when it cannot fit', async () => {
  // The player at 400 px, as in the editor's preview: the label's size follows the player, not the
  // window, so 'Emergency' fits a 15 % hotspot (60 px) on a line of its own.
  const meta = metadata({
    hotspots: [
      hotspot('h1', { title: 'Emergency exit route', start_time: 0, end_time: 39, width: 15, height: 30 }),
      hotspot('h2', { title: 'Pneumonoultramicroscopic', start_time: 0, end_time: 39, x_position: 70, width: 8, height: 30 }),
    ],
  });
  expect(validateInteractiveVideo(meta)).toBeNull();
  await page.goto(`${server.origin}/`);
  await page.evaluate((m) => {
    document.getElementById('root')!.style.width = '400px';
    (window as any).mount(m, {});
  }, meta);
  await page.waitForFunction(() => (window as any).events.some((e: PlayerEvent) => e.type === 'view'));
  const layout = (testId: string) =>
    page.evaluate((id) => {
      const button = document.querySelector(`[data-testid="${id}"]`)!;
      const walker = document.createTreeWalker(button, NodeFilter.SHOW_TEXT);
      const textNode = walker.nextNode() as Text;
      // Each word's line boxes: one per word means no word was split across lines.
      const words: { word: string; lines: number }[] = [];
      for (const match of textNode.data.matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(textNode, match.index!);
        range.setEnd(textNode, match.index! + match[0].length);
        words.push({ word: match[0], lines: new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size });
      }
      const label = textNode.parentElement!.getBoundingClientRect();
      const box = button.getBoundingClientRect();
      return { words, inside: label.left >= box.left - 1 && label.right <= box.right + 1 };
    }, testId);
  await page.getByTestId('iv-hotspot-h1').waitFor();
  expect((await layout('iv-hotspot-h1')).words).toEqual([
    { word: 'Emergency', lines: 1 },
    { word: 'exit', lines: 1 },
    { word: 'route', lines: 1 },
  ]);
  // A single word wider than its hotspot still wraps inside it rather than spilling out.
  const long = await layout('iv-hotspot-h2');
  expect(long.words[0]!.lines).toBeGreaterThan(1);
  expect(long.inside).toBe(true);
});

it('should not open a link that is not http(s)', async () => {
  // Metadata that slipped past validation (the editor's unsaved state, say): the link is not opened.
  const meta = metadata({ hotspots: [hotspot('link', { action: 'external_link', action_data: { url: 'javascript:window.__pwned=1' } })] });
  await page.goto(`${server.origin}/`);
  await page.evaluate((m) => (window as any).mount(m, {}), meta);
  await page.waitForFunction(() => (window as any).events.some((e: PlayerEvent) => e.type === 'view'));
  await setTime(2);
  await page.getByTestId('iv-hotspot-link').click();
  await expect(page.evaluate(() => (window as any).opened.length)).resolves.toBe(0);
  await expect(page.evaluate(() => (window as any).__pwned === undefined)).resolves.toBe(true);
  expect(context.pages()).toHaveLength(1);
});

it('should stop at a required quiz and hold the seek bar, chapters and keys before it until answered', async () => {
  const meta = metadata({
    quizzes: [quiz('q1', { show_time: 10, required: true, auto_advance: false }), quiz('q2', { show_time: 20, required: false })],
    chapters: [chapter('c1', 0), chapter('c2', 15), chapter('c3', 30)],
    hotspots: [hotspot('jump', { x_position: 0, y_position: 80, width: 12, height: 12, action: 'jump_to_time', action_data: { time: 25 } })],
  });
  await mount(meta);

  // The seek bar cannot go past the quiz: it stops there and the quiz shows, paused.
  await page.getByTestId('iv-seek').fill('30');
  const q1 = page.getByTestId('iv-quiz-q1');
  await q1.waitFor();
  await waitForTime(10);
  await expect(paused()).resolves.toBe(true);
  await expect(q1.getByTestId('iv-quiz-skip').count()).resolves.toBe(0);
  await expect(page.getByTestId('iv-live').textContent()).resolves.toBe('Question: Question q1?');
  await expect((await state()).seekLimit).toBe(10);

  // Nor the chapter menu, a jump hotspot, the chapter skip, the arrow keys or a script; play stays paused.
  await page.getByTestId('iv-chapters').click();
  await page.getByTestId('iv-chapter-c3').click();
  await waitForTime(10);
  await page.getByTestId('iv-hotspot-jump').click();
  await waitForTime(10);
  await page.getByTestId('iv-skip').click();
  await waitForTime(10);
  await page.getByTestId('iv-seek').focus();
  await page.keyboard.press('ArrowRight');
  await waitForTime(10);
  await expect(setTime(35)).resolves.toBeCloseTo(10, 1);
  await page.getByTestId('iv-play').click();
  await expect(paused()).resolves.toBe(true);
  await q1.waitFor();

  // Submitting needs an answer; a wrong one gets both feedbacks.
  await q1.getByTestId('iv-quiz-submit').click();
  await expect(q1.textContent()).resolves.toContain('Choose an answer first.');
  await q1.getByTestId('iv-option-q1-a').check();
  await q1.getByTestId('iv-quiz-submit').click();
  const feedback = q1.getByTestId('iv-quiz-feedback');
  await feedback.waitFor();
  await expect(feedback.textContent()).resolves.toBe('Not quite.Look again.');
  await q1.getByTestId('iv-quiz-continue').click();
  await q1.waitFor({ state: 'detached' });
  await page.waitForFunction(() => !document.querySelector('video')!.paused);
  await page.evaluate(() => (window as any).handle.pause());

  // Answered: the seek bar goes past it (and past the optional quiz).
  await page.getByTestId('iv-seek').fill('30');
  await waitForTime(30);
  expect((await state()).seekLimit).toBeNull();
  await expect(page.getByTestId('iv-quiz-q2').count()).resolves.toBe(0);

  // The optional quiz shows when playback reaches it, and can be skipped.
  await setTime(19.6);
  await playAt(1);
  const q2 = page.getByTestId('iv-quiz-q2');
  await q2.waitFor();
  await expect(paused()).resolves.toBe(true);
  expect(await currentTime()).toBeCloseTo(20, 1);
  await q2.getByTestId('iv-quiz-skip').click();
  await q2.waitFor({ state: 'detached' });
  await page.waitForFunction(() => !document.querySelector('video')!.paused);

  const s = await state();
  expect(s.answers).toEqual({ q1: { optionId: 'q1-a', correct: false } });
  expect(s.score).toEqual({ earned: 0, total: 20, percent: 0 });
  expect((await events()).filter((e) => e.type === 'quiz_answer')).toEqual([{ type: 'quiz_answer', element_id: 'q1', value: 'q1-a', media_time: 10 }]);
});

it("should show a required quiz placed just past the video's last frame once the video ends, and hold it there", async () => {
  // The 40 s video: the editor allows a little past its end (the measured length rounds), which playback never crosses.
  const meta = metadata({ video_duration: 41, quizzes: [quiz('late', { show_time: 40.5, required: true, auto_advance: false })] });
  await mount(meta);
  await setTime(38.5);
  await playAt(1);
  const late = page.getByTestId('iv-quiz-late');
  await late.waitFor();
  await expect(late.getByTestId('iv-quiz-skip').count()).resolves.toBe(0);
  await late.getByTestId('iv-option-late-b').check();
  await late.getByTestId('iv-quiz-submit').click();
  await late.getByTestId('iv-quiz-continue').click();
  await late.waitFor({ state: 'detached' });
  // Answered at the end: the video stays ended instead of starting over.
  expect(await currentTime()).toBeGreaterThan(39);
  expect((await state()).seekLimit).toBeNull();
});

it('should show a call to action for its duration and record a tracked click with its id', async () => {
  const meta = metadata({
    call_to_actions: [
      cta('more', { text: 'Read the guide', show_time: 20, duration: 5, position: 'bottom-right', track_clicks: true }),
      cta('quiet', { text: 'Untracked', show_time: 20, duration: 5, position: 'top-left', track_clicks: false }),
    ],
  });
  meta.call_to_actions[0]!.url = `${server.origin}/cta.html`;
  meta.call_to_actions[1]!.url = `${server.origin}/cta.html`;
  await mount(meta);

  await setTime(19);
  await expect(page.getByTestId('iv-cta-more').count()).resolves.toBe(0);
  await setTime(21);
  const link = page.getByTestId('iv-cta-more');
  await link.waitFor();
  await expect(link.evaluate((a) => [a.tagName, a.getAttribute('href'), a.getAttribute('target'), a.getAttribute('rel'), a.textContent])).resolves.toEqual([
    'A',
    `${server.origin}/cta.html`,
    '_blank',
    'noopener noreferrer',
    'Read the guide',
  ]);
  await expect(page.getByTestId('iv-live').textContent()).resolves.toMatch(/^New link: /);

  const [popup] = await Promise.all([context.waitForEvent('page'), link.click()]);
  await popup.waitForLoadState();
  await expect(popup.evaluate(() => window.opener === null)).resolves.toBe(true);
  await popup.close();
  const [other] = await Promise.all([context.waitForEvent('page'), page.getByTestId('iv-cta-quiet').click()]);
  await other.close();

  expect((await events()).filter((e) => e.type === 'cta_click')).toEqual([{ type: 'cta_click', element_id: 'more', value: `${server.origin}/cta.html`, media_time: 21 }]);
  await setTime(25.5);
  await expect(page.getByTestId('iv-cta-more').count()).resolves.toBe(0);
});

it('should branch by choice to a chapter', async () => {
  const meta = metadata({
    chapters: [chapter('c1', 0), chapter('c2', 15), chapter('c3', 30)],
    branching_scenarios: [
      scenario('s1', {
        show_time: 12,
        prompt: 'Which path?',
        branches: [
          { id: 'review', label: 'Review the basics', min_score: 0, target_type: 'chapter', target_chapter_id: 'c1' },
          { id: 'ahead', label: 'Go to the end', min_score: 0, target_type: 'chapter', target_chapter_id: 'c3' },
        ],
      }),
    ],
  });
  await mount(meta);
  await setTime(11.5);
  await playAt(1);
  const panel = page.getByTestId('iv-branch-s1');
  await panel.waitFor();
  await expect(paused()).resolves.toBe(true);
  expect(await currentTime()).toBeCloseTo(12, 1);
  await expect(panel.textContent()).resolves.toContain('Which path?');
  await page.getByRole('button', { name: 'Go to the end' }).click();
  await panel.waitFor({ state: 'detached' });
  await page.waitForFunction(() => {
    const video = document.querySelector('video')!;
    return !video.paused && video.currentTime >= 30 && video.currentTime < 32;
  });
  const all = await events();
  expect(all.filter((e) => e.type === 'branch').map((e) => [e.element_id, e.value])).toEqual([['s1', 'ahead']]);
  expect(all.filter((e) => e.type === 'chapter').map((e) => [e.element_id, e.value])).toEqual([
    ['c1', 'start'],
    ['c3', 'branch'],
  ]);
  expect((await state()).branches).toEqual({ s1: 'ahead' });
});

it('should branch by score: the branch with the highest min_score reached', async () => {
  const meta = (): InteractiveVideoMetadata =>
    metadata({
      quizzes: [quiz('qa', { show_time: 2 }), quiz('qb', { show_time: 4 })],
      chapters: [chapter('c1', 0), chapter('c3', 30)],
      branching_scenarios: [
        scenario('s2', {
          type: 'score',
          show_time: 6,
          prompt: 'Based on your answers',
          branches: [
            { id: 'low', label: 'Start over', min_score: 0, target_type: 'time', target_time: 0 },
            { id: 'mid', label: 'Practice', min_score: 50, target_type: 'chapter', target_chapter_id: 'c3' },
            { id: 'high', label: 'Advanced course', min_score: 100, target_type: 'project', target_project_id: OTHER_PROJECT_ID },
          ],
        }),
      ],
    });

  async function answerBoth(first: string, second: string): Promise<void> {
    await setTime(1.5);
    await playAt(8);
    for (const [id, option] of [
      ['qa', first],
      ['qb', second],
    ] as const) {
      const panel = page.getByTestId(`iv-quiz-${id}`);
      await panel.waitFor();
      await panel.getByTestId(`iv-option-${option}`).check();
      await panel.getByTestId('iv-quiz-submit').click();
      // auto_advance: it closes and the video goes on by itself.
      await panel.waitFor({ state: 'detached' });
    }
  }

  // 50 %: the 50 branch, to chapter 3.
  await mount(meta());
  await answerBoth('qa-b', 'qb-a');
  await page.waitForFunction(() => document.querySelector('video')!.currentTime >= 30);
  await expect(page.getByTestId('iv-branch-s2').getAttribute('data-branch')).resolves.toBe('mid');
  expect((await state()).score.percent).toBe(50);
  expect((await events()).filter((e) => e.type === 'branch').map((e) => e.value)).toEqual(['mid']);

  // 100 %: the project branch hands over to the page.
  await mount(meta());
  await answerBoth('qa-b', 'qb-b');
  await page.waitForFunction(() => (window as any).branchedTo.length === 1);
  await expect(page.evaluate(() => (window as any).branchedTo)).resolves.toEqual([OTHER_PROJECT_ID]);
  await expect(paused()).resolves.toBe(true);
  expect((await events()).filter((e) => e.type === 'branch').map((e) => e.value)).toEqual(['high']);
});

it('should have captions on by default, from a captions track, and toggle them', async () => {
  await mount(metadata({ chapters: [chapter('c1', 0)] }));
  const track = await page.evaluate(() => {
    const t = document.querySelector('video track') as HTMLTrackElement;
    return { kind: t.kind, src: t.getAttribute('src'), srclang: t.srclang, isDefault: t.default, mode: document.querySelector('video')!.textTracks[0]!.mode };
  });
  expect(track).toEqual({ kind: 'captions', src: '/media/captions.vtt', srclang: 'en', isDefault: true, mode: 'showing' });
  await page.waitForFunction(() => (document.querySelector('video track') as HTMLTrackElement).readyState === 2);
  await expect(page.evaluate(() => document.querySelector('video')!.textTracks[0]!.cues!.length)).resolves.toBe(8);

  const toggle = page.getByTestId('iv-captions');
  await expect(toggle.getAttribute('aria-pressed')).resolves.toBe('true');
  await toggle.click();
  await expect(toggle.getAttribute('aria-pressed')).resolves.toBe('false');
  await expect(page.evaluate(() => document.querySelector('video')!.textTracks[0]!.mode)).resolves.toBe('hidden');
  await toggle.click();
  await expect(page.evaluate(() => document.querySelector('video')!.textTracks[0]!.mode)).resolves.toBe('showing');
});

it('should resume at resumeAt', async () => {
  await mount(metadata({ chapters: [chapter('c1', 0), chapter('c2', 15)], quizzes: [quiz('q1', { show_time: 5, required: true })] }), { resumeAt: 17 });
  await waitForTime(17);
  const all = await events();
  expect(all[0]).toEqual({ type: 'view', media_time: 17 });
  expect(all.filter((e) => e.type === 'chapter')).toEqual([{ type: 'chapter', element_id: 'c2', value: 'start', media_time: 17 }]);
  // The required quiz behind the resume point does not hold it.
  await expect(page.getByTestId('iv-quiz-q1').count()).resolves.toBe(0);
  await expect(page.getByTestId('iv-seek').inputValue()).resolves.toBe('17');
});

it('should render HTML in titles, questions and texts as text', async () => {
  const html = '<img src=x onerror="window.__xss=1"><b>Bold</b>';
  const meta = metadata({
    hotspots: [hotspot('h', { title: html, action_data: { info_text: html } })],
    call_to_actions: [cta('c', { text: '<i>go</i>', show_time: 1, duration: 30 })],
    quizzes: [quiz('q', { question: html, show_time: 3 })],
    chapters: [chapter('ch', 0, { title: html })],
  });
  await mount(meta);
  await setTime(2);
  const button = page.getByTestId('iv-hotspot-h');
  await expect(button.textContent()).resolves.toBe(html);
  // Its only element is the label's span, holding the title as text.
  await expect(button.evaluate((el) => [...el.querySelectorAll('*')].map((e) => `${e.tagName}.${e.className}:${e.children.length}`))).resolves.toEqual(['SPAN.twiv-hotspot-label:0']);
  await expect(page.getByTestId('iv-cta-c').textContent()).resolves.toBe('<i>go</i>');
  await button.click();
  await expect(page.getByTestId('iv-info').locator('p').textContent()).resolves.toBe(html);
  await setTime(3);
  await expect(page.getByTestId('iv-quiz-q').locator('legend').textContent()).resolves.toBe(html);
  await expect(page.getByTestId('iv-chapter-ch').getAttribute('aria-label')).resolves.toBe(`${html}, 0:00`);
  await expect(page.evaluate(() => document.querySelectorAll('.twiv img, .twiv b, .twiv i').length)).resolves.toBe(0);
  await expect(page.evaluate(() => (window as any).__xss === undefined)).resolves.toBe(true);
});

it('should be operable by keyboard: K and Space play and pause, arrows seek 5 s', async () => {
  await mount(metadata({ chapters: [chapter('c1', 0)] }));
  await page.locator('video').focus();
  // The button follows the video's play / pause events, which come a moment after `paused` changes.
  await page.keyboard.press('k');
  await page.waitForFunction(() => !document.querySelector('video')!.paused);
  await page.locator('[data-testid="iv-play"][aria-label="Pause"]').waitFor();
  await page.keyboard.press(' ');
  await page.waitForFunction(() => document.querySelector('video')!.paused);
  await page.locator('[data-testid="iv-play"][aria-label="Play"]').waitFor();

  await setTime(10);
  await page.locator('video').focus();
  await page.keyboard.press('ArrowRight');
  await waitForTime(15);
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await waitForTime(5, 0.3);

  // Every control is a focusable button (or the seek bar) with a name; Space on the play button plays.
  const controls = await page.evaluate(() =>
    [...document.querySelectorAll('.twiv-controls button, .twiv-controls input')].filter((el) => el.checkVisibility()).map((el) => [el.tagName, el.getAttribute('aria-label')]),
  );
  expect(controls).toEqual([
    ['BUTTON', 'Play'],
    ['INPUT', 'Seek'],
    ['BUTTON', 'Skip chapter'],
    ['BUTTON', 'Chapters'],
    ['BUTTON', 'Captions CC'],
  ]);
  await page.getByTestId('iv-play').focus();
  await page.keyboard.press(' ');
  await page.waitForFunction(() => !document.querySelector('video')!.paused);
});

it('should list chapters, jump to one, skip a skippable one and announce the change', async () => {
  const meta = metadata({ chapters: [chapter('c1', 0, { title: 'Intro' }), chapter('c2', 15, { title: 'Middle', is_skippable: false }), chapter('c3', 30, { title: 'End' })] });
  await mount(meta);
  await page.getByTestId('iv-chapters').click();
  const menu = page.getByTestId('iv-chapter-menu');
  await menu.waitFor();
  await expect(menu.locator('button').evaluateAll((items) => items.map((b) => b.getAttribute('aria-label')))).resolves.toEqual(['Intro, 0:00', 'Middle, 0:15', 'End, 0:30']);

  const skip = page.getByTestId('iv-skip');
  await expect(skip.isVisible()).resolves.toBe(true);
  await page.getByTestId('iv-chapters').click();
  await skip.click();
  await waitForTime(15);
  await expect(skip.isVisible()).resolves.toBe(false);
  await expect(page.getByTestId('iv-live').textContent()).resolves.toBe('Chapter: Middle');

  await page.getByTestId('iv-chapters').click();
  await page.getByTestId('iv-chapter-c3').click();
  await waitForTime(30);
  await expect(menu.isVisible()).resolves.toBe(false);
  await expect(page.getByTestId('iv-live').textContent()).resolves.toBe('Chapter: End');
  expect((await events()).filter((e) => e.type === 'chapter').map((e) => [e.element_id, e.value])).toEqual([
    ['c1', 'start'],
    ['c2', 'skip'],
    ['c3', 'menu'],
  ]);
});

it('should report progress at most every 5 s and complete on the seconds watched, not the position', async () => {
  await mount(metadata({ completion_threshold: 60, chapters: [chapter('c1', 0)] }));
  // Reaching the end by seeking watches nothing.
  await setTime(39);
  await setTime(0);
  await playAt(4);
  await page.waitForFunction(() => (window as any).events.some((e: PlayerEvent) => e.type === 'complete'), undefined, { timeout: 15_000 });
  const all = await events();
  const complete = all.filter((e) => e.type === 'complete');
  expect(complete).toHaveLength(1);
  expect(Number(complete[0]!.value)).toBeGreaterThanOrEqual(60);
  expect(complete[0]!.media_time).toBeGreaterThanOrEqual(23);
  expect(complete[0]!.media_time).toBeLessThan(27);
  const progress = all.filter((e) => e.type === 'progress');
  expect(progress.length).toBe(1);
  expect(Number(progress[0]!.value)).toBeGreaterThan(40);
  expect((await state()).completed).toBe(true);
}, 30_000);
