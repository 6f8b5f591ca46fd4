// In-memory ports for unit tests of the operations: a store with transactions that roll back, a
// provider that records its calls, and auth's usage as a value.
import type { PlanUsage } from '@trainwright/catalogue';
import type { OutboxEvent } from '@trainwright/platform';
import type { CheckoutRequest, PaymentsProvider, ProviderCheckoutSession, ProviderEvent, ProviderInvoice, ProviderSubscription, SubscriptionChange } from '../../src/services/billing/provider.js';
import { PaymentAlreadyRefundedError, WebhookSignatureError } from '../../src/services/billing/provider.js';
import type { AccountState, AuthDirectory, BillingDeps, BillingStore, BillingTx, CheckoutRecord, MediaDirectory, NarrationEstimate, PaymentRecord, VideoPaymentRecord } from '../../src/services/billing/deps.js';
import { AppError } from '@trainwright/platform';

interface State {
  accounts: Map<string, Omit<AccountState, 'addOns' | 'creditBalanceCents'>>;
  addOns: Map<string, AccountState['addOns']>;
  checkouts: Map<string, CheckoutRecord>;
  payments: PaymentRecord[];
  credits: Array<{ userId: string; amountCents: number; ref: string }>;
  webhooks: Map<string, string>;
  outbox: OutboxEvent[];
  processed: Set<string>;
  videos: VideoPaymentRecord[];
}

const clone = (s: State): State => ({
  accounts: new Map([...s.accounts].map(([k, v]) => [k, { ...v }])),
  addOns: new Map([...s.addOns].map(([k, v]) => [k, [...v]])),
  checkouts: new Map([...s.checkouts].map(([k, v]) => [k, { ...v }])),
  payments: s.payments.map((p) => ({ ...p })),
  credits: [...s.credits],
  webhooks: new Map(s.webhooks),
  outbox: [...s.outbox],
  processed: new Set(s.processed),
  videos: s.videos.map((v) => ({ ...v })),
});

export class MemoryStore implements BillingStore {
  state: State = { accounts: new Map(), addOns: new Map(), checkouts: new Map(), payments: [], credits: [], webhooks: new Map(), outbox: [], processed: new Set(), videos: [] };
  private n = 0;

  private view(userId: string): AccountState | null {
    const a = this.state.accounts.get(userId);
    if (!a) return null;
    return { ...a, addOns: [...(this.state.addOns.get(userId) ?? [])], creditBalanceCents: this.state.credits.filter((c) => c.userId === userId).reduce((s, c) => s + c.amountCents, 0) };
  }

  async findAccount(userId: string) {
    return this.view(userId);
  }
  async findAccountByCustomer(customerId: string) {
    const a = [...this.state.accounts.values()].find((x) => x.providerCustomerId === customerId);
    return a ? this.view(a.userId) : null;
  }
  async findAccountByEmail(email: string) {
    const a = [...this.state.accounts.values()].find((x) => x.email.toLowerCase() === email.toLowerCase());
    return a ? this.view(a.userId) : null;
  }
  async createAccount(input: { userId: string; email: string; name: string; provider: 'local' | 'stripe' }, eventId?: string) {
    if (eventId) {
      if (this.state.processed.has(eventId)) return false;
      this.state.processed.add(eventId);
    }
    if (this.state.accounts.has(input.userId)) return false;
    this.state.accounts.set(input.userId, {
      ...input,
      providerCustomerId: null,
      tier: 'free-trial',
      interval: null,
      status: 'trialing',
      providerSubscriptionId: null,
      currentPeriodStart: null,
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      scheduledTier: null,
      scheduledInterval: null,
      pastDueSince: null,
      effectiveTier: 'free-trial',
      version: 0,
    });
    return true;
  }
  async setCustomer(userId: string, provider: 'local' | 'stripe', customerId: string) {
    const a = this.state.accounts.get(userId)!;
    if (!a.providerCustomerId || a.provider !== provider) Object.assign(a, { provider, providerCustomerId: customerId });
    return a.providerCustomerId!;
  }
  async findCheckout(id: string) {
    return this.state.checkouts.get(id) ?? null;
  }
  async findCheckoutByKey(key: string) {
    return [...this.state.checkouts.values()].find((c) => c.idempotencyKey === key) ?? null;
  }
  async findOpenCheckout(userId: string, purpose: string, itemKey: string, since: Date) {
    return [...this.state.checkouts.values()].find((c) => c.userId === userId && c.purpose === purpose && c.itemKey === itemKey && c.status === 'open' && c.createdAt >= since) ?? null;
  }
  async listOpenCheckouts(userId: string, purpose: string) {
    return [...this.state.checkouts.values()].filter((c) => c.userId === userId && c.purpose === purpose && c.status === 'open').sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  }
  now: () => Date = () => new Date();
  async insertCheckout(r: Omit<CheckoutRecord, 'createdAt'>) {
    const existing = await this.findCheckoutByKey(r.idempotencyKey);
    if (existing) return existing;
    const row = { ...r, createdAt: this.now() };
    this.state.checkouts.set(r.id, row);
    return row;
  }
  async listPayments(userId: string, limit: number) {
    return this.state.payments.filter((p) => p.userId === userId).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()).slice(0, limit);
  }
  async findVideoPayment(paymentId: string) {
    const v = this.state.videos.find((x) => x.paymentId === paymentId);
    return v ? { ...v } : null;
  }
  async findPaidVideo(projectId: string, contentVersion: number, language: string) {
    const v = this.state.videos.find((x) => x.projectId === projectId && x.contentVersion === contentVersion && x.language === language && x.status !== 'refunded');
    return v ? { ...v } : null;
  }
  async dueScheduledChanges(now: Date) {
    return [...this.state.accounts.values()].filter((a) => a.scheduledTier && a.currentPeriodEnd && a.currentPeriodEnd <= now).map((a) => a.userId);
  }
  async graceEnded(since: Date) {
    return [...this.state.accounts.values()].filter((a) => a.status === 'past_due' && a.pastDueSince && a.pastDueSince <= since && a.effectiveTier !== 'free-trial').map((a) => a.userId);
  }
  async transaction<T>(fn: (tx: BillingTx) => Promise<T>): Promise<T> {
    const saved = clone(this.state);
    const s = this.state;
    const tx: BillingTx = {
      recordWebhookEvent: async (id) => (s.webhooks.has(id) ? false : (s.webhooks.set(id, 'processed'), true)),
      markWebhookIgnored: async (id) => void s.webhooks.set(id, 'ignored'),
      lockAccount: async (userId) => this.view(userId),
      updateAccount: async (userId, patch) => {
        const a = s.accounts.get(userId)!;
        for (const [k, v] of Object.entries(patch)) if (v !== undefined) (a as Record<string, unknown>)[k] = v;
      },
      replaceAddOns: async (userId, addOns) => void s.addOns.set(userId, [...addOns]),
      lockCheckout: async (id) => s.checkouts.get(id) ?? null,
      updateCheckout: async (id, patch) => void Object.assign(s.checkouts.get(id)!, patch),
      upsertPayment: async (p) => {
        const found = s.payments.find((x) => x.providerRef === p.providerRef);
        if (!found) {
          const id = `pay_${++this.n}`;
          s.payments.push({ ...p, id });
          return { id, changed: true };
        }
        if (found.status === p.status || found.status === 'refunded') return { id: found.id, changed: false };
        found.status = p.status;
        return { id: found.id, changed: true };
      },
      addCreditEntry: async (e) => (s.credits.some((c) => c.ref === e.ref) ? false : (s.credits.push(e), true)),
      enqueue: async (events) => void s.outbox.push(...events),
      markEventApplied: async (id) => (s.processed.has(id) ? false : (s.processed.add(id), true)),
      insertCheckout: async (r) => {
        if (s.checkouts.has(r.id) || [...s.checkouts.values()].some((c) => c.idempotencyKey === r.idempotencyKey)) throw new Error('unique violation');
        s.checkouts.set(r.id, { ...r, createdAt: this.now() });
      },
      setPaymentStatus: async (id, status) => void (s.payments.find((p) => p.id === id)!.status = status),
      findPaidVideo: async (projectId, contentVersion, language) => s.videos.find((v) => v.projectId === projectId && v.contentVersion === contentVersion && v.language === language && v.status !== 'refunded') ?? null,
      insertVideoPayment: async (r) => {
        if (s.videos.some((v) => v.paymentId === r.paymentId || (v.projectId === r.projectId && v.contentVersion === r.contentVersion && v.language === r.language && v.status !== 'refunded'))) return false;
        s.videos.push({ ...r, status: 'paid' });
        return true;
      },
      lockVideoPayment: async (id) => s.videos.find((v) => v.paymentId === id) ?? null,
      setVideoPaymentStatus: async (id, status) => void (s.videos.find((v) => v.paymentId === id)!.status = status),
    };
    try {
      return await fn(tx);
    } catch (error) {
      this.state = saved;
      throw error;
    }
  }
}

/** A provider whose objects are plain maps; it records what it was asked. */
export class MemoryProvider implements PaymentsProvider {
  readonly name = 'local' as const;
  sessions = new Map<string, ProviderCheckoutSession>();
  subscriptions = new Map<string, ProviderSubscription>();
  invoices = new Map<string, ProviderInvoice>();
  checkoutRequests: CheckoutRequest[] = [];
  updates: Array<{ id: string; change: SubscriptionChange }> = [];
  /** Scheduled changes by subscription (the items from the period's end on). */
  schedules = new Map<string, Array<{ ref: string; quantity: number }>>();
  scheduleCalls: Array<{ id: string; items: Array<{ ref: string; quantity: number }> | null }> = [];
  private n = 0;
  private byKey = new Map<string, string>();

  async createCustomer() {
    return `cus_${++this.n}`;
  }
  async createCheckoutSession(request: CheckoutRequest) {
    this.checkoutRequests.push(request);
    const known = this.byKey.get(request.idempotencyKey);
    if (known) return this.sessions.get(known)!;
    const id = `cs_${++this.n}`;
    const session: ProviderCheckoutSession = {
      id,
      url: `https://pay.example/${id}`,
      mode: request.mode,
      status: 'open',
      paymentStatus: 'unpaid',
      customerId: request.customerId,
      subscriptionId: null,
      paymentIntentId: null,
      amountTotalCents: request.lineItems.reduce((s, i) => s + i.unitAmountCents * i.quantity, 0),
      metadata: request.metadata,
    };
    this.sessions.set(id, session);
    this.byKey.set(request.idempotencyKey, id);
    return session;
  }
  async retrieveCheckoutSession(id: string) {
    return this.sessions.get(id) ?? null;
  }
  async retrieveSubscription(id: string) {
    const s = this.subscriptions.get(id);
    return s ? { ...s, items: s.items.map((i) => ({ ...i })) } : null;
  }
  async retrieveInvoice(id: string) {
    return this.invoices.get(id) ?? null;
  }
  async updateSubscription(id: string, change: SubscriptionChange) {
    this.updates.push({ id, change });
    const s = this.subscriptions.get(id)!;
    const next = { ...s, items: change.items.map((i, k) => ({ id: `si_${id}_${i.ref}_${k}`, ...i })), cancelAtPeriodEnd: change.cancelAtPeriodEnd ?? s.cancelAtPeriodEnd };
    this.subscriptions.set(id, next);
    return { ...next };
  }
  /** Previews charge what `previewAmountCents` says (the local and Stripe providers compute it; medium tests). */
  previewAmountCents = 5000;
  previews: Array<{ id: string; items: Array<{ ref: string; quantity: number }>; prorationDate: Date }> = [];
  async previewSubscriptionChange(id: string, change: { items: Array<{ ref: string; quantity: number }>; prorationDate: Date }) {
    this.previews.push({ id, ...change });
    return { amountDueCents: this.previewAmountCents };
  }
  async scheduleSubscriptionChange(id: string, change: { items: Array<{ ref: string; quantity: number }> }) {
    this.scheduleCalls.push({ id, items: change.items });
    this.schedules.set(id, change.items);
    return (await this.retrieveSubscription(id))!;
  }
  async cancelScheduledChange(id: string) {
    this.scheduleCalls.push({ id, items: null });
    this.schedules.delete(id);
    return (await this.retrieveSubscription(id))!;
  }
  /** What the provider does at the period's end: the scheduled items take over (no event sent here). */
  applySchedule(id: string, periodEnd: Date) {
    const s = this.subscriptions.get(id)!;
    const items = this.schedules.get(id);
    this.schedules.delete(id);
    const next = { ...s, currentPeriodStart: s.currentPeriodEnd, currentPeriodEnd: periodEnd, items: items ? items.map((i, k) => ({ id: `si_${id}_${i.ref}_${k}`, ...i })) : s.items };
    this.subscriptions.set(id, next);
  }
  refunds: Array<{ paymentIntentId: string; idempotencyKey: string }> = [];
  /** Payment intents the provider says are refunded already (a refund of one is refused). */
  alreadyRefunded = new Set<string>();
  async refundPayment(paymentIntentId: string, idempotencyKey: string) {
    if (this.alreadyRefunded.has(paymentIntentId)) throw new PaymentAlreadyRefundedError(paymentIntentId);
    this.refunds.push({ paymentIntentId, idempotencyKey });
  }
  expired: string[] = [];
  async expireCheckoutSession(id: string) {
    const s = this.sessions.get(id);
    if (!s) return null;
    if (s.status === 'open') {
      s.status = 'expired';
      this.expired.push(id);
    }
    return { ...s };
  }
  /** Subscriptions ended at once with their first invoice refunded. */
  cancellations: Array<{ id: string; idempotencyKey: string }> = [];
  async cancelSubscriptionAndRefund(id: string, idempotencyKey: string) {
    this.cancellations.push({ id, idempotencyKey });
    const s = this.subscriptions.get(id)!;
    this.subscriptions.set(id, { ...s, status: 'canceled' });
    return [...this.invoices.values()].find((i) => i.subscriptionId === id && i.status === 'paid') ?? null;
  }
  async createPortalSession(_customer: string, returnUrl: string) {
    return `https://portal.example/?return=${encodeURIComponent(returnUrl)}`;
  }
  /** Signature: 'ok' verifies; the body is the event as JSON. */
  parseWebhook(rawBody: Buffer, signature: string): ProviderEvent {
    if (signature !== 'ok') throw new WebhookSignatureError();
    const e = JSON.parse(rawBody.toString()) as { id: string; type: string; objectId: string };
    return { ...e, created: new Date(0) };
  }
}

export class MemoryDirectory implements AuthDirectory {
  usageOf: PlanUsage = { projectsUsed: 0, companiesOwned: 1, largestCompanyMembers: 1 };
  async profile(userId: string) {
    return { email: `${userId}@example.com`, name: 'Ada' };
  }
  async usage() {
    return this.usageOf;
  }
}

/** media-render's narration estimates by project; an unknown project is NOT_FOUND. */
export class MemoryMedia implements MediaDirectory {
  projects = new Map<string, NarrationEstimate>();
  /** `language`: a translation's narration ('' the project's own). */
  set(projectId: string, e: Partial<NarrationEstimate> = {}, language = ''): NarrationEstimate {
    const estimate: NarrationEstimate = {
      slidesCount: 4,
      secondsPerSlide: [20, 30, 40, 35],
      totalSeconds: 125,
      hasNarration: true,
      voiceEnabled: true,
      visualFormat: 'mp4',
      ownerTier: 'professional',
      companyId: 'c1',
      contentVersion: 1,
      ...e,
    };
    this.projects.set(language ? `${projectId}:${language}` : projectId, estimate);
    return estimate;
  }
  async estimateNarration(_userId: string, projectId: string, language = '') {
    const e = this.projects.get(language ? `${projectId}:${language}` : projectId);
    if (!e) throw AppError.notFound();
    return { ...e };
  }
}

export function memoryDeps(now = new Date('2026-03-01T12:00:00Z')) {
  const clock = { now };
  const store = new MemoryStore();
  store.now = () => clock.now;
  const provider = new MemoryProvider();
  const directory = new MemoryDirectory();
  const media = new MemoryMedia();
  const deps: BillingDeps = { store, provider, directory, media, localCheckout: null, clock: () => clock.now, graceDays: 7 };
  return { deps, store, provider, directory, media, clock };
}
