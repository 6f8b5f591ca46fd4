// Which company a route is about: the one the request names, else the caller's current one (the
// service then decides what the caller may see and do there).
import type { ServiceClients } from '../clients.js';

/** The company asked for, else the caller's current one. */
export async function companyOf(clients: ServiceClients, userId: string, requestId: string, asked?: string): Promise<string> {
  return asked || (await clients.auth.getMe({ userId }, { userId, requestId })).currentCompanyId;
}
