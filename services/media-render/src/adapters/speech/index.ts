// Chooses the speech provider from configuration: espeak-ng by default (works offline), OpenAI
// or ElevenLabs text-to-speech when configured with their keys.
import { RenderError, type SpeechProvider } from '../../domain/types.js';
import { ElevenLabsProvider } from './elevenlabs.js';
import { EspeakProvider, type EspeakOptions } from './espeak.js';
import type { RetryOptions } from './http.js';
import { OpenAiTtsProvider } from './openai-tts.js';

export interface SpeechConfig {
  provider: 'espeak' | 'openai' | 'elevenlabs';
  espeak?: EspeakOptions;
  openai?: { baseURL: string; apiKey: string; model: string; retry?: Partial<RetryOptions> };
  elevenlabs?: { baseURL: string; apiKey: string; modelId: string; outputFormat?: string; retry?: Partial<RetryOptions> };
}

export function createSpeechProvider(config: SpeechConfig): SpeechProvider {
  switch (config.provider) {
    case 'espeak':
      return new EspeakProvider(config.espeak);
    case 'openai':
      if (!config.openai) throw new RenderError("Speech provider 'openai' needs openai.baseURL, openai.apiKey and openai.model");
      return new OpenAiTtsProvider(config.openai);
    case 'elevenlabs':
      if (!config.elevenlabs) throw new RenderError("Speech provider 'elevenlabs' needs elevenlabs.baseURL, elevenlabs.apiKey and elevenlabs.modelId");
      return new ElevenLabsProvider(config.elevenlabs);
    default:
      throw new RenderError(`Unknown speech provider '${String((config as { provider: unknown }).provider)}' (espeak, openai or elevenlabs)`);
  }
}

export { EspeakProvider, DEFAULT_VARIANTS, parseEspeakVoices } from './espeak.js';
export { OpenAiTtsProvider, OPENAI_VOICES, OPENAI_TTS_MAX_INPUT } from './openai-tts.js';
export { ElevenLabsProvider, type CloneRequest, type CloneFile } from './elevenlabs.js';
export { parseWav, readWavInfo, pcmToWav, concatWavs, type WavInfo } from './wav.js';
export { cleanSpeechText, splitForSpeech } from './text.js';
