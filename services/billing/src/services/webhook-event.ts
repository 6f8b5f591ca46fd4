// What both providers check on a webhook once its signature verified: the SDK's constructEvent
// refuses timestamps too old but not ones ahead of now, and it hands back whatever JSON was signed.
import { z } from 'zod';
import { WebhookSignatureError, type ProviderEvent } from './billing/provider.js';

/** Tolerance of webhook timestamps either way, seconds (Stripe's default, and the design's). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** Stripe's ids are far shorter; the bound keeps a signed oddity out of the ledger's key. */
const id = z.string().min(1).max(255);
const eventSchema = z.object({
  id,
  type: z.string().min(1).max(100),
  created: z.number().int().nonnegative(),
  data: z.object({ object: z.object({ id }) }),
});

/** A signed event whose body is not an event of the expected shape (answered 400). */
export class WebhookEventShapeError extends Error {
  constructor() {
    super('Unexpected webhook event');
    this.name = 'WebhookEventShapeError';
  }
}

/**
 * The verified event's identity. `signatureHeader` is Stripe-Signature (`t=<unix s>,v1=...`), whose
 * signed timestamp must not be ahead of now by more than the tolerance.
 */
export function toProviderEvent(verified: unknown, signatureHeader: string, nowMs = Date.now()): ProviderEvent {
  const timestamp = Number(/(?:^|,)\s*t=(\d+)/.exec(signatureHeader)?.[1]);
  if (!Number.isFinite(timestamp) || timestamp - Math.floor(nowMs / 1000) > WEBHOOK_TOLERANCE_SECONDS) throw new WebhookSignatureError();
  const event = eventSchema.safeParse(verified);
  if (!event.success) throw new WebhookEventShapeError();
  return { id: event.data.id, type: event.data.type, objectId: event.data.data.object.id, created: new Date(event.data.created * 1000) };
}
