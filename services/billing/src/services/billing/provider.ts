// The payments provider as billing's operations see it: Stripe-shaped, so Stripe and the local
// test checkout implement it alike and nothing else can tell which one ran. Catalogue items are
// named by refs: 'plan:<tier>:<interval>', 'add_on:<id>:<interval>', 'credits'.

export type BillingInterval = 'month' | 'year';
export type ProviderName = 'stripe' | 'local';

export interface CheckoutLineItem {
  ref: string;
  description: string;
  unitAmountCents: number;
  quantity: number;
  /** The recurring interval of a subscription item; null for a one-off payment. */
  interval: BillingInterval | null;
}

export interface CheckoutRequest {
  mode: 'subscription' | 'payment';
  customerId: string;
  lineItems: CheckoutLineItem[];
  /** Holds the literal '{CHECKOUT_SESSION_ID}', which the provider replaces. */
  successUrl: string;
  cancelUrl: string;
  /** Our own ids (user_id, purpose, ...), read back from the provider's objects. */
  metadata: Record<string, string>;
  idempotencyKey: string;
}

export interface ProviderCheckoutSession {
  id: string;
  url: string;
  mode: 'subscription' | 'payment';
  status: 'open' | 'complete' | 'expired';
  paymentStatus: 'paid' | 'unpaid' | 'no_payment_required';
  customerId: string;
  subscriptionId: string | null;
  paymentIntentId: string | null;
  amountTotalCents: number;
  metadata: Record<string, string>;
}

export type ProviderSubscriptionStatus = 'active' | 'trialing' | 'past_due' | 'canceled' | 'unpaid' | 'incomplete' | 'incomplete_expired' | 'paused';

export interface ProviderSubscriptionItem {
  id: string;
  ref: string;
  quantity: number;
}

export interface ProviderSubscription {
  id: string;
  customerId: string;
  status: ProviderSubscriptionStatus;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
  items: ProviderSubscriptionItem[];
  metadata: Record<string, string>;
}

export interface ProviderInvoice {
  id: string;
  customerId: string;
  subscriptionId: string | null;
  status: 'draft' | 'open' | 'paid' | 'uncollectible' | 'void';
  amountDueCents: number;
  amountPaidCents: number;
  hostedInvoiceUrl: string;
  created: Date;
  /** Whether the last attempt to collect it failed (Stripe: attempted && !paid). */
  paymentFailed: boolean;
}

export interface SubscriptionChange {
  /** The items the subscription holds afterwards (an item absent here is removed). */
  items: Array<{ ref: string; quantity: number }>;
  /** Charge or credit the difference for the rest of the period now (upgrades, add-ons). */
  prorate: boolean;
  cancelAtPeriodEnd?: boolean;
  idempotencyKey: string;
  /** The moment the proration is computed for (default now): a previewed change charges what its preview showed. */
  prorationDate?: Date;
}

/** What a prorated change of items would charge now (previewSubscriptionChange). */
export interface SubscriptionChangePreview {
  amountDueCents: number;
}

/** A change of the subscription's items at the end of its current period (a downgrade). */
export interface ScheduledSubscriptionChange {
  /** The items the subscription holds from its next period on (an item absent here is removed). */
  items: Array<{ ref: string; quantity: number }>;
  idempotencyKey: string;
}

/** A verified webhook event: only its identity; the state is read from the provider's object. */
export interface ProviderEvent {
  id: string;
  type: string;
  /** The id of the event's object (a checkout session, subscription or invoice). */
  objectId: string;
  created: Date;
}

export class WebhookSignatureError extends Error {
  constructor(message = 'Invalid webhook signature') {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

/** The provider refused a refund because the payment is already refunded (Stripe: charge_already_refunded). */
export class PaymentAlreadyRefundedError extends Error {
  constructor(paymentRef: string) {
    super(`The payment ${paymentRef} is already refunded`);
    this.name = 'PaymentAlreadyRefundedError';
  }
}

export interface PaymentsProvider {
  readonly name: ProviderName;
  createCustomer(input: { userId: string; email: string; name: string; idempotencyKey: string }): Promise<string>;
  createCheckoutSession(request: CheckoutRequest): Promise<ProviderCheckoutSession>;
  retrieveCheckoutSession(id: string): Promise<ProviderCheckoutSession | null>;
  retrieveSubscription(id: string): Promise<ProviderSubscription | null>;
  retrieveInvoice(id: string): Promise<ProviderInvoice | null>;
  updateSubscription(id: string, change: SubscriptionChange): Promise<ProviderSubscription>;
  /**
   * What updateSubscription(id, { items, prorate: true, prorationDate }) would charge at once,
   * changing nothing (Stripe: invoices.createPreview with proration_behavior always_invoice).
   */
  previewSubscriptionChange(id: string, change: { items: Array<{ ref: string; quantity: number }>; prorationDate: Date }): Promise<SubscriptionChangePreview>;
  /**
   * Changes the items at the end of the current period, without proration (a downgrade): the
   * subscription renews on the new items, and the provider then sends customer.subscription.updated.
   * Replaces a change scheduled before. Stripe: a subscription schedule of two phases.
   */
  scheduleSubscriptionChange(id: string, change: ScheduledSubscriptionChange): Promise<ProviderSubscription>;
  /** Takes a scheduled change back (the subscription goes on as it is); nothing when none is scheduled. */
  cancelScheduledChange(id: string, idempotencyKey: string): Promise<ProviderSubscription>;
  /**
   * Refunds a one-off payment in full (a video render that failed); throws
   * PaymentAlreadyRefundedError when the provider says it is refunded already.
   */
  refundPayment(paymentIntentId: string, idempotencyKey: string): Promise<void>;
  /**
   * Expires an open checkout session so it can no longer be paid (Stripe:
   * checkout.sessions.expire). A session that is no longer open is left as it is; either way the
   * session as the provider has it now is answered (null when unknown).
   */
  expireCheckoutSession(id: string): Promise<ProviderCheckoutSession | null>;
  /**
   * Ends the subscription at once (no proration, no final invoice) and refunds its first payment
   * in full: a second subscription of an account that already has one. Idempotent (a subscription
   * already canceled is not canceled again; a payment already refunded counts as refunded).
   * Answers the refunded invoice (null when it had none paid).
   */
  cancelSubscriptionAndRefund(id: string, idempotencyKey: string): Promise<ProviderInvoice | null>;
  /** The customer portal's URL ('Manage Billing'). */
  createPortalSession(customerId: string, returnUrl: string): Promise<string>;
  /** Verifies the signature over the raw body (300 s tolerance); throws WebhookSignatureError. */
  parseWebhook(rawBody: Buffer, signatureHeader: string): ProviderEvent;
}
