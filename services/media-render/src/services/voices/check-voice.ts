import { VOICE_MESSAGES, catalogueMessage } from '@trainwright/catalogue';
import { AppError } from '@trainwright/platform';
import type { VoiceDeps, VoiceView } from './deps.js';
import { voiceViews } from './views.js';

/** The voice if the company may use it; 403 with the specification's message when locked. */
export async function checkVoice(deps: Pick<VoiceDeps, 'catalogue' | 'memberships'>, userId: string, companyId: string, voiceId: string): Promise<VoiceView> {
  const voice = await deps.catalogue.find(companyId, voiceId);
  if (!voice) throw AppError.notFound('Voice not found');
  const [view] = await voiceViews(deps, [voice], userId, companyId);
  if (view!.lockedBelow && voice.category === 'premade') throw new AppError('FEATURE_NOT_AVAILABLE', catalogueMessage(VOICE_MESSAGES, 'locked', view!.lockedBelow));
  return { ...view!, locked: voice.category === 'premade' ? view!.locked : false, locked_message: voice.category === 'premade' ? view!.locked_message : '' };
}
