// Which company's voices a voice route is about: the one the request names, else the caller's
// current one (media-render then decides what that company may see and use).
import type { ServiceClients } from '../../clients.js';

/** The company asked for, else the caller's current one. */
export async function companyOf(clients: ServiceClients, userId: string, requestId: string, asked?: string): Promise<string> {
  return asked || (await clients.auth.getMe({ userId }, { userId, requestId })).currentCompanyId;
}
