// "Clone voice" as the voice library sees it: a cloner (voices/cloner.ts builds the configured
// one) and the refusal of a request that breaks the rules.
import type { CloneProblem, CloneRequestInput } from '../voices/clone-rules.js';
import type { Voice } from './types.js';

/** A clone request that breaks the rules; `message` is the one to show, `problems` all of them. */
export class CloneRejected extends Error {
  constructor(readonly problems: CloneProblem[]) {
    super(problems[0]?.message ?? 'The clone request is not valid');
    this.name = 'CloneRejected';
  }
}

export interface CloneResult {
  voice: Voice;
  /** ElevenLabs may hold a clone until its owner verifies it; matching never does. */
  requiresVerification: boolean;
}

export interface VoiceCloner {
  readonly kind: 'matching' | 'elevenlabs';
  /** `language`: the narration language the voice is for (matching picks that espeak-ng voice). */
  clone(request: CloneRequestInput, language?: string): Promise<CloneResult>;
}
