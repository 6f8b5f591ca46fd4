// Google Cloud Speech-to-Text (v1) as the cloud transcriber, through the official SDK:
// LongRunningRecognize with the audio inline, then the operation is polled until it is done
// (progress from its LongRunningRecognizeMetadata.progress_percent). Word offsets, Google's own
// speaker diarization (the LAST result's words carry every word with its speaker_tag), phrase
// hints and automatic punctuation come from the request.
//
// Audio goes inline only, so this provider takes at most 60 seconds of audio: Google refuses
// longer inline audio even for LongRunningRecognize ("Inline audio exceeds duration limit.
// Please use a GCS URI.", cloud.google.com/speech-to-text/docs/async-recognize). Longer audio is
// refused here before any call, with a message that says so; re-encoding as FLAC would not help
// (the limit is one of duration, and 60 s of 16 kHz LINEAR16 is 1.9 MB, far under the 10 MB
// request limit). A video's longer audio is sent in pieces cut at pauses
// (processing/transcribe/transcribe-video.ts), so no Cloud Storage bucket is needed.
//
// Credentials are a service-account key (a file path or its JSON). It is checked to be one and
// given to the SDK as google-auth-library's JWT client, the way that library asks for keys from
// configuration (its keyFilename and credentials options are deprecated for being able to load
// any credential type); the SDK then signs its own tokens with it, as with a key it found itself.
// No key configured means no provider (googleSpeechFromConfig returns undefined) and the offline
// transcriber is used instead.
import { existsSync, readFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import * as grpc from '@grpc/grpc-js';
import { v1, type protos } from '@google-cloud/speech';
import { JWT } from 'google-auth-library';
import { RenderError } from '../../domain/types.js';
import { readWavInfo, WAVE_FORMAT_PCM, WavError, type WavInfo } from '../speech/wav.js';
import {
  TRANSCRIPTION_LANGUAGES,
  UnsupportedLanguageError,
  type TranscribeRequest,
  type Transcriber,
  type Transcript,
  type TranscriptionLanguage,
  type TranscriptSegment,
  type TranscriptWord,
} from './types.js';

type RecognitionConfig = protos.google.cloud.speech.v1.IRecognitionConfig;
type RecognizeResponse = protos.google.cloud.speech.v1.ILongRunningRecognizeResponse;
type RecognizeMetadata = protos.google.cloud.speech.v1.ILongRunningRecognizeMetadata;
type WordInfo = protos.google.cloud.speech.v1.IWordInfo;

/** Google's limit on audio sent inline (the `content` field), seconds. */
export const GOOGLE_SPEECH_INLINE_MAX_SECONDS = 60;
export const GOOGLE_SPEECH_DEFAULT_MODEL = 'latest_long';
/** The range Google's diarization searches (its defaults are 2..6; a course video often has one voice). */
export const GOOGLE_SPEECH_SPEAKERS = { min: 1, max: 6 };
/** Google's limits on phrase hints (cloud.google.com/speech-to-text/quotas, "speech adaptation"). */
export const GOOGLE_SPEECH_PHRASE_LIMITS = { phrases: 5000, charsPerPhrase: 100, totalChars: 100_000 };
/**
 * The languages Google's v1 API recognises with its long-form models (latest_long, default):
 * all of the specification's transcription languages.
 */
export const GOOGLE_SPEECH_LANGUAGES: ReadonlySet<string> = new Set<TranscriptionLanguage>(TRANSCRIPTION_LANGUAGES);

export interface GoogleSpeechPolling {
  initialDelayMs: number;
  maxDelayMs: number;
  /** Give up waiting for the operation after this long. */
  timeoutMs: number;
}

const DEFAULT_POLLING: GoogleSpeechPolling = { initialDelayMs: 1000, maxDelayMs: 10_000, timeoutMs: 15 * 60_000 };

/** The fields of a service-account key file this provider uses. */
export interface ServiceAccountKey {
  type: 'service_account';
  client_email: string;
  private_key: string;
  private_key_id?: string;
  universe_domain?: string;
}

export interface GoogleSpeechOptions {
  serviceAccount: ServiceAccountKey;
  /** Host of the API (default speech.googleapis.com). */
  apiEndpoint?: string;
  port?: number;
  /** Plain-text gRPC, for a local stand-in only (the key's tokens are then attached per call). */
  insecure?: boolean;
  /** The recognition model (default latest_long). */
  model?: string;
  polling?: Partial<GoogleSpeechPolling>;
}

/** A failure of Google Speech-to-Text, with Google's status name (e.g. 'INVALID_ARGUMENT'). */
export class GoogleSpeechError extends RenderError {
  constructor(
    message: string,
    readonly status: string,
    retryable: boolean,
  ) {
    super(message, retryable);
    this.name = 'GoogleSpeechError';
  }
}

const RETRYABLE = new Set(['RESOURCE_EXHAUSTED', 'UNAVAILABLE', 'DEADLINE_EXCEEDED', 'INTERNAL', 'ABORTED']);

/** Turns what the SDK threw into a message that says what to do. */
export function googleSpeechError(err: unknown, stage: 'start' | 'operation'): Error {
  if (!(err instanceof Error)) return new GoogleSpeechError(`Google Speech-to-Text failed: ${String(err)}`, 'UNKNOWN', false);
  const code = (err as { code?: unknown }).code;
  if (typeof code !== 'number') return err;
  const status = grpc.status[code] ?? `code ${code}`;
  // An RPC failure carries the server's text in `details`; an operation that ended with an error
  // carries it as the message.
  const said = ((err as { details?: unknown }).details as string | undefined) || err.message;
  const failedOperation = stage === 'operation' && !(err as { details?: unknown }).details;
  let message: string;
  switch (status) {
    case 'UNAUTHENTICATED':
      message = `Google Speech-to-Text did not accept the credentials; check the service-account key it is configured with. Google said: ${said}`;
      break;
    case 'PERMISSION_DENIED':
      message = `Google Speech-to-Text refused access: the service account may lack permission, or the Speech-to-Text API may not be enabled for its project. Google said: ${said}`;
      break;
    case 'INVALID_ARGUMENT':
      message = `Google Speech-to-Text rejected the request as invalid: ${said}`;
      break;
    case 'RESOURCE_EXHAUSTED':
      message = `Google Speech-to-Text quota or rate limit reached; try again later. Google said: ${said}`;
      break;
    case 'UNAVAILABLE':
    case 'DEADLINE_EXCEEDED':
      message = `Google Speech-to-Text could not be reached or did not finish in time (${status}): ${said}`;
      break;
    default:
      message = `Google Speech-to-Text failed (${status}): ${said}`;
  }
  // Our own wait running out is not Google failing the transcription.
  if (failedOperation && status === 'DEADLINE_EXCEEDED') message = `Gave up waiting for Google Speech-to-Text to finish the transcription: ${said}`;
  else if (failedOperation) message = `The transcription failed at Google. ${message}`;
  return new GoogleSpeechError(message, status, RETRYABLE.has(status));
}

/** Phrase hints within Google's limits: trimmed, without repeats or over-long phrases. */
export function phraseHints(vocabulary: string[]): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  let chars = 0;
  for (const raw of vocabulary) {
    const phrase = raw.trim().replace(/\s+/g, ' ');
    if (!phrase || phrase.length > GOOGLE_SPEECH_PHRASE_LIMITS.charsPerPhrase || seen.has(phrase.toLowerCase())) continue;
    if (out.length === GOOGLE_SPEECH_PHRASE_LIMITS.phrases || chars + phrase.length > GOOGLE_SPEECH_PHRASE_LIMITS.totalChars) break;
    seen.add(phrase.toLowerCase());
    out.push(phrase);
    chars += phrase.length;
  }
  return out;
}

/** The RecognitionConfig for a request (the SDK's camelCase field names). */
export function recognitionConfig(request: Pick<TranscribeRequest, 'languageCode' | 'diarization' | 'wordTimestamps' | 'vocabulary'>, sampleRate: number, model: string): RecognitionConfig {
  const phrases = phraseHints(request.vocabulary);
  return {
    encoding: 'LINEAR16',
    sampleRateHertz: sampleRate,
    audioChannelCount: 1,
    languageCode: request.languageCode,
    model,
    enableAutomaticPunctuation: true,
    // Speaker turns are placed in time by the words' offsets, so diarization asks for them too.
    enableWordTimeOffsets: request.wordTimestamps || request.diarization,
    ...(request.diarization
      ? { diarizationConfig: { enableSpeakerDiarization: true, minSpeakerCount: GOOGLE_SPEECH_SPEAKERS.min, maxSpeakerCount: GOOGLE_SPEECH_SPEAKERS.max } }
      : {}),
    ...(phrases.length > 0 ? { speechContexts: [{ phrases }] } : {}),
  };
}

/** Seconds of a google.protobuf.Duration as the SDK decodes it (int64 seconds may be a Long). */
function seconds(d: protos.google.protobuf.IDuration | null | undefined): number {
  if (!d) return 0;
  const s = d.seconds;
  const whole = typeof s === 'number' ? s : typeof s === 'string' ? Number(s) : s ? s.toNumber() : 0;
  return whole + (d.nanos ?? 0) / 1e9;
}

function speakerOf(w: WordInfo): number | undefined {
  if (w.speakerTag && w.speakerTag > 0) return w.speakerTag;
  const label = Number(w.speakerLabel);
  return Number.isInteger(label) && label > 0 ? label : undefined;
}

/** Rounded to the millisecond: Durations are nanoseconds, which nobody needs in a transcript. */
const ms = (s: number): number => Math.round(s * 1000) / 1000;

export interface TranscriptContext {
  engine: string;
  languageCode: TranscriptionLanguage;
  durationSeconds: number;
  wordTimestamps: boolean;
  diarization: boolean;
}

/** Our Transcript from Google's LongRunningRecognizeResponse. */
export function transcriptFromResponse(response: RecognizeResponse, context: TranscriptContext): Transcript {
  const results = (response.results ?? []).filter((r) => r.alternatives?.[0]);
  const top = (r: (typeof results)[number]) => r.alternatives![0]!;
  // Results after the first usually start with a space; concatenated they are the transcript.
  let text = '';
  for (const r of results) {
    const t = top(r).transcript ?? '';
    text += text && t && !/^\s/.test(t) ? ` ${t}` : t;
  }
  text = text.trim().replace(/\s+/g, ' ');

  // With diarization the last result's words are all the words of the audio, with speakers (the
  // earlier results' words have none). If the model did not diarize, nothing has a speaker.
  const lastWords = results.length > 0 ? (top(results.at(-1)!).words ?? []) : [];
  const diarized = context.diarization && lastWords.length > 0 && lastWords.every((w) => speakerOf(w) !== undefined);
  const source = diarized ? lastWords : results.flatMap((r) => top(r).words ?? []);
  const allWords: TranscriptWord[] = source.map((w) => ({
    word: w.word ?? '',
    start: ms(seconds(w.startTime)),
    end: ms(seconds(w.endTime)),
    ...(w.confidence ? { confidence: w.confidence } : {}),
    ...(diarized ? { speaker: speakerOf(w)! } : {}),
  }));

  let segments: TranscriptSegment[];
  if (diarized) {
    // A segment per speaker turn, also cut where Google ended a result (its sentences). The
    // transcript's tokens carry the punctuation; they line up with the words when counts agree.
    const tokens = text.split(' ');
    const shown = tokens.length === allWords.length ? tokens : allWords.map((w) => w.word);
    const cuts = new Set<number>();
    let count = 0;
    for (const r of results.slice(0, -1)) cuts.add((count += top(r).words?.length ?? 0));
    segments = [];
    let current: TranscriptSegment | undefined;
    allWords.forEach((w, i) => {
      if (!current || current.speaker !== w.speaker || cuts.has(i)) {
        current = { start: w.start, end: w.end, text: shown[i]!, speaker: w.speaker! };
        segments.push(current);
      } else {
        current.end = w.end;
        current.text += ` ${shown[i]!}`;
      }
    });
  } else {
    segments = [];
    let previousEnd = 0;
    for (const r of results) {
      const alt = top(r);
      const t = (alt.transcript ?? '').trim();
      const end = ms(r.resultEndTime ? seconds(r.resultEndTime) : previousEnd);
      const firstWord = alt.words?.[0];
      const start = firstWord?.startTime ? ms(seconds(firstWord.startTime)) : previousEnd;
      if (t) segments.push({ start, end: Math.max(start, end), text: t });
      previousEnd = end;
    }
  }

  return {
    engine: context.engine,
    language_code: context.languageCode,
    text,
    words: context.wordTimestamps ? allWords : [],
    segments,
    duration_seconds: ms(context.durationSeconds),
    ...(diarized ? { diarization: { method: 'google-cloud-speech', speakers: new Set(allWords.map((w) => w.speaker)).size } } : {}),
  };
}

/** The PCM of a mono 16-bit WAV short enough to send inline, or a clear refusal. */
async function readInlineAudio(path: string): Promise<{ pcm: Buffer; info: WavInfo }> {
  let info: WavInfo;
  try {
    info = readWavInfo(path);
  } catch (err) {
    if (err instanceof WavError) throw new RenderError(`The audio to transcribe is not a usable WAV: ${err.message}`);
    throw err;
  }
  if (info.audioFormat !== WAVE_FORMAT_PCM || info.bitsPerSample !== 16 || info.channels !== 1) {
    throw new RenderError(
      `The audio to transcribe is format ${info.audioFormat}, ${info.channels} channel(s), ${info.bitsPerSample} bit; Google Speech-to-Text is sent mono 16-bit PCM (LINEAR16)`,
    );
  }
  if (info.sampleRate < 8000 || info.sampleRate > 48000) {
    throw new RenderError(`The audio to transcribe is sampled at ${info.sampleRate} Hz; Google Speech-to-Text takes 8000 to 48000 Hz`);
  }
  const secs = info.durationMs / 1000;
  if (secs > GOOGLE_SPEECH_INLINE_MAX_SECONDS) {
    throw new GoogleSpeechError(
      `The audio is ${secs.toFixed(1)} seconds long; Google Speech-to-Text takes at most ${GOOGLE_SPEECH_INLINE_MAX_SECONDS} seconds of audio sent with the request, and longer audio would need a Cloud Storage bucket, which this provider does not use. Transcribe it with the offline engine, or in parts of a minute or less.`,
      'AUDIO_TOO_LONG',
      false,
    );
  }
  const file = await open(path, 'r');
  try {
    const pcm = Buffer.alloc(info.dataBytes);
    const { bytesRead } = await file.read(pcm, 0, info.dataBytes, info.dataOffset);
    return { pcm: pcm.subarray(0, bytesRead), info };
  } finally {
    await file.close();
  }
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

export class GoogleSpeechTranscriber implements Transcriber {
  readonly engine: string;
  private readonly client: InstanceType<typeof v1.SpeechClient>;
  private readonly model: string;
  private readonly insecure: boolean;
  private readonly polling: GoogleSpeechPolling;

  constructor(options: GoogleSpeechOptions) {
    this.insecure = options.insecure === true;
    // Plain text would send the key's tokens readable on the wire: only to this machine.
    if (this.insecure && !LOOPBACK.has(options.apiEndpoint ?? '')) {
      throw new RenderError(`Google Speech-to-Text over plain-text gRPC is only for a local stand-in; '${options.apiEndpoint ?? 'speech.googleapis.com'}' is not this machine`);
    }
    this.model = options.model || GOOGLE_SPEECH_DEFAULT_MODEL;
    this.engine = `google-cloud-speech (${this.model})`;
    this.polling = { ...DEFAULT_POLLING, ...options.polling };
    const key = options.serviceAccount;
    const authClient = new JWT({
      email: key.client_email,
      key: key.private_key,
      ...(key.private_key_id ? { keyId: key.private_key_id } : {}),
      ...(key.universe_domain ? { universeDomain: key.universe_domain } : {}),
    });
    this.client = new v1.SpeechClient({
      authClient,
      ...(options.apiEndpoint ? { apiEndpoint: options.apiEndpoint } : {}),
      ...(options.port ? { port: options.port } : {}),
      ...(this.insecure ? { sslCreds: grpc.credentials.createInsecure() } : {}),
      fallback: false,
    });
  }

  supports(languageCode: TranscriptionLanguage): boolean {
    return GOOGLE_SPEECH_LANGUAGES.has(languageCode);
  }

  async transcribe(request: TranscribeRequest): Promise<Transcript> {
    if (!this.supports(request.languageCode)) throw new UnsupportedLanguageError(this.engine, request.languageCode);
    request.signal?.throwIfAborted();
    const { pcm, info } = await readInlineAudio(request.wavPath);
    request.signal?.throwIfAborted();

    const headers: Record<string, string> = {};
    if (this.insecure) {
      // grpc-js refuses call credentials on a plain-text channel, so the token the SDK's own auth
      // signs from the key goes as a header of each call (the operation's polls reuse it).
      const signed = await this.client.auth.getRequestHeaders().catch((err: unknown) => {
        throw new RenderError(`Google Speech-to-Text: no token could be signed with the service-account key (${(err as Error).message})`);
      });
      signed.forEach((value, key) => (headers[key] = value));
    }
    const callOptions = {
      ...(this.insecure ? { otherArgs: { headers } } : {}),
      longrunning: {
        initialRetryDelayMillis: this.polling.initialDelayMs,
        retryDelayMultiplier: 1.5,
        maxRetryDelayMillis: this.polling.maxDelayMs,
        totalTimeoutMillis: this.polling.timeoutMs,
      },
    };

    const [operation] = await this.client
      .longRunningRecognize({ config: recognitionConfig(request, info.sampleRate, this.model), audio: { content: pcm } }, callOptions)
      .catch((err: unknown) => {
        throw googleSpeechError(err, 'start');
      });

    let reported = -1;
    const report = (fraction: number): void => {
      const f = Math.min(1, Math.max(0, fraction));
      if (f > reported) {
        reported = f;
        request.onProgress?.(f);
      }
    };
    operation.on('progress', (metadata: RecognizeMetadata) => report((metadata?.progressPercent ?? 0) / 100));

    let response: RecognizeResponse;
    try {
      response = await this.untilDone(operation.promise(), request.signal, () => operation.removeAllListeners('complete'));
    } catch (err) {
      if (request.signal?.aborted && err === request.signal.reason) throw err;
      throw googleSpeechError(err, 'operation');
    }
    report(1);
    return transcriptFromResponse(response, {
      engine: this.engine,
      languageCode: request.languageCode,
      durationSeconds: info.durationMs / 1000,
      wordTimestamps: request.wordTimestamps,
      diarization: request.diarization,
    });
  }

  /** The operation's result; on abort, polling stops (v1 offers no cancellation of recognition). */
  private untilDone(done: Promise<[RecognizeResponse, ...unknown[]]>, signal: AbortSignal | undefined, stopPolling: () => void): Promise<RecognizeResponse> {
    if (!signal) return done.then(([r]) => r);
    return new Promise((resolve, reject) => {
      const onAbort = (): void => {
        stopPolling();
        reject(signal.reason);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      done.then(
        ([r]) => resolve(r),
        reject,
      ).finally(() => signal.removeEventListener('abort', onAbort));
    });
  }

  /** Closes the SDK's channels. */
  close(): Promise<void> {
    return this.client.close();
  }
}

export interface GoogleSpeechSettings {
  /** Path of a service-account key file. */
  keyFile?: string;
  /** A service-account key's JSON. */
  credentialsJson?: string;
  apiEndpoint?: string;
  port?: number;
  insecure?: boolean;
  model?: string;
}

/** A service-account key from its JSON, or why it is not one. */
export function parseServiceAccountKey(json: string, where: string): ServiceAccountKey {
  let key: unknown;
  try {
    key = JSON.parse(json);
  } catch (err) {
    throw new Error(`Google Speech-to-Text: ${where} is not JSON (${(err as Error).message})`);
  }
  const k = (typeof key === 'object' && key !== null ? key : {}) as Record<string, unknown>;
  if (k.type !== 'service_account') {
    throw new Error(`Google Speech-to-Text: ${where} is not a service-account key (its "type" is ${JSON.stringify(k.type ?? null)}, not "service_account")`);
  }
  if (typeof k.client_email !== 'string' || typeof k.private_key !== 'string' || !k.private_key.includes('PRIVATE KEY')) {
    throw new Error(`Google Speech-to-Text: ${where} is a service-account key without client_email or private_key`);
  }
  return k as unknown as ServiceAccountKey;
}

/**
 * The Google transcriber from configuration, or undefined when no key is configured (the offline
 * transcriber is used then). A key that is set but unusable stops startup with the reason.
 */
export function googleSpeechFromConfig(settings: GoogleSpeechSettings): GoogleSpeechTranscriber | undefined {
  const keyFile = settings.keyFile?.trim();
  const json = settings.credentialsJson?.trim();
  if (!keyFile && !json) return undefined;
  if (keyFile && json) throw new Error('Google Speech-to-Text: configure either a key file or the key JSON, not both');
  let serviceAccount: ServiceAccountKey;
  if (json) serviceAccount = parseServiceAccountKey(json, 'the configured key JSON');
  else if (!existsSync(keyFile!)) throw new Error(`Google Speech-to-Text: the key file ${keyFile} does not exist`);
  else serviceAccount = parseServiceAccountKey(readFileSync(keyFile!, 'utf8'), `the key file ${keyFile}`);
  return new GoogleSpeechTranscriber({
    serviceAccount,
    ...(settings.apiEndpoint ? { apiEndpoint: settings.apiEndpoint } : {}),
    ...(settings.port ? { port: settings.port } : {}),
    ...(settings.insecure ? { insecure: true } : {}),
    ...(settings.model ? { model: settings.model } : {}),
  });
}
