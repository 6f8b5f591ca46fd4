import { Access } from '@trainwright/platform';
import type { VoiceDeps, VoiceView } from './deps.js';

/** The company's own voices (never locked). */
export async function listCustomVoices(deps: Pick<VoiceDeps, 'voices' | 'memberships'>, userId: string, companyId: string): Promise<VoiceView[]> {
  await new Access(deps.memberships).require({ userId, companyId, action: 'company.read' });
  return (await deps.voices.customVoices(companyId)).map((v) => ({ ...v, locked: false, locked_message: '' }));
}
