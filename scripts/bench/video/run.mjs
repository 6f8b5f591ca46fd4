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
//   (2) batch       a 10-minute 640x360 25 fps clip (testsrc2, a tone) through runBatch with the
//                   operations color_correction (as above) and noise_reduction, chunk_duration 60,
//                   parallel_processing on (BATCH_CHUNK_CONCURRENCY chunks at once) against off
//                   (one at a time): the speed-up (off / on, wall), the time of the split, the
//                   chunks and the join, and the output's length by ffprobe against the input's
//                   (checked: within one frame, the same frame count, and the same picture either way)
//   (3) transcription  the offline transcriber (PocketsphinxTranscriber with the speaker-change
//                   diarizer, built as services/media-render/src/main.ts builds it) on a ~60 s
//                   espeak-ng clip (en-us+klatt, 140 words/min, 16 kHz mono as the product
//                   extracts it): real-time factor (RTF = wall / audio; cpu RTF = CPU of this
//                   process and of the processes it ran / audio), recognition alone and with
//                   speakers (the product's default request); WER against the script, for scale
//
// cpu = CPU time of this process and of the ffmpeg/pocketsphinx processes it ran (counted when
// they have exited); others = the most CPU other processes on the machine used during a run of
// that row, in % of one core (above 25: the figure is disturbed).
//
// Options:
//   --runs N           runs of each side of each operation in (1) (3); the batch runs once a side
//   --batch-runs N     runs of each side of (2) (1)
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
// Needs: ffmpeg and ffprobe (libx264), espeak-ng, pocketsphinx + pocketsphinx-en-us (Debian) and
// the built media-render service. Exit code 1 when a tool is missing, a run fails or an output
// does not check out; 2 with --strict on a missed goal.
import { execFile, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
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
let stopping = false;
async function shutdown(code) {
  if (stopping) return;
  stopping = true;
  aborter.abort(); // the product's ffmpeg processes (runVideoOperation, runBatch) are killed
  for (const child of rawChildren) child.kill('SIGKILL');
  await supervisor.closeAll();
  if (!opts.keep) rmSync(workRoot, { recursive: true, force: true });
  process.exit(code);
}
shutdownOnSignals(shutdown);
startWatchdog(smoke ? 120_000 : 1_800_000, shutdown);

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

if (parts.has('batch')) {
  log(`${((performance.now() - started) / 1000).toFixed(1)} s: batch`);
  const clip = made.batch;
  const input = videoInput(clip);
  const params = (parallel) => ({ operations: ['color_correction', 'noise_reduction'], processing_parameters: { color_correction: COLOR }, chunk_duration: CHUNK_DURATION, parallel_processing: parallel });
  const sides = { on: [], off: [] };
  const outputs = {};
  for (let r = 0; r < batchRuns; r++) {
    const order = r % 2 === 0 ? ['on', 'off'] : ['off', 'on'];
    for (const side of order) {
      const workDir = join(workRoot, `batch-${side}-${r}`);
      // When each phase started: the stage names runBatch reports ('splitting', 'chunk i of n', 'joining').
      const marks = {};
      const t = await timed(async () => {
        const t0 = performance.now();
        const onProgress = (_fraction, stage) => {
          const phase = stage.startsWith('chunk') ? 'chunks' : stage;
          marks[phase] ??= performance.now() - t0;
        };
        const [result] = await runBatch([{ input, name: 'batch' }], params(side === 'on'), { workDir, onProgress, signal: aborter.signal });
        return result;
      });
      t.marks = marks;
      sides[side].push(t);
      log(`batch parallel ${side} run ${r + 1}: ${sec(t.ms)} (cpu ${sec(t.cpuMs)}, others ${t.others}%, ${t.value.chunks} chunks)`);
      if (r === 0) outputs[side] = t.value;
      else rmSync(workDir, { recursive: true, force: true });
    }
  }
  const frame = 1 / clip.fps;
  const rows = [['parallel_processing', 'chunks at once', 'median', 'split', 'chunks', 'join', 'cpu', 'cores', 'others', 'output length (video / sound)', 'frames']];
  report.batch = { clip: { ...BATCH_CLIP, frames: clip.frames, duration: clip.duration, videoDuration: clip.videoDuration }, chunkDuration: CHUNK_DURATION, concurrency: BATCH_CHUNK_CONCURRENCY, sides: {} };
  const hashes = {};
  for (const side of ['on', 'off']) {
    const s = summary(sides[side]);
    const out = await probe(outputs[side].outputPath);
    hashes[side] = await streamHashes(out.path);
    const videoDiff = out.videoDuration - clip.videoDuration;
    const formatDiff = out.duration - clip.duration;
    const kept = Math.abs(videoDiff) <= frame + 1e-6 && Math.abs(formatDiff) <= frame + 1e-6 && out.frames === clip.frames;
    if (!kept) fail(`batch parallel ${side}: ${out.frames} frames, video ${out.videoDuration.toFixed(3)} s, file ${out.duration.toFixed(3)} s; the input has ${clip.frames} frames, ${clip.videoDuration.toFixed(3)} s and ${clip.duration.toFixed(3)} s (one frame is ${frame.toFixed(3)} s)`);
    if (out.codecs.join() !== 'h264,aac') fail(`batch parallel ${side}: streams ${out.codecs.join('+')}`);
    // The phases of the first run (the stage marks).
    const m = sides[side][0].marks;
    const total = sides[side][0].ms;
    // split: from the start (chunk probes included) to the first chunk's progress; chunks: to the join's first progress.
    const at = (phase) => m[phase] ?? total;
    rows.push([
      side,
      String(side === 'on' ? BATCH_CHUNK_CONCURRENCY : 1),
      sec(s.median),
      sec(at('chunks')),
      sec(at('joining') - at('chunks')),
      sec(total - at('joining')),
      sec(s.cpuMs),
      (s.cpuMs / s.median).toFixed(2),
      `${s.others}%`,
      `${out.videoDuration.toFixed(3)} / ${(out.audioDuration ?? 0).toFixed(3)} s (${videoDiff >= 0 ? '+' : ''}${(videoDiff * 1000).toFixed(0)} ms)`,
      `${out.frames} of ${clip.frames}`,
    ]);
    report.batch.sides[side] = { ...s, chunks: outputs[side].chunks, phasesMs: m, runs: runsOf(sides[side]), output: { duration: out.duration, videoDuration: out.videoDuration, audioDuration: out.audioDuration, frames: out.frames }, videoDiffS: videoDiff, formatDiffS: formatDiff, keptWithinAFrame: kept };
  }
  const samePicture = hashes.on.v === hashes.off.v;
  // Reported, not required: x264 across separate processes may differ by a bit where chunks were encoded side by side.
  if (!samePicture) log('note: the picture differs between parallel_processing on and off (same length and frame count)');
  report.batch.samePicture = samePicture;
  const speedUp = report.batch.sides.off.median / report.batch.sides.on.median;
  report.batch.speedUp = speedUp;
  printTable(
    `(2) batch: ${BATCH_CLIP.seconds} s ${BATCH_CLIP.width}x${BATCH_CLIP.height} ${BATCH_CLIP.fps} fps clip (testsrc2, a tone; ${clip.frames} frames, video ${clip.videoDuration.toFixed(3)} s), color_correction + noise_reduction, chunk_duration ${CHUNK_DURATION} (${outputs.on.chunks} chunks), ${batchRuns} run(s) a side; split/chunks/join of the first run`,
    rows,
  );
  console.log(`speed-up with parallel_processing (off / on, wall): ${speedUp.toFixed(2)}x on ${NCPU} cores; cpu on / off ${(report.batch.sides.on.cpuMs / report.batch.sides.off.cpuMs).toFixed(2)}x; same picture either way: ${samePicture ? 'yes' : 'NO'}; length kept within a frame (${(frame * 1000).toFixed(0)} ms): ${report.batch.sides.on.keptWithinAFrame && report.batch.sides.off.keptWithinAFrame ? 'yes' : 'NO'}`);
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
if (report.batch && Math.max(report.batch.sides.on.others, report.batch.sides.off.others) > DISTURBED) disturbedNote.push('batch');
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
