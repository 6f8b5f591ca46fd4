// OpenAI text-to-speech over real HTTP against a local server that speaks the API's protocol:
// request shape and auth, long inputs in pieces joined into one WAV, retries and clear errors.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RenderError } from '../../../src/domain/types.js';
import { createSpeechProvider } from '../../../src/adapters/speech/index.js';
import { OPENAI_TTS_MAX_INPUT, OpenAiTtsProvider } from '../../../src/adapters/speech/openai-tts.js';
import { parseWav } from '../../../src/adapters/speech/wav.js';
import { startFakeOpenAiTts, type FakeOpenAiTts } from '../../fakes/fake-openai-tts.js';

const MS_PER_CHAR = 20;
let fake: FakeOpenAiTts;
let dir: string;

beforeEach(async () => {
  fake = await startFakeOpenAiTts({ msPerChar: MS_PER_CHAR });
});
afterEach(() => fake.close());
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'openai-tts-test-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function provider(overrides: Partial<ConstructorParameters<typeof OpenAiTtsProvider>[0]> = {}): OpenAiTtsProvider {
  return new OpenAiTtsProvider({
    baseURL: fake.baseURL,
    apiKey: fake.apiKey,
    model: 'tts-1',
    retry: { baseDelayMs: 5, maxDelayMs: 50, timeoutMs: 5000 },
    ...overrides,
  });
}

const settings = { provider: 'openai', voice: 'nova', rate: 1 };
const expectedMs = (text: string, speed = 1): number => Math.max(100, Math.round((text.length * MS_PER_CHAR) / speed));

describe('OpenAiTtsProvider', () => {
  it('lists the nine OpenAI voices', async () => {
    const voices = await provider().voices();
    expect(voices.map((v) => v.settings.voice)).toEqual(['alloy', 'ash', 'coral', 'echo', 'fable', 'onyx', 'nova', 'sage', 'shimmer']);
    expect(voices.find((v) => v.voice_id === 'openai:nova')).toMatchObject({ name: 'Nova', category: 'premade', labels: { gender: 'female' } });
  });

  it('posts model, voice, input, wav and speed with the bearer key, and writes a WAV with real sizes', async () => {
    const text = 'Welcome to the fire safety course.';
    const out = join(dir, 'one.wav');
    const clip = await provider().synthesize(text, { ...settings, rate: 1.25 }, out);
    expect(fake.requests).toHaveLength(1);
    const req = fake.requests[0]!;
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/v1/audio/speech');
    expect(req.headers.authorization).toBe(`Bearer ${fake.apiKey}`);
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.body).toEqual({ model: 'tts-1', voice: 'nova', input: text, response_format: 'wav', speed: 1.25 });
    const bytes = readFileSync(out);
    const info = parseWav(bytes);
    // The server streamed 0xFFFFFFFF placeholders; the file on disk has the real sizes.
    expect(info.sizeFromFile).toBe(false);
    expect(bytes.readUInt32LE(4)).toBe(bytes.length - 8);
    expect(info).toMatchObject({ sampleRate: 24000, channels: 1, bitsPerSample: 16 });
    expect(clip.durationMs).toBeCloseTo(expectedMs(text, 1.25), 0);
  });

  it('speaks inputs over 4096 characters in sentence pieces and joins them into one WAV', async () => {
    const sentences = Array.from({ length: 180 }, (_, i) => `Rule ${i + 1} says that every exit must stay clear at all times.`);
    const text = sentences.join(' ');
    expect(text.length).toBeGreaterThan(2 * OPENAI_TTS_MAX_INPUT);
    const clip = await provider().synthesize(text, settings, join(dir, 'long.wav'));
    expect(fake.requests.length).toBe(Math.ceil(text.length / OPENAI_TTS_MAX_INPUT));
    const inputs = fake.requests.map((r) => r.body.input as string);
    for (const input of inputs) {
      expect(input.length).toBeLessThanOrEqual(OPENAI_TTS_MAX_INPUT);
      expect(input).toMatch(/^Rule \d+ .*\.$/); // whole sentences
    }
    expect(inputs.join(' ')).toBe(text);
    const total = inputs.reduce((ms, input) => ms + expectedMs(input), 0);
    expect(clip.durationMs).toBeCloseTo(total, 0);
    expect(parseWav(readFileSync(clip.wavPath)).frames).toBe(inputs.reduce((n, i) => n + Math.round((expectedMs(i) * 24000) / 1000), 0));
  });

  it('retries a 500 and a 429 and then succeeds', async () => {
    fake.push({ kind: 'error', status: 500, message: 'The server had an error while processing your request.' });
    fake.push({ kind: 'error', status: 429, message: 'Rate limit reached', headers: { 'retry-after': '0' } });
    const clip = await provider().synthesize('Short text.', settings, join(dir, 'retry.wav'));
    expect(fake.requests).toHaveLength(3);
    expect(clip.durationMs).toBeGreaterThan(0);
  });

  it('gives up after the bounded attempts with a retryable error', async () => {
    for (let i = 0; i < 3; i++) fake.push({ kind: 'error', status: 503, message: 'Service unavailable' });
    const err = (await provider().synthesize('Text.', settings, join(dir, 'x.wav')).catch((e: unknown) => e)) as RenderError;
    expect(err).toBeInstanceOf(RenderError);
    expect(err.retryable).toBe(true);
    expect(err.message).toMatch(/OpenAI text-to-speech failed \(HTTP 503\).*Service unavailable/);
    expect(fake.requests).toHaveLength(3);
  });

  it('fails at once with a clear message on a wrong API key (401), without retrying', async () => {
    const err = (await provider({ apiKey: 'sk-wrong-key' }).synthesize('Text.', settings, join(dir, 'x.wav')).catch((e: unknown) => e)) as RenderError;
    expect(err).toBeInstanceOf(RenderError);
    expect(err.retryable).toBe(false);
    expect(err.message).toMatch(/OpenAI text-to-speech rejected the API key \(HTTP 401\).*Incorrect API key provided/);
    expect(fake.requests).toHaveLength(1);
  });

  it('reports what the API said about a bad voice', async () => {
    await expect(provider().synthesize('Text.', { ...settings, voice: 'robot' }, join(dir, 'x.wav'))).rejects.toThrow(
      /refused the request \(HTTP 400\).*Invalid value for 'voice': 'robot'/,
    );
  });

  it('times out a silent server per attempt and retries', async () => {
    fake.push({ kind: 'delay', ms: 1500 });
    const clip = await provider({ retry: { timeoutMs: 300, baseDelayMs: 5, maxDelayMs: 20 } }).synthesize('After a stall.', settings, join(dir, 't.wav'));
    expect(clip.durationMs).toBeGreaterThan(0);
    expect(fake.requests).toHaveLength(2);
    fake.push({ kind: 'delay', ms: 1500 }, { kind: 'delay', ms: 1500 });
    await expect(
      provider({ retry: { timeoutMs: 200, maxAttempts: 2, baseDelayMs: 5, maxDelayMs: 20 } }).synthesize('Stalls.', settings, join(dir, 't2.wav')),
    ).rejects.toThrow(/could not be reached after 2 attempts: no answer within 200 ms/);
  });

  it('refuses audio that is not a WAV, and pieces in different formats', async () => {
    fake.push({ kind: 'garbage' });
    await expect(provider().synthesize('Text.', settings, join(dir, 'g.wav'))).rejects.toThrow(/returned unusable audio: Not a WAV file/);
    fake.push({ kind: 'format', sampleRate: 24000 }, { kind: 'format', sampleRate: 16000 });
    const text = `${'First piece of the text. '.repeat(40)}${'Second piece of the text. '.repeat(40)}`;
    await expect(provider({ maxInputChars: 1100 }).synthesize(text, settings, join(dir, 'f.wav'))).rejects.toThrow(/different formats/);
  });

  it('clamps the speed to the API range', async () => {
    await provider().synthesize('Fast.', { ...settings, rate: 10 }, join(dir, 's.wav'));
    await provider().synthesize('Slow.', { ...settings, rate: 0.1 }, join(dir, 's.wav'));
    expect(fake.requests.map((r) => r.body.speed)).toEqual([4, 0.25]);
  });

  it('is what createSpeechProvider builds for provider openai', async () => {
    const p = createSpeechProvider({ provider: 'openai', openai: { baseURL: fake.baseURL, apiKey: fake.apiKey, model: 'tts-1-hd' } });
    expect(p.name).toBe('openai');
    await p.synthesize('Configured.', { provider: 'openai', voice: 'onyx' }, join(dir, 'c.wav'));
    expect(fake.requests[0]!.body).toMatchObject({ model: 'tts-1-hd', voice: 'onyx', speed: 1 });
    expect(() => createSpeechProvider({ provider: 'openai' })).toThrow(/needs openai.baseURL/);
    expect(createSpeechProvider({ provider: 'espeak' }).name).toBe('espeak');
    expect(() => createSpeechProvider({ provider: 'nope' as 'espeak' })).toThrow(/Unknown speech provider 'nope'/);
  });
});
