// What every billing operation works with: its store, auth as a directory of users, media-render's
// estimates, the local test checkout's desk (the repositories and adapters implement these ports;
// unit tests fake them), the payments provider (its port in provider.ts), the clock and settings.
import type { AddOnId, BillingInterval, PlanUsage, TierId } from '@trainwright/catalogue';
import type { Logger, OutboxEvent } from '@trainwright/platform';
import type { PaymentsProvider, ProviderName } from './provider.js';
import type { NarrationEstimate as ProtoNarrationEstimate } from '@trainwright/proto/trainwright/media/v1/media';

export type AccountStatus = 'trialing' | 'active' | 'past_due' | 'canceled' | 'incomplete';
export type Purpose = 'subscription' | 'add_on' | 'credits' | 'video';

export interface AccountRecord {
  userId: string;
  email: string;
  name: string;
  provider: ProviderName;
  providerCustomerId: string | null;
  /** The plan paid for ('free-trial' before any payment). */
  tier: TierId;
  interval: BillingInterval | null;
  status: AccountStatus;
  providerSubscriptionId: string | null;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  scheduledTier: TierId | null;
  scheduledInterval: BillingInterval | null;
  pastDueSince: Date | null;
  /** The effective tier last published. */
  effectiveTier: TierId;
  version: number;
}

export interface AccountState extends AccountRecord {
  addOns: Array<{ addOn: AddOnId; providerItemId: string | null }>;
  creditBalanceCents: number;
}

export type AccountPatch = Partial<Omit<AccountRecord, 'userId'>>;

export interface CheckoutRecord {
  id: string;
  userId: string;
  purpose: Purpose;
  mode: 'subscription' | 'payment';
  itemKey: string;
  tier: TierId | null;
  interval: BillingInterval | null;
  addOn: AddOnId | null;
  credits: number | null;
  projectId: string | null;
  /** A video checkout: the project's content version it was priced for. */
  contentVersion: number | null;
  /** A video checkout: the video's language ('' the project's own, else a translation's). */
  language: string;
  amountCents: number;
  status: 'open' | 'complete' | 'expired';
  paymentStatus: 'unpaid' | 'paid' | 'failed' | 'no_payment_required';
  url: string;
  idempotencyKey: string;
  createdAt: Date;
}

export interface PaymentRecord {
  id: string;
  userId: string;
  kind: Purpose;
  description: string;
  amountCents: number;
  currency: string;
  status: 'succeeded' | 'failed' | 'refunded';
  providerRef: string;
  invoiceUrl: string;
  projectId: string | null;
  createdAt: Date;
  /** A video payment's language ('' the project's own; read from its video row, never written here). */
  language?: string;
}

/** A paid narrated video: paid -> rendered (the render succeeded) or refunded (it failed). */
export interface VideoPaymentRecord {
  /** The payments row's id (what payment.succeeded and video.status_changed carry). */
  paymentId: string;
  projectId: string;
  userId: string;
  amountCents: number;
  paidWith: 'card' | 'credits';
  /** The provider's payment intent (card) or our own ref (credits). */
  providerRef: string;
  /** The project's content version it pays the video of. */
  contentVersion: number | null;
  /** '' the project's own video, else a translation's language: each is paid on its own. */
  language: string;
  status: 'paid' | 'rendered' | 'refunded';
}

/** The writes of one transaction: the change, its ledger entries and its events commit together. */
export interface BillingTx {
  /** Records a provider event; false when it was recorded before (a duplicate). */
  recordWebhookEvent(eventId: string, type: string): Promise<boolean>;
  markWebhookIgnored(eventId: string): Promise<void>;
  /** The account, locked until the transaction ends (null when there is none). */
  lockAccount(userId: string): Promise<AccountState | null>;
  updateAccount(userId: string, patch: AccountPatch): Promise<void>;
  replaceAddOns(userId: string, addOns: Array<{ addOn: AddOnId; providerItemId: string | null }>): Promise<void>;
  lockCheckout(id: string): Promise<CheckoutRecord | null>;
  updateCheckout(id: string, patch: Pick<CheckoutRecord, 'status' | 'paymentStatus'>): Promise<void>;
  /** Inserts or updates the payment with this provider ref; `changed` when it is new or its status changed. */
  upsertPayment(payment: Omit<PaymentRecord, 'id'>): Promise<{ id: string; changed: boolean }>;
  /** False when an entry with this ref exists. */
  addCreditEntry(entry: { userId: string; amountCents: number; reason: string; ref: string }): Promise<boolean>;
  enqueue(events: OutboxEvent[]): Promise<void>;
  /** Records a consumed bus event; false when it was applied before. */
  markEventApplied(eventId: string): Promise<boolean>;
  /** Inserts a session created by billing itself (a video paid with credits). */
  insertCheckout(record: Omit<CheckoutRecord, 'createdAt'>): Promise<void>;
  setPaymentStatus(paymentId: string, status: PaymentRecord['status']): Promise<void>;
  /** The video of the project's language and version, paid and not refunded. */
  findPaidVideo(projectId: string, contentVersion: number, language: string): Promise<VideoPaymentRecord | null>;
  /** False when the project already has a paid video (or the payment is recorded). */
  insertVideoPayment(record: Omit<VideoPaymentRecord, 'status'>): Promise<boolean>;
  lockVideoPayment(paymentId: string): Promise<VideoPaymentRecord | null>;
  setVideoPaymentStatus(paymentId: string, status: VideoPaymentRecord['status']): Promise<void>;
}

export interface BillingStore {
  findAccount(userId: string): Promise<AccountState | null>;
  findAccountByCustomer(customerId: string): Promise<AccountState | null>;
  findAccountByEmail(email: string): Promise<AccountState | null>;
  /** Creates the account unless it exists; with `eventId`, also records the consumed event (false when seen). */
  createAccount(input: { userId: string; email: string; name: string; provider: ProviderName }, eventId?: string): Promise<boolean>;
  /** Sets the customer unless one of this provider is set; returns the customer id that holds. */
  setCustomer(userId: string, provider: ProviderName, customerId: string): Promise<string>;
  findCheckout(id: string): Promise<CheckoutRecord | null>;
  findCheckoutByKey(idempotencyKey: string): Promise<CheckoutRecord | null>;
  findOpenCheckout(userId: string, purpose: Purpose, itemKey: string, since: Date): Promise<CheckoutRecord | null>;
  /** The user's open sessions of a purpose (any item, any age), newest first. */
  listOpenCheckouts(userId: string, purpose: Purpose): Promise<CheckoutRecord[]>;
  /** Inserts the session; on an idempotency-key conflict returns the one stored. */
  insertCheckout(record: Omit<CheckoutRecord, 'createdAt'>): Promise<CheckoutRecord>;
  listPayments(userId: string, limit: number): Promise<PaymentRecord[]>;
  findVideoPayment(paymentId: string): Promise<VideoPaymentRecord | null>;
  /** The video of the project's language and version, paid and not refunded. */
  findPaidVideo(projectId: string, contentVersion: number, language: string): Promise<VideoPaymentRecord | null>;
  /** Users with a scheduled change whose current period ends by `by` (active or past_due). */
  dueScheduledChanges(now: Date): Promise<string[]>;
  /** Users past_due since before `since` whose published effective tier is still paid. */
  graceEnded(since: Date): Promise<string[]>;
  /** Runs `fn` in one transaction; events it enqueued are published after the commit. */
  transaction<T>(fn: (tx: BillingTx) => Promise<T>): Promise<T>;
}

/** The auth service as billing needs it. */
export interface AuthDirectory {
  profile(userId: string): Promise<{ email: string; name: string }>;
  usage(userId: string): Promise<PlanUsage>;
}

/** What media-render says of a project's narrated video: MediaService.EstimateNarration's answer as
 * the contract defines it (media.proto). */
export type NarrationEstimate = ProtoNarrationEstimate;

/** media-render as billing needs it; NOT_FOUND for a project the caller may not read. */
export interface MediaDirectory {
  /** `language`: a completed translation's narration ('' the project's own); NOT_FOUND when it has none. */
  estimateNarration(userId: string, projectId: string, language: string): Promise<NarrationEstimate>;
}

export interface LocalCheckoutView {
  id: string;
  mode: 'subscription' | 'payment';
  lineItems: Array<{ ref: string; description: string; unitAmountCents: number; quantity: number; interval: BillingInterval | null }>;
  totalCents: number;
  status: 'open' | 'complete' | 'expired';
  cancelUrl: string;
}

/** The local test checkout's page actions (absent with Stripe). */
export interface LocalCheckoutDesk {
  view(sessionId: string): Promise<LocalCheckoutView | null>;
  /** Pays the session (a second call redelivers its events: no-ops); returns the success URL. */
  pay(sessionId: string): Promise<string>;
  /** Leaves the session open; returns the cancel URL. */
  cancel(sessionId: string): Promise<string>;
  /** Renews (or ends, when cancelling at the period's end) subscriptions whose period ended. */
  renewDue(now: Date): Promise<number>;
  /** Expires open sessions whose 24 hours ran out, each emitting checkout.session.expired once. */
  expireDue(now: Date): Promise<number>;
}

export interface BillingDeps {
  store: BillingStore;
  provider: PaymentsProvider;
  directory: AuthDirectory;
  media: MediaDirectory;
  /** Only with the local provider. */
  localCheckout: LocalCheckoutDesk | null;
  clock: () => Date;
  graceDays: number;
  /** What the operations note without publishing it (a scheduled downgrade withdrawn). */
  logger?: Pick<Logger, 'info' | 'warn' | 'error'>;
}
