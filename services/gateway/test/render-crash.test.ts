// A render worker killed in the middle of a paid video (pay-per-use: the render-video job): its job
// is found stalled, another worker runs it again, and the video completes with exactly one set of
// files.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { call, eventually, register } from './accounts.js';
import { startHarness, type Harness } from './harness.js';

const WORKER = fileURLToPath(new URL('../../media-render/dist/src/worker.js', import.meta.url));
let h: Harness;
const workers: ChildProcess[] = [];

function startWorker(): ChildProcess {
  const child = spawn(process.execPath, [WORKER], {
    env: {
      PATH: process.env.PATH,
      DATABASE_URL: h.infra.databaseUrl,
      REDIS_URL: h.infra.redisUrl,
      NATS_URL: h.infra.natsUrl,
      NAMESPACE: h.infra.namespace,
      LOG_LEVEL: 'warn',
      AUTH_SERVICE_ADDR: `127.0.0.1:${h.auth.port}`,
      PROJECT_SERVICE_ADDR: `127.0.0.1:${h.project.port}`,
      TRANSLATION_SERVICE_ADDR: `127.0.0.1:${h.translation.port}`,
      STORAGE_DIR: h.storageDir,
      VIDEO_WIDTH: '640',
      VIDEO_HEIGHT: '360',
      RENDER_LOCK_MS: '2000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  workers.push(child);
  return child;
}

beforeAll(async () => {
  // A stack of its own, without a render worker in the test process: the workers are real
  // processes this test can kill.
  h = await startHarness('render-crash', { RATE_LIMIT_REGISTER_MAX: '1000', RENDER_WORKER: 'false' });
}, 60_000);
afterAll(async () => {
  const running = workers.filter((w) => w.exitCode === null && w.signalCode === null);
  for (const w of running) w.kill('SIGTERM');
  await Promise.all(running.map((w) => new Promise((r) => w.once('exit', r))));
  await h?.close();
}, 90_000);

it('should finish the paid video after its worker is killed, with exactly one set of files', async () => {
  const me = await register(h, 'Kit Kill', 'professional');
  const script = Array.from({ length: 6 }, (_, i) => `[SCENE: Part ${i + 1}]\nNARRATOR: This is part ${i + 1} of the evacuation briefing. Walk, do not run, to the nearest exit and wait at the assembly point.`).join('\n');
  const res = await call(h, 'POST', '/api/projects', me, { title: 'Evacuation Briefing', project_type: 'script_to_slides', script_content: script, visual_format: 'mp4' });
  const id = res.json().id as string;
  const first = startWorker();
  // The documents render; the video waits for its payment, then renders.
  await eventually(async () => (await call(h, 'GET', `/api/projects/${id}`, me)).json().video_status === 'payment_required', 60_000);
  const confirmed = (await call(h, 'POST', '/api/billing/confirm', me, { project_id: id, billing_type: 'video_generation', estimated_duration_minutes: 1, format: 'mp4' })).json();
  expect((await call(h, 'POST', `/api/billing/checkout/${confirmed.session_id}/pay`, me)).statusCode).toBe(200);
  // Kill the worker while the video renders.
  await eventually(async () => (await call(h, 'GET', `/api/projects/${id}`, me)).json().video_status === 'rendering', 60_000);
  first.kill('SIGKILL');
  await new Promise((r) => first.once('exit', r));
  startWorker();
  const project = await eventually(async () => {
    const p = (await call(h, 'GET', `/api/projects/${id}`, me)).json();
    return ['ready', 'failed'].includes(p.video_status) ? p : undefined;
  }, 90_000);
  expect(project).toMatchObject({ status: 'completed', video_status: 'ready' });
  const renders = join(h.storageDir, 'companies', project.company_id, 'projects', id, 'renders');
  const sets = readdirSync(renders);
  expect(sets).toHaveLength(1);
  const files = readdirSync(join(renders, sets[0]!)).sort();
  expect(files).toEqual(['Evacuation_Briefing.docx', 'Evacuation_Briefing.mov', 'Evacuation_Briefing.mp4', 'Evacuation_Briefing.pdf', 'Evacuation_Briefing.pptx', 'Evacuation_Briefing.txt', 'Evacuation_Briefing.vtt']);
  const video = await fetch(`${h.baseUrl}/api/projects/${id}/download/mp4`, { headers: me.auth });
  expect(video.status).toBe(200);
  expect(existsSync(renders)).toBe(true);
}, 180_000);
