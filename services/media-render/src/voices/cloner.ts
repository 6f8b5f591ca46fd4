// "Clone voice" as the API offers it, by configuration: voice matching on espeak-ng by default
// (labelled as matched), ElevenLabs instant cloning when configured. Both check the request
// against the specification's rules before any work or upload.
import { CloneRejected, type VoiceCloner } from '../domain/voice-cloner.js';
import { ElevenLabsProvider, type ElevenLabsOptions } from '../adapters/speech/elevenlabs.js';
import { EspeakProvider } from '../adapters/speech/espeak.js';
import { validateCloneRequest } from './clone-rules.js';
import { matchVoice } from './matching.js';

export type ClonerConfig =
  | { kind: 'matching'; espeak?: EspeakProvider; ffmpegPath?: string }
  | { kind: 'elevenlabs'; elevenlabs: ElevenLabsOptions };

export function createVoiceCloner(config: ClonerConfig): VoiceCloner {
  if (config.kind === 'elevenlabs') {
    const provider = new ElevenLabsProvider(config.elevenlabs);
    return {
      kind: 'elevenlabs',
      async clone(request, language) {
        const checked = validateCloneRequest(request);
        if (!checked.ok) throw new CloneRejected(checked.problems);
        return provider.clone({
          name: checked.name,
          ...(checked.description ? { description: checked.description } : {}),
          ...(language ? { labels: { language } } : {}),
          files: checked.files.map((f) => ({ filename: f.filename, bytes: f.bytes, contentType: f.contentType })),
        });
      },
    };
  }
  const espeak = config.espeak ?? new EspeakProvider();
  return {
    kind: 'matching',
    async clone(request, language) {
      const checked = validateCloneRequest(request);
      if (!checked.ok) throw new CloneRejected(checked.problems);
      const { voice } = await matchVoice(
        checked.files.map((f) => ({ filename: f.filename, bytes: f.bytes })),
        {
          name: checked.name,
          espeak,
          ...(checked.description ? { description: checked.description } : {}),
          ...(language ? { language } : {}),
          ...(config.ffmpegPath ? { ffmpegPath: config.ffmpegPath } : {}),
        },
      );
      return { voice, requiresVerification: false };
    },
  };
}
