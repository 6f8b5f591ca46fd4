// The Flite provider against the installed flite (Debian's `flite` package): its real voice list,
// real synthesis at narration pace, and the errors a render job would hit.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RenderError } from '../../../src/domain/types.js';
import { breakLongWords, durationStretch, FLITE_MAX_WORD, FLITE_RATE, FLITE_VOICES, FliteProvider, parseFliteVoices } from '../../../src/adapters/speech/flite.js';
import { parseWav } from '../../../src/adapters/speech/wav.js';
import { countWords } from '../../../src/video/estimate.js';

const TEXT =
  'Please open the safety manual before you start the machine. Our training course explains how to store chemicals in a cool dry place. ' +
  'The fire exit is at the end of the corridor on the left. Wear gloves and goggles when you clean the laboratory bench.';

let dir: string;
const flite = new FliteProvider();
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'flite-test-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Words per minute from the first to the last sound (above -40 dBFS), as the benchmark measures pace. */
function pace(wavPath: string, words: number): number {
  const bytes = readFileSync(wavPath);
  const info = parseWav(bytes);
  const threshold = 32768 * 10 ** (-40 / 20);
  let first = -1;
  let last = -1;
  for (let i = 0; i < info.frames; i++) {
    if (Math.abs(bytes.readInt16LE(info.dataOffset + i * 2)) > threshold) {
      if (first < 0) first = i;
      last = i;
    }
  }
  return words / ((last - first) / info.sampleRate / 60);
}

describe('parseFliteVoices', () => {
  it('reads the names flite -lv prints', () => {
    expect(parseFliteVoices('Voices available: kal awb_time kal16 awb rms slt \n')).toEqual(['kal', 'awb_time', 'kal16', 'awb', 'rms', 'slt']);
    expect(parseFliteVoices('usage: flite ...')).toEqual([]);
  });
});

describe('breakLongWords', () => {
  it('cuts runs longer than any English word into pieces, leaving words and characters whole', () => {
    expect(FLITE_MAX_WORD).toBe(50);
    const word = 'pneumonoultramicroscopicsilicovolcanoconiosis'; // 45 letters
    expect(breakLongWords(`Say ${word}, please.`)).toBe(`Say ${word}, please.`);
    const link = `https://example.com/${'x'.repeat(100)}`;
    expect(breakLongWords(`See ${link} now`).split(' ').map((w) => w.length)).toEqual([3, 50, 50, 20, 3]);
    // Code points, not UTF-16 units: an emoji is never split in two.
    expect(breakLongWords('😀'.repeat(60)).split(' ')).toEqual(['😀'.repeat(50), '😀'.repeat(10)]);
  });
});

describe('durationStretch', () => {
  it('slows each voice from its own pace to the rate in words per minute, 145 by default', () => {
    const [rms, slt] = FLITE_VOICES;
    expect(FLITE_RATE.normal).toBe(145);
    expect(durationStretch(rms!, undefined)).toBe(1.241); // the benchmark's 1.239 for 145 wpm
    expect(durationStretch(slt!, 145)).toBe(1.407); // the benchmark's 1.405
    expect(durationStretch(rms!, 180)).toBe(1);
    // Out of range and nonsense rates are held to espeak-ng's range, as its rates are.
    expect(durationStretch(rms!, 10_000)).toBe(durationStretch(rms!, FLITE_RATE.max));
    expect(durationStretch(rms!, Number.NaN)).toBe(durationStretch(rms!, FLITE_RATE.min));
  });
});

describe('FliteProvider.voices', () => {
  it('offers rms and slt as US English premade voices naming Flite', async () => {
    const voices = await flite.voices();
    expect(voices.map((v) => v.voice_id)).toEqual(['flite:rms', 'flite:slt']);
    expect(voices[0]).toMatchObject({
      category: 'premade',
      settings: { provider: 'flite', voice: 'rms', rate: 145 },
      labels: { gender: 'male', age: 'adult', accent: 'America', language: 'en-us' },
    });
    expect(voices[1]).toMatchObject({ settings: { provider: 'flite', voice: 'slt', rate: 145 }, labels: { gender: 'female', language: 'en-us' } });
    for (const v of voices) expect(v.description).toMatch(/^Flite /);
  });
});

describe('FliteProvider.synthesize', () => {
  it('speaks 16 kHz mono 16-bit WAV at about 145 words a minute with either voice, and leaves no text file', async () => {
    const words = countWords(TEXT);
    for (const voice of ['rms', 'slt']) {
      const out = join(dir, voice, 'speech.wav');
      const clip = await flite.synthesize(TEXT, { provider: 'flite', voice }, out);
      const info = parseWav(readFileSync(out));
      expect(info).toMatchObject({ audioFormat: 1, channels: 1, bitsPerSample: 16, sampleRate: 16000 });
      expect(clip).toEqual({ wavPath: out, durationMs: info.durationMs, engine: 'flite' });
      // 145 inside sentences; the pauses between the four sentences bring it a little lower (about 135).
      const wpm = pace(out, words);
      expect(wpm).toBeGreaterThan(120);
      expect(wpm).toBeLessThan(160);
      expect(readdirSync(join(dir, voice))).toEqual(['speech.wav']);
    }
  });

  it('speaks faster at a higher rate', async () => {
    const normal = await flite.synthesize(TEXT, { provider: 'flite', voice: 'rms', rate: 145 }, join(dir, 'normal.wav'));
    const fast = await flite.synthesize(TEXT, { provider: 'flite', voice: 'rms', rate: 290 }, join(dir, 'fast.wav'));
    expect(normal.durationMs / fast.durationMs).toBeGreaterThan(1.7);
    expect(normal.durationMs / fast.durationMs).toBeLessThan(2.3);
  });

  it('reads the text from its file only: option-like text is spoken, control characters are dropped', async () => {
    const clip = await flite.synthesize('-voice kal -o /tmp/evil.wav\u0000\u0007 done', { provider: 'flite', voice: 'rms' }, join(dir, 'opt.wav'));
    expect(clip.durationMs).toBeGreaterThan(1500);
    expect(existsSync('/tmp/evil.wav')).toBe(false);
  });

  it('fails clearly for empty text, an unknown voice, another language and a missing flite', async () => {
    const settings = { provider: 'flite', voice: 'rms' };
    await expect(flite.synthesize(' \u0000 ', settings, join(dir, 'x.wav'))).rejects.toThrow(/^Nothing to speak/);
    // flite itself would speak an unknown voice with its default one, and exit 0.
    await expect(flite.synthesize('Hi', { ...settings, voice: 'kal' }, join(dir, 'x.wav'))).rejects.toThrow("flite has no voice 'kal'");
    await expect(flite.synthesize('Hola', { ...settings, language: 'es' }, join(dir, 'x.wav'))).rejects.toThrow("Flite speaks English only, not 'es'");
    expect((await flite.synthesize('Hello.', { ...settings, language: 'en-GB' }, join(dir, 'gb.wav'))).durationMs).toBeGreaterThan(300);
    expect(existsSync(join(dir, 'x.wav'))).toBe(false);

    const missing = new FliteProvider({ binary: '/nonexistent/flite' });
    for (const attempt of [missing.voices(), missing.synthesize('Hello.', settings, join(dir, 'missing.wav'))]) {
      const err = await attempt.catch((e: unknown) => e);
      expect(err).toBeInstanceOf(RenderError);
      expect((err as Error).message).toBe("flite is not installed (no '/nonexistent/flite' on PATH)");
    }
  });

  it('reports a WAV it could not write as a RenderError', async () => {
    // flite exits 0 when it cannot open its output (here a folder); what it left is what tells.
    const folder = join(dir, 'a-folder.wav');
    mkdirSync(folder);
    const err = await flite.synthesize('Hello.', { provider: 'flite', voice: 'rms' }, folder).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RenderError);
    expect((err as Error).message).toMatch(/^flite wrote no usable WAV for voice 'rms': /);
  });
});
