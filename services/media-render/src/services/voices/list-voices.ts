import type { VoiceDeps, VoiceView } from './deps.js';
import { voiceViews } from './views.js';

/** The provider's voices, locked where the plan lacks them, and how many there are per category. */
export async function listVoices(deps: Pick<VoiceDeps, 'catalogue' | 'memberships'>, userId: string, companyId: string): Promise<{ voices: VoiceView[]; categories: Record<string, number> }> {
  const library = await deps.catalogue.library();
  return { voices: await voiceViews(deps, library.voices, userId, companyId), categories: library.categories };
}
