// The voice library (part 2 sections 2-5, 7-9): the provider's real voices with plan tiers, the
// company's own voices (matched from samples, or cloned by ElevenLabs when configured), previews
// served by us, and the rule that a locked voice cannot be chosen. What the voice operations work
// with: the catalogue of voices, the speech engine, the cloner, storage and memberships.
import type { TierId } from '@trainwright/catalogue';
import type { SpeechProvider, Voice } from '../../domain/types.js';
import type { VoiceCloner } from '../../domain/voice-cloner.js';
import type { VoiceLibrary } from '../../voices/library.js';
import type { MediaStorage, Memberships, WorkDirs } from '../ports.js';
import type { VoiceSettingsSource } from '../renders/deps.js';

export interface VoiceView extends Voice {
  locked: boolean;
  locked_message: string;
  /** The plan a locked voice needs (not sent: the refusal to use the voice names it). */
  lockedBelow?: TierId;
}

/** The companies' own voices (matched or cloned), ids `custom:<uuid>` (repositories/custom-voice.repository.ts). */
export interface CustomVoices {
  customVoices(companyId: string): Promise<Voice[]>;
  /** Stores the voice; its id (`custom:<uuid>`). */
  insertCustomVoice(companyId: string, createdBy: string, voice: Voice): Promise<string>;
  /** The voice by the id after `custom:`; undefined for another company's or an unknown one. */
  customVoice(companyId: string, id: string): Promise<Voice | undefined>;
}

/**
 * The voices a company may narrate with (repositories/voice-catalogue.repository.ts): the
 * provider's library and the company's own; the renders ask it for the settings of a voice id.
 */
export interface VoiceCatalogue extends VoiceSettingsSource {
  /** The provider's voices as a library (its voice list does not change while we run). */
  library(): Promise<VoiceLibrary>;
  /** A library voice, or the company's own (`custom:<uuid>`); undefined when there is none. */
  find(companyId: string, voiceId: string): Promise<Voice | undefined>;
}

export interface VoiceDeps {
  catalogue: VoiceCatalogue;
  /** Speaks previews. */
  speech: Pick<SpeechProvider, 'synthesize'>;
  /** Voice matching (default) or ElevenLabs cloning, by configuration. */
  cloner: VoiceCloner;
  voices: Pick<CustomVoices, 'customVoices' | 'insertCustomVoice'>;
  /** Previews are kept, clone samples read. */
  storage: Pick<MediaStorage, 'save' | 'has' | 'read'>;
  /** Where a preview is spoken before it is stored. */
  workDirs: WorkDirs;
  memberships: Memberships;
}
