import { normaliseTierId } from '@trainwright/catalogue';
import { AppError } from '@trainwright/platform';
import { authEvents } from '../events.js';
import { hashPassword } from '../passwords.js';
import { validateRegistration } from '../validation.js';
import { EmailTakenError, type AuthDeps } from './deps.js';

export const EMAIL_TAKEN = 'An account with this email already exists.';

export interface NewAccountInput {
  name?: string;
  company?: string;
  email?: string;
  password?: string;
  selectedTier?: string;
}

/** A user with their first company (owned) on the free trial: a sign-up, or the operator's demo seed. */
export async function createAccount(deps: Pick<AuthDeps, 'accounts' | 'afterWrite'>, input: NewAccountInput): Promise<{ userId: string; companyId: string }> {
  const valid = validateRegistration(input);
  const passwordHash = await hashPassword(valid.password);
  let ids: { userId: string; companyId: string };
  try {
    // Every account starts on the 7-day free trial; the chosen plan is only remembered.
    ids = await deps.accounts.createAccount({
      name: valid.name,
      email: valid.email,
      passwordHash,
      companyName: valid.company,
      tier: 'free-trial',
      selectedTier: normaliseTierId(input.selectedTier),
      events: ({ userId, companyId }) => [
        authEvents.userRegistered({ userId, email: valid.email, companyId, tier: 'free-trial' }),
        authEvents.companyCreated({ companyId, ownerUserId: userId, name: valid.company }),
      ],
    });
  } catch (error) {
    if (error instanceof EmailTakenError) throw new AppError('EMAIL_TAKEN', EMAIL_TAKEN, { field: 'email' });
    throw error;
  }
  deps.afterWrite();
  return ids;
}
