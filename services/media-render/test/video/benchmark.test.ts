// The video benchmark (a measurement, printed; only sanity is asserted): a 10-slide deck
// with about 60 s of narration rendered end to end at 1280x720, against the raw ffmpeg command
// that encodes the same slide images and narration track with the same settings.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { EspeakProvider } from '../../src/speech/espeak.js';
import { prepareInputs, rawBaselineCommand } from '../../src/video/encode.js';
import { renderVideo } from '../../src/video/index.js';
import { narrate } from '../../src/video/narration.js';
import { renderSlideImages } from '../../src/video/slide-image.js';
import { ffprobe, makeInput, slide, tempDir } from './helpers.js';

const run = promisify(execFile);
const provider = new EspeakProvider();
const voice = { provider: 'espeak', voice: 'en-us' };
const SIZE = { width: 1280, height: 720 };
const RUNS = 2;

const topics = ['hazards', 'ladders', 'spills', 'lifting', 'fire exits', 'first aid', 'chemicals', 'noise', 'machines', 'reporting'];
const input = makeInput(
  topics.map((t, i) =>
    slide(`Step ${i + 1}: ${t}`, [`What to know about ${t}`, 'Who to ask', 'What to report'], `This part covers ${t}. Know the risks and ask your supervisor when unsure.`),
  ),
);

const seconds = (ms: number) => (ms / 1000).toFixed(2);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * CPU time in ms used so far by this process and its finished children (espeak-ng, ffmpeg), from
 * /proc (Linux, clock ticks of 10 ms). It depends less than wall time on what else the machine
 * runs, though contention (shared caches) still inflates it.
 */
function cpuMs(): number {
  const own = process.cpuUsage();
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields 16 and 17 of stat(5), cutime and cstime; the slice starts at field 3.
  return (own.user + own.system) / 1000 + (Number(fields[13]) + Number(fields[14])) * 10;
}

const cpu = { e2e: [] as number[], baseline: [] as number[] };

async function time<T>(fn: () => Promise<T>, cpuInto?: number[]): Promise<[T, number]> {
  const start = performance.now();
  const cpuStart = cpuMs();
  const value = await fn();
  cpuInto?.push(cpuMs() - cpuStart);
  return [value, performance.now() - start];
}

test('benchmark: 10 slides, about 60 s of narration, to mp4 end to end vs the raw ffmpeg baseline', async () => {
  const dir = await tempDir('video-bench-');
  try {
    // A worker is a long-lived process: fonts and espeak-ng's voice tables are read once per
    // process, so they are warmed up before measuring.
    const [, coldMs] = await time(() => renderVideo(makeInput([slide('Warm up', [], 'Warm up.')]), { provider, voice, format: 'mp4', workDir: join(dir.path, 'warm'), size: SIZE }));

    const e2e: number[] = [];
    const baseline: number[] = [];
    let narrationMs = 0;
    for (let r = 0; r < RUNS; r++) {
      const workDir = join(dir.path, `run${r}`);
      const [video, ms] = await time(() => renderVideo(input, { provider, voice, format: 'mp4', workDir, size: SIZE }), cpu.e2e);
      e2e.push(ms);
      narrationMs = video.durationMs;
      // The same pictures (as PNG files: renderVideo hands them to ffmpeg as raw frames and keeps
      // none) and narration track, encoded by a plain ffmpeg command.
      const pngs = await renderSlideImages(input, join(workDir, 'slides'), SIZE);
      const slides = video.slides.map((s, n) => ({ ...s, pngPath: pngs[n]! }));
      const job = { slides, format: 'mp4' as const, outPath: join(workDir, 'baseline.mp4'), size: SIZE, workDir };
      const { argv, cwd } = rawBaselineCommand(job, await prepareInputs(job));
      const [, baseMs] = await time(() => run(argv[0]!, argv.slice(1), { cwd }), cpu.baseline);
      baseline.push(baseMs);
      const probe = await ffprobe(job.outPath);
      expect(Math.abs(Number(probe.format.duration) * 1000 - narrationMs) / narrationMs).toBeLessThan(0.05);
    }

    // Where the time goes: each step alone (the pipeline runs images and narration together).
    const stepsDir = join(dir.path, 'steps');
    const [images, imagesMs] = await time(() => renderSlideImages(input, join(stepsDir, 'slides'), SIZE));
    const [narration, speechMs] = await time(() => narrate(input, provider, voice, stepsDir));
    const [, prepareMs] = await time(() =>
      prepareInputs({
        slides: narration.slides.map((s, n) => ({ pngPath: images[n]!, wavPath: s.clip?.wavPath ?? null, durationMs: s.durationMs })),
        format: 'mp4',
        outPath: join(stepsDir, 'video.mp4'),
        size: SIZE,
        workDir: stepsDir,
      }),
    );

    const best = Math.min(...e2e);
    const bestBase = Math.min(...baseline);
    console.log(
      [
        `Video benchmark: ${topics.length} slides + title card, ${seconds(narrationMs)} s of narration, ${SIZE.width}x${SIZE.height}, ${RUNS} runs`,
        `  renderVideo end to end: best ${seconds(best)} s, median ${seconds(median(e2e))} s (${(narrationMs / best).toFixed(1)}x real time); first call in the process ${seconds(coldMs)} s for a 1-slide deck`,
        `  raw ffmpeg baseline:    best ${seconds(bestBase)} s, median ${seconds(median(baseline))} s`,
        `  ratio end to end / baseline: best ${(best / bestBase).toFixed(2)}, median ${(median(e2e) / median(baseline)).toFixed(2)}`,
        `  CPU time: end to end ${seconds(Math.min(...cpu.e2e))} s, baseline ${seconds(Math.min(...cpu.baseline))} s, ratio ${(Math.min(...cpu.e2e) / Math.min(...cpu.baseline)).toFixed(2)}; load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores`,
        `  steps alone: images ${seconds(imagesMs)} s, narration ${seconds(speechMs)} s, image list + narration track ${seconds(prepareMs)} s; the rest is the ffmpeg encode`,
      ].join('\n'),
    );
    expect(narrationMs).toBeGreaterThan(45_000);
    expect(narrationMs).toBeLessThan(80_000);
  } finally {
    await dir.remove();
  }
}, 60_000);
