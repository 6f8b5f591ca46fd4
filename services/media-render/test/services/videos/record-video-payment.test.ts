// A paid video (payment.succeeded, kind 'video') with its ports faked: the entitlement, its job
// and 'queued'; other kinds and a payment whose render started already queue nothing.
import { VIDEO_MESSAGES } from '@trainwright/catalogue';
import type { VideoDeps, VideoStatusChange } from '../../../src/services/videos/deps.js';
import { recordVideoPayment } from '../../../src/services/videos/record-video-payment.js';
import { FakeEntitlements } from '../fake-entitlements.js';

const PROJECT = '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f';

function setup(view: 'kept' | 'deleted' | 'none' = 'kept') {
  const events: VideoStatusChange[] = [];
  const bus = { changed: async (change: VideoStatusChange) => void events.push(change) };
  const entitlements = new FakeEntitlements(bus);
  const jobs: string[] = [];
  const deps: VideoDeps = {
    entitlements,
    jobs: { enqueue: async (projectId, paymentId, plan) => void jobs.push(`${projectId} ${paymentId} ${plan.tier}`) },
    translationJobs: { enqueue: async () => undefined },
    translations: { renderContent: async () => null },
    events: bus,
    views: {
      find: async () =>
        view === 'kept' ? { projectId: PROJECT, companyId: 'company-1', title: 'T', status: 'completed', visualFormat: 'mp4', hasContent: true, contentVersion: 4 } : view === 'deleted' ? 'deleted' : null,
    },
    projects: { renderInput: async () => ({ project: { companyId: 'company-9', contentVersion: 5 } as never, template: null, renderKey: 'k' }) },
    companyPlans: { companyPlan: async (companyId) => ({ tier: companyId === 'company-9' ? 'business' : 'professional', trialState: 'active' }) },
  };
  return { deps, entitlements, jobs, events };
}

describe(recordVideoPayment.name, () => {
  it('should record the paid video, queue its job and say it is queued', async () => {
    const { deps, entitlements, jobs, events } = setup();
    await expect(recordVideoPayment(deps, 'event-1', { paymentId: 'pay_1', kind: 'video', projectId: PROJECT, amountCents: 300, paidVersion: 5 })).resolves.toBe('queued');
    expect(entitlements.rows).toMatchObject([{ paymentId: 'pay_1', projectId: PROJECT, companyId: 'company-1', amountCents: 300, status: 'available' }]);
    expect(jobs).toEqual([`${PROJECT} pay_1 professional`]);
    expect(events).toEqual([{ projectId: PROJECT, companyId: 'company-1', status: 'queued', contentVersion: 4, paymentId: 'pay_1' }]);
  });

  it('should ignore other kinds and payments without a project', async () => {
    const { deps, entitlements, jobs } = setup();
    await expect(recordVideoPayment(deps, 'event-1', { paymentId: 'pay_1', kind: 'credits', projectId: '', amountCents: 250, paidVersion: 5 })).resolves.toBe('ignored');
    await expect(recordVideoPayment(deps, 'event-2', { paymentId: 'pay_2', kind: 'video', projectId: 'not-a-project', amountCents: 250, paidVersion: 5 })).resolves.toBe('ignored');
    expect([...entitlements.rows, ...jobs]).toEqual([]);
  });

  it('should queue nothing again once the render started', async () => {
    const { deps, entitlements, jobs } = setup();
    await recordVideoPayment(deps, 'event-1', { paymentId: 'pay_1', kind: 'video', projectId: PROJECT, amountCents: 300, paidVersion: 5 });
    entitlements.rows[0]!.status = 'rendering';
    await expect(recordVideoPayment(deps, 'event-2', { paymentId: 'pay_1', kind: 'video', projectId: PROJECT, amountCents: 300, paidVersion: 5 })).resolves.toBe('started');
    expect(jobs).toHaveLength(1);
    expect(entitlements.rows).toHaveLength(1);
  });

  it("should read the company from the project service without a view, and queue the job with its owner's plan as it is now", async () => {
    const none = setup('none');
    await recordVideoPayment(none.deps, 'event-1', { paymentId: 'pay_1', kind: 'video', projectId: PROJECT, amountCents: 300, paidVersion: 5 });
    expect(none.events[0]).toMatchObject({ companyId: 'company-9', contentVersion: 5 });
    expect(none.jobs).toEqual([`${PROJECT} pay_1 business`]);
  });

  it('should fail the payment of a deleted project at once (billing refunds it) and queue nothing', async () => {
    const deleted = setup('deleted');
    await expect(recordVideoPayment(deleted.deps, 'event-1', { paymentId: 'pay_1', kind: 'video', projectId: PROJECT, amountCents: 300, paidVersion: 5 })).resolves.toBe('ignored');
    expect(deleted.jobs).toEqual([]);
    expect(deleted.events).toEqual([expect.objectContaining({ status: 'failed', paymentId: 'pay_1', error: VIDEO_MESSAGES.projectDeleted, errorMessage: { id: 'video.projectDeleted', params: [] } })]);
    expect(deleted.entitlements.rows[0]).toMatchObject({ status: 'failed', error: VIDEO_MESSAGES.projectDeleted, errorMessage: { id: 'video.projectDeleted', params: [] } });
  });

  it("should fail a translation's video without a completed translation by id, with the language's code (the text names it in English)", async () => {
    const { deps, entitlements, events } = setup();
    await expect(recordVideoPayment(deps, 'event-1', { paymentId: 'pay_fr', kind: 'video', projectId: PROJECT, amountCents: 300, paidVersion: 5, language: 'fr' })).resolves.toBe('ignored');
    const reason = { error: VIDEO_MESSAGES.noTranslation('fr'), errorMessage: { id: 'video.noTranslation', params: ['fr'] } };
    expect(reason.error).toBe('The project has no completed translation into French, so its narrated video was not rendered. The payment is refunded.');
    expect(entitlements.rows[0]).toMatchObject({ paymentId: 'pay_fr', status: 'failed', ...reason });
    expect(events).toEqual([expect.objectContaining({ status: 'failed', paymentId: 'pay_fr', language: 'fr', ...reason })]);
  });
});
