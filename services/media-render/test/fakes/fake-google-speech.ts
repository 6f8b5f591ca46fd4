// A local stand-in for Google Cloud Speech-to-Text v1: a real gRPC server on 127.0.0.1 built from
// the SDK's own protos (@google-cloud/speech's cloud_speech.proto, google-gax's longrunning
// operations.proto), so tests run the real SDK over real gRPC. It serves
// - google.cloud.speech.v1.Speech/LongRunningRecognize: checks the caller's credentials and the
//   request as the API does (language code, LINEAR16 needs sample_rate_hertz, inline audio is
//   limited to about a minute: "Inline audio exceeds duration limit. Please use a GCS URI."),
//   records it, and answers with a pending google.longrunning.Operation;
// - google.longrunning.Operations/GetOperation: the operation is done after `pollsUntilDone`
//   polls; until then its LongRunningRecognizeMetadata's progress_percent rises, and when done it
//   carries a LongRunningRecognizeResponse (or a google.rpc.Status error), packed in
//   google.protobuf.Any with Google's type URLs.
// Recognition runs nothing: the audio's SHA-256 (of the inline content) selects the utterances a
// test said it holds (or the test's own `hear` reads them from the samples), and the answer is
// shaped as v1 shapes it (one result per utterance, word offsets only when asked for, punctuation
// dropped unless asked for, and with diarization a last result whose words are every word of the
// audio with its speaker_tag).
// Credentials are checked for real: the fake makes a service-account key, and a call must carry
// a bearer JWT that key signed (the SDK signs one itself for service accounts, "self-signed JWT";
// over a plain-text channel the adapter attaches it per call).
import { createHash, generateKeyPairSync, randomBytes, verify, type KeyObject } from 'node:crypto';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import { protos } from '@google-cloud/speech';

const speechPackage = createRequire(import.meta.url).resolve('@google-cloud/speech/package.json');
const SPEECH_PROTOS = join(dirname(speechPackage), 'build/protos');
// The google-gax the SDK itself uses (build/src/index.js; its protos sit in build/protos).
const GAX_PROTOS = join(dirname(createRequire(speechPackage).resolve('google-gax')), '../protos');

const TYPE_PREFIX = 'type.googleapis.com/google.cloud.speech.v1.';
/** What Google answers for inline audio longer than about a minute. */
export const INLINE_TOO_LONG = 'Inline audio exceeds duration limit. Please use a GCS URI.';
/** Google's inline-audio duration limit, seconds. */
export const INLINE_LIMIT_SECONDS = 60;
const UNAUTHENTICATED_MESSAGE =
  'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.';
const LANGUAGES = new Set(['en-US', 'en-GB', 'es-ES', 'fr-FR', 'de-DE', 'it-IT', 'pt-BR', 'ja-JP', 'nl-NL']);

export interface FakeWord {
  word: string;
  /** Seconds from the start of the audio. */
  start: number;
  end: number;
  /** 1-based; used when diarization is asked for. */
  speaker?: number;
}

/** One stretch of speech: one SpeechRecognitionResult. */
export interface FakeUtterance {
  words: FakeWord[];
  confidence?: number;
}

export type FakeSpeechStep =
  /** LongRunningRecognize itself fails with this status. */
  | { kind: 'rpc-error'; code: grpc.status; message: string }
  /** The operation starts, then ends (when done) with this google.rpc.Status. */
  | { kind: 'operation-error'; code: grpc.status; message: string };

/** A LongRunningRecognize request as it arrived (field names as on the wire, enums by name). */
export interface RecordedRecognize {
  authorization: string | undefined;
  /** The SDK's x-goog-api-client header (gax/…, gapic/…, grpc/…). */
  apiClient: string | undefined;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  config: Record<string, any>;
  audio: Buffer;
  audioSha256: string;
  operation: string;
}

export interface RecordedPoll {
  name: string;
  authorization: string | undefined;
}

export interface ServiceAccountKey {
  type: 'service_account';
  project_id: string;
  private_key_id: string;
  private_key: string;
  client_email: string;
  client_id: string;
  auth_uri: string;
  token_uri: string;
}

export interface FakeGoogleSpeech {
  apiEndpoint: string;
  port: number;
  /** A key the fake accepts: its public half verifies the callers' JWTs. */
  key: ServiceAccountKey;
  /** A key of the same shape that the fake does not know (signs JWTs it refuses). */
  unknownKey: ServiceAccountKey;
  recognizeRequests: RecordedRecognize[];
  polls: RecordedPoll[];
  /** SHA-256 (hex) of the inline audio -> what it says; unknown audio recognises as silence. */
  speech: Map<string, FakeUtterance[]>;
  /** What audio not in `speech` says, read from its samples by the test (16-bit PCM as sent); unset: silence. */
  hear?: (pcm: Buffer, sampleRate: number) => FakeUtterance[];
  /** GetOperation calls before the operation is done (1 or more). */
  pollsUntilDone: number;
  push(...steps: FakeSpeechStep[]): void;
  close(): Promise<void>;
}

interface PendingOperation {
  name: string;
  polls: number;
  startTime: Date;
  response?: protos.google.cloud.speech.v1.ILongRunningRecognizeResponse;
  error?: { code: number; message: string };
}

function makeKey(projectId: string, account: string): { key: ServiceAccountKey; publicKey: KeyObject } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    publicKey,
    key: {
      type: 'service_account',
      project_id: projectId,
      private_key_id: randomBytes(20).toString('hex'),
      private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      client_email: `${account}@${projectId}.iam.gserviceaccount.com`,
      client_id: String(100000000000000000000n + BigInt(randomBytes(6).readUIntBE(0, 6))),
      auth_uri: 'https://accounts.google.com/o/oauth2/auth',
      token_uri: 'https://oauth2.googleapis.com/token',
    },
  };
}

function fromBase64Url(s: string): Buffer {
  return Buffer.from(s, 'base64url');
}

/** Checks a bearer JWT as Google checks a self-signed service-account JWT; null when it is good. */
function jwtProblem(authorization: string | undefined, key: ServiceAccountKey, publicKey: KeyObject): string | null {
  const token = /^Bearer (.+)$/.exec(authorization ?? '')?.[1];
  if (!token) return 'no bearer token';
  const parts = token.split('.');
  if (parts.length !== 3) return 'not a JWT';
  const [h, p, s] = parts as [string, string, string];
  let header: Record<string, unknown>;
  let payload: Record<string, unknown>;
  try {
    header = JSON.parse(fromBase64Url(h).toString('utf8'));
    payload = JSON.parse(fromBase64Url(p).toString('utf8'));
  } catch {
    return 'unreadable JWT';
  }
  if (header.alg !== 'RS256') return `alg ${String(header.alg)}`;
  if (header.kid !== key.private_key_id) return 'unknown key id';
  if (!verify('RSA-SHA256', Buffer.from(`${h}.${p}`), publicKey, fromBase64Url(s))) return 'bad signature';
  if (payload.iss !== key.client_email || payload.sub !== key.client_email) return 'wrong issuer';
  const now = Date.now() / 1000;
  if (typeof payload.exp !== 'number' || payload.exp < now) return 'expired';
  const scoped = typeof payload.scope === 'string' && payload.scope.split(' ').includes('https://www.googleapis.com/auth/cloud-platform');
  const audienced = payload.aud === 'https://speech.googleapis.com/';
  if (!scoped && !audienced) return 'no cloud-platform scope or speech audience';
  return null;
}

function duration(seconds: number): protos.google.protobuf.IDuration {
  const whole = Math.floor(seconds);
  return { seconds: whole, nanos: Math.round((seconds - whole) * 1e9) };
}

function pack(type: 'LongRunningRecognizeMetadata' | 'LongRunningRecognizeResponse', value: Uint8Array): { type_url: string; value: Buffer } {
  return { type_url: `${TYPE_PREFIX}${type}`, value: Buffer.from(value) };
}

const unpunctuated = (w: string): string => w.replace(/[.,!?;:]+$/u, '');

/** The LongRunningRecognizeResponse v1 gives for these utterances under this config. */
function recognise(
  utterances: FakeUtterance[],
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  config: Record<string, any>,
  audioSeconds: number,
): protos.google.cloud.speech.v1.ILongRunningRecognizeResponse {
  const punctuate = config.enable_automatic_punctuation === true;
  const offsets = config.enable_word_time_offsets === true;
  const diarize = config.diarization_config?.enable_speaker_diarization === true;
  const spelled = (w: FakeWord): string => (punctuate ? w.word : unpunctuated(w.word));
  const wordInfo = (w: FakeWord, speaker: boolean): protos.google.cloud.speech.v1.IWordInfo => ({
    word: spelled(w),
    ...(offsets ? { startTime: duration(w.start), endTime: duration(w.end) } : {}),
    ...(speaker ? { speakerTag: w.speaker ?? 1, speakerLabel: String(w.speaker ?? 1) } : {}),
  });
  const results: protos.google.cloud.speech.v1.ISpeechRecognitionResult[] = utterances.map((u, i) => {
    const transcript = u.words.map(spelled).join(' ');
    return {
      alternatives: [
        {
          // v1 starts every result but the first with a space.
          transcript: i === 0 ? transcript : ` ${transcript}`,
          confidence: u.confidence ?? 0.92,
          words: offsets || diarize ? u.words.map((w) => wordInfo(w, false)) : [],
        },
      ],
      resultEndTime: duration(u.words.at(-1)?.end ?? 0),
      languageCode: String(config.language_code).toLowerCase(),
    };
  });
  if (diarize && results.length > 0) {
    // The last result's words become every word of the audio, each with its speaker.
    results.at(-1)!.alternatives![0]!.words = utterances.flatMap((u) => u.words.map((w) => wordInfo(w, true)));
  }
  return { results, totalBilledTime: duration(Math.ceil(audioSeconds)), requestId: Date.now() };
}

export async function startFakeGoogleSpeech(options: { pollsUntilDone?: number } = {}): Promise<FakeGoogleSpeech> {
  const accepted = makeKey('trainwright-speech-test', 'transcriber');
  const unknown = makeKey('trainwright-speech-test', 'stranger');
  const definition = protoLoader.loadSync(join(SPEECH_PROTOS, 'google/cloud/speech/v1/cloud_speech.proto'), {
    includeDirs: [SPEECH_PROTOS, GAX_PROTOS],
    keepCase: true,
    enums: String,
    longs: Number,
    defaults: false,
    oneofs: true,
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const loaded = grpc.loadPackageDefinition(definition) as any;
  const steps: FakeSpeechStep[] = [];
  const operations = new Map<string, PendingOperation>();
  const fake: FakeGoogleSpeech = {
    apiEndpoint: '127.0.0.1',
    port: 0,
    key: accepted.key,
    unknownKey: unknown.key,
    recognizeRequests: [],
    polls: [],
    speech: new Map(),
    pollsUntilDone: options.pollsUntilDone ?? 2,
    push: (...s) => void steps.push(...s),
    close: () => new Promise((resolve) => server.tryShutdown(() => resolve())),
  };

  const authorization = (call: grpc.ServerUnaryCall<unknown, unknown>): string | undefined => {
    const v = call.metadata.get('authorization')[0];
    return v === undefined ? undefined : String(v);
  };
  const refuse = (callback: grpc.sendUnaryData<unknown>, code: grpc.status, details: string): void => callback({ code, details, name: '', message: details });

  function operationMessage(op: PendingOperation): Record<string, unknown> {
    const done = op.polls >= fake.pollsUntilDone;
    const progress = done ? 100 : Math.floor((op.polls * 100) / fake.pollsUntilDone);
    const metadata = protos.google.cloud.speech.v1.LongRunningRecognizeMetadata.encode({
      progressPercent: progress,
      startTime: { seconds: Math.floor(op.startTime.getTime() / 1000) },
      lastUpdateTime: { seconds: Math.floor(Date.now() / 1000) },
    }).finish();
    const message: Record<string, unknown> = { name: op.name, metadata: pack('LongRunningRecognizeMetadata', metadata), done };
    if (done && op.error) message.error = { code: op.error.code, message: op.error.message, details: [] };
    else if (done) {
      message.response = pack('LongRunningRecognizeResponse', protos.google.cloud.speech.v1.LongRunningRecognizeResponse.encode(op.response!).finish());
    }
    return message;
  }

  const server = new grpc.Server();
  server.addService(loaded.google.cloud.speech.v1.Speech.service, {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    LongRunningRecognize(call: grpc.ServerUnaryCall<any, unknown>, callback: grpc.sendUnaryData<unknown>) {
      const auth = authorization(call);
      const config = call.request.config ?? {};
      const audio = Buffer.from(call.request.audio?.content ?? []);
      const name = String(BigInt(`0x${randomBytes(8).toString('hex')}`));
      const sha = createHash('sha256').update(audio).digest('hex');
      const apiClient = call.metadata.get('x-goog-api-client')[0];
      fake.recognizeRequests.push({ authorization: auth, apiClient: apiClient === undefined ? undefined : String(apiClient), config, audio, audioSha256: sha, operation: name });
      if (jwtProblem(auth, accepted.key, accepted.publicKey)) return refuse(callback, grpc.status.UNAUTHENTICATED, UNAUTHENTICATED_MESSAGE);
      const step = steps.shift();
      if (step?.kind === 'rpc-error') return refuse(callback, step.code, step.message);
      if (!config.language_code) return refuse(callback, grpc.status.INVALID_ARGUMENT, "Invalid recognition 'config': missing language_code.");
      if (!LANGUAGES.has(config.language_code)) return refuse(callback, grpc.status.INVALID_ARGUMENT, "Invalid recognition 'config': bad language code.");
      if (call.request.audio?.audio_source !== 'content' && call.request.audio?.audio_source !== 'uri') {
        return refuse(callback, grpc.status.INVALID_ARGUMENT, 'RecognitionAudio not set.');
      }
      const channels = config.audio_channel_count || 1;
      if (config.encoding === 'LINEAR16' && !config.sample_rate_hertz) {
        return refuse(callback, grpc.status.INVALID_ARGUMENT, 'Must specify sample_rate_hertz for LINEAR16 encoded audio.');
      }
      const seconds = config.encoding === 'LINEAR16' ? audio.length / (2 * channels * config.sample_rate_hertz) : 0;
      if (seconds > INLINE_LIMIT_SECONDS) return refuse(callback, grpc.status.INVALID_ARGUMENT, INLINE_TOO_LONG);
      const op: PendingOperation = { name, polls: 0, startTime: new Date() };
      if (step?.kind === 'operation-error') op.error = { code: step.code, message: step.message };
      else op.response = recognise(fake.speech.get(sha) ?? fake.hear?.(audio, config.sample_rate_hertz) ?? [], config, seconds);
      operations.set(name, op);
      const metadata = protos.google.cloud.speech.v1.LongRunningRecognizeMetadata.encode({ startTime: { seconds: Math.floor(Date.now() / 1000) } }).finish();
      callback(null, { name, metadata: pack('LongRunningRecognizeMetadata', metadata), done: false });
    },
  });
  server.addService(loaded.google.longrunning.Operations.service, {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    GetOperation(call: grpc.ServerUnaryCall<any, unknown>, callback: grpc.sendUnaryData<unknown>) {
      const auth = authorization(call);
      fake.polls.push({ name: call.request.name, authorization: auth });
      if (jwtProblem(auth, accepted.key, accepted.publicKey)) return refuse(callback, grpc.status.UNAUTHENTICATED, UNAUTHENTICATED_MESSAGE);
      const op = operations.get(call.request.name);
      if (!op) return refuse(callback, grpc.status.NOT_FOUND, `Operation not found: ${call.request.name}`);
      op.polls += 1;
      callback(null, operationMessage(op));
    },
  });
  fake.port = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (err, port) => (err ? reject(err) : resolve(port))),
  );
  return fake;
}

