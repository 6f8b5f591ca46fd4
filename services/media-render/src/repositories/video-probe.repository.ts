// What ffprobe reads of a file (FFPROBE_PATH when set, as fluent-ffmpeg reads it; else the one on
// PATH): a video needs a video stream ffmpeg can decode and a duration; a still image is one
// frame of an image codec. A container's header may promise what the file no longer holds (an mp4
// cut short keeps its index), so a video's last second is decoded too (FFMPEG_PATH): a truncated
// file fails there. Each runs as a child process with a time limit and bounded output, so a
// hostile file neither blocks the event loop nor hangs the service.
import { execFile } from 'node:child_process';
import type { ProbeResult, VideoProbe } from '../services/processing/deps.js';

const PROBE_TIMEOUT_MS = 60_000;
const PROBE_OUTPUT_BYTES = 4 * 1024 * 1024;
/** Codecs of still pictures (an image is probed as one frame of these). */
const IMAGE_CODECS = new Set(['png', 'mjpeg', 'jpeg2000', 'webp', 'bmp', 'gif', 'tiff']);

interface FfprobeStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  duration?: string;
  nb_frames?: string;
  tags?: { rotate?: string };
  side_data_list?: Array<{ rotation?: number }>;
}

/** A phone's portrait video is stored landscape with a rotation to apply: its size as shown. */
function displayedSize(video: FfprobeStream): { width: number; height: number } {
  const rotation = Number(video.side_data_list?.find((d) => d.rotation !== undefined)?.rotation ?? video.tags?.rotate ?? 0);
  const quarterTurn = Math.abs(Math.round(rotation / 90)) % 2 === 1;
  return quarterTurn ? { width: video.height!, height: video.width! } : { width: video.width!, height: video.height! };
}

/** The parse of ffprobe's JSON (pure): undefined when it is no video or image we can use. */
export function probeResultOf(output: { streams?: FfprobeStream[]; format?: { duration?: string; format_name?: string } }): ProbeResult | undefined {
  const streams = output.streams ?? [];
  const video = streams.find((s) => s.codec_type === 'video' && (s.width ?? 0) > 0 && (s.height ?? 0) > 0);
  if (!video) return undefined;
  const hasAudio = streams.some((s) => s.codec_type === 'audio');
  const formatName = output.format?.format_name ?? '';
  const isImage = IMAGE_CODECS.has(video.codec_name ?? '') && (/image2|_pipe$/.test(formatName) || formatName === 'png_pipe');
  const size = { ...displayedSize(video), hasAudio, videoCodec: video.codec_name ?? '' };
  if (isImage) return { kind: 'image', durationMs: 0, ...size, hasAudio: false };
  const seconds = Number(output.format?.duration ?? video.duration ?? NaN);
  if (!Number.isFinite(seconds) || seconds <= 0) return undefined;
  return { kind: 'video', durationMs: Math.round(seconds * 1000), ...size };
}

/** What ffmpeg's demuxer says of data missing from a file. */
const TRUNCATED = /partial file|Invalid data found|moov atom not found|end of file/i;

/** Runs a tool with the time and output bounds; its exit code and output (a failure to start is code -1). */
function runBounded(binary: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(binary, args, { timeout: PROBE_TIMEOUT_MS, maxBuffer: PROBE_OUTPUT_BYTES, killSignal: 'SIGKILL' }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

export class VideoProbeRepository implements VideoProbe {
  async probe(path: string): Promise<ProbeResult | undefined> {
    const probed = await this.header(path);
    if (!probed || probed.kind === 'image') return probed;
    return (await this.decodesToEnd(path, probed.durationMs)) ? probed : undefined;
  }

  /** The last second's first picture decodes, and the demuxer found no data missing on the way. */
  private async decodesToEnd(path: string, durationMs: number): Promise<boolean> {
    const from = Math.max(0, durationMs / 1000 - 1).toFixed(3);
    const { code, stderr } = await runBounded(process.env.FFMPEG_PATH || 'ffmpeg', ['-v', 'error', '-nostdin', '-ss', from, '-i', path, '-map', '0:v:0', '-frames:v', '1', '-f', 'null', '-']);
    return code === 0 && !TRUNCATED.test(stderr);
  }

  private async header(path: string): Promise<ProbeResult | undefined> {
    const { code, stdout } = await runBounded(process.env.FFPROBE_PATH || 'ffprobe', ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', path]);
    if (code !== 0) return undefined;
    try {
      return probeResultOf(JSON.parse(stdout));
    } catch {
      return undefined;
    }
  }
}
