// npm run bench:video -- [options]
//
// The advanced video processing of the media-render service (services/media-render/dist), on
// clips made in the run, in three parts (docs/benchmarks.md, "Advanced video processing"):
//   (1) operations  colour correction (brightness 0.1, contrast 1.1, saturation 1.2) and denoise
//                   (the quality operation with denoise only) of a 60 s 1280x720 30 fps clip
//                   (testsrc2 with noise, H.264, a 440 Hz AAC tone), each through the product's
//                   code path, runVideoOperation (fluent-ffmpeg, progress from ffmpeg's stats),
//                   against the raw one-command ffmpeg encode of the same output: the same filter
//                   (eq=..., hqdn3d) and the same encoder settings (libx264 veryfast CRF 20
//                   yuv420p, AAC 'fast' 160k, +faststart mp4), run with child_process.spawn. The
//                   two sides alternate (which goes first swaps every run); median of --runs each;
//                   goal: product / raw <= 1.10 (ratio of the medians, wall time). Checked: the
//                   raw command's filters and codec options are those the product's builders give
//                   (colorCorrectionFilters, qualityFilters, outputArgs), and both sides write the
//                   same picture and sound (md5 of each stream), every frame of the input
//   (2) batch       "a 10-minute clip in batch with chunking on 2 workers against one": a 10-minute
//                   640x360 25 fps clip (testsrc2, a tone), operations color_correction (as above)
//                   and noise_reduction, chunk_duration 60 (10 chunks), three sides:
//                     off          runBatch in this process with parallel_processing off (one chunk
//                                  at a time): the baseline without any chunk parallelism
//                     1 worker     the real job path: a batch job row and its video_files row on a
//                                  throwaway database (createTestInfra, media schema migrated), the
//                                  source in a LocalFileStorage under the work dir, the job enqueued
//                                  on the `video` queue and run by one startJobWorker (concurrency 1,
//                                  handlers processVideoJob + helpVideoBatchJob, its own ProcessingDeps
//                                  built from the dist modules as the medium test
//                                  shared-batch.medium.test.ts builds them; batchSharing = config.ts's
//                                  defaults). The job's own worker splits, stores the chunks, enqueues
//                                  the helpers and claims BATCH_CHUNK_CONCURRENCY chunks at once;
//                                  with no other worker it does all of them (the helpers run after it
//                                  and find the job ended)
//                     2 workers    the same with two such workers in this process: the other one takes
//                                  a HELP_VIDEO_BATCH_JOB and claims chunks too
//                   Timed from the enqueue to the job row's `completed` (its video_job.changed, the row
//                   polled as a fallback); phases from the job's stages: queue+copy (to 'splitting'),
//                   split (+ the chunks stored, to the first chunk's progress), chunks, join (+ the
//                   output stored and probed, to completed). Reported: the speed-up 2 workers / 1
//                   worker (wall), each against off, cpu, the `workers` figure of the job's data
//                   (must be 1 and 2: the bench fails otherwise) and how many chunks each worker
//                   finished. Checked for every side: the output's length within one frame of the
//                   input's, the same frame count, h264+aac; the picture's md5 across sides is reported
//                   (x264 in separate processes may differ). In --smoke (2 chunks, while every worker
//                   claims BATCH_CHUNK_CONCURRENCY >= 2 at once) the first worker to hold a chunk waits
//                   (up to 30 s) for the other to hold one before it claims a second, as the medium
//                   test does, so the smoke run always exercises the 2-worker path
//   (3) transcription  the offline transcriber (PocketsphinxTranscriber with the speaker-change
//                   diarizer, built as services/media-render/src/main.ts builds it) on a ~60 s
//                   espeak-ng clip (en-us+klatt, 140 words/min, 16 kHz mono as the product
//                   extracts it): real-time factor (RTF = wall / audio; cpu RTF = CPU of this
//                   process and of the processes it ran / audio), recognition alone and with
//                   speakers (the product's default request); WER against the script, for scale
//
// cpu = CPU time of this process and of the ffmpeg/pocketsphinx processes it ran (counted when
// they have exited; in (2) both workers run in this process, so theirs is counted); others = the
// most CPU other processes on the machine used during a run of that row, in % of one core (above
// 25: the figure is disturbed; in (2) it includes this run's PostgreSQL and Redis, a few %).
//
// Options:
//   --runs N           runs of each side of each operation in (1) (3); the batch runs once a side
//   --batch-runs N     runs of each side of (2) (1; the order of the two worker sides swaps every run)
//   --clip S           length of the clip of (1), seconds (60)
//   --batch-clip S     length of the clip of (2), seconds (600)
//   --speech S         about how long the speech clip of (3) is, seconds (60)
//   --parts LIST       which parts to run: operations,batch,transcription (all)
//   --keep DIR         make the clips and outputs in DIR and keep them
//   --json FILE        also write every figure as JSON
//   --wait-idle S      wait up to S seconds for other processes to go quiet before measuring (60; 0 = no)
//   --strict           exit 2 when a goal is missed
//   --smoke            tiny clips (2 s at 320x180; 70 s at 160x90 5 fps, 2 chunks; one sentence),
//                      1 run each: proves the bench runs (npm test)
// Needs: ffmpeg and ffprobe (libx264), espeak-ng, pocketsphinx + pocketsphinx-en-us (Debian), the
// built platform and media-render packages, and for (2) PostgreSQL, Redis and NATS
// (TEST_DATABASE_BASE_URL, TEST_REDIS_URL, TEST_NATS_URL: createTestInfra's; the database, Redis
// keys and NATS stream of its namespace are removed at the end, also on a failure, a signal or
// the watchdog). Exit code 1 when a tool is missing, a run fails or an output
// does not check out; 2 with --strict on a missed goal.
import { execFile, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { TRAINING_SENTENCES } from '../lib/speech.mjs';
import { log, parseOptions, printHelpIfAsked, shutdownOnSignals, startWatchdog, usage } from '../lib/cli.mjs';
import { DISTURBED, NCPU, selfMeter, waitForQuiet } from '../lib/cpu.mjs';
import { median, printTable } from '../lib/load.mjs';

const run = promisify(execFile);
const started = performance.now();
const MEDIA = import.meta.resolve('@trainwright/media-render'); // .../services/media-render/dist/src/index.js
const ops = await import(new URL('./processing/operations/index.js', MEDIA));
const { runBatch, BATCH_CHUNK_CONCURRENCY } = await import(new URL('./processing/batch/run-batch.js', MEDIA));
const { PocketsphinxTranscriber, detectPocketsphinxVersion, installedPocketsphinxModels } = await import(new URL('./adapters/transcription/pocketsphinx.js', MEDIA));
const { SpeakerChangeDiarizer } = await import(new URL('./adapters/transcription/speaker-change-diarizer.js', MEDIA));
const { alignWords, normaliseWords } = await import(new URL('./adapters/transcription/word-error-rate.js', MEDIA));
const { WorkerSupervisor } = await import('@trainwright/platform/worker-sandbox');
// (2)'s job path: what media-render's main.ts wires for the `video` queue's worker (main.js itself
// is not imported: it loads every adapter of the service).
const platform = await import('@trainwright/platform');
const { createTestInfra } = await import('@trainwright/platform/testing');
const { migrations: MEDIA_MIGRATIONS } = await import(new URL('../migrations/index.js', MEDIA));
const { MEDIA_SCHEMA } = await import(new URL('./repositories/database.js', MEDIA));
const { helpVideoBatchJob, processVideoJob } = await import(new URL('./jobs/process-video.job.js', MEDIA));
const { MediaStorageRepository } = await import(new URL('./repositories/media-storage.repository.js', MEDIA));
const { VideoBatchChunksRepository } = await import(new URL('./repositories/video-batch-chunks.repository.js', MEDIA));
const { VideoOperationsRepository } = await import(new URL('./repositories/video-operations.repository.js', MEDIA));
const { VideoProbeRepository } = await import(new URL('./repositories/video-probe.repository.js', MEDIA));
const { VideoProcessingQueueRepository } = await import(new URL('./repositories/video-processing-queue.repository.js', MEDIA));
const { VideoProcessingRepository } = await import(new URL('./repositories/video-processing.repository.js', MEDIA));
const { WorkDirRepository } = await import(new URL('./repositories/work-dir.repository.js', MEDIA));

const opts = parseOptions(
  {
    runs: { type: 'string', default: '3' },
    'batch-runs': { type: 'string', default: '1' },
    clip: { type: 'string', default: '60' },
    'batch-clip': { type: 'string', default: '600' },
    speech: { type: 'string', default: '60' },
    parts: { type: 'string', default: 'operations,batch,transcription' },
    keep: { type: 'string' },
  },
  { load: false },
);
printHelpIfAsked(opts, import.meta.url);
const smoke = opts.smoke;
const positive = (name, integer) => {
  const n = Number(opts[name]);
  if (!(n > 0) || (integer && !Number.isInteger(n))) usage(`--${name} must be a positive ${integer ? 'integer' : 'number'}`);
  return n;
};
const runs = smoke ? 1 : positive('runs', true);
const batchRuns = smoke ? 1 : positive('batch-runs', true);
const waitIdle = Number(opts['wait-idle']);
if (!(waitIdle >= 0)) usage('--wait-idle must be >= 0');
const parts = new Set(opts.parts.split(',').map((p) => p.trim()));
for (const p of parts) if (!['operations', 'batch', 'transcription'].includes(p)) usage(`--parts: unknown part '${p}'`);

// The clips: stated sizes, or tiny ones in smoke mode (the batch clip stays over two chunk lengths:
// chunk_duration is 60 s at least).
const CLIP = smoke ? { seconds: 2, width: 320, height: 180, fps: 30 } : { seconds: positive('clip'), width: 1280, height: 720, fps: 30 };
const BATCH_CLIP = smoke ? { seconds: 70, width: 160, height: 90, fps: 5 } : { seconds: positive('batch-clip'), width: 640, height: 360, fps: 25 };
const SPEECH_SECONDS = smoke ? 4 : positive('speech');
const CHUNK_DURATION = 60;
const GOAL_RATIO = 1.1;

const COLOR = { brightness: 0.1, contrast: 1.1, saturation: 1.2 };
const OPERATIONS = [
  {
    name: 'colour correction',
    operation: { kind: 'color_correction', ...COLOR, hue_shift: 0 },
    filter: 'eq=brightness=0.1:contrast=1.1:saturation=1.2',
    productFilters: () => ops.colorCorrectionFilters({ ...COLOR, hue_shift: 0 }),
  },
  {
    name: 'denoise',
    operation: { kind: 'quality', denoise: true, sharpen: false, upscale_factor: 1, enhance_contrast: false, stabilization: false },
    filter: 'hqdn3d',
    productFilters: () => ops.qualityFilters({ denoise: true, sharpen: false, upscale_factor: 1, enhance_contrast: false, stabilization: false }, CLIP, null).filters,
  },
];
// The encoder settings of a processed video with sound, as a person would type them
// (services/media-render/src/processing/operations/encoding.ts); checked against outputArgs below.
const RAW_OUTPUT = ['-map', '0:v:0', '-map', '0:a:0?', '-c:a', 'aac', '-aac_coder', 'fast', '-b:a', '160k', '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', '-f', 'mp4'];
const rawArgs = (filter, input, out) => ['-y', '-hide_banner', '-nostdin', '-loglevel', 'error', '-i', input, '-vf', filter, ...RAW_OUTPUT, out];

for (const [what, check] of [
  ['ffmpeg', () => run('ffmpeg', ['-version'])],
  ['ffprobe', () => run('ffprobe', ['-version'])],
  ['espeak-ng', () => run('espeak-ng', ['--version'])],
  ['pocketsphinx_continuous (Debian: pocketsphinx, pocketsphinx-en-us)', () => detectPocketsphinxVersion()],
]) {
  if (what !== 'ffmpeg' && what !== 'ffprobe' && !parts.has('transcription')) continue;
  await check().catch(() => usage(`${what} is not installed`));
}

const workRoot = opts.keep ? resolve(opts.keep) : mkdtempSync(join(tmpdir(), 'tw-bench-video-'));
mkdirSync(workRoot, { recursive: true });
const supervisor = new WorkerSupervisor();
const aborter = new AbortController();
const rawChildren = new Set();
// (2)'s throwaway stack while it stands: { infra, db, workers: Set<Worker>, queues: Set<JobQueue> }.
const stack = { infra: undefined, db: undefined, workers: new Set(), queues: new Set() };
let stopping = false;

/** The ffmpeg/ffprobe processes this one started that still run (the job path's: no signal of ours reaches them). */
function ownFfmpegChildren() {
  const pids = [];
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      if (/^ff(mpeg|probe)$/.test(comm) && Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === process.pid) pids.push(Number(pid));
    } catch {
      // gone already
    }
  }
  return pids;
}

/** Resolves with `promise`, or after `ms` whatever it does (a shutdown step that hangs must not stop the rest). */
const bounded = (promise, ms) => Promise.race([Promise.resolve(promise).catch((e) => log(`shutdown: ${e?.message ?? e}`)), new Promise((r) => setTimeout(r, ms).unref())]);

/** Stops (2)'s workers and removes its database, Redis keys and NATS stream. */
async function tearDownStack({ force }) {
  // force: the running jobs are not waited for (their ffmpeg processes are killed by the caller).
  await Promise.all([...stack.workers].map((w) => bounded(w.close(force), force ? 5000 : 60_000)));
  stack.workers.clear();
  await Promise.all([...stack.queues].map((q) => bounded(q.close(), 5000)));
  stack.queues.clear();
  if (stack.db) await bounded(stack.db.destroy(), 5000);
  stack.db = undefined;
  if (stack.infra) await bounded(stack.infra.cleanup().catch((e) => log(`dropping ${stack.infra.databaseUrl}: ${e}`)), 15_000);
  stack.infra = undefined;
}

async function shutdown(code) {
  if (stopping) return;
  stopping = true;
  aborter.abort(); // the product's ffmpeg processes (runVideoOperation, runBatch) are killed
  for (const child of rawChildren) child.kill('SIGKILL');
  for (const pid of ownFfmpegChildren()) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone already
    }
  }
  await tearDownStack({ force: true });
  await supervisor.closeAll();
  if (!opts.keep) rmSync(workRoot, { recursive: true, force: true });
  process.exit(code);
}
shutdownOnSignals(shutdown);
// A failure nobody awaits (a worker's connection, a shutdown step) still removes what the run made.
process.on('unhandledRejection', (error) => {
  log(`unhandled rejection: ${error?.stack ?? error}`);
  void shutdown(1);
});
startWatchdog(smoke ? 120_000 : 2_700_000, shutdown); // 45 min: part (2) has three 2-3 min sides on a loaded machine

const failures = [];
const fail = (message) => {
  failures.push(message);
  log(`CHECK FAILED: ${message}`);
};

// ---------------------------------------------------------------- helpers

const ffmpegQuiet = ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y'];

/** Runs a process to its end (stderr kept for the error); the child is killed on shutdown. */
function spawnToEnd(command, args, cwd = workRoot) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
    rawChildren.add(child);
    const err = [];
    child.stderr.on('data', (c) => err.push(c));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      rawChildren.delete(child);
      if (code === 0) resolvePromise();
      else reject(new Error(`${command} exited with ${code ?? signal}: ${Buffer.concat(err).toString('utf8').slice(-500)}`));
    });
  });
}

/** A test clip: testsrc2 (with temporal noise when `noise`), a 440 Hz tone, H.264 (keyframe every 2 s) + AAC mp4. */
async function makeClip(name, { seconds, width, height, fps }, noise) {
  const out = join(workRoot, `${name}.mp4`);
  await spawnToEnd('ffmpeg', [
    ...ffmpegQuiet,
    '-f', 'lavfi', '-i', `testsrc2=size=${width}x${height}:rate=${fps}:duration=${seconds}`,
    '-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${seconds}`,
    ...(noise ? ['-vf', 'noise=alls=12:allf=t+u'] : []),
    // A keyframe every 2 s, as a camera writes them: the batch's chunks start on keyframes.
    '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-g', String(2 * fps), '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '128k', '-shortest', out,
  ]);
  return out;
}

/** ffprobe's facts: format and video stream durations, frames, size, frame rate, sound. */
async function probe(path) {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration:stream=codec_type,codec_name,width,height,duration,nb_frames,r_frame_rate', '-of', 'json', path]);
  const info = JSON.parse(stdout);
  const video = info.streams.find((s) => s.codec_type === 'video');
  const audio = info.streams.find((s) => s.codec_type === 'audio');
  const [num, den] = String(video.r_frame_rate).split('/').map(Number);
  return {
    path,
    duration: Number(info.format.duration),
    videoDuration: Number(video.duration),
    audioDuration: audio ? Number(audio.duration) : null,
    frames: Number(video.nb_frames),
    width: video.width,
    height: video.height,
    fps: num / (den || 1),
    codecs: info.streams.map((s) => s.codec_name),
    hasAudio: Boolean(audio),
  };
}

/** The product's VideoInput for a probed file. */
const videoInput = (p) => ({ path: p.path, durationSeconds: p.duration, width: p.width, height: p.height, hasAudio: p.hasAudio });

/** md5 of each stream's packets (stream copy): the same hash = the same encoded picture / sound. */
async function streamHashes(path) {
  const { stdout } = await run('ffmpeg', ['-hide_banner', '-nostdin', '-loglevel', 'error', '-i', path, '-map', '0', '-c', 'copy', '-f', 'streamhash', '-hash', 'md5', '-']);
  return Object.fromEntries(stdout.trim().split('\n').map((l) => l.split(',')).map(([, type, hash]) => [type, hash]));
}

/** Times `work()`: wall ms, the CPU of this process and the processes it ran, and of this process alone (nodeMs). */
async function timed(work) {
  const meter = selfMeter();
  const node0 = process.cpuUsage();
  const t0 = performance.now();
  const value = await work();
  const ms = performance.now() - t0;
  const node = process.cpuUsage(node0);
  const cpu = meter();
  return { ms, cpuMs: cpu.cpuMs, nodeMs: (node.user + node.system) / 1000, others: cpu.others, value };
}

const sec = (ms) => `${(ms / 1000).toFixed(2)} s`;
const summary = (list) => ({ median: median(list.map((r) => r.ms)), min: Math.min(...list.map((r) => r.ms)), max: Math.max(...list.map((r) => r.ms)), cpuMs: median(list.map((r) => r.cpuMs)), nodeMs: median(list.map((r) => r.nodeMs)), others: Math.max(...list.map((r) => r.others)) });
const runsOf = (list) => list.map(({ ms, cpuMs, nodeMs, others }) => ({ ms, cpuMs, nodeMs, others }));

// ---------------------------------------------------------------- the clips

const SENTENCES = [
  ...TRAINING_SENTENCES,
  'Each new employee meets a mentor during the first week.',
  'Report every accident to your manager on the same day.',
  'Keep the walkways clear of boxes, cables and tools.',
  'The first aid kit hangs on the wall next to the kitchen door.',
  'Lock your computer screen whenever you leave your desk.',
  'Never share your password, not even with a colleague.',
  'Check the expiry date of the fire extinguisher once a month.',
  'Lift heavy loads with your knees bent and your back straight.',
];

log(`making the clips in ${workRoot}`);
const made = {};
await Promise.all([
  parts.has('operations') &&
    (async () => {
      made.clip = await probe(await makeClip('clip', CLIP, true));
    })(),
  parts.has('batch') &&
    (async () => {
      made.batch = await probe(await makeClip('batch', BATCH_CLIP, false));
    })(),
  parts.has('transcription') &&
    (async () => {
      // About 2.4 words a second at -s 140, with the pauses between sentences.
      const words = [];
      for (let i = 0; words.join(' ').split(' ').length < SPEECH_SECONDS * 2.4; i++) words.push(SENTENCES[i % SENTENCES.length]);
      const text = words.join(' ');
      const raw = join(workRoot, 'speech-22k.wav');
      await run('espeak-ng', ['-v', 'en-us+klatt', '-s', '140', '-w', raw, text]);
      // As transcribeVideo extracts a sound track: 16 kHz mono 16-bit PCM.
      const wav = join(workRoot, 'speech.wav');
      await spawnToEnd('ffmpeg', [...ffmpegQuiet, '-i', raw, '-ac', '1', '-ar', '16000', '-c:a', 'pcm_s16le', '-f', 'wav', wav]);
      const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', wav]);
      made.speech = { path: wav, text, seconds: Number(stdout.trim()) };
    })(),
]);

if (waitIdle > 0 && !smoke) await waitForQuiet(waitIdle, log, 'other processes use');
const load0 = loadavg()[0];
const report = { date: new Date().toISOString(), smoke, cores: NCPU, loadAverage: load0, runs, batchRuns };
const goals = [];

// ---------------------------------------------------------------- (1) operations against raw ffmpeg

if (parts.has('operations')) {
  log(`${((performance.now() - started) / 1000).toFixed(1)} s: operations`);
  const clip = made.clip;
  const input = videoInput(clip);
  const dir = join(workRoot, 'operations');
  mkdirSync(dir, { recursive: true });

  // The raw command is the product's pass, typed out: the same filters and codec options.
  const productOutput = ops.outputArgs('0:v:0', true);
  if (JSON.stringify(productOutput) !== JSON.stringify(RAW_OUTPUT)) fail(`the product's output options changed: ${productOutput.join(' ')} (the raw command has ${RAW_OUTPUT.join(' ')}); update RAW_OUTPUT`);
  for (const op of OPERATIONS) {
    const filters = op.productFilters().join(',');
    if (filters !== op.filter) fail(`${op.name}: the product's filters are '${filters}', the raw command's '${op.filter}'`);
  }

  // A worker is a long-lived process: one unmeasured run of each side on a 1 s clip first (smoke: the clip itself).
  // The product's first run in a process also pays fluent-ffmpeg's one-off capability probe
  // (ffmpeg -formats, -codecs, -encoders, -filters: cached for the process), printed as the cold start.
  const tiny = smoke ? clip : await probe(await makeClip('warm-up', { seconds: 1, width: 320, height: 180, fps: CLIP.fps }, true));
  const cold = await timed(() => ops.runVideoOperation(OPERATIONS[0].operation, videoInput(tiny), dir, () => undefined, aborter.signal));
  const warm = await timed(() => ops.runVideoOperation(OPERATIONS[0].operation, videoInput(tiny), dir, () => undefined, aborter.signal));
  const rawWarm = await timed(() => spawnToEnd('ffmpeg', rawArgs(OPERATIONS[0].filter, tiny.path, join(dir, 'raw-warm-up.mp4')), dir));
  report.coldStartMs = { productFirst: cold.ms, productSecond: warm.ms, raw: rawWarm.ms };
  for (const path of [cold.value.outputPath, warm.value.outputPath, join(dir, 'raw-warm-up.mp4')]) rmSync(path, { force: true });

  const results = OPERATIONS.map((op) => ({ op, product: [], raw: [], outputs: {} }));
  for (let r = 0; r < runs; r++) {
    for (const [k, res] of results.entries()) {
      const sides = [
        [
          'product',
          async () => {
            const out = await ops.runVideoOperation(res.op.operation, input, dir, () => undefined, aborter.signal);
            return out.outputPath;
          },
        ],
        [
          'raw',
          async () => {
            const out = join(dir, `raw-${k}-${r}.mp4`);
            await spawnToEnd('ffmpeg', rawArgs(res.op.filter, clip.path, out), dir);
            return out;
          },
        ],
      ];
      // Which side goes first swaps every run (and between the operations).
      if ((r + k) % 2 === 1) sides.reverse();
      for (const [side, work] of sides) {
        const t = await timed(work);
        res[side].push(t);
        log(`${res.op.name} ${side} run ${r + 1}: ${sec(t.ms)} (cpu ${sec(t.cpuMs)}, others ${t.others}%)`);
        // The first run's output is checked; the rest are removed as they come.
        if (r === 0) res.outputs[side] = t.value;
        else rmSync(t.value, { force: true });
      }
    }
  }

  const rows = [['operation', 'side', 'median', 'min', 'max', 'cpu', 'of which node', 'cores', 'others', 'output']];
  report.operations = { clip: { ...CLIP, bytes: statSync(clip.path).size, frames: clip.frames }, results: [] };
  for (const res of results) {
    const hashes = {};
    const probes = {};
    await Promise.all(['product', 'raw'].map(async (side) => {
      [probes[side], hashes[side]] = await Promise.all([probe(res.outputs[side]), streamHashes(res.outputs[side])]);
    }));
    for (const side of ['product', 'raw']) {
      const p = probes[side];
      if (p.frames !== clip.frames || p.width !== clip.width || p.height !== clip.height || p.codecs.join() !== 'h264,aac') fail(`${res.op.name} ${side}: ${p.codecs.join('+')} ${p.width}x${p.height}, ${p.frames} frames (the input has ${clip.frames} at ${clip.width}x${clip.height})`);
    }
    const samePicture = hashes.product.v === hashes.raw.v;
    const sameSound = hashes.product.a === hashes.raw.a;
    if (!samePicture || !sameSound) fail(`${res.op.name}: the product's and the raw command's outputs differ (picture ${samePicture ? 'same' : 'differs'}, sound ${sameSound ? 'same' : 'differs'})`);
    const p = summary(res.product);
    const w = summary(res.raw);
    const pairRatios = res.product.map((x, i) => x.ms / res.raw[i].ms);
    const ratio = p.median / w.median;
    const cpuRatio = p.cpuMs / w.cpuMs;
    const out = `${probes.product.frames} frames, ${(statSync(res.outputs.product).size / 1e6).toFixed(1)} MB, ${samePicture && sameSound ? 'identical streams' : 'DIFFERENT streams'}`;
    rows.push([res.op.name, 'product: runVideoOperation', sec(p.median), sec(p.min), sec(p.max), sec(p.cpuMs), sec(p.nodeMs), (p.cpuMs / p.median).toFixed(2), `${p.others}%`, out]);
    rows.push(['', 'raw ffmpeg, one command', sec(w.median), sec(w.min), sec(w.max), sec(w.cpuMs), sec(w.nodeMs), (w.cpuMs / w.median).toFixed(2), `${w.others}%`, '']);
    const entry = { name: res.op.name, filter: res.op.filter, product: { ...p, runs: runsOf(res.product) }, raw: { ...w, runs: runsOf(res.raw) }, ratio, cpuRatio, pairRatios, samePicture, sameSound, fps: CLIP.fps * CLIP.seconds / (p.median / 1000) };
    report.operations.results.push(entry);
    goals.push({ name: `${res.op.name}: product / raw ffmpeg (median wall)`, value: ratio, text: `${ratio.toFixed(2)}x (cpu ${cpuRatio.toFixed(2)}x; per run ${pairRatios.map((x) => x.toFixed(2)).join(', ')})`, goal: `<= ${GOAL_RATIO.toFixed(2)}x`, met: ratio <= GOAL_RATIO });
  }
  printTable(
    `(1) ${CLIP.seconds} s ${CLIP.width}x${CLIP.height} ${CLIP.fps} fps clip (testsrc2 + noise, H.264 + AAC), ${runs} run(s) a side, alternating; wall times; cpu = median CPU time (of which node: this process, the product's fluent-ffmpeg side); cores = cpu / median`,
    rows,
  );
  console.log(`warm-up on a 1 s clip (not counted): the product's first run in the process ${sec(cold.ms)}, its second ${sec(warm.ms)}, raw ffmpeg ${sec(rawWarm.ms)}`);
  console.log(`raw commands: ffmpeg ${rawArgs('<filter>', 'clip.mp4', 'out.mp4').join(' ')}, <filter> = ${OPERATIONS.map((o) => o.filter).join(' | ')}`);
}

// ---------------------------------------------------------------- (2) batch with chunking

/** config.ts's defaults (VIDEO_BATCH_HELPERS, VIDEO_BATCH_BEAT_MS, VIDEO_BATCH_STALE_MS), as a worker runs with them. */
const BATCH_SHARING = { helpers: 8, beatMs: 2000, staleMs: 60_000 };
const BATCH_SIDES = [
  { key: 'off', label: 'parallel_processing off (runBatch)', workers: 0 },
  { key: 'oneWorker', label: 'job, 1 video worker', workers: 1 },
  { key: 'twoWorkers', label: 'job, 2 video workers', workers: 2 },
];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function batchPart() {
  const clip = made.batch;
  const input = videoInput(clip);
  const frame = 1 / clip.fps;
  const params = (parallel) => ({ operations: ['color_correction', 'noise_reduction'], processing_parameters: { color_correction: COLOR }, chunk_duration: CHUNK_DURATION, parallel_processing: parallel });

  // The job sides' stack: a throwaway database and namespace, the media schema, storage in the work dir.
  stack.infra = await createTestInfra('bench_video_batch');
  await platform.migrateSchema(stack.infra.databaseUrl, MEDIA_SCHEMA, MEDIA_MIGRATIONS);
  const db = (stack.db = platform.createDatabase({ url: stack.infra.databaseUrl, schema: MEDIA_SCHEMA }));
  const store = new VideoProcessingRepository(db);
  const chunkStore = new VideoBatchChunksRepository(db);
  const storage = new MediaStorageRepository(new platform.LocalFileStorage(join(workRoot, 'storage')));
  const workDirs = join(workRoot, 'work');
  mkdirSync(workDirs, { recursive: true });
  const ctx = { redisUrl: stack.infra.redisUrl, namespace: stack.infra.namespace };
  const logger = platform.createLogger('bench-video', 'silent');
  const enqueuer = new platform.JobQueue(ctx, platform.PROCESS_VIDEO_JOB.queue);
  stack.queues.add(enqueuer);
  const companyId = randomUUID();
  const createdBy = randomUUID();
  // The source, uploaded once; its row with the product's probe facts (as register-video-file records them).
  const probed = await new VideoProbeRepository().probe(clip.path);
  if (!probed) throw new Error("the product's probe does not read the batch clip");
  const sourceKey = `companies/${companyId}/uploads/${randomUUID()}.mp4`;
  const size = await storage.save(sourceKey, { path: clip.path });
  const source = await store.insertFile({ id: randomUUID(), companyId, createdBy, origin: 'upload', uploadId: randomUUID(), projectId: null, jobId: null, storageKey: sourceKey, filename: 'batch.mp4', contentType: 'video/mp4', size, ...probed });

  // video_job.changed of the job being timed: when each stage began (ms from the enqueue), which worker ran it, its end.
  const watched = new Map();
  const phaseOf = (stage) => (stage.startsWith('chunk') ? 'chunks' : stage);
  const eventsOf = (label) => ({
    changed: async (job) => {
      const w = watched.get(job.id);
      if (!w) return;
      const at = performance.now() - w.t0;
      if (job.status === 'running') w.own ??= label;
      if (job.stage) w.marks[phaseOf(job.stage)] ??= at;
      if (job.status === 'completed' || job.status === 'failed') w.end(at);
    },
  });
  /** Resolves with the job's row once it is completed or failed: on its event, or found by polling the row (a fallback). */
  function watch(jobId, t0) {
    let end;
    const ended = new Promise((r) => (end = r));
    const w = { t0, marks: {}, own: undefined, end };
    watched.set(jobId, w);
    const poll = setInterval(async () => {
      const row = await store.findJob(jobId).catch(() => undefined);
      if (row?.status === 'completed' || row?.status === 'failed') end(performance.now() - t0);
    }, 500);
    return ended.then(async (at) => {
      clearInterval(poll);
      watched.delete(jobId);
      return { at, marks: w.marks, own: w.own, row: await store.findJob(jobId) };
    });
  }

  // Smoke only (see the header): a worker that holds a chunk claims another once the other worker
  // holds one too (or none is left to claim). A worker's claims pass the gate one at a time: its
  // lanes start together, and would otherwise all find nobody holding a chunk.
  const gates = new Map();
  const gatedClaim = (jobId, by, staleMs) => {
    const worker = by.split('/')[0];
    const claim = (gates.get(worker) ?? Promise.resolve()).then(async () => {
      for (const until = Date.now() + 30_000; Date.now() < until; await sleep(50)) {
        const rows = await chunkStore.chunksOf(jobId);
        const holders = new Set(rows.filter((c) => c.claimedBy).map((c) => c.claimedBy.split('/')[0]));
        if (!holders.has(worker) || holders.size >= 2 || !rows.some((c) => c.status === 'pending')) break;
      }
      return chunkStore.claimChunk(jobId, by, staleMs);
    });
    gates.set(worker, claim.catch(() => undefined));
    return claim;
  };

  /** One worker's ProcessingDeps, as the medium test builds them; `counts[label]` = the chunks it finished. */
  function workerDeps(label, counts, queues, gate) {
    const queue = new platform.JobQueue(ctx, platform.HELP_VIDEO_BATCH_JOB.queue);
    queues.push(queue);
    stack.queues.add(queue);
    const chunks = Object.assign(Object.create(chunkStore), {
      finishChunk: async (key, by, output) => {
        const held = await chunkStore.finishChunk(key, by, output);
        if (held) counts[label] = (counts[label] ?? 0) + 1;
        return held;
      },
      ...(gate ? { claimChunk: gatedClaim } : {}),
    });
    return {
      memberships: undefined, // jobs do not check access: the API did when it queued them
      files: store,
      jobs: store,
      probe: new VideoProbeRepository(),
      queue: new VideoProcessingQueueRepository(queue),
      events: eventsOf(label),
      storage,
      workDirs: new WorkDirRepository(workDirs, 'tw-video-'),
      operations: new VideoOperationsRepository(async () => {
        throw new Error('a batch transcribes nothing');
      }),
      chunks,
      batchSharing: BATCH_SHARING,
      newId: randomUUID,
    };
  }

  /** The batch as a job on `n` fresh video workers: timed from the enqueue to the row's completed. */
  async function jobSide(n, name) {
    const counts = {};
    const queues = [];
    const labels = n === 1 ? ['A'] : ['A', 'B'];
    const workers = labels.map((label) => {
      const deps = workerDeps(label, counts, queues, smoke && n > 1);
      const worker = platform.startJobWorker(ctx, platform.PROCESS_VIDEO_JOB.queue, [processVideoJob(deps), helpVideoBatchJob(deps)], { concurrency: 1, logger });
      stack.workers.add(worker);
      return worker;
    });
    await Promise.all(workers.map((w) => w.waitUntilReady()));
    const job = await store.insertJob({ id: randomUUID(), companyId, createdBy, operation: 'batch', fileIds: [source.id], backgroundFileId: null, params: params(true) }, 5);
    const t = await timed(async () => {
      const done = watch(job.id, performance.now());
      await new VideoProcessingQueueRepository(enqueuer).enqueue(job.id);
      return done;
    });
    const { row, marks, own } = t.value;
    if (row?.status !== 'completed') throw new Error(`the batch job on ${n} worker(s) ended ${row?.status}: ${row?.error}`);
    // The helpers still queued (each finds the job ended) run before the workers stop.
    for (const until = Date.now() + 60_000; (await enqueuer.unfinished()) > 0 && Date.now() < until; ) await sleep(100);
    await Promise.all(workers.map((w) => w.close()));
    for (const w of workers) stack.workers.delete(w);
    await Promise.all(queues.map((q) => q.close()));
    for (const q of queues) stack.queues.delete(q);
    const [output] = await store.outputsOf(job.id);
    const outputPath = join(workRoot, `${name}.mp4`);
    await storage.copyTo(output.storageKey, outputPath);
    // Which worker ran the job: 'own'; the other: 'helper'.
    const byWorker = Object.fromEntries(labels.map((l) => [l === own ? 'own' : 'helper', counts[l] ?? 0]));
    t.value = { outputPath, chunks: row.data?.files?.[0]?.chunks, workers: row.data?.workers, byWorker, marks, jobId: job.id };
    return t;
  }

  /** The batch through runBatch here, parallel_processing off. */
  async function offSide(name) {
    const workDir = join(workRoot, name);
    const marks = {};
    const t = await timed(async () => {
      const t0 = performance.now();
      const onProgress = (_fraction, stage) => {
        marks[phaseOf(stage)] ??= performance.now() - t0;
      };
      return runBatch([{ input, name: 'batch' }], params(false), { workDir, onProgress, signal: aborter.signal });
    });
    t.value = { outputPath: t.value.files[0].outputPath, chunks: t.value.files[0].chunks, workers: t.value.workers, byWorker: { own: t.value.files[0].chunks }, marks };
    return t;
  }

  const sides = Object.fromEntries(BATCH_SIDES.map((s) => [s.key, []]));
  for (let r = 0; r < batchRuns; r++) {
    // off first (it pays fluent-ffmpeg's one-off capability probe, about 1 s); the worker sides swap every run.
    const order = r % 2 === 0 ? BATCH_SIDES : [BATCH_SIDES[0], BATCH_SIDES[2], BATCH_SIDES[1]];
    for (const side of order) {
      const name = `batch-${side.key}-${r}`;
      const t = side.workers === 0 ? await offSide(name) : await jobSide(side.workers, name);
      sides[side.key].push(t);
      log(`batch ${side.label} run ${r + 1}: ${sec(t.ms)} (cpu ${sec(t.cpuMs)}, others ${t.others}%, ${t.value.chunks} chunks, workers ${t.value.workers}: ${Object.entries(t.value.byWorker).map(([k, v]) => `${k} ${v}`).join(', ')})`);
      if (side.workers > 0 && t.value.workers !== side.workers) fail(`batch ${side.label} run ${r + 1}: the job's data says workers ${t.value.workers}, not ${side.workers}`);
      if (r > 0) rmSync(t.value.outputPath, { force: true });
    }
  }

  const rows = [['side', 'workers (job data)', 'chunks by worker', 'median', 'to split', 'split', 'chunks', 'join', 'cpu', 'cores', 'others', 'output length (video / sound)', 'frames']];
  report.batch = { clip: { ...BATCH_CLIP, frames: clip.frames, duration: clip.duration, videoDuration: clip.videoDuration }, chunkDuration: CHUNK_DURATION, concurrency: BATCH_CHUNK_CONCURRENCY, batchSharing: BATCH_SHARING, smokeGate: smoke, sides: {} };
  const hashes = {};
  for (const side of BATCH_SIDES) {
    const list = sides[side.key];
    const s = summary(list);
    const first = list[0];
    const out = await probe(first.value.outputPath);
    hashes[side.key] = await streamHashes(out.path);
    const videoDiff = out.videoDuration - clip.videoDuration;
    const formatDiff = out.duration - clip.duration;
    const kept = Math.abs(videoDiff) <= frame + 1e-6 && Math.abs(formatDiff) <= frame + 1e-6 && out.frames === clip.frames;
    if (!kept) fail(`batch ${side.label}: ${out.frames} frames, video ${out.videoDuration.toFixed(3)} s, file ${out.duration.toFixed(3)} s; the input has ${clip.frames} frames, ${clip.videoDuration.toFixed(3)} s and ${clip.duration.toFixed(3)} s (one frame is ${frame.toFixed(3)} s)`);
    if (out.codecs.join() !== 'h264,aac') fail(`batch ${side.label}: streams ${out.codecs.join('+')}`);
    // The phases of the first run, from the stages: to 'splitting' (the job's queue wait and the
    // input copied in), split (+ the chunks stored: to the first chunk's progress), chunks (to
    // 'joining'), join (+ the output stored and probed: to completed).
    const m = first.value.marks;
    const total = first.ms;
    const at = (phase) => m[phase] ?? total;
    rows.push([
      side.label,
      side.workers === 0 ? '- (1 here)' : String(first.value.workers),
      Object.entries(first.value.byWorker).map(([k, v]) => `${k} ${v}`).join(', '),
      sec(s.median),
      // off: runBatch starts with the split (its first progress comes after the chunk probes).
      side.workers === 0 ? '-' : sec(at('splitting')),
      sec(at('chunks') - (side.workers === 0 ? 0 : at('splitting'))),
      sec(at('joining') - at('chunks')),
      sec(total - at('joining')),
      sec(s.cpuMs),
      (s.cpuMs / s.median).toFixed(2),
      `${s.others}%`,
      `${out.videoDuration.toFixed(3)} / ${(out.audioDuration ?? 0).toFixed(3)} s (${videoDiff >= 0 ? '+' : ''}${(videoDiff * 1000).toFixed(0)} ms)`,
      `${out.frames} of ${clip.frames}`,
    ]);
    report.batch.sides[side.key] = {
      label: side.label,
      ...s,
      chunks: first.value.chunks,
      workers: list.map((t) => t.value.workers),
      chunksByWorker: list.map((t) => t.value.byWorker),
      phasesMs: m,
      runs: runsOf(list),
      output: { duration: out.duration, videoDuration: out.videoDuration, audioDuration: out.audioDuration, frames: out.frames, codecs: out.codecs },
      videoDiffS: videoDiff,
      formatDiffS: formatDiff,
      keptWithinAFrame: kept,
    };
  }
  const { off, oneWorker, twoWorkers } = report.batch.sides;
  const samePicture = hashes.off.v === hashes.oneWorker.v && hashes.oneWorker.v === hashes.twoWorkers.v;
  // Reported, not required: x264 in separate processes may differ by a bit.
  if (!samePicture) log(`note: the picture differs between the sides (off ${hashes.off.v}, 1 worker ${hashes.oneWorker.v}, 2 workers ${hashes.twoWorkers.v}; same length and frame count)`);
  report.batch.samePicture = samePicture;
  report.batch.speedUp = oneWorker.median / twoWorkers.median;
  report.batch.cpuRatio = twoWorkers.cpuMs / oneWorker.cpuMs;
  report.batch.speedUpOverOff = { oneWorker: off.median / oneWorker.median, twoWorkers: off.median / twoWorkers.median };
  printTable(
    `(2) batch: ${BATCH_CLIP.seconds} s ${BATCH_CLIP.width}x${BATCH_CLIP.height} ${BATCH_CLIP.fps} fps clip (testsrc2, a tone; ${clip.frames} frames, video ${clip.videoDuration.toFixed(3)} s), color_correction + noise_reduction, chunk_duration ${CHUNK_DURATION} (${off.chunks} chunks); the job sides: enqueue to completed, each worker up to ${BATCH_CHUNK_CONCURRENCY} chunks at once, both in this process${smoke ? ', smoke: claims gated so both workers take part' : ''}; ${batchRuns} run(s) a side; phases of the first run`,
    rows,
  );
  const keptAll = BATCH_SIDES.every((s) => report.batch.sides[s.key].keptWithinAFrame);
  console.log(
    `speed-up with 2 workers against 1 (wall, 1 worker / 2 workers): ${report.batch.speedUp.toFixed(2)}x on ${NCPU} cores shared by both workers; cpu 2 / 1 workers ${report.batch.cpuRatio.toFixed(2)}x; ` +
      `job data workers ${oneWorker.workers.join(',')} and ${twoWorkers.workers.join(',')}; chunks on 2 workers: ${Object.entries(twoWorkers.chunksByWorker[0]).map(([k, v]) => `${k} ${v}`).join(', ')}; ` +
      `over parallel_processing off: 1 worker ${report.batch.speedUpOverOff.oneWorker.toFixed(2)}x, 2 workers ${report.batch.speedUpOverOff.twoWorkers.toFixed(2)}x; ` +
      `length kept within a frame (${(frame * 1000).toFixed(0)} ms): ${keptAll ? 'yes' : 'NO'}; same picture on every side: ${samePicture ? 'yes' : 'no'}`,
  );
}

if (parts.has('batch')) {
  log(`${((performance.now() - started) / 1000).toFixed(1)} s: batch`);
  let failed = false;
  try {
    await batchPart();
  } catch (error) {
    // Stopped by a signal or the watchdog: shutdown() removes everything and exits.
    if (stopping) await new Promise(() => undefined);
    failed = true;
    fail(`batch: ${error?.stack ?? error}`);
    for (const pid of ownFfmpegChildren()) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // gone already
      }
    }
  }
  await tearDownStack({ force: failed });
}

// ---------------------------------------------------------------- (3) transcription against real time

if (parts.has('transcription')) {
  log(`${((performance.now() - started) / 1000).toFixed(1)} s: transcription`);
  const speech = made.speech;
  // As main.ts's transcriptionEngines builds the offline engine.
  const diarizer = new SpeakerChangeDiarizer({ supervisor });
  const version = await detectPocketsphinxVersion().catch(() => 'not installed');
  const transcriber = new PocketsphinxTranscriber({ version, models: version === 'not installed' ? {} : installedPocketsphinxModels(), diarizer });
  if (!transcriber.supports('en-US')) usage('the US English model (pocketsphinx-en-us) is not installed');
  const cases = [
    { name: 'recognition (no speakers)', diarization: false },
    { name: 'with speakers (the default request)', diarization: true },
  ];
  const rows = [['request', 'audio', 'wall', 'RTF', 'cpu', 'cpu RTF', 'others', 'words', 'WER']];
  report.transcription = { engine: transcriber.engineFor('en-US'), version, voice: 'en-us+klatt', audioSeconds: speech.seconds, cases: [] };
  const ref = normaliseWords(speech.text);
  for (const c of cases) {
    const t = await timed(() => transcriber.transcribe({ wavPath: speech.path, languageCode: 'en-US', diarization: c.diarization, wordTimestamps: true, vocabulary: [], signal: aborter.signal }));
    const words = t.value.words;
    if (words.length === 0) fail(`transcription ${c.name}: no word recognised`);
    if (c.diarization && !t.value.diarization) fail(`transcription ${c.name}: no speakers in the transcript`);
    const wer = alignWords(ref, words.flatMap((w) => normaliseWords(w.word))).wer;
    const rtf = t.ms / 1000 / speech.seconds;
    const cpuRtf = t.cpuMs / 1000 / speech.seconds;
    rows.push([c.name, `${speech.seconds.toFixed(1)} s`, sec(t.ms), rtf.toFixed(2), sec(t.cpuMs), cpuRtf.toFixed(2), `${t.others}%`, String(words.length), `${(100 * wer).toFixed(1)}%`]);
    report.transcription.cases.push({ name: c.name, diarization: c.diarization, ms: t.ms, cpuMs: t.cpuMs, others: t.others, rtf, cpuRtf, words: words.length, referenceWords: ref.length, wer, speakers: t.value.diarization?.speakers ?? null });
    log(`transcription ${c.name}: RTF ${rtf.toFixed(2)} (cpu ${cpuRtf.toFixed(2)})`);
  }
  printTable(`(3) transcription: ${report.transcription.engine} on ${speech.seconds.toFixed(1)} s of espeak-ng en-us+klatt speech (${ref.length} words, 16 kHz mono); RTF = wall / audio`, rows);
  const withSpeakers = report.transcription.cases.at(-1);
  console.log(`transcription speed: ${(1 / withSpeakers.rtf).toFixed(1)}x real time (wall), ${(1 / withSpeakers.cpuRtf).toFixed(1)}x on one core (cpu)`);
}

// ---------------------------------------------------------------- goals and checks

const disturbedNote = [];
for (const res of report.operations?.results ?? []) if (Math.max(res.product.others, res.raw.others) > DISTURBED) disturbedNote.push(res.name);
if (report.batch?.sides && Math.max(...Object.values(report.batch.sides).map((s) => s.others)) > DISTURBED) disturbedNote.push('batch');
for (const c of report.transcription?.cases ?? []) if (c.others > DISTURBED) disturbedNote.push(`transcription ${c.name}`);

console.log('');
console.log(`load average ${load0.toFixed(2)} at the start, ${NCPU} cores`);
for (const g of goals) console.log(`${g.name} = ${g.text} (goal ${g.goal})  ${g.met ? 'met' : 'MISSED'}`);
if (disturbedNote.length > 0) console.log(`WARNING: other processes used > ${DISTURBED}% of a core during ${disturbedNote.join(', ')}; those figures are disturbed`);
if (smoke && goals.length > 0) console.log('(smoke figures are too short to judge speed)');
report.goals = goals.map(({ name, value, goal, met }) => ({ name, value, goal, met }));
report.failures = failures;
if (opts.json) writeFileSync(opts.json, JSON.stringify(report, null, 2));
if (failures.length > 0) {
  log(`${failures.length} check(s) failed:\n  ${failures.join('\n  ')}`);
  await shutdown(1);
}
await shutdown(opts.strict && goals.some((g) => !g.met) ? 2 : 0);
