// ElevenLabs over its HTTP API: the account's voices (GET /v1/voices), speech as raw PCM
// (POST /v1/text-to-speech/{voice_id}?output_format=pcm_22050) wrapped into a WAV here, and
// instant voice cloning (POST /v1/voices/add, multipart).
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { RenderError, type SpeechClip, type SpeechProvider, type Voice, type VoiceSettings } from '../../domain/types.js';
import { DEFAULT_RETRY, httpError, requestWithRetry, type HttpResult, type RetryOptions } from './http.js';
import { cleanSpeechText, splitForSpeech } from './text.js';
import { pcmToWav } from './wav.js';

/** The documented range of voice_settings.speed. */
export const ELEVENLABS_SPEED = { min: 0.7, max: 1.2 };
/** Safe for every current model (eleven_v3 takes 5,000 characters, multilingual v2 10,000). */
export const ELEVENLABS_DEFAULT_MAX_CHARS = 5000;

export interface ElevenLabsOptions {
  /** e.g. 'https://api.elevenlabs.io' (paths start with /v1). */
  baseURL: string;
  apiKey: string;
  /** 'eleven_multilingual_v2', 'eleven_flash_v2_5', ... */
  modelId: string;
  /** A pcm_<rate> format; the provider wraps the samples in a WAV (default pcm_22050). */
  outputFormat?: string;
  maxChars?: number;
  retry?: Partial<RetryOptions>;
}

/** A voice as GET /v1/voices lists it (the fields we read). */
export interface ElevenLabsVoice {
  voice_id: string;
  name: string;
  category?: string;
  description?: string | null;
  labels?: Record<string, string> | null;
  preview_url?: string | null;
  verified_languages?: Array<{ language?: string }> | null;
}

export interface CloneFile {
  filename: string;
  bytes: Buffer;
  contentType?: string;
}

export interface CloneRequest {
  name: string;
  description?: string;
  files: CloneFile[];
  /** Sent as the JSON `labels` field (gender, age, accent, language). */
  labels?: Record<string, string>;
}

const CATEGORY: Record<string, Voice['category']> = {
  premade: 'premade',
  famous: 'premade',
  high_quality: 'premade',
  cloned: 'cloned',
  professional: 'cloned',
  generated: 'custom',
};

/** ElevenLabs ages ('young', 'middle_aged', 'middle aged', 'old') onto the cards' young/adult/old. */
function ageOf(age: string | undefined): string {
  const a = (age ?? '').toLowerCase().replace(/[\s-]+/g, '_');
  if (a === 'young') return 'young';
  if (a === 'old' || a === 'elderly') return 'old';
  if (a === 'middle_aged' || a === 'adult' || a === '') return 'adult';
  return a;
}

export function elevenLabsVoice(v: ElevenLabsVoice): Voice {
  const labels = v.labels ?? {};
  const language = labels.language ?? v.verified_languages?.find((l) => l.language)?.language;
  return {
    voice_id: `elevenlabs:${v.voice_id}`,
    name: v.name,
    category: CATEGORY[v.category ?? ''] ?? 'premade',
    description: v.description || labels.description || '',
    settings: { provider: 'elevenlabs', voice: v.voice_id, rate: 1 },
    is_premium: false,
    labels: {
      gender: (labels.gender ?? 'neutral').toLowerCase(),
      age: ageOf(labels.age),
      ...(labels.accent ? { accent: labels.accent } : {}),
      ...(language ? { language } : {}),
    },
    tier: 'free-trial',
  };
}

export class ElevenLabsProvider implements SpeechProvider {
  readonly name = 'elevenlabs';
  private readonly base: string;
  private readonly retry: RetryOptions;
  private readonly outputFormat: string;
  private readonly sampleRate: number;
  private readonly maxChars: number;

  constructor(private readonly options: ElevenLabsOptions) {
    if (!options.baseURL) throw new RenderError('ElevenLabs needs a baseURL');
    if (!options.apiKey) throw new RenderError('ElevenLabs needs an API key');
    if (!options.modelId) throw new RenderError('ElevenLabs needs a model id');
    this.base = options.baseURL.replace(/\/+$/, '');
    this.retry = { ...DEFAULT_RETRY, ...options.retry };
    this.outputFormat = options.outputFormat ?? 'pcm_22050';
    const rate = /^pcm_(\d+)$/.exec(this.outputFormat);
    if (!rate) throw new RenderError(`ElevenLabs output format must be pcm_<rate> (got '${this.outputFormat}')`);
    this.sampleRate = Number(rate[1]);
    this.maxChars = options.maxChars ?? ELEVENLABS_DEFAULT_MAX_CHARS;
  }

  private request(path: string, init: () => RequestInit, retry: RetryOptions = this.retry): Promise<HttpResult> {
    return requestWithRetry('ElevenLabs', `${this.base}${path}`, () => {
      const i = init();
      return { ...i, headers: { 'xi-api-key': this.options.apiKey, ...(i.headers as Record<string, string>) } };
    }, retry);
  }

  async voices(): Promise<Voice[]> {
    const result = await this.request('/v1/voices', () => ({ method: 'GET', headers: { accept: 'application/json' } }));
    if (result.status !== 200) throw httpError('ElevenLabs', 'listing voices', result);
    let json: { voices?: ElevenLabsVoice[] };
    try {
      json = JSON.parse(result.body.toString('utf8')) as { voices?: ElevenLabsVoice[] };
    } catch {
      throw new RenderError('ElevenLabs returned a voice list that is not JSON');
    }
    if (!Array.isArray(json.voices)) throw new RenderError('ElevenLabs returned no voices array');
    return json.voices.map(elevenLabsVoice);
  }

  private async speakPiece(voiceId: string, text: string, speed: number, previous: string, next: string, language?: string): Promise<Buffer> {
    const body: Record<string, unknown> = { text, model_id: this.options.modelId };
    // Only the v2.5 models accept a language to enforce (ISO 639-1); the others read it from the text.
    if (language && /_v2_5$/.test(this.options.modelId)) body.language_code = language.split('-')[0];
    if (speed !== 1) body.voice_settings = { speed };
    // Neighbouring text keeps the intonation continuous across the pieces of one narration.
    if (previous) body.previous_text = previous;
    if (next) body.next_text = next;
    const path = `/v1/text-to-speech/${encodeURIComponent(voiceId)}?output_format=${encodeURIComponent(this.outputFormat)}`;
    const result = await this.request(path, () => ({
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'audio/pcm' },
      body: JSON.stringify(body),
    }));
    if (result.status !== 200) throw httpError('ElevenLabs', `speaking with voice '${voiceId}'`, result);
    const type = result.headers.get('content-type') ?? '';
    if (/json|text\/html/i.test(type)) throw new RenderError(`ElevenLabs answered with ${type} instead of PCM audio`);
    if (result.body.length % 2 !== 0) throw new RenderError('ElevenLabs returned PCM of an odd byte length (not 16-bit samples)');
    return result.body;
  }

  async synthesize(text: string, settings: VoiceSettings, outPath: string): Promise<SpeechClip> {
    const input = cleanSpeechText(text);
    if (!input) throw new RenderError('Nothing to speak: the narration text is empty');
    const speed = Math.min(ELEVENLABS_SPEED.max, Math.max(ELEVENLABS_SPEED.min, settings.rate ?? 1));
    const pieces = splitForSpeech(input, this.maxChars);
    const pcm: Buffer[] = [];
    for (const [i, piece] of pieces.entries()) {
      const previous = (pieces[i - 1] ?? '').slice(-500);
      const next = (pieces[i + 1] ?? '').slice(0, 500);
      pcm.push(await this.speakPiece(settings.voice, piece, speed, previous, next, settings.language));
    }
    const wav = pcmToWav(Buffer.concat(pcm), { sampleRate: this.sampleRate, channels: 1, bitsPerSample: 16 });
    await mkdir(dirname(outPath), { recursive: true });
    await writeFile(outPath, wav);
    const frames = (wav.length - 44) / 2;
    return { wavPath: outPath, durationMs: (frames * 1000) / this.sampleRate };
  }

  /**
   * Instant voice cloning: uploads the samples and returns the new voice. ElevenLabs may ask for
   * a verification before the voice can speak; `requiresVerification` passes that on.
   */
  async clone(request: CloneRequest): Promise<{ voice: Voice; requiresVerification: boolean }> {
    if (!request.name.trim() || request.files.length === 0) {
      throw new RenderError('Please provide a name and at least one audio file');
    }
    const result = await this.request(
      '/v1/voices/add',
      () => {
        const form = new FormData();
        form.append('name', request.name.trim());
        if (request.description) form.append('description', request.description);
        if (request.labels) form.append('labels', JSON.stringify(request.labels));
        for (const f of request.files) {
          form.append('files', new Blob([f.bytes], { type: f.contentType ?? 'application/octet-stream' }), f.filename);
        }
        return { method: 'POST', headers: { accept: 'application/json' }, body: form };
      },
      { ...this.retry, idempotent: false },
    );
    if (result.status !== 200) throw httpError('ElevenLabs', 'cloning a voice', result);
    let created: { voice_id?: string; requires_verification?: boolean };
    try {
      created = JSON.parse(result.body.toString('utf8')) as typeof created;
    } catch {
      throw new RenderError('ElevenLabs returned a clone answer that is not JSON');
    }
    if (!created.voice_id) throw new RenderError('ElevenLabs returned no voice_id for the clone');
    const voice = elevenLabsVoice({
      voice_id: created.voice_id,
      name: request.name.trim(),
      category: 'cloned',
      description: request.description || 'Cloned with ElevenLabs from your samples',
      labels: request.labels ?? null,
    });
    return { voice, requiresVerification: created.requires_verification === true };
  }
}
