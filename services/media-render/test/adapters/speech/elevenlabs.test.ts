// ElevenLabs over real HTTP against a local server that speaks its protocol: the voice list,
// PCM speech wrapped into WAV, long texts in pieces, cloning by multipart, retries and errors.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RenderError } from '../../../src/domain/types.js';
import { ElevenLabsProvider } from '../../../src/adapters/speech/elevenlabs.js';
import { createSpeechProvider } from '../../../src/adapters/speech/index.js';
import { parseWav, pcmToWav } from '../../../src/adapters/speech/wav.js';
import { startFakeElevenLabs, type FakeElevenLabs } from '../../fakes/fake-elevenlabs.js';
import { sineTonePcm } from '../../fakes/tone.js';
import { buildVoiceLibrary } from '../../../src/voices/library.js';

const MS_PER_CHAR = 20;
const RACHEL = '21m00Tcm4TlvDq8ikWAM';
let fake: FakeElevenLabs;
let dir: string;

beforeEach(async () => {
  fake = await startFakeElevenLabs({ msPerChar: MS_PER_CHAR });
});
afterEach(() => fake.close());
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'elevenlabs-test-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function provider(overrides: Partial<ConstructorParameters<typeof ElevenLabsProvider>[0]> = {}): ElevenLabsProvider {
  return new ElevenLabsProvider({
    baseURL: fake.baseURL,
    apiKey: fake.apiKey,
    modelId: 'eleven_multilingual_v2',
    retry: { baseDelayMs: 5, maxDelayMs: 50, timeoutMs: 5000 },
    ...overrides,
  });
}

const settings = { provider: 'elevenlabs', voice: RACHEL, rate: 1 };

describe('ElevenLabsProvider', () => {
  it('lists the account voices with the xi-api-key header and maps their labels', async () => {
    const voices = await provider().voices();
    expect(fake.requests[0]).toMatchObject({ method: 'GET', path: '/v1/voices' });
    expect(fake.requests[0]!.headers['xi-api-key']).toBe(fake.apiKey);
    expect(voices).toHaveLength(9);
    expect(voices.find((v) => v.voice_id === `elevenlabs:${RACHEL}`)).toMatchObject({
      name: 'Rachel',
      category: 'premade',
      description: 'calm',
      settings: { provider: 'elevenlabs', voice: RACHEL },
      labels: { gender: 'female', age: 'young', accent: 'american', language: 'en' },
    });
    expect(voices.find((v) => v.name === 'Adam')!.labels.age).toBe('adult'); // 'middle aged'
  });

  it('speaks as pcm_22050 and wraps the samples in a WAV of the exact length', async () => {
    const text = 'Always wear gloves when handling chemicals.';
    const clip = await provider().synthesize(text, settings, join(dir, 'one.wav'));
    const req = fake.requests[0]!;
    expect(req.method).toBe('POST');
    expect(req.path).toBe(`/v1/text-to-speech/${RACHEL}`);
    expect(req.query).toEqual({ output_format: 'pcm_22050' });
    expect(req.headers['xi-api-key']).toBe(fake.apiKey);
    expect(req.json).toEqual({ text, model_id: 'eleven_multilingual_v2' });
    const info = parseWav(readFileSync(clip.wavPath));
    expect(info).toMatchObject({ sampleRate: 22050, channels: 1, bitsPerSample: 16, audioFormat: 1 });
    expect(info.frames).toBe(Math.round((text.length * MS_PER_CHAR * 22050) / 1000));
    expect(clip.durationMs).toBe(info.durationMs);
    // ffprobe, an independent reader, agrees with the header we wrote.
    const probe = execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'stream=duration_ts', '-of', 'csv=p=0', clip.wavPath], { encoding: 'utf8' });
    expect(Number(probe.trim())).toBe(info.frames);
  });

  it('sends the speed as voice_settings.speed within the API range', async () => {
    await provider().synthesize('Slower please.', { ...settings, rate: 0.9 }, join(dir, 's.wav'));
    await provider().synthesize('Too fast.', { ...settings, rate: 3 }, join(dir, 's.wav'));
    expect(fake.requests.map((r) => r.json.voice_settings)).toEqual([{ speed: 0.9 }, { speed: 1.2 }]);
  });

  it('speaks long texts in pieces with their neighbouring text, joined in order', async () => {
    const sentences = Array.from({ length: 60 }, (_, i) => `Item ${i + 1} of the checklist must be signed by the supervisor.`);
    const text = sentences.join(' ');
    const clip = await provider({ maxChars: 1000 }).synthesize(text, settings, join(dir, 'long.wav'));
    const bodies = fake.requests.map((r) => r.json as { text: string; previous_text?: string; next_text?: string });
    expect(bodies.length).toBeGreaterThanOrEqual(4);
    expect(bodies.map((b) => b.text).join(' ')).toBe(text);
    expect(bodies[0]!.previous_text).toBeUndefined();
    expect(bodies[1]!.previous_text).toBe(bodies[0]!.text.slice(-500));
    expect(bodies[0]!.next_text).toBe(bodies[1]!.text.slice(0, 500));
    expect(bodies[bodies.length - 1]!.next_text).toBeUndefined();
    const frames = bodies.reduce((n, b) => n + Math.round((b.text.length * MS_PER_CHAR * 22050) / 1000), 0);
    expect(parseWav(readFileSync(clip.wavPath)).frames).toBe(frames);
  });

  it('retries a 500 then succeeds; a 401 fails at once with a clear message', async () => {
    fake.push({ kind: 'error', status: 500, message: 'Internal error' });
    await provider().synthesize('Retry me.', settings, join(dir, 'r.wav'));
    expect(fake.requests).toHaveLength(2);

    const err = (await provider({ apiKey: 'wrong' }).synthesize('No.', settings, join(dir, 'x.wav')).catch((e: unknown) => e)) as RenderError;
    expect(err).toBeInstanceOf(RenderError);
    expect(err.retryable).toBe(false);
    expect(err.message).toBe(`ElevenLabs rejected the API key (HTTP 401) while speaking with voice '${RACHEL}': Invalid API key`);
    expect(fake.requests).toHaveLength(3);
  });

  it('says which voice does not exist, and refuses a JSON answer where audio was expected', async () => {
    await expect(provider().synthesize('Hi.', { ...settings, voice: 'nope' }, join(dir, 'x.wav'))).rejects.toThrow(
      /HTTP 404.*A voice with voice_id nope does not exist/,
    );
    fake.push({ kind: 'garbage' });
    await expect(provider().synthesize('Hi.', settings, join(dir, 'x.wav'))).rejects.toThrow(/answered with application\/json instead of PCM audio/);
  });

  it('clones a voice from multipart name, description, labels and files', async () => {
    const wav = pcmToWav(sineTonePcm(500, 22050, 220), { sampleRate: 22050, channels: 1, bitsPerSample: 16 });
    const mp3 = Buffer.from('ID3\x04\x00\x00\x00\x00\x00\x00\xff\xfb\x90\x00', 'latin1');
    const { voice, requiresVerification } = await provider().clone({
      name: '  Trainer Anna ',
      description: 'Warm trainer voice',
      labels: { gender: 'female', age: 'adult' },
      files: [
        { filename: 'anna-1.wav', bytes: wav, contentType: 'audio/wav' },
        { filename: 'anna-2.mp3', bytes: mp3, contentType: 'audio/mpeg' },
      ],
    });
    const req = fake.requests[0]!;
    expect(req).toMatchObject({ method: 'POST', path: '/v1/voices/add' });
    expect(req.headers['xi-api-key']).toBe(fake.apiKey);
    expect(String(req.headers['content-type'])).toMatch(/^multipart\/form-data; boundary=/);
    expect(req.form!.fields).toEqual({ name: 'Trainer Anna', description: 'Warm trainer voice', labels: '{"gender":"female","age":"adult"}' });
    expect(req.form!.files.map((f) => [f.field, f.filename, f.type, f.size])).toEqual([
      ['files', 'anna-1.wav', 'audio/wav', wav.length],
      ['files', 'anna-2.mp3', 'audio/mpeg', mp3.length],
    ]);
    expect(req.form!.files[0]!.bytes.equals(wav)).toBe(true);
    expect(requiresVerification).toBe(false);
    expect(voice).toMatchObject({ name: 'Trainer Anna', category: 'cloned', description: 'Warm trainer voice', labels: { gender: 'female', age: 'adult' } });
    expect(voice.voice_id).toBe(`elevenlabs:${fake.voices[fake.voices.length - 1]!.voice_id}`);

    // The clone now speaks, and it stays out of the shared premade library.
    await provider().synthesize('Hello from the clone.', { provider: 'elevenlabs', voice: voice.settings.voice }, join(dir, 'clone.wav'));
    const library = buildVoiceLibrary(await provider().voices());
    expect(library.voices.map((v) => v.voice_id)).not.toContain(voice.voice_id);
    expect(library.voices).toHaveLength(9);
  });

  it('does not retry a failed clone (it may have been created) and checks the request first', async () => {
    fake.push({ kind: 'error', status: 500, message: 'Internal error' });
    await expect(provider().clone({ name: 'X', files: [{ filename: 'a.wav', bytes: Buffer.from('RIFF') }] })).rejects.toThrow(/HTTP 500/);
    expect(fake.requests).toHaveLength(1);
    await expect(provider().clone({ name: ' ', files: [] })).rejects.toThrow('Please provide a name and at least one audio file');
    expect(fake.requests).toHaveLength(1);
  });

  it('is what createSpeechProvider builds for provider elevenlabs', async () => {
    const p = createSpeechProvider({ provider: 'elevenlabs', elevenlabs: { baseURL: fake.baseURL, apiKey: fake.apiKey, modelId: 'eleven_flash_v2_5', outputFormat: 'pcm_16000' } });
    const clip = await p.synthesize('Configured.', settings, join(dir, 'c.wav'));
    expect(fake.requests[0]!.query.output_format).toBe('pcm_16000');
    expect(fake.requests[0]!.json.model_id).toBe('eleven_flash_v2_5');
    expect(parseWav(readFileSync(clip.wavPath)).sampleRate).toBe(16000);
    expect(() => createSpeechProvider({ provider: 'elevenlabs', elevenlabs: { baseURL: 'x', apiKey: 'k', modelId: 'm', outputFormat: 'mp3_44100_128' } })).toThrow(
      /must be pcm_<rate>/,
    );
  });
});
