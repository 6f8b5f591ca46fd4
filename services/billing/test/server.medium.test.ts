// The gRPC server starts with every method handled and answers over the wire.
import { randomUUID } from 'node:crypto';
import { createGrpcClient, createLogger } from '@trainwright/platform';
import { createTestInfra, type TestInfra } from '@trainwright/platform/testing';
import { BillingServiceClient, BillingServiceService } from '@trainwright/proto/trainwright/billing/v1/billing';
import { loadBillingConfig } from '../src/config.js';
import { migrateBilling, startBillingServer, type BillingServer } from '../src/main.js';
import { MemoryDirectory, MemoryMedia } from './support/memory.js';

let infra: TestInfra;
let server: BillingServer;
const media = new MemoryMedia();

beforeAll(async () => {
  infra = await createTestInfra('billing_grpc');
  const config = loadBillingConfig({ DATABASE_URL: infra.databaseUrl, NATS_URL: infra.natsUrl, NAMESPACE: infra.namespace, REDIS_URL: infra.redisUrl, AUTH_SERVICE_ADDR: '127.0.0.1:1', MEDIA_SERVICE_ADDR: '127.0.0.1:1', BILLING_GRPC_PORT: '0' });
  await migrateBilling(config);
  server = await startBillingServer(config, createLogger('test', 'silent'), { directory: new MemoryDirectory(), media });
});

afterAll(async () => {
  await server?.core.bus.destroy();
  await server?.close();
  await infra?.cleanup();
});

describe('billing gRPC', () => {
  it('should answer GetSubscription, ChangePlan and a refused webhook', async () => {
    const client = createGrpcClient(BillingServiceClient as never, BillingServiceService, `127.0.0.1:${server.port}`);
    try {
      const userId = randomUUID();
      expect(await client.getSubscription({ userId })).toMatchObject({ tier: 'free-trial', status: 'trialing', effectiveTier: 'free-trial', provider: 'local', creditBalanceCents: 0 });
      const change = await client.changePlan({ userId, tier: 'enterprise', interval: 'year', returnUrlBase: 'http://localhost:5173', idempotencyKey: 'x', confirmAmountCents: 0, prorationDate: 0 });
      expect(change.checkoutUrl).toBe(`http://localhost:5173/checkout/${change.sessionId}`);
      const page = await client.getLocalCheckout({ userId, sessionId: change.sessionId });
      expect(page).toMatchObject({ totalCents: 191040, currency: 'usd', mode: 'subscription' });
      // The local checkout completes in-process: its webhook over the wire refuses everything,
      // even an event signed with the provider's own secret.
      const localWebhookRefused = { code: 'FORBIDDEN', message: 'This server takes no payment webhooks: the local test checkout completes its payments itself.' };
      await expect(client.handleWebhook({ rawBody: Buffer.from('{}'), signature: 'nope' })).rejects.toMatchObject(localWebhookRefused);
      const event = JSON.stringify({ id: `evt_${randomUUID()}`, object: 'event', type: 'checkout.session.completed', created: Math.floor(Date.now() / 1000), data: { object: { id: change.sessionId, object: 'checkout.session' } } });
      await expect(client.handleWebhook({ rawBody: Buffer.from(event), signature: server.core.local!.sign(event) })).rejects.toMatchObject(localWebhookRefused);
      await expect(client.getCheckoutStatus({ userId: randomUUID(), sessionId: change.sessionId })).rejects.toMatchObject({ code: 'NOT_FOUND' });

      const projectId = randomUUID();
      media.set(projectId, { totalSeconds: 95, slidesCount: 5, ownerTier: 'business' });
      expect(await client.estimateVideo({ userId, projectId, language: '' })).toEqual({
        totalCost: 1.2,
        totalEstimatedMinutes: 2,
        slidesCount: 5,
        voiceEnabled: true,
        estimatedDurationPerSlide: 19,
        totalCostCents: 120,
        ratePerMinute: 0.6,
        fromNarration: true,
        creditBalanceCents: 0,
      });
      await expect(client.estimateVideo({ userId, projectId: randomUUID(), language: '' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
      const confirm = { userId, projectId, billingType: 'video_generation', estimatedDurationMinutes: 2, format: 'mp4', returnUrlBase: 'http://localhost:5173', idempotencyKey: 'v', useCredits: true, language: '' };
      await expect(client.confirmVideoPayment(confirm)).rejects.toMatchObject({ code: 'VALIDATION_FAILED', message: 'Your video credits ($0.00) do not cover this video ($1.20). Buy credits or pay by card.' });
      const byCard = await client.confirmVideoPayment({ ...confirm, useCredits: false });
      expect(byCard.checkoutUrl).toBe(`http://localhost:5173/checkout/${byCard.sessionId}`);
    } finally {
      client.close();
    }
  });
});
