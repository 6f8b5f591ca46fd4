// The embedded (offline) speech provider: Flite speaks English, espeak-ng every other language
// (docs/benchmarks.md, "Offline narration voices"). Its voices are Flite's English voices and
// espeak-ng's; a Flite voice asked for another language (a translation's video) speaks it with
// espeak-ng's voice of that language, of the same gender, at the same rate.
import type { SpeechClip, SpeechProvider, Voice, VoiceSettings } from '../../domain/types.js';
import { EspeakProvider, FEMALE_VARIANT, voiceInLanguage } from './espeak.js';
import { FLITE_VOICES, FliteProvider, isEnglish } from './flite.js';

/** The espeak-ng voice a Flite voice becomes in `language`: that language's voice, female by variant. */
export function espeakVoiceFor(fliteVoice: string, language: string): string {
  const female = FLITE_VOICES.find((v) => v.key === fliteVoice.toLowerCase())?.gender === 'female';
  return voiceInLanguage(female ? `en-us+${FEMALE_VARIANT}` : 'en-us', language);
}

export class EmbeddedSpeechProvider implements SpeechProvider {
  readonly name = 'flite+espeak';

  constructor(
    readonly flite: FliteProvider = new FliteProvider(),
    readonly espeak: EspeakProvider = new EspeakProvider(),
  ) {}

  async voices(): Promise<Voice[]> {
    const [flite, espeak] = await Promise.all([this.flite.voices(), this.espeak.voices()]);
    return [...flite, ...espeak];
  }

  /** Flite voices in English go to Flite; every other voice (espeak-ng's, matched ones) to espeak-ng. */
  synthesize(text: string, settings: VoiceSettings, outPath: string): Promise<SpeechClip> {
    if (settings.provider !== 'flite') return this.espeak.synthesize(text, settings, outPath);
    if (!settings.language || isEnglish(settings.language)) return this.flite.synthesize(text, settings, outPath);
    // The rate is words per minute for both engines, so it carries over; pitch is espeak-ng's normal.
    const voice = espeakVoiceFor(settings.voice, settings.language);
    return this.espeak.synthesize(text, { provider: 'espeak', voice, rate: settings.rate, language: settings.language }, outPath);
  }
}
