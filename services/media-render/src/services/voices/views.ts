import { VOICE_MESSAGES } from '@trainwright/catalogue';
import { Access } from '@trainwright/platform';
import type { Voice } from '../../domain/types.js';
import { voiceAllowed } from '../../voices/library.js';
import type { VoiceDeps, VoiceView } from './deps.js';

/** The voices as the caller's company sees them: locked when its plan does not include them. */
export async function voiceViews(deps: Pick<VoiceDeps, 'memberships'>, voices: Voice[], userId: string, companyId: string): Promise<VoiceView[]> {
  const { capabilities, ownerTier } = await new Access(deps.memberships).require({ userId, companyId, action: 'company.read' });
  return voices.map((voice) => {
    const rule = voiceAllowed(voice, capabilities, ownerTier);
    return rule.allowed
      ? { ...voice, locked: false, locked_message: '' }
      : { ...voice, locked: true, locked_message: VOICE_MESSAGES.locked(rule.requiredTier), lockedBelow: rule.requiredTier };
  });
}
