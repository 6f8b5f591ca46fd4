// A package exported with tracking reports to Trainwright's LRS from the LMS's origin, in headless
// Chromium: the package runs in the test LMS (scorm-again's SCORM 1.2 runtime, lms.ts) on one
// origin, and a fake LRS answering CORS as the gateway's /api/xapi/ does (any origin, no cookies)
// listens on another. Playing the packaged video sends the Video Profile's statements, from an
// anonymous learner this browser keeps (never the LMS's learner), with the package's credential;
// the LMS's own tracking goes on as before. With the LRS out of reach the course still completes in
// the LMS, and the statements wait in the browser for the next session.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DEFAULT_SCORM_TRACKING, XAPI_VERBS, XAPI_VIDEO_EXTENSIONS as EXT, type ScormTracking } from '@trainwright/catalogue';
import type { Browser, Frame, Page } from 'playwright-core';
import { LEARNER_KEY, QUEUE_KEY_PREFIX } from '@trainwright/interactive-player';
import { buildPackage, type CourseInput, type CourseLrs } from '../../src/package/index.js';
import { SERVICE_ROOT, courseInput, makeVideo, readZip } from '../package/fixtures.js';
import { TestLms, launchChromium } from './lms.js';

interface LrsRequest {
  origin: string | undefined;
  authorization: string | undefined;
  statements: Record<string, any>[];
}

/** A fake LRS on its own origin: answers CORS as XAPI_CORS does and stores every statement request. */
class FakeLrs {
  private server: Server | null = null;
  readonly requests: LrsRequest[] = [];
  endpoint = '';

  async start(): Promise<this> {
    this.server = createServer((request, response) => {
      void this.handle(request).then(([status, body]) => {
        response.writeHead(status, {
          'access-control-allow-origin': '*',
          'access-control-allow-methods': 'GET, HEAD, PUT, POST, DELETE',
          'access-control-allow-headers': 'Authorization, Content-Type, X-Experience-API-Version',
          'content-type': 'application/json',
        });
        response.end(body);
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    // localhost, where the LMS is 127.0.0.1: another origin.
    this.endpoint = `http://localhost:${(this.server.address() as AddressInfo).port}/api/xapi/`;
    return this;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private async handle(request: IncomingMessage): Promise<[number, string]> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    if (request.method === 'OPTIONS') return [204, ''];
    if (request.method !== 'POST' || request.url !== '/api/xapi/statements') return [404, ''];
    const statements = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, any>[];
    this.requests.push({ origin: request.headers.origin, authorization: request.headers.authorization, statements });
    return [200, JSON.stringify(statements.map((s) => s.id))];
  }

  statements(): Record<string, any>[] {
    // A statement sent twice (a retry, the last batch as the page goes) is stored once by the real LRS.
    const byId = new Map(this.requests.flatMap((r) => r.statements).map((s) => [s.id as string, s]));
    return [...byId.values()];
  }
}

const lrsOf = (endpoint: string): CourseLrs => ({
  endpoint,
  authorization: `Basic ${Buffer.from('package-key:package-secret').toString('base64')}`,
  activityId: `${endpoint}activities/projects/7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d`,
  learnerHomePage: endpoint,
  channelExtension: `${endpoint}extensions/channel`,
});

// The LMS's own learner: never in a statement to Trainwright.
const LMS_LEARNER = { student_id: 'lms-learner-4711', student_name: 'Doe, Jane' };

let browser: Browser;
let lms: TestLms;
let lrs: FakeLrs;
let workDir: string;

async function waitUntil<T>(check: () => T | Promise<T>, what: string, timeoutMs = 20_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Builds `input` as a SCORM 1.2 package, served by the LMS, and opens a new attempt of it in a fresh browser. */
async function launch(name: string, input: Partial<CourseInput>, tracking: Partial<ScormTracking>): Promise<{ page: Page; frame: () => Frame; attempt: string }> {
  const zipPath = join(workDir, `${name}.zip`);
  await buildPackage(courseInput('1.2', { tracking: { ...DEFAULT_SCORM_TRACKING, ...tracking }, ...input }), zipPath);
  const dir = join(workDir, name);
  for (const [file, entry] of await readZip(zipPath)) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), entry.data);
  }
  lms.serve(dir);
  const attempt = `${name}-${Date.now()}`;
  lms.launch(attempt, { core: { entry: 'ab-initio', credit: 'credit', ...LMS_LEARNER } });
  const page = await (await browser.newContext()).newPage();
  await page.goto(lms.lmsUrl('1.2', attempt));
  const frame = () => page.frames().find((f) => f.url().includes('/content/index.html'))!;
  await page.frameLocator('[data-testid="sco"]').getByTestId('position').filter({ hasText: /\S/ }).waitFor();
  return { page, frame, attempt };
}

beforeAll(async () => {
  execFileSync(process.execPath, [join(SERVICE_ROOT, 'player', 'build.mjs')]);
  workDir = mkdtempSync(join(tmpdir(), 'scorm-lrs-'));
  lms = await new TestLms().start();
  lrs = await new FakeLrs().start();
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await lms?.stop();
  await lrs?.stop();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

describe('a package reporting to Trainwright from an LMS on another origin', () => {
  it('sends the played video as Video Profile statements, beside the LMS tracking', async () => {
    const videoPath = join(workDir, 'video.mp4');
    makeVideo(videoPath, 6);
    const packageLrs = lrsOf(lrs.endpoint);
    const { page, frame, attempt } = await launch(
      'video',
      { video: { path: videoPath, mime: 'video/mp4', durationSeconds: 6, captionsVtt: 'WEBVTT\n\n00:00.000 --> 00:06.000\nForklifts are heavy.\n' }, lrs: packageLrs },
      { completion_rule: 'video_watched', completion_threshold: 50, status_pair: 'completed_incomplete' },
    );
    const sco = page.frameLocator('[data-testid="sco"]');
    try {
      // The session began as the course opened.
      await waitUntil(() => lrs.statements().some((s) => s.verb.id === XAPI_VERBS.initialized), 'initialized');
      await sco.getByTestId('next').click();
      await sco.getByTestId('video').waitFor();
      await frame().evaluate(async () => {
        const video = (globalThis as any).document.querySelector('[data-testid="video"]');
        video.muted = true;
        video.playbackRate = 2;
        await video.play();
      });
      // Half of the 6 s watched: completed, to Trainwright and (by the course's rule) to the LMS.
      await waitUntil(() => lrs.statements().some((s) => s.verb.id === XAPI_VERBS.completed), 'completed', 30_000);
      await frame().evaluate(() => (globalThis as any).document.querySelector('[data-testid="video"]').pause());
      await waitUntil(() => lrs.statements().some((s) => s.verb.id === XAPI_VERBS.paused), 'paused');
      await sco.getByTestId('exit').click();
      await sco.getByTestId('exited').waitFor();
      await waitUntil(() => lrs.statements().some((s) => s.verb.id === XAPI_VERBS.terminated), 'terminated');

      const statements = lrs.statements();
      expect(statements.map((s) => s.verb.id)).toEqual([XAPI_VERBS.initialized, XAPI_VERBS.played, XAPI_VERBS.completed, XAPI_VERBS.paused, XAPI_VERBS.terminated]);
      // From the LMS's page, with the package's credential.
      for (const request of lrs.requests) expect(request).toMatchObject({ origin: lms.origin, authorization: packageLrs.authorization });
      const learner = await frame().evaluate((key) => (globalThis as any).localStorage.getItem(key), LEARNER_KEY);
      expect(learner).toMatch(/^[0-9a-f-]{36}$/);
      expect(new Set(statements.map((s) => s.context.extensions[EXT.sessionId])).size).toBe(1);
      for (const s of statements) {
        expect(s.actor).toEqual({ objectType: 'Agent', account: { homePage: packageLrs.learnerHomePage, name: learner } });
        expect(s.object.id).toBe(packageLrs.activityId);
        expect(s.context.extensions).toMatchObject({ [packageLrs.channelExtension]: 'scorm', [EXT.length]: 6 });
      }
      expect(JSON.stringify(statements)).not.toMatch(/lms-learner-4711|Jane/);
      expect(statements[2]!.result).toMatchObject({ completion: true });
      // Paused after completing: its progress is the one segment played, from where play began (which
      // lags 0 s on a loaded machine) to the pause, over the 6 s.
      const [played, completed, paused] = [statements[1]!.result.extensions, statements[2]!.result.extensions, statements[3]!.result.extensions];
      expect(paused[EXT.time]).toBeGreaterThanOrEqual(completed[EXT.time]);
      expect(paused[EXT.progress]).toBeCloseTo((paused[EXT.time] - played[EXT.time]) / 6, 2);
      expect(paused[EXT.progress]).toBeGreaterThan(0);

      // The LMS recorded the session as it always does.
      const committed = await waitUntil(() => lms.commits(attempt).find((c) => c.terminate), 'the terminate commit');
      expect(committed.cmi).toMatchObject({ core: { lesson_status: 'completed', exit: '' } });
    } finally {
      await page.context().close();
    }
  }, 90_000);

  it('leaves the LMS tracking undisturbed when Trainwright is out of reach, keeping the statements for later', async () => {
    const packageLrs = lrsOf('http://localhost:9/api/xapi/');
    const { page, frame, attempt } = await launch('offline', { lrs: packageLrs }, { completion_rule: 'slides_viewed', completion_threshold: 100, status_pair: 'completed_incomplete' });
    const sco = page.frameLocator('[data-testid="sco"]');
    try {
      // Through the overview and the three slides, then exit.
      for (let i = 0; i < 3; i++) await sco.getByTestId('next').click();
      await sco.getByTestId('exit').click();
      await sco.getByTestId('exited').waitFor();
      const committed = await waitUntil(() => lms.commits(attempt).find((c) => c.terminate), 'the terminate commit');
      expect(committed.cmi).toMatchObject({ core: { lesson_status: 'completed', exit: '' } });
      expect(await sco.getByTestId('notice').textContent()).toBe('');

      const waiting = await waitUntil(async () => {
        const kept = await frame().evaluate((key) => (globalThis as any).localStorage.getItem(key), `${QUEUE_KEY_PREFIX}${packageLrs.activityId}`);
        const statements = kept ? (JSON.parse(kept) as Record<string, any>[]) : [];
        return statements.some((s) => s.verb.id === XAPI_VERBS.terminated) ? statements : null;
      }, 'the statements kept in the browser');
      expect(waiting.map((s) => s.verb.id)).toEqual([XAPI_VERBS.initialized, XAPI_VERBS.completed, XAPI_VERBS.terminated]);
    } finally {
      await page.context().close();
    }
  }, 60_000);
});
