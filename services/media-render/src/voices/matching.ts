// Voice matching, the default "cloning" (shared/spec/DECISIONS.md): nothing is cloned. The
// samples are decoded with ffmpeg, their median pitch and articulation rate are measured, and an
// espeak-ng voice is set to follow them: a male or female voice by pitch, espeak-ng's pitch and
// words per minute from calibration tables. The voice says plainly that it is matched.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { RenderError, type Voice } from '../domain/types.js';
import { ESPEAK_PITCH, ESPEAK_RATE, EspeakProvider, FEMALE_VARIANT, humanName } from '../adapters/speech/espeak.js';
import { analyseSpeech, ANALYSIS_RATE, pcm16ToFloat, type SpeechAnalysis } from './analysis.js';
import { PREFERRED_LOCALES } from './library.js';

/** Median F0 from which a speaker is matched to a female voice (between typical male ~120 Hz and female ~210 Hz). */
export const FEMALE_F0_THRESHOLD = 165;

/**
 * espeak-ng -p value -> median F0 in Hz, measured with analyseSpeech on espeak-ng 1.51 output
 * (en-us, es and fr-fr agree within 3 Hz). Matching inverts these tables.
 */
export const PITCH_TABLE: Record<'male' | 'female', Array<[number, number]>> = {
  male: [[0, 68], [20, 77], [40, 91], [50, 100], [60, 110], [80, 136], [99, 169]],
  female: [[0, 127], [20, 147], [40, 175], [50, 192], [60, 212], [80, 260], [99, 320]],
};

/**
 * espeak-ng -s (words per minute) -> syllable nuclei per second of speech, measured the same way
 * (male and female voices agree). Above 300 wpm the measured rate stops rising, so matching
 * never asks for more than 300.
 */
export const RATE_TABLE: Array<[number, number]> = [[80, 2.7], [120, 3.7], [160, 4.7], [175, 5.1], [200, 5.4], [250, 6.2], [300, 6.8]];

/** The least voiced speech a match is made from. */
export const MIN_VOICED_SECONDS = 1;
/** Each sample is analysed for at most this long, all of them together for at most MAX_TOTAL. */
const MAX_SAMPLE_SECONDS = 120;
const MAX_TOTAL_SECONDS = 240;

export interface MatchSample {
  filename: string;
  /** A file on disk, or the sample's bytes. */
  path?: string;
  bytes?: Buffer;
}

export interface MatchOptions {
  name: string;
  description?: string;
  /** The espeak-ng base voice to speak with ('en-us', 'fr-fr'), or a language code ('fr'); default 'en-us'. */
  language?: string;
  espeak?: EspeakProvider;
  ffmpegPath?: string;
}

export interface MatchResult {
  voice: Voice;
  analysis: SpeechAnalysis & { gender: 'male' | 'female' };
}

/** Interpolates y for x on a table of [y, x] rows sorted by both, clamped to its ends. */
function invert(table: Array<[number, number]>, x: number): number {
  const first = table[0]!;
  const last = table[table.length - 1]!;
  if (x <= first[1]) return first[0];
  if (x >= last[1]) return last[0];
  for (let i = 1; i < table.length; i++) {
    const [y1, x1] = table[i]!;
    const [y0, x0] = table[i - 1]!;
    if (x <= x1) return y0 + ((x - x0) / (x1 - x0)) * (y1 - y0);
  }
  return last[0];
}

export function pitchForF0(gender: 'male' | 'female', f0: number): number {
  return Math.round(Math.min(ESPEAK_PITCH.max, Math.max(ESPEAK_PITCH.min, invert(PITCH_TABLE[gender], f0))));
}

export function wpmForSyllableRate(syllablesPerSecond: number): number {
  return Math.round(Math.min(ESPEAK_RATE.max, Math.max(ESPEAK_RATE.min, invert(RATE_TABLE, syllablesPerSecond))));
}

/** Decodes any audio ffmpeg reads to 16 kHz mono s16le on stdout. */
export function decodeToPcm16k(path: string, maxSeconds = MAX_SAMPLE_SECONDS, ffmpegPath = 'ffmpeg'): Promise<Buffer> {
  const args = ['-hide_banner', '-loglevel', 'error', '-nostdin', '-i', path, '-t', String(maxSeconds), '-vn', '-ac', '1', '-ar', String(ANALYSIS_RATE), '-f', 's16le', '-acodec', 'pcm_s16le', 'pipe:1'];
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let err = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
    child.on('error', (e: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(e.code === 'ENOENT' ? new RenderError('ffmpeg is not installed') : new RenderError(`ffmpeg could not be started: ${e.message}`));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) return resolve(Buffer.concat(out));
      const why = signal ? 'it took too long' : err.trim().split('\n').pop() || `exit code ${code}`;
      reject(new RenderError(`Could not decode the sample '${basename(path)}': ${why}`));
    });
  });
}

export async function matchVoice(samples: MatchSample[], options: MatchOptions): Promise<MatchResult> {
  if (!options.name?.trim() || samples.length === 0) throw new RenderError('Please provide a name and at least one audio file');
  const espeak = options.espeak ?? new EspeakProvider();
  const language = options.language ?? 'en-us';
  // A bare language code takes that language's preferred espeak-ng voice (fr -> fr-fr).
  const baseKey = PREFERRED_LOCALES[language.toLowerCase()]?.[0] ?? language;
  const { base } = await espeak.resolve(baseKey);

  const dir = await mkdtemp(join(tmpdir(), 'voice-match-'));
  const hash = createHash('sha256').update(options.name.trim());
  const parts: Buffer[] = [];
  const gap = Buffer.alloc(Math.round(ANALYSIS_RATE * 0.3) * 2); // silence between samples
  let total = 0;
  try {
    for (const [i, sample] of samples.entries()) {
      let path = sample.path;
      if (!path) {
        if (!sample.bytes) throw new RenderError(`The sample '${sample.filename}' has no data`);
        // ffmpeg reads MP4/M4A by seeking, so the bytes go to a file rather than a pipe.
        path = join(dir, `${i}-${basename(sample.filename).replace(/[^\w.-]/g, '_')}`);
        await writeFile(path, sample.bytes);
      }
      const left = MAX_TOTAL_SECONDS - total;
      if (left <= 0) break;
      const pcm = await decodeToPcm16k(path, Math.min(MAX_SAMPLE_SECONDS, left), options.ffmpegPath);
      hash.update(pcm);
      total += pcm.length / 2 / ANALYSIS_RATE;
      parts.push(pcm, gap);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }

  const analysis = analyseSpeech(pcm16ToFloat(Buffer.concat(parts)));
  if (analysis.medianF0 === null || analysis.voicedSeconds < MIN_VOICED_SECONDS) {
    throw new RenderError(
      `The samples hold too little clear speech to match a voice (${analysis.voicedSeconds.toFixed(1)} s of voiced speech found, at least ${MIN_VOICED_SECONDS} s needed)`,
    );
  }
  const f0 = analysis.medianF0;
  const gender = f0 >= FEMALE_F0_THRESHOLD ? 'female' : 'male';
  const voiceKey = gender === 'female' ? `${base.key}+${FEMALE_VARIANT}` : base.key;
  await espeak.resolve(voiceKey); // the variant must be installed
  const pitch = pitchForF0(gender, f0);
  const rate = wpmForSyllableRate(analysis.syllablesPerSecond);
  hash.update(`${voiceKey}|${pitch}|${rate}`);

  const own = options.description?.trim();
  const matched =
    `Matched from your samples, not cloned: the eSpeak NG ${humanName(base.name)} ${gender} voice at pitch ${pitch} and ${rate} words per minute, ` +
    `following the samples' median pitch of ${Math.round(f0)} Hz and ${analysis.syllablesPerSecond.toFixed(1)} syllables per second.`;
  const voice: Voice = {
    voice_id: `matched:${hash.digest('hex').slice(0, 16)}`,
    name: options.name.trim(),
    category: 'matched',
    description: own ? `${own} (${matched})` : matched,
    settings: { provider: 'espeak', voice: voiceKey, pitch, rate },
    is_premium: false,
    labels: { gender, age: 'adult', language: base.language },
    tier: 'free-trial',
  };
  return { voice, analysis: { ...analysis, gender } };
}
