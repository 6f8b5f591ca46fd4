// What ffprobe says about the file an analysis measures (frame rate, bitrate, codec, which streams
// exist), and whether this ffmpeg has blurdetect (added in ffmpeg 5.1). Through fluent-ffmpeg, so
// the binaries are the ones the runner uses (FFMPEG_PATH / FFPROBE_PATH, else PATH); the reading
// of ffprobe's answer is a pure function.
import { basename } from 'node:path';
import ffmpeg, { type FfprobeData } from 'fluent-ffmpeg';
import { VideoOperationError } from '../operations/types.js';
import type { StreamFacts } from './quality-metrics.js';

export interface ProbedVideo extends StreamFacts {
  hasVideo: boolean;
  hasAudio: boolean;
  /** The container's duration (s); 0 when it gives none. */
  durationSeconds: number;
}

/** 'num/den' or a plain number as frames per second; null for '0/0' and the like. */
export function parseRate(rate: string | undefined): number | null {
  if (!rate) return null;
  const [num, den] = rate.split('/').map(Number);
  const value = den === undefined ? num! : num! / den;
  return Number.isFinite(value) && value > 0 ? value : null;
}

const positive = (x: unknown): number | null => {
  const n = Number(x);
  return Number.isFinite(n) && n > 0 ? n : null;
};

/**
 * The facts an analysis needs from ffprobe's answer. The bitrate is the video stream's own when
 * the container gives it (mp4, mov); else the container's total less the audio streams' known
 * bitrates (mkv and webm give only the total).
 */
export function readProbe(data: Pick<FfprobeData, 'streams' | 'format'>, displayed?: { width: number; height: number }): ProbedVideo {
  const video = data.streams.find((s) => s.codec_type === 'video' && !(s.disposition && s.disposition.attached_pic));
  const audio = data.streams.filter((s) => s.codec_type === 'audio');
  const streamKbps = positive(video?.bit_rate);
  const total = positive(data.format.bit_rate);
  const audioBits = audio.reduce((sum, s) => sum + (positive(s.bit_rate) ?? 0), 0);
  let videoKbps: number | null = null;
  let bitrateSource: ProbedVideo['bitrateSource'] = null;
  if (streamKbps !== null) {
    videoKbps = streamKbps / 1000;
    bitrateSource = 'stream';
  } else if (total !== null && total > audioBits) {
    videoKbps = (total - audioBits) / 1000;
    bitrateSource = 'container';
  }
  return {
    hasVideo: video !== undefined,
    hasAudio: audio.length > 0,
    width: displayed?.width ?? video?.width ?? 0,
    height: displayed?.height ?? video?.height ?? 0,
    fps: parseRate(video?.avg_frame_rate) ?? parseRate(video?.r_frame_rate),
    videoKbps,
    bitrateSource,
    videoCodec: video?.codec_name ?? null,
    durationSeconds: positive(data.format.duration) ?? 0,
  };
}

/** ffprobe's facts about `path`; `displayed` is the size the caller probed (after rotation). */
export function probeVideo(path: string, failure: string, displayed?: { width: number; height: number }): Promise<ProbedVideo> {
  return new Promise((resolve, reject) => {
    ffmpeg.ffprobe(path, (err: Error | null, data: FfprobeData) => {
      if (err) {
        const missing = /Cannot find ffprobe|ENOENT/i.test(err.message) && !/No such file or directory/i.test(err.message);
        reject(new VideoOperationError(missing ? 'ffmpeg_missing' : 'invalid_input', `${failure}: ${missing ? 'ffprobe is not installed' : `${basename(path)} could not be read`}.`, err.message));
        return;
      }
      resolve(readProbe(data, displayed));
    });
  });
}

let blurdetect: Promise<boolean> | null = null;

/** Whether this ffmpeg has the blurdetect filter (asked once per process). */
export function hasBlurdetect(): Promise<boolean> {
  blurdetect ??= new Promise((resolve) => {
    ffmpeg.getAvailableFilters((err, filters) => resolve(!err && filters !== undefined && 'blurdetect' in filters));
  });
  return blurdetect;
}
