import { effectiveCapabilities } from '@trainwright/catalogue';
import { AppError, MESSAGES } from '@trainwright/platform';
import type { AccountRow, AuthDeps } from './deps.js';

export interface AccountView extends AccountRow {
  capabilities: ReturnType<typeof effectiveCapabilities>;
}

/** The signed-in user's account with what their plan allows; UNAUTHENTICATED when it is gone. */
export async function getAccount(deps: Pick<AuthDeps, 'accounts'>, userId: string): Promise<AccountView> {
  const row = await deps.accounts.loadAccount(userId);
  if (!row) throw new AppError('UNAUTHENTICATED', MESSAGES.unauthenticated);
  return { ...row, capabilities: effectiveCapabilities(row.tier, row.addOns) };
}
