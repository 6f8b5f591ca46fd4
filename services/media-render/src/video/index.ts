// The narrated video: slide pictures and narration at the same time (resvg works on this
// process's thread pool, the speech engine in its own processes), then subtitles from the
// narration's timings, then the encode, which starts as soon as the narration has given every
// slide its length and takes the slides' pictures as they are drawn.
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { RenderError, type ProgressReporter, type RenderInput, type SpeechProvider, type VideoFormat, type VoiceSettings } from '../domain/types.js';
import { asRenderError, prepareContent } from '../render/content.js';
import { encodeFrames, type TimedSlide } from './encode.js';
import type { KeptFrames } from './kept-frames.js';
import { narrate } from './narration.js';
import { checkSize, DEFAULT_SIZE, type Size } from './slide-image.js';
import { buildCues, toSrt, toWebVtt } from './subtitles.js';
import { pictureTimeline, renderPictureFrames, videoPictures, type TimedPicture } from './timeline.js';

export { encodeFrames, encodeVideo, runFfmpeg, prepareInputs, rawBaselineCommand, writeNarrationTrack, motionFilter, movingSlides, FRAME_RATE, MAX_STILL_MS, MOTION_ZOOM, type EncodeJob, type EncodeSlide, type FramesEncodeJob, type PreparedInputs, type TimedSlide } from './encode.js';
export { narrate, narrationParts, narrationTexts, revealSchedule, slideDurationMs, MIN_SLIDE_MS, SLIDE_PAUSE_MS, type Narration, type NarratedSlide, type NarrationPart, type SlideNarration } from './narration.js';
export { pictureTimeline, renderPictureFrames, videoPictures, type Picture, type TimedPicture } from './timeline.js';
export { renderSlidePng, renderSlideSvg, renderTitlePng, renderSlideFrames, renderSlideImages, videoSlideIndexes, TITLE_CARD, DEFAULT_SIZE, type SlideFrames, type Size } from './slide-image.js';
export { buildCues, toSrt, toWebVtt, formatTimestamp, type Cue } from './subtitles.js';
export { KeptFrames } from './kept-frames.js';

export interface RenderVideoOptions {
  provider: SpeechProvider;
  voice: VoiceSettings;
  format: VideoFormat;
  /** Folder for the clips, track, subtitles and output; the caller owns it and removes it. */
  workDir: string;
  size?: Size;
  /** Draw the subtitles into the picture too (the file always carries them as a selectable track). */
  burnSubtitles?: boolean;
  /** Pictures drawn before, taken instead of drawn again (and where this render's are kept). */
  keptFrames?: KeptFrames;
}

export interface RenderedVideo {
  videoPath: string;
  vttPath: string;
  srtPath: string;
  durationMs: number;
  /**
   * Each video slide's clip and duration, in video order (the title card first). The pictures went
   * to ffmpeg as raw frames and are not kept: renderSlideImages draws the same ones as PNG files
   * (for a re-encode with encodeVideo, or the benchmark's baseline).
   */
  slides: TimedSlide[];
  /** The pictures in time: a slide that reveals its items one by one has several. */
  pictures: TimedPicture[];
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

  const content = prepareContent(input);
  // Drawing starts now (the first pictures only, until the encode starts: the narration is what the
  // encode waits for); the encode takes the frames as they are drawn. Which pictures there are
  // follows from the text; when each one shows, from the narration.
  const planned = videoPictures(input);
  const frames = renderPictureFrames(input, planned, size, step('images'), undefined, options.keptFrames);
  let drawingError: Error | null = null;
  const imagesFailed = frames.failed.catch((err: unknown) => {
    throw (drawingError = asRenderError('slide images', err));
  });
  imagesFailed.catch(() => undefined);
  try {
    const narration = await Promise.race([narrate(input, options.provider, options.voice, workDir, step('narration')), imagesFailed]);
    const pictures = pictureTimeline(narration.slides, planned);
    if (pictures.length !== frames.count) throw new RenderError(`${pictures.length} timed pictures for ${frames.count} drawn.`);

    const cues = buildCues(narration.slides);
    const vttPath = join(workDir, 'subtitles.vtt');
    const srtPath = join(workDir, 'subtitles.srt');
    const vtt = writeFile(vttPath, toWebVtt(cues));
    const subtitleFiles = Promise.all([vtt, writeFile(srtPath, toSrt(cues))]);
    // The SRT is awaited after the encode; a failure must not count as unhandled meanwhile. The
    // WebVTT goes into the file as its subtitle track (and into the picture when burned in).
    subtitleFiles.catch(() => undefined);
    await vtt;

    const slides = narration.slides.map((s): TimedSlide => ({ wavPath: s.clip?.wavPath ?? null, durationMs: s.durationMs }));
    const { outPath, durationMs } = await encodeFrames(
      {
        slides,
        frames,
        pictures,
        format: options.format,
        outPath: join(workDir, `video.${options.format}`),
        size,
        subtitlesVtt: vttPath,
        burnSubtitles: options.burnSubtitles === true,
        workDir,
        subtitleFont: content.fonts.body,
        subtitleTrack: vttPath,
        subtitleLanguage: iso6392(input.language),
      },
      step('encode'),
    ).catch((err: unknown) => {
      // A slide that could not be drawn stops the encode: its error is the one to report.
      throw drawingError ?? err;
    });
    await subtitleFiles;
    await reports;
    return { videoPath: outPath, vttPath, srtPath, durationMs, slides, pictures };
  } finally {
    frames.close();
  }
}

// ISO 639-1 to 639-2/B for the subtitle track's language (mp4 and mov store three letters).
const ISO_639_2: Record<string, string> = {
  ar: 'ara', bg: 'bul', ca: 'cat', cs: 'cze', da: 'dan', de: 'ger', el: 'gre', en: 'eng', es: 'spa', et: 'est', fa: 'per', fi: 'fin', fr: 'fre',
  he: 'heb', hi: 'hin', hr: 'hrv', hu: 'hun', id: 'ind', it: 'ita', ja: 'jpn', ko: 'kor', lt: 'lit', lv: 'lav', ms: 'may', nl: 'dut', no: 'nor',
  pl: 'pol', pt: 'por', ro: 'rum', ru: 'rus', sk: 'slo', sl: 'slv', sr: 'srp', sv: 'swe', th: 'tha', tr: 'tur', uk: 'ukr', vi: 'vie', zh: 'chi',
};

/** The content language ('en', 'pt-BR') as ISO 639-2 ('eng', 'por'); 'und' when unknown. */
export function iso6392(language: string): string {
  const primary = (language ?? '').toLowerCase().split(/[-_]/)[0]!;
  if (/^[a-z]{3}$/.test(primary)) return primary;
  return ISO_639_2[primary] ?? 'und';
}
