// The voice library (part 2 sections 2-5, 7-9): the provider's real voices with plan tiers,
// the company's own voices (matched from samples, or cloned by ElevenLabs when configured),
// previews served by us, and the rule that a locked voice cannot be chosen.
import { VOICE_MESSAGES, catalogueMessage, voicePreviewLocation, type TierId } from '@trainwright/catalogue';
import { Access, AppError } from '@trainwright/platform';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { SpeechProvider, Voice, VoiceSettings } from '../domain/types.js';
import { CloneRejected, type VoiceCloner } from '../domain/voice-cloner.js';
import { CLONE_REQUIRED_MESSAGE } from '../voices/clone-rules.js';
import { buildVoiceLibrary, voiceAllowed, type VoiceLibrary } from '../voices/library.js';
import type { CompanyMembership, MediaStorage, Memberships, WorkDirs } from './ports.js';

/** The preview text when the caller sends none (the specification's fixed sample). */
export const DEFAULT_PREVIEW_TEXT = 'Hello! This is a preview of the voice that will narrate your training video.';
const MAX_PREVIEW_CHARS = 500;
const PREVIEW_NOT_FOUND = 'Preview not found';

export interface VoiceView extends Voice {
  locked: boolean;
  locked_message: string;
  /** The plan a locked voice needs (not sent: the refusal to use the voice names it). */
  lockedBelow?: TierId;
}

/** The companies' own voices (matched or cloned), ids `custom:<uuid>`. */
export interface CustomVoices {
  customVoices(companyId: string): Promise<Voice[]>;
  /** Stores the voice; its id (`custom:<uuid>`). */
  insertCustomVoice(companyId: string, createdBy: string, voice: Voice): Promise<string>;
  /** The voice by the id after `custom:`; undefined for another company's or an unknown one. */
  customVoice(companyId: string, id: string): Promise<Voice | undefined>;
}

export class VoiceService {
  private library: Promise<VoiceLibrary> | undefined;

  /** The one access check, on the memberships the service is given. */
  private readonly access: Access<CompanyMembership>;

  constructor(
    private readonly deps: {
      speech: SpeechProvider;
      /** Voice matching (default) or ElevenLabs cloning, by configuration. */
      cloner: VoiceCloner;
      voices: CustomVoices;
      /** Previews are kept, clone samples read. */
      storage: Pick<MediaStorage, 'save' | 'has' | 'read'>;
      /** Where a preview is spoken before it is stored. */
      workDirs: WorkDirs;
      memberships: Memberships;
    },
  ) {
    this.access = new Access(deps.memberships);
  }

  /** The provider's voices as a library, built once (the provider's voice list does not change while we run). */
  private premade(): Promise<VoiceLibrary> {
    this.library ??= this.deps.speech.voices().then((voices) => buildVoiceLibrary(voices));
    return this.library;
  }

  private async view(voices: Voice[], userId: string, companyId: string): Promise<VoiceView[]> {
    const { capabilities, ownerTier } = await this.access.require({ userId, companyId, action: 'company.read' });
    return voices.map((voice) => {
      const rule = voiceAllowed(voice, capabilities, ownerTier);
      return rule.allowed
        ? { ...voice, locked: false, locked_message: '' }
        : { ...voice, locked: true, locked_message: VOICE_MESSAGES.locked(rule.requiredTier), lockedBelow: rule.requiredTier };
    });
  }

  async available(userId: string, companyId: string): Promise<{ voices: VoiceView[]; categories: Record<string, number> }> {
    const library = await this.premade();
    return { voices: await this.view(library.voices, userId, companyId), categories: library.categories };
  }

  async custom(userId: string, companyId: string): Promise<VoiceView[]> {
    await this.access.require({ userId, companyId, action: 'company.read' });
    return (await this.deps.voices.customVoices(companyId)).map((v) => ({ ...v, locked: false, locked_message: '' }));
  }

  /** The voice if the company may use it; 403 with the specification's message when locked. */
  async check(userId: string, companyId: string, voiceId: string): Promise<VoiceView> {
    const voice = await this.find(companyId, voiceId);
    if (!voice) throw AppError.notFound('Voice not found');
    const [view] = await this.view([voice], userId, companyId);
    if (view!.lockedBelow && voice.category === 'premade') throw new AppError('FEATURE_NOT_AVAILABLE', catalogueMessage(VOICE_MESSAGES, 'locked', view!.lockedBelow));
    return { ...view!, locked: voice.category === 'premade' ? view!.locked : false, locked_message: voice.category === 'premade' ? view!.locked_message : '' };
  }

  /**
   * Speaks the sample text with the voice into storage; the gateway serves it by its id (see
   * voicePreviewLocation). A library voice's preview is shared by everyone who asks for the same text;
   * a company's own voice's preview belongs to that company, as the voice does.
   */
  async preview(userId: string, companyId: string, voiceId: string, sampleText: string): Promise<{ audioId: string; storageKey: string }> {
    const voice = await this.check(userId, companyId, voiceId);
    const text = (sampleText.trim() || DEFAULT_PREVIEW_TEXT).slice(0, MAX_PREVIEW_CHARS);
    const own = voiceId.startsWith('custom:');
    const hash = createHash('sha256')
      .update(JSON.stringify(own ? [companyId, voice.settings, text] : [voice.settings, text]))
      .digest('hex')
      .slice(0, 32);
    const audioId = own ? `${companyId.replace(/-/g, '').toLowerCase()}${hash}` : hash;
    const storageKey = voicePreviewLocation(audioId)!.storageKey;
    if (await this.deps.storage.has(storageKey)) return { audioId, storageKey };
    await this.deps.workDirs.use(async (dir) => {
      const clip = await this.deps.speech.synthesize(text, voice.settings, join(dir, 'preview.wav'));
      await this.deps.storage.save(storageKey, { path: clip.wavPath });
    });
    return { audioId, storageKey };
  }

  /**
   * Where a preview is stored, for the caller: a library voice's preview is anyone's, a company's
   * own voice's is read as the voice is used, by the company's members.
   */
  async previewFile(userId: string, audioId: string): Promise<{ storageKey: string }> {
    const location = voicePreviewLocation(audioId);
    if (!location) throw AppError.notFound(PREVIEW_NOT_FOUND);
    if (location.companyId) await this.access.require({ userId, companyId: location.companyId, action: 'company.read', notFoundMessage: PREVIEW_NOT_FOUND });
    else Access.grantedWithoutMembership('library');
    return { storageKey: location.storageKey };
  }

  /** A voice from samples: matched (espeak-ng pitch and rate), labelled as such. */
  async clone(
    userId: string,
    companyId: string,
    input: { name: string; description: string; samples: Array<{ filename: string; storageKey: string; size: number }> },
  ): Promise<VoiceView> {
    // Any member may hear the company's voices; making one is an editor's (a viewer's is FORBIDDEN).
    await this.access.require({ userId, companyId, action: 'voice.create' });
    if (!input.name.trim() || input.samples.length === 0) throw AppError.validation('name', CLONE_REQUIRED_MESSAGE);
    const files = await Promise.all(input.samples.map(async (s) => ({ filename: s.filename, bytes: await this.deps.storage.read(s.storageKey), size: s.size })));
    try {
      const { voice } = await this.deps.cloner.clone({ name: input.name, description: input.description, files });
      const id = await this.deps.voices.insertCustomVoice(companyId, userId, voice);
      return { ...voice, voice_id: id, locked: false, locked_message: '' };
    } catch (error) {
      if (error instanceof CloneRejected) throw AppError.validation(error.problems[0]?.filename ? 'files' : 'name', error.message);
      throw error;
    }
  }

  /** The settings to narrate with: the chosen voice, else the library's first free voice. */
  async settingsFor(voiceId: string, companyId: string): Promise<VoiceSettings> {
    const voice = (voiceId && (await this.find(companyId, voiceId))) || (await this.premade()).voices.find((v) => !v.is_premium);
    if (!voice) throw new AppError('UNAVAILABLE', 'No narration voice is available.');
    return voice.settings;
  }

  private async find(companyId: string, voiceId: string): Promise<Voice | undefined> {
    if (voiceId.startsWith('custom:')) return this.deps.voices.customVoice(companyId, voiceId.slice('custom:'.length));
    return (await this.premade()).voices.find((v) => v.voice_id === voiceId);
  }
}
