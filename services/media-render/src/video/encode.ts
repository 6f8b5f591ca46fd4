// Encoding of the slide images and narration clips into an MP4 or MOV (H.264 + AAC) with ffmpeg.
//
// Settings for slides, where nearly every frame repeats the one before:
// - each slide's picture enters once with its start time (raw pixels on ffmpeg's standard input
//   while later slides are still drawn, or PNG files through the concat demuxer with one duration
//   each), so it is converted to yuv420p once, and the fps filter then repeats the converted frame;
// - 5 frames per second: constant frame rate plays in every player, and each frame costs encode
//   time even when it repeats, so the rate is as low as keeps subtitles and slide changes timely;
// - libx264 veryfast with -tune stillimage, CRF 23, a keyframe at every slide start (seeking lands
//   on a whole slide) and at least every 10 s;
// - the narration is joined here into one WAV track with each slide's pause as silence, and
//   encoded once to AAC at its own sample rate (resampling 22.05 kHz speech to 48 kHz more than
//   doubles the AAC time here; AAC-LC at 22.05 kHz is standard and widely played). ffmpeg's 'fast'
//   AAC coder takes about a third of the time of its default 'twoloop' coder; at 128 kb/s for
//   speech the bitrate leaves a wide quality margin.
//
// - a slide that reveals its points as they are said enters as several pictures (`pictures`), each
//   with its own start time; a picture shown longer than MAX_STILL_MS zooms slowly in and back out
//   (motionFilter), the only frames that cost more than a repeat (the filter resamples each one and
//   x264 encodes frames that all differ), so only pictures that would otherwise stay unchanged that
//   long move: a slide whose reveals change the frame often enough stands still;
// - the WebVTT cues go into the file as a mov_text subtitle track (selectable in players).
//
// Two ffmpeg processes run at once: the picture (x264) streams its H.264 through a pipe (NUT) to
// the second, which encodes the narration track to AAC beside it and writes the file (-c:v copy,
// faststart). The picture's encode starts without waiting for the track, the AAC's single thread
// does not slow the loop that feeds x264 (as it does in one process), and no third process joins
// the streams afterwards.
import { copyFile, mkdir, open, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { PassThrough, type Readable, type Writable } from 'node:stream';
import ffmpeg from 'fluent-ffmpeg';
import { launch } from '@trainwright/platform/launcher';
import { RenderError, type ProgressReporter, type VideoFormat } from '../domain/types.js';
import { parseWav, readWavInfo, wavData, wavHeader, WAVE_FORMAT_PCM, type WavFormat, type WavInfo } from '../adapters/speech/wav.js';
import { checkSize, type Size } from './slide-image.js';

export const FRAME_RATE = 5;
/** Longest gap between keyframes, in seconds, within a long slide. */
export const MAX_KEYFRAME_GAP_S = 10;
/**
 * The longest the picture stays still: a picture (a slide, or one reveal step of it) shown longer
 * than this moves all along (a slow zoom towards its centre and back), so no frame of the video
 * stays unchanged for more than this.
 */
export const MAX_STILL_MS = 10_000;
/** How far a moving picture zooms in, at its middle (3 %: the footer keeps clear of the edge). */
export const MOTION_ZOOM = 0.03;
/** Filter chains longer than this go to ffmpeg in a file (-filter_script): one argument may hold at most 128 KiB. */
const FILTER_SCRIPT_FROM = 16_384;

/** A slide in time: its narration and how long it stays. */
export interface TimedSlide {
  /** The narration clip; null for a silent slide. */
  wavPath: string | null;
  /** How long the slide is shown; the clip plays from its start and silence fills the rest. */
  durationMs: number;
}

/** A slide whose picture is a PNG file. */
export interface EncodeSlide extends TimedSlide {
  pngPath: string;
}

/** What every encode needs besides the pictures. */
export interface EncodeSettings {
  format: VideoFormat;
  outPath: string;
  size: Size;
  /** Path of a WebVTT file to burn into the picture when `burnSubtitles` is set. */
  subtitlesVtt?: string;
  burnSubtitles?: boolean;
  /** Where the image list and the joined narration track go (default: the output's folder). */
  workDir?: string;
  /** Font of burned-in subtitles (a fontconfig family name). */
  subtitleFont?: string;
  /**
   * Path of a WebVTT file to carry as a subtitle track (mov_text, which mp4 and mov players list
   * as selectable subtitles); none when unset or when the file holds no cue.
   */
  subtitleTrack?: string;
  /** The track's language as ISO 639-2 ('eng'); 'und' when unset. */
  subtitleLanguage?: string;
}

/** The slides' pictures as PNG files (a re-encode, the benchmark). */
export interface EncodeJob extends EncodeSettings {
  slides: EncodeSlide[];
}

/** The slides' pictures as raw RGBA frames of `size`, read as they come. */
export interface FramesEncodeJob extends EncodeSettings {
  slides: TimedSlide[];
  /** One frame per picture, in order: per slide by default, else per entry of `pictures`. */
  frames: AsyncIterable<Buffer>;
  /** How long each frame stays (several per slide when a slide reveals its items); their sum is the slides'. */
  pictures?: ReadonlyArray<{ durationMs: number }>;
}

/** The files the encode reads besides the images: the image list and the narration track. */
export interface PreparedInputs {
  workDir: string;
  imageList: string;
  audio: string;
  /** Burned-in subtitles, relative to workDir (ffmpeg runs there so the filter needs no path escaping). */
  subtitles: string | null;
  totalMs: number;
}

export interface EncodeResult {
  outPath: string;
  durationMs: number;
}

const BURN_NAME = 'burn-in.vtt';
/** Format of the track when no slide has narration. */
const SILENT_FORMAT: WavFormat = { sampleRate: 22050, channels: 1, bitsPerSample: 16 };

function checkJob(job: EncodeSettings & { slides: readonly TimedSlide[] }): void {
  if (job.format !== 'mp4' && job.format !== 'mov') throw new RenderError(`Unknown video format '${job.format}'.`);
  if (!Array.isArray(job.slides) || job.slides.length === 0) throw new RenderError('A video needs at least one slide.');
  checkSize(job.size, true);
  for (const [i, s] of job.slides.entries()) {
    if (!(s.durationMs > 0) || !Number.isFinite(s.durationMs)) throw new RenderError(`Slide ${i + 1} has no valid duration (${s.durationMs}).`);
  }
  if (job.burnSubtitles && !job.subtitlesVtt) throw new RenderError('Burned-in subtitles need a subtitles file.');
}

/** A path as a quoted ffconcat token. */
const concatPath = (path: string) => `'${resolve(path).replace(/'/g, "'\\''")}'`;

export function imageListText(slides: readonly EncodeSlide[]): string {
  const lines = ['ffconcat version 1.0'];
  for (const s of slides) lines.push(`file ${concatPath(s.pngPath)}`, `duration ${(s.durationMs / 1000).toFixed(3)}`);
  // The concat demuxer ignores the last entry's duration unless the file is listed once more.
  lines.push(`file ${concatPath(slides[slides.length - 1]!.pngPath)}`);
  return `${lines.join('\n')}\n`;
}

/** Converts a clip that is not 16-bit PCM of the track's rate and channels (a provider may mix formats). */
function convertClip(path: string, format: WavFormat, outPath: string): Promise<void> {
  return new Promise((done, fail) => {
    ffmpeg(path)
      .audioCodec('pcm_s16le')
      .audioChannels(format.channels)
      .audioFrequency(format.sampleRate)
      .format('wav')
      .on('error', (err: Error, _out: string | null, stderr: string | null) => fail(ffmpegError(`Could not read the narration clip ${path}`, err, stderr)))
      .on('end', () => done())
      .save(outPath);
  });
}

/** A clip's samples as 16-bit PCM in `format`, converted by ffmpeg when the clip is in another format. */
async function readClip(path: string, format: WavFormat, scratch: string): Promise<Buffer> {
  let bytes: Buffer;
  let info: WavInfo;
  try {
    bytes = await readFile(path);
    info = parseWav(bytes);
  } catch (err) {
    throw new RenderError(`The narration clip ${path} is not a usable WAV: ${(err as Error).message}`);
  }
  if (info.audioFormat === WAVE_FORMAT_PCM && info.bitsPerSample === 16 && info.sampleRate === format.sampleRate && info.channels === format.channels) {
    return wavData(bytes, info);
  }
  await convertClip(path, format, scratch);
  try {
    return wavData(await readFile(scratch));
  } finally {
    await rm(scratch, { force: true });
  }
}

/** The track's format: that of the first clip, in 16-bit PCM. */
function trackFormat(slides: readonly TimedSlide[]): WavFormat {
  const first = slides.find((s) => s.wavPath)?.wavPath;
  if (!first) return SILENT_FORMAT;
  try {
    const info = readWavInfo(first);
    return { sampleRate: info.sampleRate, channels: info.channels, bitsPerSample: 16 };
  } catch (err) {
    throw new RenderError(`The narration clip ${first} is not a usable WAV: ${(err as Error).message}`);
  }
}

/**
 * Writes the narration track: each slide's clip from the slide's start, silence to its end. Slide
 * boundaries are placed at the sample nearest their time from the start of the video, so the
 * track never drifts from the pictures however many slides there are. Clips are read one at a time.
 */
export async function writeNarrationTrack(slides: readonly TimedSlide[], outPath: string): Promise<number> {
  const f = trackFormat(slides);
  const frameBytes = f.channels * 2;
  const frameAt = (ms: number) => Math.round((ms * f.sampleRate) / 1000);
  const totalMs = slides.reduce((t, s) => t + s.durationMs, 0);
  const handle = await open(outPath, 'w');
  try {
    await handle.write(wavHeader(f, frameAt(totalMs) * frameBytes));
    let startMs = 0;
    for (const [i, s] of slides.entries()) {
      const bytes = (frameAt(startMs + s.durationMs) - frameAt(startMs)) * frameBytes;
      // A clip longer than its slide (a caller's rounding) is cut rather than pushing later slides out of sync.
      const pcm = s.wavPath ? (await readClip(s.wavPath, f, `${outPath}.${i}.tmp.wav`)).subarray(0, bytes) : Buffer.alloc(0);
      if (pcm.length > 0) await handle.write(pcm);
      if (bytes > pcm.length) await handle.write(Buffer.alloc(bytes - pcm.length));
      startMs += s.durationMs;
    }
  } finally {
    await handle.close();
  }
  return totalMs;
}

/** Writes the subtitles to burn into the work folder; their name there, or null. */
async function prepareSubtitles(job: EncodeSettings, workDir: string): Promise<string | null> {
  if (!job.burnSubtitles || !job.subtitlesVtt) return null;
  if (resolve(job.subtitlesVtt) !== join(workDir, BURN_NAME)) await copyFile(job.subtitlesVtt, join(workDir, BURN_NAME));
  return BURN_NAME;
}

/** Writes the image list and the subtitles to burn (what the picture's encode reads); the narration track comes after. */
async function preparePicture(job: EncodeJob): Promise<Omit<PreparedInputs, 'audio'>> {
  checkJob(job);
  const workDir = resolve(job.workDir ?? dirname(job.outPath));
  await mkdir(workDir, { recursive: true });
  const imageList = join(workDir, 'images.ffconcat');
  await writeFile(imageList, imageListText(job.slides));
  const subtitles = await prepareSubtitles(job, workDir);
  return { workDir, imageList, subtitles, totalMs: job.slides.reduce((t, s) => t + s.durationMs, 0) };
}

/** Writes the image list, the narration track and the subtitles to burn into the work folder. */
export async function prepareInputs(job: EncodeJob): Promise<PreparedInputs> {
  const picture = await preparePicture(job);
  const audio = join(picture.workDir, 'narration.wav');
  await writeNarrationTrack(job.slides, audio);
  return { ...picture, audio };
}

/** Slide start times in ms, and the video's end last. */
function slideTimes(slides: ReadonlyArray<{ durationMs: number }>): number[] {
  const times = [0];
  for (const s of slides) times.push(times[times.length - 1]! + s.durationMs);
  return times;
}

/** The picture's codec settings (the -vf chain included); `timing` are the filters that time raw frames. */
function pictureArgs(job: EncodeSettings & { slides: readonly TimedSlide[]; pictures?: ReadonlyArray<{ durationMs: number }> }, subtitles: string | null, timing: string[] = []): string[] {
  // Scaling and conversion come before the fps filter, so they run once per slide, not per frame.
  const filters = [...timing, `scale=${job.size.width}:${job.size.height}`, 'format=yuv420p', `fps=${FRAME_RATE}`];
  // What stays unchanged is a picture: a slide's reveals already change the frame.
  const motion = motionFilter(job.pictures ?? job.slides);
  if (motion) filters.push(motion);
  if (subtitles) {
    const font = (job.subtitleFont ?? 'DejaVu Sans').replace(/[^\p{L}\p{N} ]/gu, '');
    // libass sizes are relative to a 288-line canvas: 16 is about 5.5 % of the picture height.
    filters.push(`subtitles=${subtitles}:force_style='FontName=${font},FontSize=16,BorderStyle=3,Outline=2,Shadow=0,OutlineColour=&H80000000,MarginV=24'`);
  }
  return [
    '-vf', filters.join(','),
    '-c:v', 'libx264',
    '-preset', 'veryfast',
    '-tune', 'stillimage',
    '-crf', '23',
    '-pix_fmt', 'yuv420p',
    '-g', String(FRAME_RATE * MAX_KEYFRAME_GAP_S),
    '-force_key_frames', slideTimes(job.slides).slice(0, -1).map((ms) => (ms / 1000).toFixed(3)).join(','),
  ];
}

/**
 * The pictures that move: those shown longer than MAX_STILL_MS, as [start, end] in seconds. Given
 * the pictures of a video in order (a slide's reveal steps, or one picture per slide).
 */
export function movingSlides<T extends { durationMs: number }>(pictures: readonly T[]): Array<[number, number]> {
  const times = slideTimes(pictures);
  return pictures.flatMap((s, k): Array<[number, number]> => (s.durationMs > MAX_STILL_MS ? [[times[k]! / 1000, times[k + 1]! / 1000]] : []));
}

/**
 * The gentle motion of long pictures: over each picture shown longer than MAX_STILL_MS, a zoom
 * towards the picture's centre that eases in to 1 + MOTION_ZOOM at its middle and back to 1 at its
 * end (1 + Z·sin²(π·u), u the share of the picture elapsed), after the fps filter (one step per
 * frame, at 5 fps). It starts and ends at rest, so the picture before and after it (a reveal step
 * of the same slide, or the next slide) follows without a jump. perspective resamples with
 * subpixel precision (zoompan moves by whole pixels, which jitters at this speed); its timeline
 * option leaves the other pictures' frames untouched and uncomputed. Its expressions know the
 * frame's number (`in`, from 1), not its time: the time is (in - 1) / fps.
 */
export function motionFilter<T extends { durationMs: number }>(pictures: readonly T[]): string | null {
  const moving = movingSlides(pictures);
  if (moving.length === 0) return null;
  const n = (x: number) => String(Math.round(x * 1000) / 1000);
  const t = `((in-1)/${FRAME_RATE})`;
  // The share of the width (and height) cut on each side: 0 at the picture's start and end, Z/2 at its middle.
  const cut = moving
    .map(([a, b]) => `between(${t}\\,${n(a)}\\,${n(b)})*${(MOTION_ZOOM / 2).toFixed(6)}*pow(sin(PI*(${t}-${n(a)})/${n(b - a)})\\,2)`)
    .join('+');
  const x = `W*(${cut})`;
  const y = `H*(${cut})`;
  const enable = moving.map(([a, b]) => `between(t\\,${n(a)}\\,${n(b)})`).join('+');
  return `perspective=x0=${x}:y0=${y}:x1=W-${x}:y1=${y}:x2=${x}:y2=H-${y}:x3=W-${x}:y3=H-${y}:interpolation=linear:eval=frame:enable=${enable}`;
}

/**
 * The filters that give raw frames (one per picture, then the last once more) their times: each its
 * picture's start, in ms. The rawvideo demuxer numbers frames only, so frame N's start is the sum of
 * the durations before it, written as one flat sum (no nesting however many pictures).
 */
export function frameTimingFilters<T extends { durationMs: number }>(slides: readonly T[]): string[] {
  const times = slideTimes(slides).map((ms) => Math.round(ms));
  const terms = times.slice(1).map((t, k) => `+${t - times[k]!}*gte(N\\,${k + 1})`);
  return ['settb=1/1000', `setpts=0${terms.join('')}`];
}

const SOUND_ARGS = ['-c:a', 'aac', '-aac_coder', 'fast', '-b:a', '128k'];

const lengthArgs = (totalMs: number) => ['-t', (totalMs / 1000).toFixed(3)];

/** The output options of the one-command encode that the baseline runs: picture and sound together. */
function outputArgs(job: EncodeJob, prepared: PreparedInputs): string[] {
  return ['-map', '0:v:0', '-map', '1:a:0', ...pictureArgs(job, prepared.subtitles), ...SOUND_ARGS, ...lengthArgs(prepared.totalMs), '-movflags', '+faststart', '-f', job.format];
}

const INPUT_ARGS = ['-f', 'concat', '-safe', '0'];

/**
 * The plain ffmpeg command for the same encode: the same image list, narration track and output
 * settings, run by hand. The benchmark times it against encodeVideo/renderVideo.
 */
export function rawBaselineCommand(job: EncodeJob, prepared: PreparedInputs): { argv: string[]; cwd: string } {
  return {
    argv: ['ffmpeg', '-y', '-hide_banner', '-loglevel', 'error', ...INPUT_ARGS, '-i', prepared.imageList, '-i', prepared.audio, ...outputArgs(job, prepared), resolve(job.outPath)],
    cwd: prepared.workDir,
  };
}

const TIME = /time=\s*(\d+):(\d{2}):(\d{2}(?:\.\d+)?)/;
// '[png @ 0x55d0c8a0] Invalid PNG signature': a component's own message, the most specific kind.
const COMPONENT = /^\[(\w+) @ ?0x[0-9a-f]+\]\s*(.+)$/i;
const BOILERPLATE = /^(frame|size)=|^Conversion failed|^Error (marking|opening|initializing|while)|^Press \[q\]/i;

/**
 * A short reason from ffmpeg's stderr: the last message of a component ('png: Invalid PNG
 * signature ...'), else the last line that is not progress or a generic follow-up error.
 */
export function ffmpegReason(stderr: string | null, fallback: string): string {
  const lines = (stderr ?? '').split(/\r\n|\r|\n/).map((l) => l.trim()).filter((l) => l !== '');
  const component = lines.map((l) => COMPONENT.exec(l)).filter((m) => m !== null).pop();
  const reason = component ? `${component[1]}: ${component[2]}` : (lines.filter((l) => !BOILERPLATE.test(l)).pop() ?? fallback.split('\n')[0]!);
  return reason.length > 200 ? `${reason.slice(0, 197)}...` : reason;
}

function ffmpegError(what: string, err: Error, stderr: string | null): RenderError {
  if (/Cannot find ffmpeg|ENOENT/i.test(err.message)) return new RenderError(`${what}: ffmpeg is not installed.`);
  // A killed encode (the time limit, a stopping worker) may well succeed when run again.
  const killed = /killed with signal/i.test(err.message);
  return new RenderError(`${what}: ${killed ? 'ffmpeg was stopped before it finished' : ffmpegReason(stderr, err.message)}`, killed);
}

/** The ffmpeg binary: FFMPEG_PATH when set (as fluent-ffmpeg reads it), else the one on PATH. */
const ffmpegBinary = () => process.env.FFMPEG_PATH || 'ffmpeg';

interface FfmpegRun {
  args: string[];
  cwd: string;
  timeoutS: number;
  what: string;
  /** Pipes for standard input and output (else /dev/null). */
  stdin?: boolean;
  stdout?: boolean;
  /** Its niceness (a priority hint; the usual one if not allowed). */
  niceness?: number;
}

interface Ffmpeg {
  /** Settles when ffmpeg has ended; rejects with a RenderError unless it succeeded. */
  done: Promise<void>;
  stdin: Writable | null;
  stdout: Readable | null;
  /** Ends ffmpeg now because another part of the encode failed (its own error is then not the reason). */
  stop(): void;
  /** Whether stop() ended it. */
  readonly stopped: boolean;
}

/** Starts one ffmpeg; `onTime` gets its position (ms) from its stats lines. */
function startFfmpeg(run: FfmpegRun, onTime?: (ms: number) => void): Ffmpeg {
  // Started by the platform's launcher, not forked from this large process (platform launcher.ts).
  const child = launch(ffmpegBinary(), run.args, { cwd: run.cwd, stdio: [run.stdin ? 'pipe' : 'ignore', run.stdout ? 'pipe' : 'ignore', 'pipe'], niceness: run.niceness });
  let stderr = '';
  let partial = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    // The end of stderr is enough for a reason; stats lines come every 0.1 s.
    stderr = (stderr + chunk).slice(-16_384);
    if (!onTime) return;
    const lines = (partial + chunk).split(/\r|\n/);
    partial = lines.pop()!;
    for (const line of lines) {
      const m = TIME.exec(line);
      if (m) onTime((Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3])) * 1000);
    }
  });
  let stopped = false;
  const running = () => child.exitCode === null && child.signalCode === null;
  const kill = () => {
    if (running()) child.kill('SIGKILL');
  };
  // Time limit: generous against ffmpeg's usual speed, so only a stuck encode hits it.
  const timer = setTimeout(kill, run.timeoutS * 1000);
  const done = new Promise<void>((ok, fail) => {
    child.on('error', (err) => {
      clearTimeout(timer);
      fail(ffmpegError(run.what, err, stderr));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) ok();
      else fail(ffmpegError(run.what, new Error(signal ? `ffmpeg was killed with signal ${signal}` : `ffmpeg exited with code ${code}`), stderr));
    });
  });
  // Awaited by the caller with the other parts; until then a failure must not count as unhandled.
  done.catch(() => undefined);
  // A pipe whose other end has gone (that ffmpeg failed) reports EPIPE; the reason comes from `done`.
  child.stdin?.on('error', () => undefined);
  child.stdout?.on('error', () => undefined);
  return {
    done,
    stdin: child.stdin,
    stdout: child.stdout,
    stop() {
      if (!running()) return;
      stopped = true;
      kill();
    },
    get stopped() {
      return stopped;
    },
  };
}

/**
 * Runs one ffmpeg with `args` (after the quiet options) to its end, started by the launcher like
 * the encode's; rejects with a RenderError that begins with `what`.
 */
export async function runFfmpeg(args: string[], options: { cwd: string; timeoutS: number; what: string }): Promise<void> {
  await startFfmpeg({ args: [...QUIET, ...args], ...options }).done;
}

// Errors only, so the reason of a failure is not buried under codec information; -stats keeps the
// position lines, every 0.1 s instead of 0.5 s since encodes are short.
const QUIET = ['-nostdin', '-y', '-hide_banner', '-loglevel', 'error'];
const STATS = ['-stats', '-stats_period', '0.1'];
/** The niceness of the process that encodes the sound and writes the file (the picture's is 0). */
const SOUND_NICENESS = 5;

/** Resolves when `stream` can take more, or with false when it has closed. */
function drained(stream: Writable): Promise<boolean> {
  if (stream.destroyed) return Promise.resolve(false);
  return new Promise((done) => {
    const settle = (ok: boolean) => () => {
      stream.off('drain', onDrain).off('close', onClose);
      done(ok);
    };
    const onDrain = settle(true);
    const onClose = settle(false);
    stream.on('drain', onDrain).on('close', onClose);
  });
}

/** Writes one raw frame per slide, then the last once more (its end time), as ffmpeg reads them. */
async function feedFrames(frames: AsyncIterable<Buffer>, count: number, frameBytes: number, stdin: Writable): Promise<void> {
  let last: Buffer | null = null;
  let n = 0;
  for await (const frame of frames) {
    if (frame.length !== frameBytes) throw new RenderError(`Picture ${n + 1} has ${frame.length} bytes, not ${frameBytes}.`);
    if (++n > count) throw new RenderError(`More pictures than the ${count} expected.`);
    last = frame;
    // A closed input means ffmpeg has stopped; its own error says why.
    if (stdin.destroyed || (!stdin.write(frame) && !(await drained(stdin)))) return;
  }
  if (n < count) throw new RenderError(`${n} pictures for the ${count} expected.`);
  stdin.end(last);
}

/** Where the picture comes from: ffmpeg's input options, and what feeds it. */
interface PictureSource {
  inputArgs: string[];
  timing: string[];
  feed?: (stdin: Writable) => Promise<void>;
}

/**
 * Encodes the video with two ffmpeg processes at once: the picture (x264) streams its H.264 through
 * a pipe to the second, which encodes the narration track to AAC alongside and writes the file.
 * The picture's encode starts at once, without waiting for the track, and the AAC's single thread
 * runs beside x264's rather than in the loop that feeds it. Progress follows the picture.
 */
async function encode(
  job: EncodeSettings & { slides: readonly TimedSlide[]; pictures?: ReadonlyArray<{ durationMs: number }> },
  workDir: string,
  subtitles: string | null,
  source: PictureSource,
  progress?: ProgressReporter,
): Promise<EncodeResult> {
  const outPath = resolve(job.outPath);
  await mkdir(dirname(outPath), { recursive: true });
  const totalMs = job.slides.reduce((t, s) => t + s.durationMs, 0);
  let reported = 0;
  const report = (percent: number) => {
    const p = Math.floor(Math.min(100, Math.max(0, percent)));
    if (p <= reported) return;
    reported = p;
    // A reporter that fails (a lost progress update) must not fail the encode.
    void Promise.resolve(progress?.(p)).catch(() => undefined);
  };
  const timeoutS = 120 + Math.ceil(totalMs / 1000);
  const what = 'The video could not be encoded';
  const codec = await withFilterScript(pictureArgs(job, subtitles, source.timing), workDir);
  const track = await subtitleTrack(job);
  const picture = startFfmpeg(
    {
      args: [...QUIET, ...STATS, ...source.inputArgs, '-map', '0:v:0', ...codec, ...lengthArgs(totalMs), '-an', '-f', 'nut', 'pipe:1'],
      cwd: workDir,
      timeoutS,
      what,
      stdin: source.feed !== undefined,
      stdout: true,
    },
    // The file is complete only when the second process has written it: 100 then.
    (ms) => report(Math.min(99, (ms * 100) / totalMs)),
  );
  // Held from the start: once a child exits, Node drops what it wrote to a pipe nobody listens to,
  // and a short picture can end before the narration track below is written (the file's ffmpeg
  // then found no stream: 'nut: No main startcode found').
  const pictureOut = picture.stdout!.pipe(new PassThrough());
  const parts: { file: Ffmpeg | null; failed: boolean } = { file: null, failed: false };
  const stopAll = () => {
    parts.failed = true;
    picture.stop();
    parts.file?.stop();
  };
  const feeding = source.feed ? source.feed(picture.stdin!) : Promise.resolve();
  feeding.catch(() => undefined);
  const writing = (async () => {
    const sound = join(workDir, 'narration.wav');
    await writeNarrationTrack(job.slides, sound);
    if (parts.failed) return;
    // Until this process starts, the picture's first output waits in its stream's buffer.
    const file = (parts.file = startFfmpeg({
      args: [
        ...QUIET,
        '-f', 'nut', '-i', 'pipe:0',
        '-i', sound,
        ...(track ? ['-i', track] : []),
        '-map', '0:v:0', '-map', '1:a:0',
        ...(track ? ['-map', '2:s:0', '-c:s', 'mov_text', '-metadata:s:s:0', `language=${job.subtitleLanguage ?? 'und'}`, '-metadata:s:s:0', 'handler_name=Subtitles'] : []),
        '-c:v', 'copy',
        ...SOUND_ARGS,
        ...lengthArgs(totalMs),
        '-movflags', '+faststart', '-f', job.format, outPath,
      ],
      cwd: workDir,
      timeoutS,
      what,
      stdin: true,
      // x264 is the critical path; the sound needs about a quarter of its time, so it gives way
      // when both want a core (a priority hint only: a machine that is not busy runs both in full).
      niceness: SOUND_NICENESS,
    }));
    // Relayed without back-pressure, so that x264 never waits for this process to catch up: what
    // can pile up is at most the H.264 itself (about 1 MB per minute of slides at 720p).
    pictureOut.on('data', (chunk: Buffer) => void file.stdin!.write(chunk)).on('end', () => file.stdin!.end());
    await file.done;
  })();
  writing.catch(() => undefined);
  const all = [feeding, picture.done, writing];
  // The first failure stops the other parts.
  for (const part of all) part.catch(stopAll);
  const results = await Promise.allSettled(all);
  const failures = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
  if (failures.length > 0) {
    // A half-written file must not pass for a video.
    await rm(outPath, { force: true });
    // The most specific reason: a picture that could not be drawn or fed, then the picture's
    // encode (an unreadable image), then the file's; not a process that was stopped because of it.
    const [fed, pictured, written] = results.map((r) => (r.status === 'rejected' ? (r.reason as unknown) : null));
    if (fed) throw fed;
    if (pictured && !picture.stopped) throw pictured;
    if (written && !parts.file?.stopped) throw written;
    throw failures[0];
  }
  report(100);
  return { outPath, durationMs: totalMs };
}

/** The picture's arguments with a long -vf chain moved to a file (-filter_script:v) in `workDir`. */
async function withFilterScript(args: string[], workDir: string): Promise<string[]> {
  const at = args.indexOf('-vf');
  if (at < 0 || args[at + 1]!.length < FILTER_SCRIPT_FROM) return args;
  const script = join(workDir, 'picture-filters.txt');
  await writeFile(script, args[at + 1]!);
  return [...args.slice(0, at), '-filter_script:v', script, ...args.slice(at + 2)];
}

/** The WebVTT file to carry as a subtitle track, when it is set and holds at least one cue. */
async function subtitleTrack(job: EncodeSettings): Promise<string | null> {
  if (!job.subtitleTrack) return null;
  const text = await readFile(job.subtitleTrack, 'utf8').catch(() => {
    throw new RenderError(`The subtitles file ${job.subtitleTrack} could not be read.`);
  });
  return text.includes('-->') ? resolve(job.subtitleTrack) : null;
}

/** Encodes slides whose pictures are PNG files into `job.outPath`; progress follows ffmpeg's position. */
export async function encodeVideo(job: EncodeJob, progress?: ProgressReporter): Promise<EncodeResult> {
  const picture = await preparePicture(job);
  return encode(job, picture.workDir, picture.subtitles, { inputArgs: [...INPUT_ARGS, '-i', picture.imageList], timing: [] }, progress);
}

/**
 * Encodes slides whose pictures arrive as raw RGBA frames (one per slide, in order) into
 * `job.outPath`. ffmpeg starts at once and encodes each slide as its frame arrives, so the
 * pictures of later slides may still be drawn meanwhile.
 */
export async function encodeFrames(job: FramesEncodeJob, progress?: ProgressReporter): Promise<EncodeResult> {
  checkJob(job);
  const workDir = resolve(job.workDir ?? dirname(job.outPath));
  await mkdir(workDir, { recursive: true });
  const subtitles = await prepareSubtitles(job, workDir);
  const { width, height } = job.size;
  const inputArgs = [
    '-f', 'rawvideo', '-pix_fmt', 'rgba', '-s', `${width}x${height}`, '-framerate', String(FRAME_RATE),
    // One frame is enough to know the stream: ffmpeg must not wait for more before it starts.
    '-probesize', '32', '-analyzeduration', '0',
    '-i', 'pipe:0',
  ];
  const pictures = job.pictures ?? job.slides;
  const shown = pictures.reduce((t, p) => t + p.durationMs, 0);
  const total = job.slides.reduce((t, s) => t + s.durationMs, 0);
  if (pictures.length === 0 || Math.abs(shown - total) > 1) throw new RenderError(`The pictures last ${shown} ms, the slides ${total} ms.`);
  const feed = (stdin: Writable) => feedFrames(job.frames, pictures.length, width * height * 4, stdin);
  return encode(job, workDir, subtitles, { inputArgs, timing: frameTimingFilters(pictures), feed }, progress);
}
