// Chooses the speech provider from configuration: by default the embedded engines, offline
// (Flite for English, espeak-ng for every other language); espeak-ng alone; or OpenAI or
// ElevenLabs text-to-speech when configured with their keys.
import { RenderError, type SpeechProvider } from '../../domain/types.js';
import { ElevenLabsProvider } from './elevenlabs.js';
import { EmbeddedSpeechProvider } from './embedded.js';
import { EspeakProvider, type EspeakOptions } from './espeak.js';
import { FliteProvider, type FliteOptions } from './flite.js';
import type { RetryOptions } from './http.js';
import { KeptClipsProvider } from './kept-clips.js';
import { OpenAiTtsProvider } from './openai-tts.js';

export const SPEECH_PROVIDERS = ['embedded', 'espeak', 'openai', 'elevenlabs'] as const;

export interface SpeechConfig {
  provider: (typeof SPEECH_PROVIDERS)[number];
  espeak?: EspeakOptions;
  flite?: FliteOptions;
  openai?: { baseURL: string; apiKey: string; model: string; retry?: Partial<RetryOptions> };
  elevenlabs?: { baseURL: string; apiKey: string; modelId: string; outputFormat?: string; retry?: Partial<RetryOptions> };
  /** Bytes of spoken clips kept for re-renders (kept-clips.ts); 0 keeps none. Default 64 MB. */
  keptClipsBytes?: number;
}

/** The clips kept by default: about 35 minutes of 16 kHz narration. */
export const KEPT_CLIPS_BYTES = 64 * 1024 * 1024;

export function createSpeechProvider(config: SpeechConfig): SpeechProvider {
  const provider = createEngine(config);
  const bytes = config.keptClipsBytes ?? KEPT_CLIPS_BYTES;
  return bytes > 0 ? new KeptClipsProvider(provider, engineIdentity(config), bytes) : provider;
}

/** What speaks, as far as it changes the clip: the provider and, for a cloud one, its endpoint and model. */
function engineIdentity(config: SpeechConfig): string {
  if (config.provider === 'openai') return `openai ${config.openai?.baseURL} ${config.openai?.model}`;
  if (config.provider === 'elevenlabs') return `elevenlabs ${config.elevenlabs?.baseURL} ${config.elevenlabs?.modelId} ${config.elevenlabs?.outputFormat ?? ''}`;
  return config.provider;
}

function createEngine(config: SpeechConfig): SpeechProvider {
  switch (config.provider) {
    case 'embedded':
      return new EmbeddedSpeechProvider(new FliteProvider(config.flite), new EspeakProvider(config.espeak));
    case 'espeak':
      return new EspeakProvider(config.espeak);
    case 'openai':
      if (!config.openai) throw new RenderError("Speech provider 'openai' needs openai.baseURL, openai.apiKey and openai.model");
      return new OpenAiTtsProvider(config.openai);
    case 'elevenlabs':
      if (!config.elevenlabs) throw new RenderError("Speech provider 'elevenlabs' needs elevenlabs.baseURL, elevenlabs.apiKey and elevenlabs.modelId");
      return new ElevenLabsProvider(config.elevenlabs);
    default:
      throw new RenderError(`Unknown speech provider '${String((config as { provider: unknown }).provider)}' (${SPEECH_PROVIDERS.join(', ')})`);
  }
}

export { EspeakProvider, DEFAULT_VARIANTS, parseEspeakVoices } from './espeak.js';
export { FliteProvider, FLITE_VOICES, FLITE_RATE } from './flite.js';
export { EmbeddedSpeechProvider } from './embedded.js';
export { KeptClipsProvider, clipKey } from './kept-clips.js';
export { OpenAiTtsProvider, OPENAI_VOICES, OPENAI_TTS_MAX_INPUT } from './openai-tts.js';
export { ElevenLabsProvider, type CloneRequest, type CloneFile } from './elevenlabs.js';
export { parseWav, readWavInfo, pcmToWav, concatWavs, type WavInfo } from './wav.js';
export { cleanSpeechText, splitForSpeech } from './text.js';
