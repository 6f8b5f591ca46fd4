// Kept clips (kept-clips.ts) in front of a real provider: OpenAI text-to-speech over HTTP against
// the local server that speaks its protocol, so every request that reaches "the cloud" is counted.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { clipKey, createSpeechProvider, KeptClipsProvider } from '../../../src/adapters/speech/index.js';
import { OpenAiTtsProvider } from '../../../src/adapters/speech/openai-tts.js';
import { parseWav } from '../../../src/adapters/speech/wav.js';
import { startFakeOpenAiTts, type FakeOpenAiTts } from '../../fakes/fake-openai-tts.js';

let fake: FakeOpenAiTts;
let dir: string;

beforeEach(async () => {
  fake = await startFakeOpenAiTts({ msPerChar: 20 });
});
afterEach(() => fake.close());
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'kept-clips-test-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const settings = { provider: 'openai', voice: 'nova', rate: 1 };

function kept(maxBytes = 1024 * 1024): KeptClipsProvider {
  const inner = new OpenAiTtsProvider({ baseURL: fake.baseURL, apiKey: fake.apiKey, model: 'tts-1', retry: { baseDelayMs: 5, maxDelayMs: 50, timeoutMs: 5000 } });
  return new KeptClipsProvider(inner, `openai ${fake.baseURL} tts-1`, maxBytes);
}

describe('KeptClipsProvider', () => {
  it('speaks a text once: the same text and settings again get the same WAV without a request', async () => {
    const p = kept();
    const first = await p.synthesize('Lock your screen when you leave.', settings, join(dir, 'a.wav'));
    const again = await p.synthesize('Lock your screen when you leave.', { rate: 1, voice: 'nova', provider: 'openai' }, join(dir, 'sub', 'b.wav'));
    expect(fake.requests).toHaveLength(1);
    expect(again.wavPath).toBe(join(dir, 'sub', 'b.wav'));
    expect(readFileSync(again.wavPath).equals(readFileSync(first.wavPath))).toBe(true);
    expect(again.durationMs).toBe(first.durationMs);
    expect(parseWav(readFileSync(again.wavPath)).durationMs).toBe(first.durationMs);
    expect(p.stats()).toMatchObject({ entries: 1, hits: 1, misses: 1 });
  });

  it('speaks again when the text, the voice or the rate differ', async () => {
    const p = kept();
    await p.synthesize('Report phishing.', settings, join(dir, 'c1.wav'));
    await p.synthesize('Report phishing!', settings, join(dir, 'c2.wav'));
    await p.synthesize('Report phishing.', { ...settings, voice: 'onyx' }, join(dir, 'c3.wav'));
    await p.synthesize('Report phishing.', { ...settings, rate: 1.5 }, join(dir, 'c4.wav'));
    expect(fake.requests.map((r) => [r.body.input, r.body.voice, r.body.speed])).toEqual([
      ['Report phishing.', 'nova', 1],
      ['Report phishing!', 'nova', 1],
      ['Report phishing.', 'onyx', 1],
      ['Report phishing.', 'nova', 1.5],
    ]);
  });

  it('keeps no more bytes than it is given, the least recently used clip going first', async () => {
    // Each clip of this fake is 20 ms per character at 24 kHz, 16-bit mono: 960 bytes a character.
    const p = kept(60_000);
    const texts = ['A'.repeat(30), 'B'.repeat(30), 'A'.repeat(30)];
    for (const [i, t] of texts.entries()) await p.synthesize(t, settings, join(dir, `d${i}.wav`));
    expect(fake.requests).toHaveLength(2);
    await p.synthesize('C'.repeat(30), settings, join(dir, 'd3.wav'));
    expect(p.stats().bytes).toBeLessThanOrEqual(60_000);
    // B was used longest ago and made room for C; A is still kept.
    await p.synthesize('A'.repeat(30), settings, join(dir, 'd4.wav'));
    expect(fake.requests).toHaveLength(3);
    await p.synthesize('B'.repeat(30), settings, join(dir, 'd5.wav'));
    expect(fake.requests).toHaveLength(4);
  });

  it('keeps nothing from a failed synthesis', async () => {
    const p = kept();
    fake.push({ kind: 'error', status: 400, message: 'Invalid voice' });
    await expect(p.synthesize('Fails once.', settings, join(dir, 'e.wav'))).rejects.toThrow(/Invalid voice/);
    await p.synthesize('Fails once.', settings, join(dir, 'e.wav'));
    expect(fake.requests).toHaveLength(2);
  });

  it('is what createSpeechProvider builds unless told to keep nothing; another model is another clip', async () => {
    const config = (model: string, keptClipsBytes?: number) => ({ provider: 'openai' as const, openai: { baseURL: fake.baseURL, apiKey: fake.apiKey, model }, ...(keptClipsBytes === undefined ? {} : { keptClipsBytes }) });
    expect(createSpeechProvider(config('tts-1'))).toBeInstanceOf(KeptClipsProvider);
    expect(createSpeechProvider(config('tts-1', 0))).toBeInstanceOf(OpenAiTtsProvider);
    expect(clipKey('openai x tts-1', settings, 'Hi.')).not.toBe(clipKey('openai x tts-1-hd', settings, 'Hi.'));
    expect(clipKey('embedded', { provider: 'flite', voice: 'rms' }, 'Hi.')).toBe(clipKey('embedded', { voice: 'rms', provider: 'flite', rate: undefined }, 'Hi.'));
  });
});
