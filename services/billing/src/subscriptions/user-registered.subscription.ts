// A billing account for every new user, from auth's user.registered (idempotent per event).
import type { Subscription } from '@trainwright/platform';
import { UserRegistered } from '@trainwright/proto/trainwright/events/v1/events';
import { openAccountForRegisteredUser } from '../services/billing/accounts.js';
import type { BillingDeps } from '../services/billing/deps.js';

export function userRegisteredSubscription(deps: BillingDeps): Subscription {
  return {
    name: 'billing-user-registered',
    subject: 'user.registered',
    handle: async (event) => {
      const e = UserRegistered.decode(event.data);
      await openAccountForRegisteredUser(deps, { userId: e.userId, email: e.email, eventId: event.id });
    },
  };
}
