// Billing's payment.succeeded: a paid narrated video (kind 'video') releases one render of the
// project's video (services/videos/record-video-payment.ts). Other kinds are not media-render's.
import type { Subscription } from '@trainwright/platform';
import { PaymentOutcome } from '@trainwright/proto/trainwright/events/v1/events';
import type { VideoDeps } from '../services/videos/deps.js';
import { recordVideoPayment } from '../services/videos/record-video-payment.js';

export function videoPaymentsSubscription(deps: VideoDeps): Subscription {
  return {
    name: 'media-video-payments',
    subject: 'payment.succeeded',
    handle: async (event) => {
      const e = PaymentOutcome.decode(event.data);
      await recordVideoPayment(deps, event.id, { paymentId: e.paymentId, kind: e.kind, projectId: e.projectId, amountCents: Number(e.amountCents), paidVersion: e.contentVersion || null, language: e.language });
    },
  };
}
