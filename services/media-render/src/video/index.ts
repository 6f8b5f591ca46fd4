// The narrated video: slide images and narration (in parallel: resvg works on this process's
// thread pool, the speech engine in its own processes), then subtitles from the narration's
// timings, then one ffmpeg encode.
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { RenderError, type ProgressReporter, type RenderInput, type SpeechProvider, type VideoFormat, type VoiceSettings } from '../domain/types.js';
import { asRenderError } from '../render/content.js';
import { encodeVideo, type EncodeSlide } from './encode.js';
import { narrate } from './narration.js';
import { checkSize, contentOf, DEFAULT_SIZE, renderSlideImages, type Size } from './slide-image.js';
import { buildCues, toSrt, toWebVtt } from './subtitles.js';

export { encodeVideo, prepareInputs, rawBaselineCommand, writeNarrationTrack, FRAME_RATE, type EncodeJob, type EncodeSlide, type PreparedInputs } from './encode.js';
export { narrate, narrationTexts, slideDurationMs, MIN_SLIDE_MS, SLIDE_PAUSE_MS, type Narration, type NarratedSlide } from './narration.js';
export { renderSlidePng, renderSlideSvg, renderTitlePng, renderSlideImages, videoSlideIndexes, TITLE_CARD, DEFAULT_SIZE, type Size } from './slide-image.js';
export { buildCues, toSrt, toWebVtt, formatTimestamp, type Cue } from './subtitles.js';

export interface RenderVideoOptions {
  provider: SpeechProvider;
  voice: VoiceSettings;
  format: VideoFormat;
  /** Folder for the images, clips, track and output; the caller owns it and removes it. */
  workDir: string;
  size?: Size;
  burnSubtitles?: boolean;
}

export interface RenderedVideo {
  videoPath: string;
  vttPath: string;
  srtPath: string;
  durationMs: number;
  /** What was encoded: each slide's image, clip and duration (for a re-encode or the baseline). */
  slides: EncodeSlide[];
}

/** Shares of the overall progress; images and narration run at the same time. */
const WEIGHTS = { images: 12, narration: 13, encode: 75 };

export async function renderVideo(input: RenderInput, options: RenderVideoOptions, progress?: ProgressReporter): Promise<RenderedVideo> {
  // Checked before any work: images and speech are wasted if the encoder then refuses the size.
  const size = checkSize(options.size ?? DEFAULT_SIZE, true);
  if (options.format !== 'mp4' && options.format !== 'mov') throw new RenderError(`Unknown video format '${options.format}'.`);
  const workDir = resolve(options.workDir);
  await mkdir(workDir, { recursive: true });

  const done = { images: 0, narration: 0, encode: 0 };
  let reported = -1;
  // Reports go out in order but are not waited for: a slow progress store must not slow the
  // render, and a failed progress update must not fail it.
  let reports: Promise<void> = Promise.resolve();
  const step = (name: keyof typeof done) => (percent: number) => {
    done[name] = percent;
    const overall = Math.floor((done.images * WEIGHTS.images + done.narration * WEIGHTS.narration + done.encode * WEIGHTS.encode) / 100);
    if (overall > reported && progress) {
      reported = overall;
      reports = reports.then(() => progress(overall)).catch(() => undefined);
    }
  };

  const content = contentOf(input);
  const [images, narration] = await Promise.all([
    renderSlideImages(input, join(workDir, 'slides'), size, step('images')).catch((err: unknown) => {
      throw asRenderError('slide images', err);
    }),
    narrate(input, options.provider, options.voice, workDir, step('narration')),
  ]);

  const cues = buildCues(narration.slides);
  const vttPath = join(workDir, 'subtitles.vtt');
  const srtPath = join(workDir, 'subtitles.srt');
  await Promise.all([writeFile(vttPath, toWebVtt(cues)), writeFile(srtPath, toSrt(cues))]);

  const slides = narration.slides.map((s, n): EncodeSlide => ({ pngPath: images[n]!, wavPath: s.clip?.wavPath ?? null, durationMs: s.durationMs }));
  const { outPath, durationMs } = await encodeVideo(
    {
      slides,
      format: options.format,
      outPath: join(workDir, `video.${options.format}`),
      size,
      subtitlesVtt: vttPath,
      burnSubtitles: options.burnSubtitles === true,
      workDir,
      subtitleFont: content.fonts.body,
    },
    step('encode'),
  );
  await reports;
  return { videoPath: outPath, vttPath, srtPath, durationMs, slides };
}
