// Google Cloud Speech-to-Text through the real SDK (@google-cloud/speech, v1, over gRPC) against a
// local server built from the SDK's own protos: what the SDK really sends (config, inline audio,
// a JWT signed with the configured key), how the answer becomes our Transcript, progress,
// Google's errors as clear messages, and the refusals that need no call.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { status } from '@grpc/grpc-js';
import {
  GoogleSpeechError,
  GoogleSpeechTranscriber,
  googleSpeechFromConfig,
  phraseHints,
  transcriptFromResponse,
  type GoogleSpeechOptions,
} from '../../src/adapters/transcription/google-speech.js';
import { UnsupportedLanguageError, type TranscribeRequest, type TranscriptionLanguage } from '../../src/adapters/transcription/types.js';
import { startFakeGoogleSpeech, type FakeGoogleSpeech, type FakeUtterance } from '../fakes/fake-google-speech.js';

let dir: string;
let speechWav: string;
let speechPcm: Buffer;
let longWav: string;
let keyFile: string;
let fake: FakeGoogleSpeech;
const opened: GoogleSpeechTranscriber[] = [];

const ffmpeg = (...args: string[]): Buffer => execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args], { maxBuffer: 64 * 1024 * 1024 });

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'google-speech-test-'));
  const spoken = join(dir, 'spoken.wav');
  execFileSync('espeak-ng', ['-w', spoken, '-v', 'en-us', '--stdin'], { input: 'Welcome to the fire safety course. Find the assembly point.' });
  speechWav = join(dir, 'speech.wav');
  // As the video jobs make it: 16 kHz mono 16-bit PCM (ffmpeg also writes a LIST chunk before the data).
  ffmpeg('-i', spoken, '-ar', '16000', '-ac', '1', '-c:a', 'pcm_s16le', speechWav);
  // The samples as ffmpeg decodes them, independently of our WAV reader.
  speechPcm = ffmpeg('-i', speechWav, '-f', 's16le', '-c:a', 'pcm_s16le', '-');
  longWav = join(dir, 'long.wav');
  ffmpeg('-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=16000:duration=61', '-ac', '1', '-c:a', 'pcm_s16le', longWav);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

beforeEach(async () => {
  fake = await startFakeGoogleSpeech();
  keyFile = join(dir, 'service-account.json');
  writeFileSync(keyFile, JSON.stringify(fake.key));
});
afterEach(async () => {
  await Promise.all(opened.splice(0).map((t) => t.close()));
  await fake.close();
});

function transcriber(overrides: Partial<GoogleSpeechOptions> = {}): GoogleSpeechTranscriber {
  const t = new GoogleSpeechTranscriber({
    serviceAccount: fake.key,
    apiEndpoint: fake.apiEndpoint,
    port: fake.port,
    insecure: true,
    polling: { initialDelayMs: 10, maxDelayMs: 50 },
    ...overrides,
  });
  opened.push(t);
  return t;
}

function request(overrides: Partial<TranscribeRequest> = {}): TranscribeRequest {
  return { wavPath: speechWav, languageCode: 'en-GB', diarization: false, wordTimestamps: true, vocabulary: [], ...overrides };
}

const sha256 = (b: Buffer): string => createHash('sha256').update(b).digest('hex');

/** What the fake "hears" in the spoken WAV: two speakers, one sentence each. */
const SAID: FakeUtterance[] = [
  {
    words: [
      { word: 'Welcome', start: 0.125, end: 0.5, speaker: 1 },
      { word: 'to', start: 0.5, end: 0.625, speaker: 1 },
      { word: 'the', start: 0.625, end: 0.75, speaker: 1 },
      { word: 'fire', start: 0.75, end: 1.1, speaker: 1 },
      { word: 'safety', start: 1.1, end: 1.55, speaker: 1 },
      { word: 'course.', start: 1.55, end: 2.05, speaker: 1 },
    ],
  },
  {
    words: [
      { word: 'Find', start: 2.3, end: 2.55, speaker: 2 },
      { word: 'the', start: 2.55, end: 2.65, speaker: 2 },
      { word: 'assembly', start: 2.65, end: 3.1, speaker: 2 },
      { word: 'point.', start: 3.1, end: 3.45, speaker: 2 },
    ],
  },
];

describe(GoogleSpeechTranscriber.name, () => {
  describe('transcribe', () => {
    it('should send LINEAR16 16 kHz inline audio with the language, word offsets, diarization and phrase hints, signed with the key', async () => {
      fake.speech.set(sha256(speechPcm), SAID);
      await transcriber().transcribe(
        request({ diarization: true, vocabulary: ['fire warden', ' Fire  Warden ', '', 'assembly point', 'x'.repeat(101)] }),
      );

      expect(fake.recognizeRequests).toHaveLength(1);
      const sent = fake.recognizeRequests[0]!;
      expect(sent.config).toEqual({
        encoding: 'LINEAR16',
        sample_rate_hertz: 16000,
        audio_channel_count: 1,
        language_code: 'en-GB',
        model: 'latest_long',
        enable_automatic_punctuation: true,
        enable_word_time_offsets: true,
        diarization_config: { enable_speaker_diarization: true, min_speaker_count: 1, max_speaker_count: 6 },
        speech_contexts: [{ phrases: ['fire warden', 'assembly point'] }],
      });
      // The WAV's samples only, not its header or LIST chunk.
      expect(sent.audio.equals(speechPcm)).toBe(true);
      // The SDK's own call (its client header) carrying a JWT the service account's key signed;
      // the fake verified the signature, and the polls carried the same credentials.
      expect(sent.apiClient).toMatch(/gax\/\S+ gapic\/\S+ .*grpc\//);
      const jwt = JSON.parse(Buffer.from(sent.authorization!.split('.')[1]!, 'base64url').toString());
      expect(jwt).toMatchObject({ iss: fake.key.client_email, sub: fake.key.client_email });
      expect(fake.polls.map((p) => p.name)).toEqual([sent.operation, sent.operation]);
      expect(fake.polls.every((p) => p.authorization === sent.authorization)).toBe(true);
    });

    it('should return words with seconds from the Duration offsets and speakers from the last result', async () => {
      fake.speech.set(sha256(speechPcm), SAID);
      const transcript = await transcriber().transcribe(request({ diarization: true }));

      expect(transcript.engine).toBe('google-cloud-speech (latest_long)');
      expect(transcript.language_code).toBe('en-GB');
      expect(transcript.text).toBe('Welcome to the fire safety course. Find the assembly point.');
      expect(transcript.words).toEqual(SAID.flatMap((u) => u.words.map((w) => ({ word: w.word, start: w.start, end: w.end, speaker: w.speaker }))));
      expect(transcript.segments).toEqual([
        { start: 0.125, end: 2.05, text: 'Welcome to the fire safety course.', speaker: 1 },
        { start: 2.3, end: 3.45, text: 'Find the assembly point.', speaker: 2 },
      ]);
      expect(transcript.diarization).toEqual({ method: 'google-cloud-speech', speakers: 2 });
      expect(transcript.duration_seconds).toBeCloseTo(speechPcm.length / 32000, 3);
    });

    it('should take words from every result and make a segment per result without diarization', async () => {
      fake.speech.set(sha256(speechPcm), SAID);
      const transcript = await transcriber().transcribe(request({ languageCode: 'de-DE' }));

      const config = fake.recognizeRequests[0]!.config;
      expect(config.language_code).toBe('de-DE');
      expect(config.enable_word_time_offsets).toBe(true);
      expect(config).not.toHaveProperty('diarization_config');
      expect(config).not.toHaveProperty('speech_contexts');
      expect(transcript.words.map((w) => [w.word, w.start, w.end])).toEqual(SAID.flatMap((u) => u.words.map((w) => [w.word, w.start, w.end])));
      expect(transcript.words.some((w) => 'speaker' in w)).toBe(false);
      expect(transcript.segments).toEqual([
        { start: 0.125, end: 2.05, text: 'Welcome to the fire safety course.' },
        { start: 2.3, end: 3.45, text: 'Find the assembly point.' },
      ]);
      expect(transcript.diarization).toBeUndefined();
    });

    it('should leave the words empty and ask for no offsets when word timestamps are not wanted', async () => {
      fake.speech.set(sha256(speechPcm), SAID);
      const transcript = await transcriber().transcribe(request({ wordTimestamps: false }));

      expect(fake.recognizeRequests[0]!.config.enable_word_time_offsets).toBe(false);
      expect(transcript.words).toEqual([]);
      expect(transcript.text).toBe('Welcome to the fire safety course. Find the assembly point.');
      // Without offsets a segment starts where the previous result ended.
      expect(transcript.segments).toEqual([
        { start: 0, end: 2.05, text: 'Welcome to the fire safety course.' },
        { start: 2.05, end: 3.45, text: 'Find the assembly point.' },
      ]);
    });

    it('should report the progress percent of the operation while it runs, then 1', async () => {
      fake.pollsUntilDone = 4;
      const progress: number[] = [];
      await transcriber().transcribe(request({ onProgress: (f) => progress.push(f) }));

      expect(fake.polls).toHaveLength(4);
      expect(progress).toEqual([0.25, 0.5, 0.75, 1]);
    });

    it('should give an empty transcript for audio Google hears nothing in', async () => {
      const transcript = await transcriber().transcribe(request());
      expect(transcript).toMatchObject({ text: '', words: [], segments: [] });
    });

    it('should refuse audio over the inline limit without a call', async () => {
      const err = await transcriber().transcribe(request({ wavPath: longWav })).catch((e: unknown) => e);

      expect(err).toBeInstanceOf(GoogleSpeechError);
      expect(err).toMatchObject({ status: 'AUDIO_TOO_LONG', retryable: false });
      expect((err as Error).message).toMatch(/61\.0 seconds long; Google Speech-to-Text takes at most 60 seconds/);
      expect(fake.recognizeRequests).toHaveLength(0);
    });

    it('should refuse a language it has no model for without a call', async () => {
      const t = transcriber();
      const err = await t.transcribe(request({ languageCode: 'ja-JP' as TranscriptionLanguage })).catch((e: unknown) => e);

      expect(t.supports('ja-JP' as TranscriptionLanguage)).toBe(false);
      expect(t.supports('pt-BR')).toBe(true);
      expect(err).toBeInstanceOf(UnsupportedLanguageError);
      expect((err as Error).message).toBe('Transcription in ja-JP is not available with google-cloud-speech (latest_long).');
      expect(fake.recognizeRequests).toHaveLength(0);
    });

    it('should stop polling when the job is aborted', async () => {
      fake.pollsUntilDone = 1000;
      const controller = new AbortController();
      const reason = new Error('the job was cancelled');
      const pending = transcriber().transcribe(request({ signal: controller.signal, onProgress: () => controller.abort(reason) }));

      await expect(pending).rejects.toBe(reason);
      const polls = fake.polls.length;
      await new Promise((r) => setTimeout(r, 150));
      expect(fake.polls.length).toBeLessThanOrEqual(polls + 1);
    });
  });

  describe('errors', () => {
    it('should give up, retryably, when the operation outlasts the wait', async () => {
      fake.pollsUntilDone = 1000;
      const err = await transcriber({ polling: { initialDelayMs: 10, maxDelayMs: 20, timeoutMs: 150 } })
        .transcribe(request())
        .catch((e: unknown) => e);

      expect(err).toMatchObject({ status: 'DEADLINE_EXCEEDED', retryable: true });
      expect((err as Error).message).toMatch(/^Gave up waiting for Google Speech-to-Text to finish the transcription: Total timeout exceeded/);
    });

    it('should explain INVALID_ARGUMENT with what Google said', async () => {
      fake.push({ kind: 'rpc-error', code: status.INVALID_ARGUMENT, message: 'Invalid recognition \'config\': bad encoding..' });
      const err = await transcriber().transcribe(request()).catch((e: unknown) => e);

      expect(err).toBeInstanceOf(GoogleSpeechError);
      expect(err).toMatchObject({ status: 'INVALID_ARGUMENT', retryable: false });
      expect((err as Error).message).toBe("Google Speech-to-Text rejected the request as invalid: Invalid recognition 'config': bad encoding..");
    });

    it('should say the credentials were not accepted for a key Google does not know (UNAUTHENTICATED)', async () => {
      const err = await transcriber({ serviceAccount: fake.unknownKey }).transcribe(request()).catch((e: unknown) => e);

      expect(err).toMatchObject({ status: 'UNAUTHENTICATED', retryable: false });
      expect((err as Error).message).toMatch(/^Google Speech-to-Text did not accept the credentials; check the service-account key .* Google said: Request had invalid authentication credentials/);
    });

    it('should point at permissions and the API being enabled for PERMISSION_DENIED', async () => {
      fake.push({ kind: 'rpc-error', code: status.PERMISSION_DENIED, message: 'Cloud Speech-to-Text API has not been used in project 1234 before or it is disabled.' });
      const err = await transcriber().transcribe(request()).catch((e: unknown) => e);

      expect(err).toMatchObject({ status: 'PERMISSION_DENIED', retryable: false });
      expect((err as Error).message).toMatch(/lack permission, or the Speech-to-Text API may not be enabled .* has not been used in project 1234/);
    });

    it('should call RESOURCE_EXHAUSTED retryable', async () => {
      fake.push({ kind: 'rpc-error', code: status.RESOURCE_EXHAUSTED, message: 'Quota exceeded for quota metric "Requests".' });
      const err = await transcriber().transcribe(request()).catch((e: unknown) => e);

      expect(err).toMatchObject({ status: 'RESOURCE_EXHAUSTED', retryable: true });
      expect((err as Error).message).toMatch(/quota or rate limit reached; try again later\. Google said: Quota exceeded/);
    });

    it('should say the transcription failed when the operation ends with an error', async () => {
      fake.push({ kind: 'operation-error', code: status.INVALID_ARGUMENT, message: 'Audio data does not appear to be in LINEAR16 format.' });
      const progress: number[] = [];
      const err = await transcriber().transcribe(request({ onProgress: (f) => progress.push(f) })).catch((e: unknown) => e);

      expect(fake.polls).toHaveLength(2);
      expect(err).toMatchObject({ status: 'INVALID_ARGUMENT', retryable: false });
      expect((err as Error).message).toBe(
        'The transcription failed at Google. Google Speech-to-Text rejected the request as invalid: Audio data does not appear to be in LINEAR16 format.',
      );
      expect(progress).toEqual([0.5]);
    });
  });
});

describe(googleSpeechFromConfig.name, () => {
  it('should configure no provider without a key', () => {
    expect(googleSpeechFromConfig({})).toBeUndefined();
    expect(googleSpeechFromConfig({ keyFile: ' ', credentialsJson: '' })).toBeUndefined();
  });

  it.each(['keyFile', 'credentialsJson'] as const)('should transcribe with the key given as %s', async (setting) => {
    fake.speech.set(sha256(speechPcm), SAID);
    fake.pollsUntilDone = 1;
    const key = setting === 'keyFile' ? { keyFile } : { credentialsJson: JSON.stringify(fake.key) };
    const t = googleSpeechFromConfig({ ...key, apiEndpoint: fake.apiEndpoint, port: fake.port, insecure: true, model: 'video' })!;
    opened.push(t);
    const transcript = await t.transcribe(request());

    expect(transcript.engine).toBe('google-cloud-speech (video)');
    expect(fake.recognizeRequests[0]!.config.model).toBe('video');
    expect(transcript.text).toBe('Welcome to the fire safety course. Find the assembly point.');
  });

  it('should stop startup for a key that is set but unusable', () => {
    expect(() => googleSpeechFromConfig({ keyFile: join(dir, 'missing.json') })).toThrow(/the key file .*missing\.json does not exist/);
    expect(() => googleSpeechFromConfig({ credentialsJson: '{"type": "service_account"' })).toThrow(/the configured key JSON is not JSON/);
    expect(() => googleSpeechFromConfig({ credentialsJson: '{"type": "service_account"}' })).toThrow(/without client_email or private_key/);
    expect(() => googleSpeechFromConfig({ credentialsJson: '{"type": "external_account", "credential_source": {"file": "/etc/passwd"}}' })).toThrow(
      /not a service-account key \(its "type" is "external_account"/,
    );
    expect(() => googleSpeechFromConfig({ keyFile, credentialsJson: JSON.stringify(fake.key) })).toThrow(/either a key file or the key JSON/);
  });

  it('should refuse plain-text gRPC to anything but this machine', () => {
    expect(() => googleSpeechFromConfig({ keyFile, apiEndpoint: 'speech.googleapis.com', insecure: true })).toThrow(/only for a local stand-in/);
  });
});

describe(transcriptFromResponse.name, () => {
  const context = { engine: 'google-cloud-speech (latest_long)', languageCode: 'en-US' as const, durationSeconds: 4, wordTimestamps: true, diarization: true };

  it('should fall back to no speakers when the model did not diarize', () => {
    const transcript = transcriptFromResponse(
      {
        results: [
          { alternatives: [{ transcript: 'Hello there.', words: [{ word: 'Hello', startTime: { seconds: 0, nanos: 5e8 }, endTime: { seconds: 1 } }, { word: 'there.', startTime: { seconds: 1 }, endTime: { seconds: '2' } }] }], resultEndTime: { seconds: 2 } },
        ],
      },
      context,
    );
    expect(transcript.words).toEqual([
      { word: 'Hello', start: 0.5, end: 1 },
      { word: 'there.', start: 1, end: 2 },
    ]);
    expect(transcript.diarization).toBeUndefined();
    expect(transcript.segments).toEqual([{ start: 0.5, end: 2, text: 'Hello there.' }]);
  });

  it('should cut a speaker turn where the speaker changes within a result', () => {
    const w = (word: string, s: number, speakerTag?: number) => ({ word, startTime: { seconds: s }, endTime: { seconds: s + 1 }, ...(speakerTag ? { speakerTag } : {}) });
    const diarized = transcriptFromResponse(
      { results: [{ alternatives: [{ transcript: 'Yes. No. Why?', words: [w('Yes', 0, 1), w('No', 1, 2), w('Why', 2, 2)] }], resultEndTime: { seconds: 3 } }] },
      { ...context, wordTimestamps: false },
    );
    expect(diarized.words).toEqual([]);
    expect(diarized.segments).toEqual([
      { start: 0, end: 1, text: 'Yes.', speaker: 1 },
      { start: 1, end: 3, text: 'No. Why?', speaker: 2 },
    ]);
    expect(diarized.diarization).toEqual({ method: 'google-cloud-speech', speakers: 2 });
  });
});

describe(phraseHints.name, () => {
  it('should keep within Google limits: 5000 phrases, 100 characters each', () => {
    const many = Array.from({ length: 6000 }, (_, i) => `term ${i}`);
    expect(phraseHints(many)).toHaveLength(5000);
    expect(phraseHints(['  a  b ', 'A B', 'y'.repeat(100), 'z'.repeat(101)])).toEqual(['a b', 'y'.repeat(100)]);
  });
});
