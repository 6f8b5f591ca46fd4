// Voice previews (part 2 section 7) by their ids: media-render stores each under the key its id
// names, the gateway serves it from there after checking who may read it.
import { defineMessages } from './messages.js';
import { TIERS, type TierId } from './plans.js';

/** Part 2 section 8: a library voice above the owner's plan (its card and the refusal to use it). */
export const VOICE_MESSAGES = defineMessages('voices', {
  locked: (tier: TierId) => `This voice requires ${TIERS[tier].name} or higher subscription.`,
} as const);

/**
 * Where a voice preview is stored, from its id: 32 hex digits for a library voice's, shared by
 * everyone who asks for the same text (`voice-previews/<id>.wav`); the company's id (32 hex
 * digits, no dashes) then 32 more for a company's own voice, which only members of that company
 * may read (`companies/<company>/voice-previews/<hash>.wav`). Null for anything else.
 */
export function voicePreviewLocation(audioId: string): { storageKey: string; companyId?: string } | null {
  if (/^[0-9a-f]{32}$/.test(audioId)) return { storageKey: `voice-previews/${audioId}.wav` };
  const own = /^([0-9a-f]{8})([0-9a-f]{4})([0-9a-f]{4})([0-9a-f]{4})([0-9a-f]{12})([0-9a-f]{32})$/.exec(audioId);
  if (!own) return null;
  const companyId = own.slice(1, 6).join('-');
  return { storageKey: `companies/${companyId}/voice-previews/${own[6]}.wav`, companyId };
}
