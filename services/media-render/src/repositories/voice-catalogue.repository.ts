// The voices a company may narrate with: the speech provider's library (built once: the
// provider's voice list does not change while we run) and the company's own voices.
import { AppError } from '@trainwright/platform';
import type { SpeechProvider, Voice, VoiceSettings } from '../domain/types.js';
import type { CustomVoices, VoiceCatalogue } from '../services/voices/deps.js';
import { buildVoiceLibrary, type VoiceLibrary } from '../voices/library.js';

export class VoiceCatalogueRepository implements VoiceCatalogue {
  private premade: Promise<VoiceLibrary> | undefined;

  constructor(
    private readonly speech: Pick<SpeechProvider, 'voices'>,
    private readonly custom: Pick<CustomVoices, 'customVoice'>,
  ) {}

  library(): Promise<VoiceLibrary> {
    this.premade ??= this.speech.voices().then((voices) => buildVoiceLibrary(voices));
    return this.premade;
  }

  async find(companyId: string, voiceId: string): Promise<Voice | undefined> {
    if (voiceId.startsWith('custom:')) return this.custom.customVoice(companyId, voiceId.slice('custom:'.length));
    return (await this.library()).voices.find((v) => v.voice_id === voiceId);
  }

  /** The settings to narrate with: the chosen voice, else the library's first free voice. */
  async settingsFor(voiceId: string, companyId: string): Promise<VoiceSettings> {
    const voice = (voiceId && (await this.find(companyId, voiceId))) || (await this.library()).voices.find((v) => !v.is_premium);
    if (!voice) throw new AppError('UNAVAILABLE', 'No narration voice is available.');
    return voice.settings;
  }
}
