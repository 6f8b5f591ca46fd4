// Billing's facts, encoded as their proto messages for the outbox.
import type { OutboxEvent } from '@trainwright/platform';
import { PaymentOutcome, SubscriptionChanged } from '@trainwright/proto/trainwright/events/v1/events';

export const billingEvents = {
  subscriptionChanged: (e: Omit<SubscriptionChanged, 'occurredAt'>, at: Date): OutboxEvent => ({
    subject: 'subscription.changed',
    payload: SubscriptionChanged.encode({ ...e, occurredAt: at.toISOString() }).finish(),
  }),
  payment: (succeeded: boolean, e: Omit<PaymentOutcome, 'occurredAt'>, at: Date): OutboxEvent => ({
    subject: succeeded ? 'payment.succeeded' : 'payment.failed',
    payload: PaymentOutcome.encode({ ...e, occurredAt: at.toISOString() }).finish(),
  }),
};
