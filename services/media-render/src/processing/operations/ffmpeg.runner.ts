// Runs one ffmpeg pass (arguments built elsewhere, by pure functions) through fluent-ffmpeg:
// progress from ffmpeg's stats lines, SIGKILL on the caller's abort, a VideoOperationError with
// a short reason on failure. The binaries are the ones fluent-ffmpeg finds, as everywhere in this
// service: FFMPEG_PATH / FFPROBE_PATH when set, else `ffmpeg` / `ffprobe` on PATH.
//
// Only errors and the stats lines are printed (-loglevel error -stats), so the reason of a
// failure is the last lines of stderr, not codec chatter. A `progress` listener is not used: it
// makes fluent-ffmpeg run ffprobe on the input first, and the caller already knows the duration.
import { basename, isAbsolute, sep } from 'node:path';
import type { Writable } from 'node:stream';
import ffmpeg from 'fluent-ffmpeg';
import { ffmpegReason } from '../../video/encode.js';
import { VideoOperationError } from './types.js';

export interface FfmpegPass {
  /** Inputs in order, each with its input options (-ss, -loop ...). */
  inputs: Array<{ path: string; options?: string[] }>;
  /** Outputs: a file path ('-' with '-f null' for analysis), or a stream that takes ffmpeg's standard output. */
  outputs: Array<{ target: string | Writable; options: string[] }>;
  /** Seconds of media the pass goes through: its progress is ffmpeg's position over this. */
  seconds: number;
}

export interface PassContext {
  /** ffmpeg's working folder: filter arguments name their files relative to it (no filtergraph escaping of paths). */
  cwd: string;
  /** The start of the user's message on failure: 'The chroma key could not be applied'. */
  failure: string;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

const GLOBAL_ARGS = ['-hide_banner', '-nostdin', '-loglevel', 'error', '-stats', '-stats_period', '0.25'];
const TIME = /time=\s*(-?)(\d+):(\d{2}):(\d{2}(?:\.\d+)?)/;
const STATS_LINE = /^\s*(frame|size)=|time=\s*[-\d]/;
const STDERR_TAIL_LINES = 40;

/** The position (seconds) on one of ffmpeg's stats lines; null for other lines. */
export function parseProgressTime(line: string): number | null {
  const m = TIME.exec(line);
  if (!m) return null;
  if (m[1] === '-') return 0;
  return Number(m[2]) * 3600 + Number(m[3]) * 60 + Number(m[4]);
}

/** The error of an abort, thrown before or instead of a run. */
export const abortedError = (failure: string) => new VideoOperationError('aborted', `${failure}: the operation was cancelled.`);

/** Runs `pass`; resolves when ffmpeg has succeeded (and a stream output has taken all of its output). */
export function runFfmpegPass(pass: FfmpegPass, context: PassContext): Promise<void> {
  const { signal, failure } = context;
  if (signal?.aborted) return Promise.reject(abortedError(failure));
  const tail: string[] = [];
  let reported = 0;
  const command = ffmpeg({ cwd: context.cwd, stdoutLines: 20 });
  pass.inputs.forEach((input, i) => {
    command.input(input.path);
    // Spread, not an array: fluent-ffmpeg splits an array item holding one space into two arguments.
    const options = [...(i === 0 ? GLOBAL_ARGS : []), ...(input.options ?? [])];
    if (options.length > 0) command.inputOptions(...(options as [string, ...string[]]));
  });
  const streams: Writable[] = [];
  for (const output of pass.outputs) {
    command.output(output.target);
    if (output.options.length > 0) command.outputOptions(...(output.options as [string, ...string[]]));
    if (typeof output.target !== 'string') streams.push(output.target);
  }
  command.on('stderr', (line: string) => {
    const seconds = parseProgressTime(line);
    if (seconds !== null && context.onProgress && pass.seconds > 0) {
      const fraction = Math.min(1, Math.max(0, seconds / pass.seconds));
      if (fraction > reported) {
        reported = fraction;
        context.onProgress(fraction);
      }
    }
    if (!STATS_LINE.test(line) && line.trim() !== '') {
      // Messages only, each cut short: the tail is for a reason, not a log.
      tail.push(line.slice(0, 500));
      if (tail.length > STDERR_TAIL_LINES) tail.shift();
    }
  });
  const onAbort = () => {
    // Before ffmpeg has started there is nothing to kill: 'start' below checks again.
    if ((command as unknown as { ffmpegProc?: unknown }).ffmpegProc) command.kill('SIGKILL');
  };
  command.on('start', () => {
    if (signal?.aborted) command.kill('SIGKILL');
  });
  signal?.addEventListener('abort', onAbort, { once: true });
  const finished = new Promise<void>((resolve, reject) => {
    command.on('end', () => resolve());
    command.on('error', (err: Error) => reject(passError(err, tail, context, pass)));
    command.run();
  });
  const drained = streams.map(
    (stream) =>
      new Promise<void>((resolve, reject) => {
        if (stream.writableFinished) resolve();
        stream.once('finish', () => resolve());
        stream.once('error', (err) => reject(err));
      }),
  );
  // Awaited only when ffmpeg succeeded; until then a stream's failure must not count as unhandled.
  for (const d of drained) d.catch(() => undefined);
  return (async () => {
    try {
      await finished;
      // ffmpeg has exited; its standard output may still be on its way into the stream.
      await Promise.all(drained);
    } finally {
      signal?.removeEventListener('abort', onAbort);
    }
  })();
}

/** `text` with the pass's file paths cut to their names: the user's message names a file, not the server's folders. */
function withoutFolders(text: string, pass: FfmpegPass, cwd: string): string {
  const paths = [...pass.inputs.map((i) => i.path), ...pass.outputs.flatMap((o) => (typeof o.target === 'string' ? [o.target] : []))].filter((p) => isAbsolute(p));
  const named = paths.sort((a, b) => b.length - a.length).reduce((t, p) => t.split(p).join(basename(p)), text);
  return named.split(`${cwd}${sep}`).join('');
}

function passError(err: Error, tail: string[], context: PassContext, pass: FfmpegPass): VideoOperationError {
  if (context.signal?.aborted) return abortedError(context.failure);
  if (/Cannot find ffmpeg|ENOENT/i.test(err.message)) {
    return new VideoOperationError('ffmpeg_missing', `${context.failure}: ffmpeg is not installed.`, err.message);
  }
  if (/killed with signal|SIGKILL|SIGTERM/i.test(err.message)) {
    return new VideoOperationError('ffmpeg_killed', `${context.failure}: ffmpeg was stopped before it finished.`, err.message);
  }
  const reason = withoutFolders(ffmpegReason(tail.join('\n'), err.message), pass, context.cwd);
  return new VideoOperationError('ffmpeg_failed', `${context.failure}: ${reason}`, tail.join('\n') || err.message);
}

/** A file's container start time and duration (s), by ffprobe. */
export function probeTimes(path: string, failure: string): Promise<{ startTime: number; duration: number }> {
  return new Promise((resolve, reject) => {
    ffmpeg.ffprobe(path, (err: Error | null, data) => {
      if (err) {
        const missing = /Cannot find ffprobe|ENOENT/i.test(err.message);
        reject(new VideoOperationError(missing ? 'ffmpeg_missing' : 'ffmpeg_failed', `${failure}: ${missing ? 'ffprobe is not installed' : `${basename(path)} could not be read`}.`, err.message));
        return;
      }
      const startTime = Number(data.format.start_time);
      resolve({ startTime: Number.isFinite(startTime) ? startTime : 0, duration: Number(data.format.duration) || 0 });
    });
  });
}
