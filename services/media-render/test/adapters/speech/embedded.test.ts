// The embedded provider (the default): Flite speaks English, espeak-ng every other language, each
// really synthesised; its voices are both engines', and the library built on them starts with Flite.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSpeechProvider } from '../../../src/adapters/speech/index.js';
import { EmbeddedSpeechProvider, espeakVoiceFor } from '../../../src/adapters/speech/embedded.js';
import { parseWav } from '../../../src/adapters/speech/wav.js';
import { analyseSpeech, pcm16ToFloat } from '../../../src/voices/analysis.js';

let dir: string;
const embedded = new EmbeddedSpeechProvider();
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'embedded-speech-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const sampleRate = (path: string): number => parseWav(readFileSync(path)).sampleRate;
const medianF0 = (path: string): number =>
  analyseSpeech(pcm16ToFloat(execFileSync('ffmpeg', ['-v', 'error', '-i', path, '-ac', '1', '-ar', '16000', '-f', 's16le', 'pipe:1']))).medianF0!;

describe('EmbeddedSpeechProvider', () => {
  it('is the default speech provider, named after both engines', () => {
    expect(createSpeechProvider({ provider: 'embedded' }).name).toBe('flite+espeak');
    expect(embedded.name).toBe('flite+espeak');
  });

  it("lists Flite's English voices, then espeak-ng's", async () => {
    const ids = (await embedded.voices()).map((v) => v.voice_id);
    expect(ids.slice(0, 2)).toEqual(['flite:rms', 'flite:slt']);
    expect(ids).toContain('espeak:en-us');
    expect(ids).toContain('espeak:es+f2');
  });

  it('speaks English with Flite, and a Flite voice in Spanish with espeak-ng (16 kHz against 22.05 kHz)', async () => {
    const english = await embedded.synthesize('Check the fire exits before you start.', { provider: 'flite', voice: 'rms', rate: 145, language: 'en' }, join(dir, 'en.wav'));
    expect(english.engine).toBe('flite');
    expect(sampleRate(english.wavPath)).toBe(16000);
    const noLanguage = await embedded.synthesize('Check the fire exits.', { provider: 'flite', voice: 'slt' }, join(dir, 'slt.wav'));
    expect(noLanguage.engine).toBe('flite');

    const spanish = await embedded.synthesize('Compruebe las salidas de emergencia antes de empezar.', { provider: 'flite', voice: 'rms', rate: 145, language: 'es' }, join(dir, 'es.wav'));
    expect(spanish.engine).toBe('espeak-ng');
    expect(sampleRate(spanish.wavPath)).toBe(22050);
    expect(spanish.durationMs).toBeGreaterThan(1500);
  });

  it('keeps the gender of a Flite voice in another language: slt speaks French with a female espeak-ng voice', async () => {
    expect(espeakVoiceFor('rms', 'fr')).toBe('fr-fr');
    expect(espeakVoiceFor('slt', 'fr')).toBe('fr-fr+f2');
    expect(espeakVoiceFor('slt', 'zh')).toBe('cmn+f2');
    const male = await embedded.synthesize('Le point de rassemblement est à la porte nord.', { provider: 'flite', voice: 'rms', language: 'fr' }, join(dir, 'fr-m.wav'));
    const female = await embedded.synthesize('Le point de rassemblement est à la porte nord.', { provider: 'flite', voice: 'slt', language: 'fr' }, join(dir, 'fr-f.wav'));
    expect(medianF0(male.wavPath)).toBeLessThan(130);
    expect(medianF0(female.wavPath)).toBeGreaterThan(165);
  });

  it('gives espeak-ng voices, matched ones included, to espeak-ng in every language', async () => {
    const english = await embedded.synthesize('Report every hazard.', { provider: 'espeak', voice: 'en-us', pitch: 50, rate: 175, language: 'en' }, join(dir, 'espeak-en.wav'));
    expect(english.engine).toBe('espeak-ng');
    expect(sampleRate(english.wavPath)).toBe(22050);
    const spanish = await embedded.synthesize('Informe de cada peligro.', { provider: 'espeak', voice: 'en-us+f2', language: 'es' }, join(dir, 'espeak-es.wav'));
    expect(spanish.engine).toBe('espeak-ng');
  });
});
