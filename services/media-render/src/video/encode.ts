// Encoding of the slide images and narration clips into an MP4 or MOV (H.264 + AAC) with ffmpeg.
//
// Settings for slides, where nearly every frame repeats the one before:
// - the images go through the concat demuxer with one duration each, so each PNG is decoded and
//   converted to yuv420p once, and the fps filter then repeats the converted frame;
// - 5 frames per second: constant frame rate plays in every player, and each frame costs encode
//   time even when it repeats, so the rate is as low as keeps subtitles and slide changes timely;
// - libx264 veryfast with -tune stillimage, CRF 23, a keyframe at every slide start (seeking lands
//   on a whole slide) and at least every 10 s;
// - the narration is joined here into one WAV track with each slide's pause as silence, and
//   encoded once to AAC at its own sample rate (resampling 22.05 kHz speech to 48 kHz more than
//   doubles the AAC time here; AAC-LC at 22.05 kHz is standard and widely played). ffmpeg's 'fast'
//   AAC coder takes about a third of the time of its default 'twoloop' coder; at 128 kb/s for
//   speech the bitrate leaves a wide quality margin.
import { copyFile, mkdir, open, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import ffmpeg from 'fluent-ffmpeg';
import { RenderError, type ProgressReporter, type VideoFormat } from '../domain/types.js';
import { parseWav, readWavInfo, wavData, wavHeader, WAVE_FORMAT_PCM, type WavFormat, type WavInfo } from '../speech/wav.js';
import { checkSize, type Size } from './slide-image.js';

export const FRAME_RATE = 5;
/** Longest gap between keyframes, in seconds, within a long slide. */
export const MAX_KEYFRAME_GAP_S = 10;

export interface EncodeSlide {
  pngPath: string;
  /** The narration clip; null for a silent slide. */
  wavPath: string | null;
  /** How long the slide is shown; the clip plays from its start and silence fills the rest. */
  durationMs: number;
}

export interface EncodeJob {
  slides: EncodeSlide[];
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

function checkJob(job: EncodeJob): void {
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
function trackFormat(slides: readonly EncodeSlide[]): WavFormat {
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
export async function writeNarrationTrack(slides: readonly EncodeSlide[], outPath: string): Promise<number> {
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

/** Writes the image list and the subtitles to burn (what the picture's encode reads); the narration track comes after. */
async function preparePicture(job: EncodeJob): Promise<Omit<PreparedInputs, 'audio'>> {
  checkJob(job);
  const workDir = resolve(job.workDir ?? dirname(job.outPath));
  await mkdir(workDir, { recursive: true });
  const imageList = join(workDir, 'images.ffconcat');
  await writeFile(imageList, imageListText(job.slides));
  let subtitles: string | null = null;
  if (job.burnSubtitles && job.subtitlesVtt) {
    if (resolve(job.subtitlesVtt) !== join(workDir, BURN_NAME)) await copyFile(job.subtitlesVtt, join(workDir, BURN_NAME));
    subtitles = BURN_NAME;
  }
  return { workDir, imageList, subtitles, totalMs: job.slides.reduce((t, s) => t + s.durationMs, 0) };
}

/** Writes the image list, the narration track and the subtitles to burn into the work folder. */
export async function prepareInputs(job: EncodeJob): Promise<PreparedInputs> {
  const picture = await preparePicture(job);
  const audio = join(picture.workDir, 'narration.wav');
  await writeNarrationTrack(job.slides, audio);
  return { ...picture, audio };
}

/** Slide start times, for keyframes. */
function slideStarts(slides: readonly EncodeSlide[]): number[] {
  const starts: number[] = [];
  let t = 0;
  for (const s of slides) {
    starts.push(t / 1000);
    t += s.durationMs;
  }
  return starts;
}

/** The picture's codec settings (the -vf chain included). */
function pictureArgs(job: EncodeJob, subtitles: string | null): string[] {
  // Scaling and conversion come before the fps filter, so they run once per slide, not per frame.
  const filters = [`scale=${job.size.width}:${job.size.height}`, 'format=yuv420p', `fps=${FRAME_RATE}`];
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
    '-force_key_frames', slideStarts(job.slides).map((s) => s.toFixed(3)).join(','),
  ];
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

/** One ffmpeg run; `onTime` gets its position (ms) from its stats lines. */
function runFfmpeg(
  run: { inputs: Array<{ path: string; options: string[] }>; outputOptions: string[]; outPath: string; cwd: string; timeoutS: number; what: string },
  onTime?: (ms: number) => void,
): Promise<void> {
  return new Promise<void>((done, fail) => {
    const command = ffmpeg({ cwd: run.cwd, stdoutLines: 60, timeout: run.timeoutS });
    for (const input of run.inputs) {
      command.input(input.path);
      // An empty call would add an 'undefined' argument.
      if (input.options.length > 0) command.inputOptions(...input.options);
    }
    command
      // As separate arguments: given an array, fluent-ffmpeg splits any option holding one space
      // (a font name in the subtitles filter) into two arguments.
      .outputOptions(...run.outputOptions)
      .output(run.outPath)
      // Progress from ffmpeg's own stats lines: fluent-ffmpeg's 'progress' event would first run
      // ffprobe on the inputs only to learn the duration, which is known here.
      .on('stderr', (line: string) => {
        const m = TIME.exec(line);
        if (m && onTime) onTime((Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3])) * 1000);
      })
      .on('error', (err: Error, _stdout: string | null, stderr: string | null) => fail(ffmpegError(run.what, err, stderr)))
      .on('end', () => done());
    command.run();
  });
}

// Errors only, so the reason of a failure is not buried under codec information; -stats keeps the
// position lines, every 0.1 s instead of 0.5 s since encodes are short.
const QUIET = ['-hide_banner', '-loglevel', 'error', '-stats', '-stats_period', '0.1'];

/**
 * Encodes the slides into `job.outPath`; progress follows ffmpeg's position in the picture. The
 * picture and the sound are encoded by two ffmpeg processes at once (the picture's starts before
 * the narration track is even written, and the single-threaded AAC encode no longer follows the
 * frames), then joined into the container without re-encoding.
 */
export async function encodeVideo(job: EncodeJob, progress?: ProgressReporter): Promise<EncodeResult> {
  const picture = await preparePicture(job);
  const outPath = resolve(job.outPath);
  await mkdir(dirname(outPath), { recursive: true });
  let reported = 0;
  const report = (percent: number) => {
    const p = Math.floor(Math.min(100, Math.max(0, percent)));
    if (p <= reported) return;
    reported = p;
    // A reporter that fails (a lost progress update) must not fail the encode.
    void Promise.resolve(progress?.(p)).catch(() => undefined);
  };
  // Time limit: generous against ffmpeg's usual 20-40x real time, so only a stuck encode hits it.
  const timeoutS = 120 + Math.ceil(picture.totalMs / 1000);
  const pictureOnly = join(picture.workDir, `picture.${job.format}`);
  const soundOnly = join(picture.workDir, 'sound.m4a');
  const encodePicture = runFfmpeg(
    {
      inputs: [{ path: picture.imageList, options: [...QUIET, ...INPUT_ARGS] }],
      outputOptions: ['-map', '0:v:0', ...pictureArgs(job, picture.subtitles), ...lengthArgs(picture.totalMs), '-an', '-f', job.format],
      outPath: pictureOnly,
      cwd: picture.workDir,
      timeoutS,
      what: 'The video could not be encoded',
    },
    // The picture is 97 % of the work; the join is the rest.
    (ms) => report((ms * 97) / picture.totalMs),
  );
  // Awaited below with the picture; until then a failure must not count as unhandled.
  encodePicture.catch(() => undefined);
  const encodeSound = (async () => {
    const track = join(picture.workDir, 'narration.wav');
    await writeNarrationTrack(job.slides, track);
    await runFfmpeg({
      inputs: [{ path: track, options: ['-hide_banner', '-loglevel', 'error'] }],
      outputOptions: ['-map', '0:a:0', ...SOUND_ARGS, ...lengthArgs(picture.totalMs), '-vn', '-f', 'ipod'],
      outPath: soundOnly,
      cwd: picture.workDir,
      timeoutS,
      what: 'The narration could not be encoded',
    });
  })();
  encodeSound.catch(() => undefined);
  try {
    await Promise.all([encodePicture, encodeSound]);
    await runFfmpeg({
      inputs: [
        { path: pictureOnly, options: ['-hide_banner', '-loglevel', 'error'] },
        { path: soundOnly, options: [] },
      ],
      outputOptions: ['-map', '0:v:0', '-map', '1:a:0', '-c', 'copy', '-movflags', '+faststart', '-f', job.format],
      outPath,
      cwd: picture.workDir,
      timeoutS,
      what: 'The video could not be encoded',
    });
  } catch (err) {
    // A half-written file must not pass for a video.
    await rm(outPath, { force: true });
    throw err;
  } finally {
    await Promise.all([rm(pictureOnly, { force: true }), rm(soundOnly, { force: true })]);
  }
  report(100);
  return { outPath, durationMs: picture.totalMs };
}
