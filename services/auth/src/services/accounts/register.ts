import { createAccount, type NewAccountInput } from './create-account.js';
import type { AuthDeps } from './deps.js';
import { startSession, type IssuedSession } from './sessions.js';

/** Signs up and signs in: the new account's first session. */
export async function register(deps: AuthDeps, input: NewAccountInput): Promise<IssuedSession> {
  const { userId } = await createAccount(deps, input);
  return startSession(deps, userId);
}
