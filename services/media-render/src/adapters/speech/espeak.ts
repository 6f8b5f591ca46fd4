// espeak-ng, run as a process: the embedded engine of every language but English (Flite's, see
// embedded.ts) and of matched voices. Voices come from the installed espeak-ng's own tables
// (`--voices`, `--voices=variant`); text goes in on stdin, never on the command line, so it can be
// any length and can never be read as an option.
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { RenderError, type SpeechClip, type SpeechProvider, type Voice, type VoiceSettings } from '../../domain/types.js';
import { PREFERRED_LOCALES } from '../../voices/library.js';
import { runTool, spokenClip, type SpeechTool } from './process.js';
import { cleanSpeechText } from './text.js';

/** One row of `espeak-ng --voices` or `--voices=variant`. */
export interface EspeakVoiceEntry {
  priority: number;
  /** The language tag ('en-us'), or 'variant' in the variant table. */
  language: string;
  /** Years, when the voice file states an age. */
  age: number | null;
  gender: 'male' | 'female' | 'unknown';
  /** The VoiceName column (espeak-ng prints spaces as '_'). */
  name: string;
  /** The voice file relative to espeak-ng-data/voices ('gmw/en-US', '!v/m3'). */
  file: string;
  /** The "Other Languages" column: further languages this voice is used for, with priorities. */
  otherLanguages: Array<{ language: string; priority: number }>;
}

/** A speakable base voice: its key plus its table row. */
export interface EspeakBaseVoice extends EspeakVoiceEntry {
  /** The stable name in settings and ids: the language tag, or the file id when several voices share a tag. */
  key: string;
}

export interface EspeakVariant extends EspeakVoiceEntry {
  /** What goes after '+' in `-v`: the file name without '!v/' ('m3', 'f2'). */
  key: string;
}

/**
 * The numbered male and female variants ship with espeak-ng as its general-purpose voices; the
 * other variants are effects (whisper, croak, robots, klatt synthesiser tests) or one-off
 * characters, so they are not offered unless configured.
 */
export const DEFAULT_VARIANTS = ['m1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7', 'm8', 'f1', 'f2', 'f3', 'f4', 'f5'];

/**
 * The variant that gives espeak-ng's voices a woman's voice (about 190 Hz at -p 50): voice matching
 * takes it for female speakers, and a Flite female voice speaks other languages with it.
 */
export const FEMALE_VARIANT = 'f2';

/** espeak-ng's accepted ranges for -p and -s. */
export const ESPEAK_PITCH = { min: 0, max: 99, normal: 50 };
export const ESPEAK_RATE = { min: 80, max: 450, normal: 175 };

const GENDERS: Record<string, EspeakVoiceEntry['gender']> = { M: 'male', F: 'female' };

/**
 * Parses the table espeak-ng prints for --voices:
 *   ` 5  en-us           --/M      English_(America)  gmw/en-US            (en 3)`
 * Columns overflow when a value is long, so the row is read as tokens: priority, language,
 * age/gender, name (espeak-ng replaces spaces with '_'), then the file (which may hold a space,
 * e.g. '!v/Mr serious') followed by '(lang priority)' groups.
 */
export function parseEspeakVoices(stdout: string): EspeakVoiceEntry[] {
  const entries: EspeakVoiceEntry[] = [];
  for (const line of stdout.split('\n')) {
    const m = /^\s*(\d+)\s+(\S+)\s+(\d+|-+)\/([MF-])\s+(\S+)\s+(.*?)\s*$/.exec(line);
    if (!m) continue; // the header row and blank lines
    let rest = m[6]!;
    const otherLanguages: EspeakVoiceEntry['otherLanguages'] = [];
    const groups = /((?:\s*\(\S+ \d+\))+)$/.exec(rest);
    if (groups) {
      for (const g of groups[1]!.matchAll(/\((\S+) (\d+)\)/g)) {
        otherLanguages.push({ language: g[1]!, priority: Number(g[2]) });
      }
      rest = rest.slice(0, groups.index).trim();
    }
    entries.push({
      priority: Number(m[1]),
      language: m[2]!,
      age: /^\d+$/.test(m[3]!) ? Number(m[3]) : null,
      gender: GENDERS[m[4]!] ?? 'unknown',
      name: m[5]!,
      file: rest,
      otherLanguages,
    });
  }
  return entries;
}

/** Gives every voice a unique -v key: its language tag, or its file id when the tag is shared. */
export function baseVoiceKeys(entries: EspeakVoiceEntry[]): EspeakBaseVoice[] {
  const count = new Map<string, number>();
  for (const e of entries) count.set(e.language.toLowerCase(), (count.get(e.language.toLowerCase()) ?? 0) + 1);
  const seen = new Set<string>();
  return entries.map((e) => {
    const shared = (count.get(e.language.toLowerCase()) ?? 0) > 1;
    // The first voice keeps the tag when its file is named after it ('sit/yue' for 'yue').
    const basename = e.file.split('/').pop()!.toLowerCase();
    const key = !shared || (basename === e.language.toLowerCase() && !seen.has(e.language.toLowerCase())) ? e.language : e.file;
    seen.add(key.toLowerCase());
    return { ...e, key };
  });
}

export function variantKeys(entries: EspeakVoiceEntry[]): EspeakVariant[] {
  return entries.filter((e) => e.file.startsWith('!v/')).map((e) => ({ ...e, key: e.file.slice(3) }));
}

/** 'English_(America)' -> 'English (America)'. */
export function humanName(name: string): string {
  return name.replace(/_/g, ' ').trim();
}

/** 'male3' -> 'male 3', 'female2' -> 'female 2'. */
function variantLabel(v: EspeakVariant): string {
  return humanName(v.name).replace(/^(male|female)(\d+)$/i, '$1 $2');
}

/** Age bands for the voice cards; only voices whose file states an age get young or old. */
export function ageLabel(age: number | null): string {
  if (age === null) return 'adult';
  if (age < 30) return 'young';
  if (age < 60) return 'adult';
  return 'old';
}

/** The accent is the parenthesised part of espeak-ng's name: 'English (America)' -> 'America'. */
function accentOf(name: string): string | undefined {
  const m = /\(([^)]+)\)/.exec(humanName(name));
  return m ? m[1] : undefined;
}

export interface EspeakOptions {
  /** The espeak-ng executable (default 'espeak-ng' from PATH). */
  binary?: string;
  /** Variant keys offered in voices() (default DEFAULT_VARIANTS, those installed). */
  variants?: string[];
  /** Synthesis time limit: base plus per character, since espeak-ng's speed is linear in text. */
  timeoutMs?: number;
  timeoutPerCharMs?: number;
}

export class EspeakProvider implements SpeechProvider {
  readonly name = 'espeak';
  private readonly tool: SpeechTool;
  private readonly variantFilter: string[];
  private readonly timeoutMs: number;
  private readonly timeoutPerCharMs: number;
  private tables: Promise<{ bases: EspeakBaseVoice[]; variants: EspeakVariant[] }> | null = null;

  constructor(options: EspeakOptions = {}) {
    this.tool = { name: 'espeak-ng', binary: options.binary ?? 'espeak-ng' };
    this.variantFilter = options.variants ?? DEFAULT_VARIANTS;
    this.timeoutMs = options.timeoutMs ?? 60_000;
    this.timeoutPerCharMs = options.timeoutPerCharMs ?? 2;
  }

  /** The installed base voices and variants (read once). */
  async tablesOnce(): Promise<{ bases: EspeakBaseVoice[]; variants: EspeakVariant[] }> {
    this.tables ??= (async () => {
      const [voices, variants] = await Promise.all([
        runTool(this.tool, ['--voices'], null, 15_000),
        runTool(this.tool, ['--voices=variant'], null, 15_000),
      ]);
      if (voices.code !== 0) throw new RenderError(`espeak-ng --voices failed: ${voices.stderr.trim() || `exit ${voices.code}`}`);
      const bases = baseVoiceKeys(parseEspeakVoices(voices.stdout).filter((e) => e.language !== 'variant'));
      if (bases.length === 0) throw new RenderError('espeak-ng lists no voices: is espeak-ng-data installed?');
      return { bases, variants: variantKeys(parseEspeakVoices(variants.stdout)) };
    })();
    // A failed read (e.g. not installed) is not cached, so installing espeak-ng later works.
    this.tables.catch(() => (this.tables = null));
    return this.tables;
  }

  /** The variants offered: the configured keys that the installed espeak-ng really has. */
  async offeredVariants(): Promise<EspeakVariant[]> {
    const { variants } = await this.tablesOnce();
    const byKey = new Map(variants.map((v) => [v.key.toLowerCase(), v]));
    return this.variantFilter.map((k) => byKey.get(k.toLowerCase())).filter((v): v is EspeakVariant => v !== undefined);
  }

  /** Every base voice on its own and with each offered variant. */
  async voices(): Promise<Voice[]> {
    const { bases } = await this.tablesOnce();
    const variants = await this.offeredVariants();
    const out: Voice[] = [];
    for (const base of bases) {
      out.push(espeakVoice(base, null));
      for (const v of variants) out.push(espeakVoice(base, v));
    }
    return out;
  }

  /** Resolves 'en-us+m3' against the installed tables; espeak-ng itself ignores unknown variants. */
  async resolve(voice: string): Promise<{ base: EspeakBaseVoice; variant: EspeakVariant | null }> {
    const { bases, variants } = await this.tablesOnce();
    const [baseKey = '', variantKey] = voice.split('+');
    const base = bases.find((b) => b.key.toLowerCase() === baseKey.toLowerCase());
    if (!base) throw new RenderError(`espeak-ng has no voice '${baseKey}'`);
    if (variantKey === undefined) return { base, variant: null };
    const variant = variants.find((v) => v.key.toLowerCase() === variantKey.toLowerCase());
    if (!variant) throw new RenderError(`espeak-ng has no variant '${variantKey}'`);
    return { base, variant };
  }

  async synthesize(text: string, settings: VoiceSettings, outPath: string): Promise<SpeechClip> {
    const input = cleanSpeechText(text);
    if (!input) throw new RenderError('Nothing to speak: the narration text is empty');
    const { base, variant } = await this.resolve(settings.language ? voiceInLanguage(settings.voice, settings.language) : settings.voice);
    const pitch = Math.round(clamp(settings.pitch ?? ESPEAK_PITCH.normal, ESPEAK_PITCH.min, ESPEAK_PITCH.max));
    const rate = Math.round(clamp(settings.rate ?? ESPEAK_RATE.normal, ESPEAK_RATE.min, ESPEAK_RATE.max));
    await mkdir(dirname(outPath), { recursive: true });
    const voiceArg = variant ? `${base.key}+${variant.key}` : base.key;
    // espeak-ng is given the voice file, not the language tag: with some tags (en-gb, fr-fr) it
    // silently drops the '+variant', and some tags (chr-US-Qaaa-x-west) it does not find at all.
    const fileArg = variant ? `${base.file}+${variant.key}` : base.file;
    const args = ['-w', outPath, '-v', fileArg, '-p', String(pitch), '-s', String(rate), '--stdin'];
    const result = await runTool(this.tool, args, input, this.timeoutMs + input.length * this.timeoutPerCharMs);
    return spokenClip(this.tool, voiceArg, result, outPath);
  }
}

/**
 * The voice `voice` ('en-us+f2') becomes to speak `language` ('es'): the language's preferred
 * espeak-ng voice (es, fr-fr, cmn, nb, ...) with the same variant; unchanged when it speaks it already.
 */
export function voiceInLanguage(voice: string, language: string): string {
  const [base = '', variant] = voice.split('+');
  const lang = language.toLowerCase().split(/[-_]/)[0]!;
  if (base.toLowerCase().split(/[-_]/)[0] === lang) return voice;
  const key = PREFERRED_LOCALES[lang]?.[0] ?? lang;
  return variant === undefined ? key : `${key}+${variant}`;
}

export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, Number.isFinite(value) ? value : min));
}

/** The Voice entry of a base voice with an optional variant. */
export function espeakVoice(base: EspeakBaseVoice, variant: EspeakVariant | null): Voice {
  const key = variant ? `${base.key}+${variant.key}` : base.key;
  const language = humanName(base.name);
  const source = variant ?? base;
  const accent = accentOf(base.name);
  return {
    voice_id: `espeak:${key}`,
    name: variant ? `${language}, ${variantLabel(variant)}` : language,
    category: 'premade',
    description: `eSpeak NG synthetic voice for ${language}${variant ? `, ${variantLabel(variant)} variant` : ''}`,
    settings: { provider: 'espeak', voice: key, pitch: ESPEAK_PITCH.normal, rate: ESPEAK_RATE.normal },
    is_premium: false,
    labels: {
      gender: source.gender === 'unknown' ? 'neutral' : source.gender,
      age: ageLabel(source.age),
      ...(accent ? { accent } : {}),
      language: base.language,
    },
    tier: 'free-trial',
  };
}
