// The output every operation writes, and the small helpers the filter builders share.
// - H.264 (libx264 veryfast, CRF 20, yuv420p) plays everywhere; CRF 20 sits just under x264's
//   visually-lossless range, so a processed clip does not look re-encoded, and veryfast keeps a
//   processing job near real time on a shared worker;
// - AAC at 160 kb/s when the input has audio: the audio is re-encoded rather than copied because
//   the input's codec is not known here and not every codec goes into mp4 (PCM, Vorbis). ffmpeg's
//   'fast' AAC coder, as in video/encode.ts: about a third of the default coder's time, and at
//   this bitrate the difference is not audible;
// - +faststart: the file streams from the web before it has downloaded;
// - yuv420p needs even sizes, so an odd input loses its last column or row (evenCropFilter).

export const VIDEO_CODEC_ARGS = ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20', '-pix_fmt', 'yuv420p'];
export const AUDIO_CODEC_ARGS = ['-c:a', 'aac', '-aac_coder', 'fast', '-b:a', '160k'];

/** Codec, audio and container options of a processed video (the picture comes from the label or stream `video`). */
export function outputArgs(video: string, hasAudio: boolean): string[] {
  return [
    '-map', video,
    // '?': a caller's hasAudio that was wrong costs the sound, not the job.
    ...(hasAudio ? ['-map', '0:a:0?', ...AUDIO_CODEC_ARGS] : ['-an']),
    ...VIDEO_CODEC_ARGS,
    '-movflags', '+faststart',
    '-f', 'mp4',
  ];
}

/** `value` within [min, max]; `fallback` when it is not a finite number. */
export function clamp(value: unknown, min: number, max: number, fallback: number): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(n) ? Math.min(max, Math.max(min, n)) : fallback;
}

/** The even number at or below `n` (at least 2). */
export const evenDown = (n: number): number => Math.max(2, Math.floor(n / 2) * 2);

/** A number for a filter argument: at most `digits` decimals, no exponent, no '-0'. */
export function num(x: number, digits = 4): string {
  const s = (Math.round(x * 10 ** digits) / 10 ** digits).toFixed(digits).replace(/\.?0+$/, '');
  return s === '-0' ? '0' : s;
}

/** The crop that makes a size even, or null when it already is. */
export function evenCropFilter(width: number, height: number): string | null {
  const w = evenDown(width);
  const h = evenDown(height);
  return w === width && h === height ? null : `crop=${w}:${h}:0:0`;
}
