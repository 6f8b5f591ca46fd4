// Which voices a company may use is the media-render service's to say (plan locks); these ask it
// for the company named, else the caller's current one. Project creation and edits and the voice routes share them.
import type { ServiceClients } from '../clients.js';

/** The company asked for, else the caller's current one. */
export async function companyOf(clients: ServiceClients, userId: string, requestId: string, asked?: string): Promise<string> {
  return asked || (await clients.auth.getMe({ userId }, { userId, requestId })).currentCompanyId;
}

/**
 * A project may only name a voice its company's plan unlocks (403 with the specification's
 * message) and, for a custom voice, one of its own company's (404 otherwise). POST and PATCH
 * /api/projects (and the generator's create) call this one check.
 */
export async function requireVoiceAllowed(clients: ServiceClients, userId: string, requestId: string, companyId: string, voiceId: string | undefined) {
  if (!voiceId) return;
  await clients.media.checkVoice({ userId, companyId: await companyOf(clients, userId, requestId, companyId), voiceId }, { userId, requestId });
}
