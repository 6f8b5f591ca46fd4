// Deliveries against the real PostgreSQL and Redis (services/deliveries.ts): a failing receiver is
// tried again on the schedule (checked with a clock the test controls, the queued attempts'
// delays read back from BullMQ), an integration failing for longer than the setting is paused,
// an event arriving twice is delivered once, a hung or huge answer is bounded, and secrets are
// stored sealed.
import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createDatabase, createQueue, DELIVER_INTEGRATION_EVENT_JOB, JobQueue, type AuthMemberships } from '@trainwright/platform';
import { createTestInfra, type TestInfra } from '@trainwright/platform/testing';
import type { Queue } from 'bullmq';
import type { Kysely } from 'kysely';
import { deliveryHttp } from '../src/adapters/http.js';
import { slackSender } from '../src/adapters/slack.js';
import { webhookSender } from '../src/adapters/webhook.js';
import { migrateIntegration } from '../src/main.js';
import { INTEGRATION_SCHEMA, type IntegrationDatabase } from '../src/repositories/database.js';
import { DeliveryJobsRepository } from '../src/repositories/delivery-jobs.repository.js';
import { DeliveryRepository } from '../src/repositories/delivery.repository.js';
import { IntegrationRepository } from '../src/repositories/integration.repository.js';
import { ProjectTitleRepository } from '../src/repositories/project-title.repository.js';
import { SecretBox } from '../src/repositories/secret-box.js';
import { ZapierHookRepository } from '../src/repositories/zapier-hook.repository.js';
import { attemptDelivery, deliverFact } from '../src/services/deliveries.js';
import type { IntegrationDeps, IntegrationRow } from '../src/services/deps.js';

const DAY = 86_400_000;
let infra: TestInfra;
let db: Kysely<IntegrationDatabase>;
let receiver: http.Server;
let origin: string;
let jobs: JobQueue;
let queue: Queue;
let deps: IntegrationDeps;
let now = new Date('2026-12-05T08:00:00Z');
const hits: string[] = [];

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    hits.push(req.url ?? '');
    if (req.url === '/hang') {
      res.writeHead(200);
      res.write('partial');
      return; // never ends
    }
    if (req.url === '/huge') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      return res.end(Buffer.alloc(2 * 1024 * 1024, 0x62));
    }
    res.writeHead(req.url === '/ok' ? 200 : 500);
    res.end(req.url === '/ok' ? 'ok' : 'down');
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  infra = await createTestInfra('integration_deliveries');
  await migrateIntegration({ DATABASE_URL: infra.databaseUrl });
  db = createDatabase<IntegrationDatabase>({ url: infra.databaseUrl, schema: INTEGRATION_SCHEMA, maxConnections: 4 });
  const ctx = { redisUrl: infra.redisUrl, namespace: infra.namespace };
  jobs = new JobQueue(ctx, DELIVER_INTEGRATION_EVENT_JOB.queue);
  queue = createQueue(ctx, DELIVER_INTEGRATION_EVENT_JOB.queue);
  const httpPort = deliveryHttp([origin], 1500);
  const box = new SecretBox(randomBytes(32));
  deps = {
    integrations: new IntegrationRepository(db, box),
    deliveries: new DeliveryRepository(db),
    hooks: new ZapierHookRepository(db, box),
    jobs: new DeliveryJobsRepository(jobs),
    memberships: {} as Pick<AuthMemberships, 'find' | 'companiesOf'>,
    senders: { zapier: webhookSender(httpPort), slack: slackSender(httpPort) },
    checkUrl: async () => undefined,
    clock: () => now,
    newId: randomUUID,
    newSigningSecret: () => `whsec_${randomBytes(24).toString('base64')}`,
    titles: new ProjectTitleRepository(db),
    options: { disableAfterMs: DAY, webUrl: 'http://localhost:3000' },
  };
}, 60_000);

afterAll(async () => {
  await queue?.close();
  await jobs?.close();
  await db?.destroy();
  await infra?.cleanup();
  receiver.closeAllConnections();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

async function slackTo(path: string, companyId = randomUUID()): Promise<IntegrationRow> {
  const row = await deps.integrations.insertWithin(20, { id: randomUUID(), companyId, createdBy: randomUUID(), type: 'slack', settings: {}, secrets: { webhook_url: `${origin}${path}` }, signingSecret: null });
  if (row === 'limit' || row === 'api_key_in_use') throw new Error(row);
  return row;
}

const fact = (companyId: string, eventId = randomUUID()) => ({ eventId, companyId, event: 'project.completed', occurredAt: now, payload: { project_id: randomUUID() } });

/** The delay of the queued job of the delivery's attempt. */
async function queuedDelay(deliveryId: string, attempt: number): Promise<number | undefined> {
  return (await queue.getJob(`${deliveryId}-${attempt}`))?.opts.delay;
}

describe('deliveries', () => {
  it('should try a failing receiver again 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h later, then give up', async () => {
    const integration = await slackTo('/down');
    expect(await deliverFact(deps, fact(integration.companyId))).toBe(1);
    const [delivery] = await deps.deliveries.page(integration.id, null, 10);
    expect(await queuedDelay(delivery!.id, 1)).toBeUndefined(); // the first try: at once
    const gaps: number[] = [];
    for (let attempt = 1; attempt <= 8; attempt++) {
      const outcome = await attemptDelivery(deps, { deliveryId: delivery!.id, attempt });
      expect(outcome).toMatchObject({ ok: false, responseStatus: 500 });
      const after = (await deps.deliveries.find(delivery!.id))!;
      if (attempt < 8) {
        gaps.push(after.nextAttemptAt!.getTime() - now.getTime());
        expect(await queuedDelay(delivery!.id, attempt + 1)).toBe(gaps.at(-1));
        now = after.nextAttemptAt!;
      } else {
        expect(after).toMatchObject({ status: 'abandoned', attempts: 8, nextAttemptAt: null });
      }
    }
    expect(gaps).toEqual([5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000]);
    // An attempt no longer due (a duplicate job) sends nothing.
    const before = hits.length;
    expect(await attemptDelivery(deps, { deliveryId: delivery!.id, attempt: 3 })).toBeNull();
    expect(hits.length).toBe(before);
    // Failing for more than a day paused it on the way: later facts reach it no more.
    const paused = (await deps.integrations.find(integration.id, now))!;
    expect(paused.status).toBe('error');
    expect(paused.statusMessage).toMatchObject({ id: 'integrations.disabledAfterFailures', params: [1] });
  });

  it('should pause an integration failing for longer than the setting, and deliver nothing more to it', async () => {
    const integration = await slackTo('/down');
    const first = fact(integration.companyId);
    await deliverFact(deps, first);
    const [delivery] = await deps.deliveries.page(integration.id, null, 10);
    await attemptDelivery(deps, { deliveryId: delivery!.id, attempt: 1 });
    now = new Date(now.getTime() + DAY + 1);
    await attemptDelivery(deps, { deliveryId: delivery!.id, attempt: 2 });
    expect((await deps.deliveries.find(delivery!.id))!.status).toBe('abandoned');
    expect((await deps.integrations.find(integration.id, now))!.status).toBe('error');
    expect(await deliverFact(deps, fact(integration.companyId))).toBe(0);
  });

  it('should deliver an event arriving twice once, and recover a receiver that comes back', async () => {
    const integration = await slackTo('/ok');
    const once = fact(integration.companyId);
    expect(await deliverFact(deps, once)).toBe(1);
    expect(await deliverFact(deps, once)).toBe(0);
    const deliveries = await deps.deliveries.page(integration.id, null, 10);
    expect(deliveries).toHaveLength(1);
    await attemptDelivery(deps, { deliveryId: deliveries[0]!.id, attempt: 1 });
    expect((await deps.deliveries.find(deliveries[0]!.id))!).toMatchObject({ status: 'succeeded', attempts: 1, attemptLog: [{ attempt: 1, responseStatus: 200, responseExcerpt: 'ok', error: '' }] });
    expect((await deps.integrations.find(integration.id, now))!).toMatchObject({ status: 'connected', failingSince: null });
  });

  it('should bound a receiver that hangs or answers a huge body', async () => {
    const hung = await slackTo('/hang');
    await deliverFact(deps, fact(hung.companyId));
    const [slow] = await deps.deliveries.page(hung.id, null, 1);
    const started = Date.now();
    const outcome = await attemptDelivery(deps, { deliveryId: slow!.id, attempt: 1 });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(outcome).toMatchObject({ ok: false, responseStatus: 0 });
    expect(outcome!.error).toMatch(/took too long|timed out/i);
    expect((await deps.deliveries.find(slow!.id))!.status).toBe('failed');

    // A hung receiver holds up only its own attempt: another integration's goes through meanwhile.
    const prompt = await slackTo('/ok');
    await deliverFact(deps, fact(prompt.companyId));
    const [quick] = await deps.deliveries.page(prompt.id, null, 1);
    const hungAgain = attemptDelivery(deps, { deliveryId: slow!.id, attempt: 2 }).then(() => Date.now());
    const quickDone = await attemptDelivery(deps, { deliveryId: quick!.id, attempt: 1 }).then(() => Date.now());
    expect(quickDone).toBeLessThan(await hungAgain);
    expect((await deps.deliveries.find(quick!.id))!.status).toBe('succeeded');

    const huge = await slackTo('/huge');
    await deliverFact(deps, fact(huge.companyId));
    const [big] = await deps.deliveries.page(huge.id, null, 1);
    await attemptDelivery(deps, { deliveryId: big!.id, attempt: 1 });
    const stored = (await deps.deliveries.find(big!.id))!;
    expect(stored.status).toBe('succeeded');
    expect(stored.attemptLog[0]!.responseExcerpt).toBe('b'.repeat(500));
  });

  it('should keep secrets sealed in the database and open them only with the key', async () => {
    const integration = await slackTo('/ok');
    const raw = await db.selectFrom('integrations').select(['secrets', 'settings']).where('id', '=', integration.id).executeTakeFirstOrThrow();
    expect(raw.secrets.toString('latin1')).not.toContain(origin);
    expect(integration.secrets.webhook_url).toBe(`${origin}/ok`);
    expect(() => new SecretBox(randomBytes(32)).open(raw.secrets, integration.id)).toThrow();
    // Sealed for its own row: the same box does not open on another id.
    expect(() => new SecretBox(randomBytes(32)).open(raw.secrets, randomUUID())).toThrow();
  });
});
