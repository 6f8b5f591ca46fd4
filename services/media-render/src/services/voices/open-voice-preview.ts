import { voicePreviewLocation } from '@trainwright/catalogue';
import { Access, AppError } from '@trainwright/platform';
import type { VoiceDeps } from './deps.js';

const PREVIEW_NOT_FOUND = 'Preview not found';

/**
 * Where a preview is stored, for the caller: a library voice's preview is anyone's, a company's
 * own voice's is read as the voice is used, by the company's members.
 */
export async function openVoicePreview(deps: Pick<VoiceDeps, 'memberships'>, userId: string, audioId: string): Promise<{ storageKey: string }> {
  const location = voicePreviewLocation(audioId);
  if (!location) throw AppError.notFound(PREVIEW_NOT_FOUND);
  if (location.companyId) await new Access(deps.memberships).require({ userId, companyId: location.companyId, action: 'company.read', notFoundMessage: PREVIEW_NOT_FOUND });
  else Access.grantedWithoutMembership('library');
  return { storageKey: location.storageKey };
}
