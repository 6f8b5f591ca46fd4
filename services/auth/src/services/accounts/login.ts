import { AppError } from '@trainwright/platform';
import { verifyPassword } from '../passwords.js';
import type { AuthDeps } from './deps.js';
import { startSession, type IssuedSession } from './sessions.js';

export const INVALID_CREDENTIALS = 'Invalid email or password.';

export async function login(deps: Pick<AuthDeps, 'accounts' | 'tokens'>, input: { email?: string; password?: string }): Promise<IssuedSession> {
  const email = (input.email ?? '').trim().toLowerCase();
  const password = input.password ?? '';
  if (!email || !password) throw new AppError('INVALID_CREDENTIALS', INVALID_CREDENTIALS);
  const found = await deps.accounts.findCredentials(email);
  const ok = await verifyPassword(found?.passwordHash, password);
  if (!found || !ok) throw new AppError('INVALID_CREDENTIALS', INVALID_CREDENTIALS);
  return startSession(deps, found.id);
}
