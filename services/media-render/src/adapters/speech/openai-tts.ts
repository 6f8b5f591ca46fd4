// OpenAI text-to-speech over its HTTP API (POST {baseURL}/audio/speech). Texts over the input
// limit are spoken in pieces cut at sentence ends, and the pieces' WAVs are joined sample-exactly.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { RenderError, type SpeechClip, type SpeechProvider, type Voice, type VoiceSettings } from '../../domain/types.js';
import { DEFAULT_RETRY, httpError, requestWithRetry, type RetryOptions } from './http.js';
import { cleanSpeechText, splitForSpeech } from './text.js';
import { concatWavs, parseWav, WAVE_FORMAT_PCM, WavError } from './wav.js';

/** The API's documented maximum `input` length. */
export const OPENAI_TTS_MAX_INPUT = 4096;
/** The API's documented range for `speed`. */
export const OPENAI_TTS_SPEED = { min: 0.25, max: 4 };

/**
 * OpenAI's built-in voices. OpenAI publishes no gender or age for them; the labels are how its
 * voice samples are commonly described, so the voice cards can show something useful.
 */
export const OPENAI_VOICES: ReadonlyArray<{ id: string; gender: string; description: string }> = [
  { id: 'alloy', gender: 'neutral', description: 'Neutral, balanced voice' },
  { id: 'ash', gender: 'male', description: 'Clear, direct male voice' },
  { id: 'coral', gender: 'female', description: 'Warm, friendly female voice' },
  { id: 'echo', gender: 'male', description: 'Calm, resonant male voice' },
  { id: 'fable', gender: 'male', description: 'Expressive male voice with a British accent' },
  { id: 'onyx', gender: 'male', description: 'Deep, authoritative male voice' },
  { id: 'nova', gender: 'female', description: 'Bright, energetic female voice' },
  { id: 'sage', gender: 'female', description: 'Measured, thoughtful female voice' },
  { id: 'shimmer', gender: 'female', description: 'Soft, clear female voice' },
];

export interface OpenAiTtsOptions {
  /** e.g. 'https://api.openai.com/v1' (the path /audio/speech is appended). */
  baseURL: string;
  apiKey: string;
  /** 'tts-1', 'tts-1-hd', 'gpt-4o-mini-tts', ... */
  model: string;
  retry?: Partial<RetryOptions>;
  /** Pieces are cut to this many characters (default the API limit, 4096). */
  maxInputChars?: number;
}

export class OpenAiTtsProvider implements SpeechProvider {
  readonly name = 'openai';
  private readonly url: string;
  private readonly retry: RetryOptions;
  private readonly maxInputChars: number;

  constructor(private readonly options: OpenAiTtsOptions) {
    if (!options.baseURL) throw new RenderError('OpenAI text-to-speech needs a baseURL');
    if (!options.apiKey) throw new RenderError('OpenAI text-to-speech needs an API key');
    if (!options.model) throw new RenderError('OpenAI text-to-speech needs a model');
    this.url = `${options.baseURL.replace(/\/+$/, '')}/audio/speech`;
    this.retry = { ...DEFAULT_RETRY, ...options.retry };
    this.maxInputChars = Math.min(options.maxInputChars ?? OPENAI_TTS_MAX_INPUT, OPENAI_TTS_MAX_INPUT);
  }

  async voices(): Promise<Voice[]> {
    return OPENAI_VOICES.map((v) => ({
      voice_id: `openai:${v.id}`,
      name: v.id.charAt(0).toUpperCase() + v.id.slice(1),
      category: 'premade',
      description: v.description,
      settings: { provider: 'openai', voice: v.id, rate: 1 },
      is_premium: false,
      labels: { gender: v.gender, age: 'adult' },
      tier: 'free-trial',
    }));
  }

  private async speakPiece(input: string, voice: string, speed: number): Promise<Buffer> {
    const body = JSON.stringify({ model: this.options.model, voice, input, response_format: 'wav', speed });
    const result = await requestWithRetry(
      'OpenAI text-to-speech',
      this.url,
      () => ({
        method: 'POST',
        headers: { authorization: `Bearer ${this.options.apiKey}`, 'content-type': 'application/json', accept: 'audio/wav' },
        body,
      }),
      this.retry,
    );
    if (result.status < 200 || result.status >= 300) throw httpError('OpenAI text-to-speech', `speaking with voice '${voice}'`, result);
    return result.body;
  }

  async synthesize(text: string, settings: VoiceSettings, outPath: string): Promise<SpeechClip> {
    const input = cleanSpeechText(text);
    if (!input) throw new RenderError('Nothing to speak: the narration text is empty');
    const speed = Math.min(OPENAI_TTS_SPEED.max, Math.max(OPENAI_TTS_SPEED.min, settings.rate ?? 1));
    const pieces = splitForSpeech(input, this.maxInputChars);
    const wavs: Buffer[] = [];
    // In order, one at a time: the pieces are one narration and the API rate-limits per key.
    for (const piece of pieces) wavs.push(await this.speakPiece(piece, settings.voice, speed));
    let joined: Buffer;
    try {
      for (const [i, wav] of wavs.entries()) {
        const info = parseWav(wav);
        if (info.audioFormat !== WAVE_FORMAT_PCM || info.bitsPerSample !== 16 || info.channels !== 1) {
          throw new WavError(
            `piece ${i + 1} is format ${info.audioFormat}, ${info.channels} channel(s), ${info.bitsPerSample} bit; mono 16-bit PCM was expected`,
          );
        }
      }
      // Rewrites the streamed placeholder sizes with the real ones, even for a single piece.
      joined = concatWavs(wavs);
    } catch (err) {
      if (err instanceof WavError) throw new RenderError(`OpenAI text-to-speech returned unusable audio: ${err.message}`);
      throw err;
    }
    await mkdir(dirname(outPath), { recursive: true });
    await writeFile(outPath, joined);
    return { wavPath: outPath, durationMs: parseWav(joined).durationMs };
  }
}
