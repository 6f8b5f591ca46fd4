// The paid videos in memory, as the repository keeps them (videos/video-payments.medium.test.ts runs the SQL).
import type { Failure } from '@trainwright/platform';
import { paysFor, type VideoKey } from '../../src/services/videos/paid-video.js';
import type { EntitlementClaim, VideoEntitlement, VideoEntitlements, VideoEvents, VideoStatusChange } from '../../src/services/videos/deps.js';

export class FakeEntitlements implements VideoEntitlements {
  rows: VideoEntitlement[] = [];
  /** Where a payment's end writes its fact (the repository's outbox, which the relay publishes). */
  constructor(private readonly facts: VideoEvents = { changed: async () => undefined }) {}
  readonly applied = new Set<string>();
  pay(paymentId: string, status: VideoEntitlement['status'] = 'available', projectId = 'project-1'): VideoEntitlement {
    const row: VideoEntitlement = { paymentId, projectId, companyId: 'company-1', amountCents: 100, status, contentVersion: null, paidVersion: null, language: '', renderKey: null, error: '', errorMessage: null, updatedAt: new Date() };
    this.rows.push(row);
    return row;
  }
  async grant(eventId: string, paid: { paymentId: string; projectId: string; companyId: string; amountCents: number; paidVersion: number | null; language?: string }) {
    if (!this.applied.has(eventId) && !this.rows.some((r) => r.paymentId === paid.paymentId)) this.rows.push({ ...paid, language: paid.language ?? '', status: 'available', contentVersion: null, renderKey: null, error: '', errorMessage: null, updatedAt: new Date() });
    this.applied.add(eventId);
    return { ...this.rows.find((r) => r.paymentId === paid.paymentId)! };
  }
  async find(paymentId: string) {
    return this.rows.find((r) => r.paymentId === paymentId) ?? null;
  }
  async nextAvailable(projectId: string) {
    return this.rows.find((r) => r.projectId === projectId && r.status === 'available') ?? null;
  }
  async pending(projectId: string, language = '') {
    return this.rows.filter((r) => r.projectId === projectId && r.language === language && (r.status === 'available' || r.status === 'rendering'));
  }
  async paidFor(key: VideoKey) {
    return this.rows.some((r) => r.status !== 'failed' && (r.paidVersion === null ? r.contentVersion === key.contentVersion && paysFor(r, key) : paysFor(r, key)));
  }
  async claim(paymentId: string, staleBefore: Date): Promise<EntitlementClaim> {
    const mine = this.rows.find((r) => r.paymentId === paymentId);
    if (!mine) return { kind: 'finished', status: 'missing' };
    if (mine.status === 'rendering') return { kind: 'continued', entitlement: { ...mine } };
    if (mine.status !== 'available') return { kind: 'finished', status: mine.status };
    if (this.rows.some((r) => r.projectId === mine.projectId && r !== mine && r.status === 'rendering' && r.updatedAt >= staleBefore)) return { kind: 'busy' };
    mine.status = 'rendering';
    return { kind: 'claimed', entitlement: { ...mine } };
  }
  async rendering(paymentId: string, renderKey: string) {
    const row = this.rows.find((r) => r.paymentId === paymentId && r.status === 'rendering');
    if (row) Object.assign(row, { renderKey, updatedAt: new Date() });
  }
  async consume(paymentId: string, contentVersion: number, ready: VideoStatusChange) {
    const row = this.rows.find((r) => r.paymentId === paymentId && (r.status === 'available' || r.status === 'rendering'));
    if (!row) return;
    Object.assign(row, { status: 'consumed', contentVersion });
    await this.facts.changed(ready);
  }
  async fail(paymentId: string, reason: Failure, failed: VideoStatusChange) {
    const row = this.rows.find((r) => r.paymentId === paymentId && (r.status === 'available' || r.status === 'rendering'));
    if (!row) return;
    Object.assign(row, { status: 'failed', error: reason.text, errorMessage: reason.message });
    // As the repository writes the fact: with the payment's reason.
    await this.facts.changed({ ...failed, error: reason.text, errorMessage: reason.message });
  }
}

