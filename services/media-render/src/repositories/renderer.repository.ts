// The renderers a render job uses: the document renderers (render/) and the narrated video
// (video/: resvg, the configured speech provider, ffmpeg), plus the mov remux (ffmpeg from the
// platform's launcher, as the encode's).
import { stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { RenderError, type DocumentFormat, type ProgressReporter, type RenderInput, type SpeechProvider, type VoiceSettings } from '../domain/types.js';
import { renderDocument } from '../render/index.js';
import type { NarrationTiming } from '../services/previews/deps.js';
import type { Renderers } from '../services/renders/deps.js';
import { estimateSlideDurationsMs } from '../video/estimate.js';
import { renderVideo, runFfmpeg, type KeptFrames, type Size } from '../video/index.js';

export class RendererRepository implements Renderers, NarrationTiming {
  /** burnSubtitles: the default for an input that does not say (a project's input always says). */
  constructor(private readonly options: { speech: SpeechProvider; size: Size; burnSubtitles?: boolean; keptFrames?: KeptFrames }) {}

  document(format: DocumentFormat, input: RenderInput): Promise<Buffer> {
    return renderDocument(format, input);
  }

  slideDurationsMs(input: RenderInput, voice: VoiceSettings): number[] {
    return estimateSlideDurationsMs(input, voice);
  }

  async video(input: RenderInput, voice: VoiceSettings, workDir: string, progress: ProgressReporter): Promise<{ mp4Path: string; movPath: string; vttPath: string | null; durationMs: number }> {
    const { speech, size, keptFrames } = this.options;
    const burnSubtitles = input.burnSubtitles ?? this.options.burnSubtitles ?? false;
    const video = await renderVideo(input, { provider: speech, voice, format: 'mp4', workDir, size, burnSubtitles, keptFrames }, progress);
    const movPath = join(workDir, 'video.mov');
    await remuxToMov(video.videoPath, movPath);
    const hasVtt = (await stat(video.vttPath).catch(() => null))?.isFile() ?? false;
    return { mp4Path: video.videoPath, movPath, vttPath: hasVtt ? video.vttPath : null, durationMs: video.durationMs };
  }
}

/** The same H.264 and AAC streams in a QuickTime container: a copy, not a second encode. */
async function remuxToMov(mp4Path: string, movPath: string): Promise<void> {
  const what = 'The MOV file could not be written';
  try {
    await runFfmpeg(['-i', mp4Path, '-c', 'copy', '-map', '0', '-movflags', '+faststart', '-f', 'mov', movPath], { cwd: dirname(movPath), timeoutS: REMUX_TIMEOUT_S, what });
  } catch (err) {
    // A copy that failed (a full disk, a killed process) may well succeed when run again.
    throw new RenderError(err instanceof Error ? err.message : what, true);
  }
}

/** A copy of the streams takes seconds even for a long video: this bounds only a stuck ffmpeg. */
const REMUX_TIMEOUT_S = 300;
