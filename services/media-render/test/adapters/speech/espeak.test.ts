// The espeak-ng provider against the installed espeak-ng: its real voice tables, real synthesis,
// and the errors a render job would hit.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RenderError } from '../../../src/domain/types.js';
import { TIERS } from '@trainwright/catalogue';
import { baseVoiceKeys, DEFAULT_VARIANTS, EspeakProvider, parseEspeakVoices, voiceInLanguage } from '../../../src/adapters/speech/espeak.js';
import { parseWav } from '../../../src/adapters/speech/wav.js';
import { analyseSpeech, pcm16ToFloat } from '../../../src/voices/analysis.js';

// Rows as espeak-ng 1.51 prints them, including overflowing columns, a file name with a space,
// two voices sharing one language tag and several "other languages".
const TABLE = `Pty Language       Age/Gender VoiceName          File                 Other Languages
 5  chr-US-Qaaa-x-west --/M      Cherokee_          iro/chr              
 5  cmn             --/M      Chinese_(Mandarin,_latin_as_English) sit/cmn              (zh-cmn 5)(zh 5)
 2  en-us           --/M      English_(America)  gmw/en-US            (en 3)
 5  yue             --/M      Chinese_(Cantonese) sit/yue              (zh-yue 5)(zh 8)
 5  yue             --/M      Chinese_(Cantonese,_latin_as_Jyutping) sit/yue-Latn-jyutping (zh-yue 5)(zh 8)
 5  variant         --/M      Half-LifeAnnouncementSystem !v/announcer         
 5  variant         --/M      Mr_Serious         !v/Mr serious        
 5  variant         70/F      female1            !v/f1                
 5  variant         --/M      Storm              !v/Storm             (en-us 5)
`;

let dir: string;
const espeak = new EspeakProvider();
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'espeak-test-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('parseEspeakVoices', () => {
  it('reads every column of the real table format', () => {
    const rows = parseEspeakVoices(TABLE);
    expect(rows).toHaveLength(9);
    expect(rows[0]).toEqual({ priority: 5, language: 'chr-US-Qaaa-x-west', age: null, gender: 'male', name: 'Cherokee_', file: 'iro/chr', otherLanguages: [] });
    expect(rows[1]!.otherLanguages).toEqual([{ language: 'zh-cmn', priority: 5 }, { language: 'zh', priority: 5 }]);
    expect(rows[2]).toMatchObject({ priority: 2, language: 'en-us', name: 'English_(America)', file: 'gmw/en-US' });
    expect(rows[5]).toMatchObject({ name: 'Half-LifeAnnouncementSystem', file: '!v/announcer' });
    expect(rows[6]!.file).toBe('!v/Mr serious');
    expect(rows[7]).toMatchObject({ age: 70, gender: 'female', name: 'female1', file: '!v/f1' });
    expect(rows[8]).toMatchObject({ file: '!v/Storm', otherLanguages: [{ language: 'en-us', priority: 5 }] });
  });

  it('keys voices by language tag, and by file where two voices share a tag', () => {
    const keys = baseVoiceKeys(parseEspeakVoices(TABLE).filter((r) => r.language !== 'variant')).map((b) => b.key);
    expect(keys).toEqual(['chr-US-Qaaa-x-west', 'cmn', 'en-us', 'yue', 'sit/yue-Latn-jyutping']);
  });
});

describe('EspeakProvider.voices', () => {
  it('lists the installed voices with their variants, including en, es and fr', async () => {
    const voices = await espeak.voices();
    const ids = voices.map((v) => v.voice_id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ['espeak:en-us', 'espeak:en-gb', 'espeak:es', 'espeak:fr-fr', 'espeak:en-us+m3', 'espeak:es+f2', 'espeak:fr-fr+f4']) {
      expect(ids).toContain(id);
    }
    const enUs = voices.find((v) => v.voice_id === 'espeak:en-us')!;
    expect(enUs).toMatchObject({ name: 'English (America)', category: 'premade', labels: { gender: 'male', age: 'adult', accent: 'America', language: 'en-us' } });
    expect(enUs.settings).toEqual({ provider: 'espeak', voice: 'en-us', pitch: 50, rate: 175 });
    const f1 = voices.find((v) => v.voice_id === 'espeak:es+f1')!;
    expect(f1.labels).toMatchObject({ gender: 'female', age: 'old' }); // espeak-ng's f1 says age 70
    expect(voices.find((v) => v.voice_id === 'espeak:en-us+f2')!.name).toBe('English (America), female 2');
    // Every base voice appears once plain and once per offered variant.
    const bases = voices.filter((v) => !v.settings.voice.includes('+')).length;
    expect(voices.length).toBe(bases * (DEFAULT_VARIANTS.length + 1));
    expect(bases).toBeGreaterThan(100);
  });

  it('offers only the configured variants that are installed', async () => {
    const few = new EspeakProvider({ variants: ['m3', 'f2', 'no-such-variant'] });
    const voices = await few.voices();
    expect(voices.filter((v) => /^en-us(\+|$)/.test(v.settings.voice)).map((v) => v.settings.voice)).toEqual(['en-us', 'en-us+m3', 'en-us+f2']);
  });
});

describe('EspeakProvider.synthesize', () => {
  const settings = { provider: 'espeak', voice: 'en-us', pitch: 50, rate: 175 };

  it('writes a mono 16-bit WAV whose duration grows with the text', async () => {
    const short = await espeak.synthesize('Welcome to the course.', settings, join(dir, 'short.wav'));
    const long = await espeak.synthesize(
      'Welcome to the course. In this module we cover the fire exits, the assembly point, and how to raise the alarm when you see smoke.',
      settings,
      join(dir, 'nested', 'long.wav'),
    );
    const info = parseWav(readFileSync(long.wavPath));
    expect(info).toMatchObject({ audioFormat: 1, channels: 1, bitsPerSample: 16 });
    expect(long.durationMs).toBe(info.durationMs);
    expect(short.durationMs).toBeGreaterThan(800);
    expect(long.durationMs).toBeGreaterThan(short.durationMs * 3);
  });

  it('speaks faster at a higher rate and accepts variants', async () => {
    const text = 'Please check the equipment before every shift and report any damage.';
    const slow = await espeak.synthesize(text, { ...settings, rate: 120 }, join(dir, 'slow.wav'));
    const fast = await espeak.synthesize(text, { ...settings, voice: 'en-us+f2', rate: 300 }, join(dir, 'fast.wav'));
    expect(slow.durationMs).toBeGreaterThan(fast.durationMs * 1.8);
  });

  it('really applies variants, also to voices whose language tag espeak-ng would drop them for', async () => {
    const text = 'The assembly point is at the north gate.';
    for (const base of ['en-gb', 'fr-fr', 'en-us']) {
      const plain = await espeak.synthesize(text, { ...settings, voice: base }, join(dir, `${base}.wav`));
      const female = await espeak.synthesize(text, { ...settings, voice: `${base}+f2` }, join(dir, `${base}-f2.wav`));
      expect(readFileSync(female.wavPath).equals(readFileSync(plain.wavPath))).toBe(false);
      const f0 = (path: string): number => analyseSpeech(pcm16ToFloat(execFileSync('ffmpeg', ['-v', 'error', '-i', path, '-ac', '1', '-ar', '16000', '-f', 's16le', 'pipe:1']))).medianF0!;
      expect(f0(plain.wavPath)).toBeLessThan(130);
      expect(f0(female.wavPath)).toBeGreaterThan(165);
    }
    // Its language tag alone is not found by espeak-ng; the voice file is.
    const cherokee = await espeak.synthesize('osiyo', { ...settings, voice: 'chr-US-Qaaa-x-west' }, join(dir, 'chr.wav'));
    expect(cherokee.durationMs).toBeGreaterThan(100);
  });

  it('takes text on stdin only: option-like text is spoken, control characters are dropped', async () => {
    // As an argument, '--version' would print the version and write no audio.
    const clip = await espeak.synthesize('--version -w /tmp/evil.wav\u0000\u0007 done', settings, join(dir, 'opt.wav'));
    expect(clip.durationMs).toBeGreaterThan(1000);
  });

  it('speaks long texts', async () => {
    const text = Array.from({ length: 250 }, (_, i) => `Step ${i + 1}: check the valve and write down the reading.`).join(' ');
    expect(text.length).toBeGreaterThan(12000);
    const clip = await espeak.synthesize(text, settings, join(dir, 'long-text.wav'));
    expect(clip.durationMs).toBeGreaterThan(10 * 60 * 1000 * 0.8);
  }, 60000);

  it('fails clearly for unknown voices, unknown variants, empty text and a missing espeak-ng', async () => {
    await expect(espeak.synthesize('Hi', { ...settings, voice: 'xx-nope' }, join(dir, 'x.wav'))).rejects.toThrow("espeak-ng has no voice 'xx-nope'");
    await expect(espeak.synthesize('Hi', { ...settings, voice: 'en-us+zz9' }, join(dir, 'x.wav'))).rejects.toThrow("espeak-ng has no variant 'zz9'");
    await expect(espeak.synthesize(' \u0000 ', settings, join(dir, 'x.wav'))).rejects.toThrow(/Nothing to speak/);
    const missing = new EspeakProvider({ binary: 'espeak-ng-not-here' });
    const err = await missing.voices().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RenderError);
    expect((err as Error).message).toMatch(/^espeak-ng is not installed/);
  });
});

describe('voiceInLanguage (a translation narrated with the project\'s voice)', () => {
  it('should take the language\'s espeak-ng voice with the same variant', () => {
    expect(voiceInLanguage('en-us+f2', 'es')).toBe('es+f2');
    expect(voiceInLanguage('en-us', 'zh')).toBe('cmn');
    expect(voiceInLanguage('en-gb+m3', 'no')).toBe('nb+m3');
    expect(voiceInLanguage('es-419+f1', 'es')).toBe('es-419+f1');
  });

  it('should find an installed voice for each of the plans\' 20 languages', async () => {
    const languages = TIERS.enterprise.limits.languages;
    expect(languages).toHaveLength(20);
    for (const language of languages) {
      const { base } = await espeak.resolve(voiceInLanguage('en-us+f2', language));
      // espeak-ng names Mandarin and Norwegian Bokmål by their individual language codes.
      expect(base.language.split('-')[0]).toBe({ zh: 'cmn', no: 'nb' }[language] ?? language);
    }
  });
});
