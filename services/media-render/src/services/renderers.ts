// The renderers a render job uses, wired to the configured speech provider and voice library.
import ffmpeg from 'fluent-ffmpeg';
import { RenderError, type SpeechProvider, type VoiceSettings } from '../domain/types.js';
import { renderDocument } from '../render/index.js';
import { renderVideo } from '../video/index.js';
import type { Renderers } from './render.service.js';

export function createRenderers(options: {
  speech: SpeechProvider;
  /** The settings of a voice id (premade or the company's own); the default voice for ''. */
  voiceSettings(voiceId: string, companyId: string): Promise<VoiceSettings>;
  size: { width: number; height: number };
  burnSubtitles: boolean;
}): Renderers {
  return {
    document: (format, input) => renderDocument(format, input),
    async video(input, { voiceId, companyId }, workDir, progress) {
      const voice = await options.voiceSettings(voiceId, companyId);
      return renderVideo(input, { provider: options.speech, voice, format: 'mp4', workDir, size: options.size, burnSubtitles: options.burnSubtitles }, progress);
    },
    remuxToMov: (mp4Path, movPath) =>
      new Promise<void>((resolve, reject) => {
        // Same H.264 and AAC streams in a QuickTime container: a copy, not a second encode.
        ffmpeg(mp4Path)
          .outputOptions(['-c', 'copy', '-map', '0', '-movflags', '+faststart'])
          .format('mov')
          .on('error', (error: Error) => reject(new RenderError(`The MOV file could not be written: ${error.message.split('\n')[0]}`, true)))
          .on('end', () => resolve())
          .save(movPath);
      }),
  };
}
