// Voice matching on real recordings: espeak-ng speaks samples at known pitches and rates, ffmpeg
// turns them into MP3 and M4A, and the matcher must recover gender and the order of pitch and
// rate. A round trip checks the calibration: the matched voice sounds at the sample's pitch.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RenderError } from '../../src/domain/types.js';
import { EspeakProvider } from '../../src/adapters/speech/espeak.js';
import { analyseSpeech, pcm16ToFloat } from '../../src/voices/analysis.js';
import { decodeToPcm16k, matchVoice, type MatchResult } from '../../src/voices/matching.js';

const TEXT =
  'Good morning, and welcome to the safety briefing. Today we look at the fire exits, the assembly point, ' +
  'and what to do when the alarm sounds. Please keep the corridors clear at all times.';

let dir: string;
const espeak = new EspeakProvider();

/** Speaks TEXT with espeak-ng (voices other than the ones matching picks) and encodes it. */
function sample(name: string, voice: string, pitch: number, rate: number, codec: 'mp3' | 'm4a'): string {
  const wav = join(dir, `${name}.wav`);
  execFileSync('espeak-ng', ['-w', wav, '-v', voice, '-p', String(pitch), '-s', String(rate), '--stdin'], { input: TEXT });
  const out = join(dir, `${name}.${codec}`);
  const codecArgs = codec === 'mp3' ? ['-c:a', 'libmp3lame', '-b:a', '96k'] : ['-c:a', 'aac', '-b:a', '96k'];
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-i', wav, ...codecArgs, out]);
  return out;
}

const match = (file: string, name = 'Sample'): Promise<MatchResult> => matchVoice([{ filename: file, path: file }], { name, espeak });

let low: MatchResult;
let lowHigher: MatchResult;
let high: MatchResult;
let slow: MatchResult;
let fast: MatchResult;
let files: Record<string, string>;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'matching-'));
  files = {
    low: sample('low', 'en-gb', 20, 160, 'mp3'), // about 77 Hz
    lowHigher: sample('low-higher', 'en-gb', 70, 160, 'm4a'), // about 122 Hz
    high: sample('high', 'en-us+f4', 75, 160, 'm4a'), // about 235 Hz
    slow: sample('slow', 'en-us+f4', 50, 110, 'mp3'),
    fast: sample('fast', 'en-us+f4', 50, 260, 'm4a'),
  };
  [low, lowHigher, high, slow, fast] = await Promise.all([
    match(files.low!),
    match(files.lowHigher!),
    match(files.high!),
    match(files.slow!),
    match(files.fast!),
  ]);
}, 60000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('matchVoice', () => {
  it('recovers the gender from the pitch', () => {
    expect(low.analysis.gender).toBe('male');
    expect(lowHigher.analysis.gender).toBe('male');
    expect(high.analysis.gender).toBe('female');
    expect(low.voice.settings.voice).toBe('en-us');
    expect(high.voice.settings.voice).toBe('en-us+f2');
    expect(low.voice.labels.gender).toBe('male');
    expect(high.voice.labels.gender).toBe('female');
  });

  it('measures pitch close to what espeak-ng produced and orders it', () => {
    expect(low.analysis.medianF0!).toBeGreaterThan(65);
    expect(low.analysis.medianF0!).toBeLessThan(90);
    expect(high.analysis.medianF0!).toBeGreaterThan(200);
    expect(low.analysis.medianF0!).toBeLessThan(lowHigher.analysis.medianF0!);
    expect(lowHigher.analysis.medianF0!).toBeLessThan(high.analysis.medianF0!);
    // Same gender, so the espeak-ng pitch settings are comparable.
    expect(low.voice.settings.pitch!).toBeLessThan(lowHigher.voice.settings.pitch!);
  });

  it('orders the speaking rate', () => {
    expect(fast.analysis.syllablesPerSecond).toBeGreaterThan(slow.analysis.syllablesPerSecond * 1.4);
    expect(fast.voice.settings.rate!).toBeGreaterThan(slow.voice.settings.rate! + 60);
    expect(slow.voice.settings.rate!).toBeLessThan(150);
    expect(fast.voice.settings.rate!).toBeGreaterThan(200);
  });

  it('labels the result as matched, not cloned, with a stable id', async () => {
    expect(high.voice).toMatchObject({ category: 'matched', name: 'Sample', is_premium: false, labels: { language: 'en-us', age: 'adult' } });
    expect(high.voice.description).toMatch(/^Matched from your samples, not cloned: the eSpeak NG English \(America\) female voice at pitch \d+ and \d+ words per minute/);
    expect(high.voice.voice_id).toMatch(/^matched:[0-9a-f]{16}$/);
    const again = await match(files.high!);
    expect(again.voice.voice_id).toBe(high.voice.voice_id);
    expect(again.voice.voice_id).not.toBe(low.voice.voice_id);
    const described = await matchVoice([{ filename: 'x.m4a', bytes: readFileSync(files.high!) }], { name: 'Anna', description: 'My voice', espeak, language: 'fr' });
    expect(described.voice.description).toMatch(/^My voice \(Matched from your samples, not cloned/);
    expect(described.voice.settings.voice).toBe('fr-fr+f2');
  });

  it('speaks with the matched settings at the pitch of the samples', async () => {
    for (const result of [low, lowHigher, high]) {
      const out = join(dir, `roundtrip-${result.analysis.medianF0}.wav`);
      await espeak.synthesize(TEXT, result.voice.settings, out);
      const again = analyseSpeech(pcm16ToFloat(await decodeToPcm16k(out)));
      expect(Math.abs(again.medianF0! - result.analysis.medianF0!) / result.analysis.medianF0!).toBeLessThan(0.1);
    }
  });

  it('fails clearly for silence, non-audio bytes and a missing name', async () => {
    const silence = join(dir, 'silence.mp3');
    execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'anullsrc=r=16000:cl=mono', '-t', '3', '-c:a', 'libmp3lame', silence]);
    await expect(match(silence)).rejects.toThrow(/too little clear speech to match a voice \(0\.0 s of voiced speech found/);
    const bogus = matchVoice([{ filename: 'notes.mp3', bytes: Buffer.from('just some text, not audio at all') }], { name: 'X', espeak });
    await expect(bogus).rejects.toThrow(RenderError);
    await expect(bogus).rejects.toThrow(/Could not decode the sample '0-notes.mp3'/);
    await expect(matchVoice([], { name: 'X', espeak })).rejects.toThrow('Please provide a name and at least one audio file');
  });
});
