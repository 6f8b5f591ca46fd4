// A billing account for every new user, from auth's user.registered (idempotent per event).
import type { Subscription } from '@trainwright/platform';
import { UserRegistered } from '@trainwright/proto/trainwright/events/v1/events';

export function userRegisteredSubscription(openAccount: (input: { userId: string; email: string; eventId: string }) => Promise<void>): Subscription {
  return {
    name: 'billing-user-registered',
    subject: 'user.registered',
    handle: async (event) => {
      const e = UserRegistered.decode(event.data);
      await openAccount({ userId: e.userId, email: e.email, eventId: event.id });
    },
  };
}
