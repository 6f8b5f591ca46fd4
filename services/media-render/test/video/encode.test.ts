// The encoder: real slide PNGs and espeak-ng clips in, files checked by ffprobe and ffmpeg out.
import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { RenderError } from '../../src/domain/types.js';
import { EspeakProvider } from '../../src/adapters/speech/espeak.js';
import { encodeFrames, encodeVideo, ffmpegReason, frameTimingFilters, prepareInputs, rawBaselineCommand, writeNarrationTrack, type EncodeJob, type EncodeSlide } from '../../src/video/encode.js';
import { renderSlidePng } from '../../src/video/slide-image.js';
import { ffprobe, makeInput, probeDurationMs, sha256, slide, tempDir } from './helpers.js';

const run = promisify(execFile);
const SIZE = { width: 640, height: 360 };

let dir: { path: string; remove: () => Promise<void> };
let slides: EncodeSlide[];
let totalMs: number;

beforeAll(async () => {
  dir = await tempDir('encode-');
  const input = makeInput([slide('First', ['One point']), slide('Second', ['Two']), slide('Third', ['Three'])]);
  const pngs = await Promise.all(
    [0, 1, 2].map(async (i) => {
      const path = join(dir.path, `s${i}.png`);
      await writeFile(path, renderSlidePng(input, i, SIZE));
      return path;
    }),
  );
  const espeak = new EspeakProvider();
  const voice = { provider: 'espeak', voice: 'en-us' };
  const a = await espeak.synthesize('Check the area before you start.', voice, join(dir.path, 'a.wav'));
  const c = await espeak.synthesize('Report it.', voice, join(dir.path, 'c.wav'));
  // Slide 2 is silent; slide 1 holds a pause after its clip.
  slides = [
    { pngPath: pngs[0]!, wavPath: a.wavPath, durationMs: Math.round(a.durationMs) + 600 },
    { pngPath: pngs[1]!, wavPath: null, durationMs: 2500 },
    { pngPath: pngs[2]!, wavPath: c.wavPath, durationMs: Math.max(2500, Math.round(c.durationMs) + 600) },
  ];
  totalMs = slides.reduce((t, s) => t + s.durationMs, 0);
});
afterAll(() => dir.remove());

const job = (over: Partial<EncodeJob>): EncodeJob => ({ slides, format: 'mp4', outPath: join(dir.path, 'out.mp4'), size: SIZE, workDir: join(dir.path, 'work'), ...over });

function streams(probe: Awaited<ReturnType<typeof ffprobe>>) {
  return { video: probe.streams.find((s) => s.codec_type === 'video'), audio: probe.streams.find((s) => s.codec_type === 'audio') };
}

/** A decoded stream of a media file: ffmpeg's per-frame checksums (pictures) or a hash of the raw samples (sound). */
async function decoded(path: string, stream: 'v' | 'a'): Promise<string> {
  const args = stream === 'v' ? ['-map', '0:v:0', '-f', 'framemd5', '-'] : ['-map', '0:a:0', '-f', 's16le', '-'];
  const { stdout } = await run('ffmpeg', ['-v', 'error', '-i', path, ...args], { encoding: 'buffer', maxBuffer: 1 << 26 });
  return stream === 'v' ? stdout.toString('utf8').replace(/^#.*\n/gm, '') : sha256(stdout);
}

/** A PNG's pixels as raw RGBA, decoded by ffmpeg (an independent decoder). */
async function rgba(path: string): Promise<Buffer> {
  const { stdout } = await run('ffmpeg', ['-v', 'error', '-i', path, '-f', 'rawvideo', '-pix_fmt', 'rgba', '-'], { encoding: 'buffer', maxBuffer: 1 << 26 });
  return stdout;
}

/** Frames that come one by one while ffmpeg runs; the drawing fails at `failAt` when given. */
async function* frames(list: Buffer[], failAt?: number): AsyncGenerator<Buffer> {
  for (const [n, frame] of list.entries()) {
    if (n === failAt) throw new Error('the drawing failed');
    await new Promise((r) => setTimeout(r, 5));
    yield frame;
  }
}

/** Keyframe times of a video, read by decoding only the keyframes. */
async function keyframeTimes(path: string): Promise<number[]> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-select_streams', 'v', '-skip_frame', 'nokey', '-show_entries', 'frame=pts_time', '-of', 'csv=p=0', path]);
  return stdout.split('\n').filter(Boolean).map((l) => parseFloat(l));
}

/** A keyframe where each of the first three slides starts, and progress that climbs to 100. */
async function expectSlideStartsAndProgress(path: string, seen: number[]): Promise<void> {
  const keys = await keyframeTimes(path);
  for (const start of [0, slides[0]!.durationMs, slides[0]!.durationMs + slides[1]!.durationMs]) {
    expect(keys.some((k) => Math.abs(k * 1000 - start) <= 200)).toBe(true);
  }
  expect(seen[seen.length - 1]).toBe(100);
  expect(seen.some((p) => p > 0 && p < 100)).toBe(true);
  expect([...seen].sort((a, b) => a - b)).toEqual(seen);
}

describe('encodeVideo', () => {
  test('keeps the picture when its encode ends before the narration track is written (a short video on a busy machine)', async () => {
    // The last clip is a named pipe a separate process fills 3 s later: the narration track waits
    // for it while the picture's encode (a few seconds of slides) runs and exits. Node drops what an
    // exited child wrote to a pipe nobody listened to, so the picture must be held from the start.
    const fifo = join(dir.path, 'late.wav');
    await run('mkfifo', [fifo]);
    const writer = spawn('sh', ['-c', 'sleep 3; cat "$0" > "$1"', slides[2]!.wavPath!, fifo], { stdio: 'ignore' });
    try {
      const late = slides.map((s, i) => (i === 2 ? { ...s, wavPath: fifo } : s));
      const result = await encodeVideo(job({ slides: late, outPath: join(dir.path, 'late.mp4'), workDir: join(dir.path, 'late') }));
      const { video, audio } = streams(await ffprobe(result.outPath));
      expect(video).toMatchObject({ codec_name: 'h264' });
      expect(audio).toMatchObject({ codec_name: 'aac' });
    } finally {
      writer.kill('SIGKILL');
    }
  }, 30_000);

  test('mp4: H.264 + AAC at the requested size, the slides’ total duration, a keyframe at every slide, real progress', async () => {
    const seen: number[] = [];
    const result = await encodeVideo(job({ outPath: join(dir.path, 'video.mp4') }), (p) => void seen.push(p));
    expect(result.durationMs).toBe(totalMs);
    const probe = await ffprobe(result.outPath);
    const { video, audio } = streams(probe);
    expect(video).toMatchObject({ codec_name: 'h264', width: 640, height: 360, avg_frame_rate: '5/1' });
    expect(audio).toMatchObject({ codec_name: 'aac' });
    expect(probe.format.tags?.major_brand).toBe('isom');
    const duration = Number(probe.format.duration) * 1000;
    expect(Math.abs(duration - totalMs) / totalMs).toBeLessThan(0.05);
    expect(Math.abs(duration - totalMs)).toBeLessThan(300);

    await expectSlideStartsAndProgress(result.outPath, seen);
  });

  test('mov: a QuickTime file with the same H.264 and AAC streams', async () => {
    const result = await encodeVideo(job({ format: 'mov', outPath: join(dir.path, 'video.mov') }));
    const probe = await ffprobe(result.outPath);
    expect(probe.format.tags?.major_brand).toBe('qt  ');
    const { video, audio } = streams(probe);
    expect(video).toMatchObject({ codec_name: 'h264', width: 640, height: 360 });
    expect(audio?.codec_name).toBe('aac');
    expect(Math.abs(Number(probe.format.duration) * 1000 - totalMs) / totalMs).toBeLessThan(0.05);
  });

  test('the narration track puts each clip at its slide start and silence elsewhere, sample-exact', async () => {
    const path = join(dir.path, 'track.wav');
    expect(await writeNarrationTrack(slides, path)).toBe(totalMs);
    expect(Math.abs((await probeDurationMs(path)) - totalMs)).toBeLessThan(1);
    // Decoded by ffmpeg to raw samples: loudness per 100 ms window.
    const { stdout } = await run('ffmpeg', ['-v', 'error', '-i', path, '-f', 's16le', '-ac', '1', '-ar', '22050', '-'], { encoding: 'buffer', maxBuffer: 1 << 26 });
    const samples = new Int16Array(stdout.buffer, stdout.byteOffset, stdout.length / 2);
    const peak = (fromMs: number, toMs: number) => {
      let max = 0;
      for (let i = Math.floor((fromMs * 22050) / 1000); i < Math.floor((toMs * 22050) / 1000); i++) max = Math.max(max, Math.abs(samples[i]!));
      return max;
    };
    const s1 = slides[0]!.durationMs;
    const s2 = s1 + slides[1]!.durationMs;
    expect(peak(200, 1000)).toBeGreaterThan(1000);
    expect(peak(s1 - 500, s1)).toBe(0); // the pause
    expect(peak(s1, s2)).toBe(0); // the silent slide
    expect(peak(s2 + 100, s2 + 600)).toBeGreaterThan(1000);
  });

  test('clips in another format (16 kHz stereo) are converted to the track’s format', async () => {
    const other = join(dir.path, 'stereo16k.wav');
    await run('ffmpeg', ['-v', 'error', '-y', '-i', slides[2]!.wavPath!, '-ar', '16000', '-ac', '2', other]);
    const mixed = [slides[0]!, { ...slides[2]!, wavPath: other }];
    const path = join(dir.path, 'mixed.wav');
    await writeNarrationTrack(mixed, path);
    const probe = await ffprobe(path);
    expect(probe.streams[0]).toMatchObject({ sample_rate: '22050' });
    expect(Math.abs(Number(probe.format.duration) * 1000 - (mixed[0]!.durationMs + mixed[1]!.durationMs))).toBeLessThan(1);
  });

  test('the raw ffmpeg baseline encodes the same inputs to an equivalent file', async () => {
    const baselineJob = job({ outPath: join(dir.path, 'baseline.mp4'), workDir: join(dir.path, 'baseline') });
    const prepared = await prepareInputs(baselineJob);
    const { argv, cwd } = rawBaselineCommand(baselineJob, prepared);
    expect(argv[0]).toBe('ffmpeg');
    expect(argv).toEqual(expect.arrayContaining(['-f', 'concat', '-c:v', 'libx264', '-c:a', 'aac']));
    await run(argv[0]!, argv.slice(1), { cwd });
    const probe = await ffprobe(baselineJob.outPath);
    const { video, audio } = streams(probe);
    expect(video).toMatchObject({ codec_name: 'h264', width: 640, height: 360 });
    expect(audio?.codec_name).toBe('aac');
    expect(Math.abs(Number(probe.format.duration) * 1000 - totalMs)).toBeLessThan(300);
    // The narration starts with its slide in both: the same samples.
    const ours = await encodeVideo(job({ outPath: join(dir.path, 'ours.mp4'), workDir: join(dir.path, 'ours') }));
    expect(await decoded(ours.outPath, 'a')).toBe(await decoded(baselineJob.outPath, 'a'));
  });

  test('raw frames: the same picture and sound as from the PNG files, a keyframe at every slide, real progress', async () => {
    const fromFiles = await encodeVideo(job({ outPath: join(dir.path, 'files.mp4'), workDir: join(dir.path, 'files') }));
    const pixels = await Promise.all(slides.map((s) => rgba(s.pngPath)));
    expect(pixels[0]!.length).toBe(SIZE.width * SIZE.height * 4);
    const seen: number[] = [];
    const timed = slides.map(({ wavPath, durationMs }) => ({ wavPath, durationMs }));
    const result = await encodeFrames(
      { slides: timed, frames: frames(pixels), format: 'mp4', outPath: join(dir.path, 'frames.mp4'), size: SIZE, workDir: join(dir.path, 'frames') },
      (p) => void seen.push(p),
    );
    expect(result.durationMs).toBe(totalMs);
    const probe = await ffprobe(result.outPath);
    const { video, audio } = streams(probe);
    expect(video).toMatchObject({ codec_name: 'h264', width: 640, height: 360, avg_frame_rate: '5/1' });
    expect(audio).toMatchObject({ codec_name: 'aac' });
    expect(Math.abs(Number(probe.format.duration) * 1000 - totalMs)).toBeLessThan(300);
    // Frame for frame the same pictures at the same times, and sample for sample the same sound.
    expect(await decoded(result.outPath, 'v')).toBe(await decoded(fromFiles.outPath, 'v'));
    expect(await decoded(result.outPath, 'a')).toBe(await decoded(fromFiles.outPath, 'a'));
    await expectSlideStartsAndProgress(result.outPath, seen);
  });

  test('raw frames: a drawing that fails, a wrong frame size or too few frames fail the encode and leave no file', async () => {
    const pixels = await Promise.all(slides.map((s) => rgba(s.pngPath)));
    const timed = slides.map(({ wavPath, durationMs }) => ({ wavPath, durationMs }));
    const framesJob = (name: string, list: AsyncIterable<Buffer>) => ({
      slides: timed,
      frames: list,
      format: 'mp4' as const,
      outPath: join(dir.path, name),
      size: SIZE,
      workDir: join(dir.path, 'failing'),
    });
    await expect(encodeFrames(framesJob('drawing.mp4', frames(pixels, 1)))).rejects.toThrow('the drawing failed');
    await expect(encodeFrames(framesJob('size.mp4', frames([pixels[0]!, pixels[1]!.subarray(1), pixels[2]!])))).rejects.toThrow(/Picture 2 has \d+ bytes/);
    await expect(encodeFrames(framesJob('few.mp4', frames(pixels.slice(0, 2))))).rejects.toThrow(/2 pictures for the 3 expected/);
    for (const name of ['drawing.mp4', 'size.mp4', 'few.mp4']) expect(existsSync(join(dir.path, name))).toBe(false);
  });

  test('raw frames: an ffmpeg that cannot start fails the encode at once, the frames not yet fed left alone', async () => {
    const pixels = await Promise.all(slides.map((s) => rgba(s.pngPath)));
    const timed = slides.map(({ wavPath, durationMs }) => ({ wavPath, durationMs }));
    const saved = process.env.FFMPEG_PATH;
    process.env.FFMPEG_PATH = join(dir.path, 'no-such-ffmpeg');
    try {
      const err = await encodeFrames({ slides: timed, frames: frames(pixels), format: 'mp4', outPath: join(dir.path, 'none.mp4'), size: SIZE, workDir: join(dir.path, 'none') }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(RenderError);
      expect((err as Error).message).toBe('The video could not be encoded: ffmpeg is not installed.');
    } finally {
      if (saved === undefined) delete process.env.FFMPEG_PATH;
      else process.env.FFMPEG_PATH = saved;
    }
  });

  test('raw frames are timed by a flat sum of the slide durations, in ms', () => {
    expect(frameTimingFilters([{ wavPath: null, durationMs: 2500 }, { wavPath: null, durationMs: 3100.4 }])).toEqual(['settb=1/1000', 'setpts=0+2500*gte(N\\,1)+3100*gte(N\\,2)']);
  });

  test('failures are RenderErrors with a short, specific message', async () => {
    const bad = join(dir.path, 'bad.png');
    await writeFile(bad, Buffer.from('this is not an image at all'.repeat(20)));
    const err = await encodeVideo(job({ slides: [{ ...slides[0]!, pngPath: bad }], outPath: join(dir.path, 'bad.mp4') })).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RenderError);
    expect((err as Error).message).toMatch(/^The video could not be encoded: .*(png|PNG|Invalid data)/);
    expect((err as Error).message.length).toBeLessThan(300);
    expect((err as Error).message).not.toContain('\n');

    const missing = await encodeVideo(job({ slides: [{ ...slides[0]!, pngPath: join(dir.path, 'missing.png') }], outPath: join(dir.path, 'm.mp4') })).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(RenderError);
    expect((missing as Error).message).toContain('missing.png');

    await expect(encodeVideo(job({ size: { width: 641, height: 360 } }))).rejects.toThrow(RenderError);
    await expect(encodeVideo(job({ slides: [] }))).rejects.toThrow(RenderError);
    await expect(encodeVideo(job({ slides: [{ ...slides[0]!, wavPath: join(dir.path, 'nope.wav') }] }))).rejects.toThrow(/narration clip .*nope\.wav/);
    await expect(encodeVideo(job({ burnSubtitles: true }))).rejects.toThrow(RenderError);
  });

  test('ffmpegReason keeps the specific message and drops progress and follow-up errors', () => {
    const stderr = [
      'frame=    1 fps=0.0 q=0.0 size=       0kB time=00:00:00.00 bitrate=N/A speed=   0x',
      "[png @ 0x55e5bdf16580] Invalid PNG signature 0xC3F66F9DF83C2718.",
      'Error while decoding stream #0:0: Invalid data found when processing input',
      'Error marking filters as finished',
      'Conversion failed!',
    ].join('\n');
    expect(ffmpegReason(stderr, 'x')).toBe('png: Invalid PNG signature 0xC3F66F9DF83C2718.');
    expect(ffmpegReason("Unknown encoder 'libfoo'\nConversion failed!", 'x')).toBe("Unknown encoder 'libfoo'");
    expect(ffmpegReason('y'.repeat(5000), 'x').length).toBeLessThanOrEqual(200);
    expect(ffmpegReason('', 'ffmpeg exited with code 1: long\ntext')).toBe('ffmpeg exited with code 1: long');
  });
});
