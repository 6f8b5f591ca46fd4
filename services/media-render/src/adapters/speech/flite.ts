// Flite (CMU's small run-time synthesiser), run as a process: the default offline voice for
// English (docs/benchmarks.md, "Offline narration voices": `rms` 4.8 % WER against espeak-ng's
// 76 %). English only, so the embedded provider (embedded.ts) hands other languages to espeak-ng.
// The text goes in a file next to the output, never on the command line: Flite reads no stdin
// (`-f /dev/stdin` cannot open the socket Node gives a child as its stdin).
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { RenderError, type SpeechClip, type SpeechProvider, type Voice, type VoiceSettings } from '../../domain/types.js';
import { clamp, ESPEAK_RATE } from './espeak.js';
import { runTool, spokenClip, type SpeechTool } from './process.js';
import { cleanSpeechText } from './text.js';

export interface FliteVoice {
  /** Flite's own name (`-voice`), and the key in settings and ids. */
  key: string;
  gender: 'male' | 'female';
  /** The speaker's words per minute at duration_stretch 1, measured inside sentences (the benchmark). */
  wordsPerMinute: number;
  speaker: string;
}

/**
 * The Flite voices offered: the two CMU ARCTIC US English voices the benchmark chose (`awb`, kal16
 * and the 8 kHz `kal` are less intelligible, the more so slowed to narration pace).
 */
export const FLITE_VOICES: readonly FliteVoice[] = [
  { key: 'rms', gender: 'male', wordsPerMinute: 180, speaker: 'CMU ARCTIC speaker rms' },
  { key: 'slt', gender: 'female', wordsPerMinute: 204, speaker: 'CMU ARCTIC speaker slt' },
];

/**
 * `rate` means words per minute, as for espeak-ng (the same accepted range), so a voice's rate is
 * the pace whichever embedded engine speaks it, and the duration estimate reads both alike. Flite's
 * knob is duration_stretch: the voice's own pace over the rate asked for. Normal is 145 words a
 * minute, the middle of the 130-160 narration pace (rms: stretch 1.24, slt: 1.41).
 */
export const FLITE_RATE = { min: ESPEAK_RATE.min, max: ESPEAK_RATE.max, normal: 145 };

/** The `duration_stretch` that makes `voice` speak `rate` words per minute (the normal pace when absent). */
export function durationStretch(voice: FliteVoice, rate: number | undefined): number {
  const wpm = clamp(rate ?? FLITE_RATE.normal, FLITE_RATE.min, FLITE_RATE.max);
  return Math.round((voice.wordsPerMinute / wpm) * 1000) / 1000;
}

/** Parses `flite -lv`: "Voices available: kal awb_time kal16 awb rms slt". */
export function parseFliteVoices(stdout: string): string[] {
  const m = /Voices available:(.*)/i.exec(stdout);
  return m ? m[1]!.trim().split(/\s+/).filter(Boolean) : [];
}

/** The longest run of non-blank characters Flite is given as one word. */
export const FLITE_MAX_WORD = 50;
const LONG_RUN = new RegExp(`\\S{${FLITE_MAX_WORD + 1},}`, 'gu');
const WORD_PIECE = new RegExp(`\\S{1,${FLITE_MAX_WORD}}`, 'gu');

/**
 * Cuts longer runs (a pasted link, a hash, a data URL) into FLITE_MAX_WORD-character pieces: Flite's
 * time grows with the square of a word's length (2,000 letters took 10 s, 20,000 over 4 minutes),
 * where espeak-ng's does not. No English word is that long, so no real word is cut.
 */
export function breakLongWords(text: string): string {
  return text.replace(LONG_RUN, (run) => run.match(WORD_PIECE)!.join(' '));
}

/** Whether a language tag ('en', 'en-GB') is English, the one language Flite's voices speak. */
export function isEnglish(language: string): boolean {
  return language.toLowerCase().split(/[-_]/)[0] === 'en';
}

export interface FliteOptions {
  /** The flite executable (default 'flite' from PATH). */
  binary?: string;
  /** Synthesis time limit: base plus per character (Flite takes about 0.03 s of CPU a second of speech). */
  timeoutMs?: number;
  timeoutPerCharMs?: number;
}

export class FliteProvider implements SpeechProvider {
  readonly name = 'flite';
  private readonly tool: SpeechTool;
  private readonly timeoutMs: number;
  private readonly timeoutPerCharMs: number;
  private installed: Promise<string[]> | null = null;

  constructor(options: FliteOptions = {}) {
    this.tool = { name: 'flite', binary: options.binary ?? 'flite' };
    this.timeoutMs = options.timeoutMs ?? 60_000;
    this.timeoutPerCharMs = options.timeoutPerCharMs ?? 10;
  }

  /** The voices the installed flite has built in (read once). */
  installedVoices(): Promise<string[]> {
    this.installed ??= (async () => {
      const result = await runTool(this.tool, ['-lv'], null, 15_000);
      const names = parseFliteVoices(result.stdout);
      if (result.code !== 0 || names.length === 0) {
        throw new RenderError(`flite -lv listed no voices: ${(result.stderr || result.stdout).trim() || `exit ${result.code}`}`);
      }
      return names;
    })();
    // A failed read (e.g. not installed) is not cached, so installing flite later works.
    this.installed.catch(() => (this.installed = null));
    return this.installed;
  }

  /** The offered voice `key`, when the installed flite has it. */
  async resolve(key: string): Promise<FliteVoice> {
    const voice = FLITE_VOICES.find((v) => v.key === key.toLowerCase());
    if (!voice || !(await this.installedVoices()).includes(voice.key)) throw new RenderError(`flite has no voice '${key}'`);
    return voice;
  }

  async voices(): Promise<Voice[]> {
    const installed = await this.installedVoices();
    return FLITE_VOICES.filter((v) => installed.includes(v.key)).map(fliteVoice);
  }

  async synthesize(text: string, settings: VoiceSettings, outPath: string): Promise<SpeechClip> {
    const input = cleanSpeechText(text);
    if (!input) throw new RenderError('Nothing to speak: the narration text is empty');
    if (settings.language && !isEnglish(settings.language)) {
      throw new RenderError(`Flite speaks English only, not '${settings.language}'`);
    }
    const voice = await this.resolve(settings.voice);
    await mkdir(dirname(outPath), { recursive: true });
    const textPath = `${outPath}.txt`;
    await writeFile(textPath, breakLongWords(input), 'utf8');
    try {
      const args = ['-voice', voice.key, '--setf', `duration_stretch=${durationStretch(voice, settings.rate)}`, '-f', textPath, '-o', outPath];
      const result = await runTool(this.tool, args, null, this.timeoutMs + input.length * this.timeoutPerCharMs);
      return await spokenClip(this.tool, voice.key, result, outPath);
    } finally {
      await rm(textPath, { force: true });
    }
  }
}

/** The Voice entry of an offered Flite voice. */
export function fliteVoice(voice: FliteVoice): Voice {
  return {
    voice_id: `flite:${voice.key}`,
    name: `English (America), Flite ${voice.key}`,
    category: 'premade',
    description: `Flite synthetic voice for English (America), ${voice.gender} (${voice.speaker})`,
    settings: { provider: 'flite', voice: voice.key, rate: FLITE_RATE.normal },
    is_premium: false,
    labels: { gender: voice.gender, age: 'adult', accent: 'America', language: 'en-us' },
    tier: 'free-trial',
  };
}
