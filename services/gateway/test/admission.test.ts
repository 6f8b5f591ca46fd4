// The admission limiter (plugins/admission.ts) and how its refusals and gRPC deadlines leave the
// gateway: 429/503 with Retry-After in the one error shape, never a 504.
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import Fastify from 'fastify';
import { AppError } from '@trainwright/platform';
import { ADMISSION_MESSAGES, AdmissionLimiter, AdmissionRefused, registerAdmission, type AdmissionLimits } from '../src/plugins/admission.js';
import { registerErrorHandling } from '../src/plugins/errors.js';

const limits = { perKey: 2, queuePerKey: 1, maxWaitMs: 1000, global: 3, retryAfterSeconds: 1 };

async function refusal(p: Promise<unknown>): Promise<AdmissionRefused> {
  try {
    await p;
  } catch (error) {
    return error as AdmissionRefused;
  }
  throw new Error('expected a refusal');
}

afterEach(() => {
  jest.useRealTimers();
});

describe('AdmissionLimiter', () => {
  it('admits perKey requests of a key, queues queuePerKey more and refuses the rest with 429', async () => {
    const limiter = new AdmissionLimiter(limits);
    const a = await limiter.acquire('company:a');
    await limiter.acquire('company:a');
    const queued = limiter.acquire('company:a');
    const refused = await refusal(limiter.acquire('company:a'));
    expect(refused).toBeInstanceOf(AdmissionRefused);
    expect(refused.status).toBe(429);
    expect(refused.code).toBe('RATE_LIMITED');
    expect(refused.message).toBe(ADMISSION_MESSAGES.companyBusy);
    expect(refused.retryAfterSeconds).toBe(1);
    expect(limiter.queued).toBe(1);
    // A release hands the slot to the waiter; the gateway's count stays the same.
    a();
    const c = await queued;
    expect(limiter.inFlight).toBe(2);
    expect(limiter.queued).toBe(0);
    c();
    c(); // releasing twice frees one slot only
    expect(limiter.inFlight).toBe(1);
  });

  it('serves another key while one key is full', async () => {
    const limiter = new AdmissionLimiter(limits);
    await limiter.acquire('company:a');
    await limiter.acquire('company:a');
    await expect(limiter.acquire('company:b')).resolves.toEqual(expect.any(Function));
  });

  it('refuses with 503 when the gateway is full', async () => {
    const limiter = new AdmissionLimiter(limits);
    await limiter.acquire('company:a');
    await limiter.acquire('company:a');
    const b = await limiter.acquire('company:b');
    const refused = await refusal(limiter.acquire('company:c'));
    expect(refused.status).toBe(503);
    expect(refused.code).toBe('UNAVAILABLE');
    expect(refused.message).toBe(ADMISSION_MESSAGES.gatewayBusy);
    b();
    await expect(limiter.acquire('company:c')).resolves.toEqual(expect.any(Function));
  });

  it('refuses a waiter with 429 once it has waited maxWaitMs', async () => {
    jest.useFakeTimers();
    const limiter = new AdmissionLimiter(limits);
    const a = await limiter.acquire('company:a');
    await limiter.acquire('company:a');
    const waiting = refusal(limiter.acquire('company:a'));
    jest.advanceTimersByTime(1000);
    expect((await waiting).status).toBe(429);
    expect(limiter.queued).toBe(0);
    // The expired waiter does not take the slot released later.
    a();
    expect(limiter.inFlight).toBe(1);
  });

  it('forgets a key once it is idle', async () => {
    const limiter = new AdmissionLimiter(limits);
    const release = await limiter.acquire('user:u');
    release();
    expect(limiter.inFlight).toBe(0);
    expect((limiter as unknown as { keys: Map<string, unknown> }).keys.size).toBe(0);
  });
});

describe('admission in the gateway', () => {
  /** The gateway's pair: users unbounded globally, companies under the gateway's bound. */
  function limitersOf(l: AdmissionLimits) {
    return { users: new AdmissionLimiter({ ...l, global: Number.POSITIVE_INFINITY }), companies: new AdmissionLimiter(l) };
  }

  /** Work that holds each request until `finishAll`; `reached(n)` resolves once n requests are in it. */
  function heldWork() {
    const finishers: Array<() => void> = [];
    const waiters: Array<{ n: number; resolve: () => void }> = [];
    return {
      work: () =>
        new Promise<object>((r) => {
          finishers.push(() => r({ ok: true }));
          for (const w of waiters) if (finishers.length >= w.n) w.resolve();
        }),
      reached: (n: number) => new Promise<void>((resolve) => (finishers.length >= n ? resolve() : waiters.push({ n, resolve }))),
      finishAll: () => finishers.forEach((finish) => finish()),
    };
  }

  async function app(limiters: ReturnType<typeof limitersOf>, work: () => Promise<unknown>) {
    const f = Fastify();
    f.decorateRequest('caller', null);
    f.addHook('onRequest', async (request) => {
      request.caller = { userId: String(request.headers['x-user'] ?? 'u1'), sessionId: 's' };
    });
    registerErrorHandling(f);
    registerAdmission(f, limiters);
    f.get('/api/projects', async () => work());
    f.get('/api/events', async () => work());
    await f.ready();
    return f;
  }

  it('answers 429 with Retry-After in the one error shape, and counts the company a request names', async () => {
    const limiters = limitersOf({ ...limits, perKey: 1, queuePerKey: 0 });
    const held = heldWork();
    const f = await app(limiters, held.work);
    const first = f.inject({ url: '/api/projects?company_id=c1', headers: { 'x-user': 'u1' } });
    await held.reached(1);
    // Another user of the same company is counted with it; the same user elsewhere is not.
    const second = await f.inject({ url: '/api/projects?company_id=c1', headers: { 'x-user': 'u2' } });
    expect(second.statusCode).toBe(429);
    expect(second.headers['retry-after']).toBe('1');
    expect(second.json()).toEqual({ code: 'RATE_LIMITED', message: ADMISSION_MESSAGES.companyBusy, detail: { retry_after: 1 } });
    held.finishAll();
    expect((await first).statusCode).toBe(200);
    expect(limiters.companies.inFlight).toBe(0);
    expect(limiters.users.inFlight).toBe(0);
    await f.close();
  });

  it('holds a user to their share however many companies their requests name', async () => {
    const limiters = limitersOf({ ...limits, perKey: 2, queuePerKey: 0, global: 10 });
    const held = heldWork();
    const f = await app(limiters, held.work);
    // Made-up company ids spread over keys of the company limiter, not over the user's.
    const running = [f.inject({ url: '/api/projects?company_id=x1' }), f.inject({ url: '/api/projects?company_id=x2' })];
    await held.reached(2);
    const third = await f.inject({ url: '/api/projects?company_id=x3' });
    expect(third.statusCode).toBe(429);
    expect(limiters.companies.inFlight).toBe(2);
    // Another user is served meanwhile.
    const other = f.inject({ url: '/api/projects?company_id=x3', headers: { 'x-user': 'u2' } });
    await held.reached(3);
    expect(limiters.companies.inFlight).toBe(3);
    held.finishAll();
    expect((await other).statusCode).toBe(200);
    for (const r of await Promise.all(running)) expect(r.statusCode).toBe(200);
    expect(limiters.users.inFlight).toBe(0);
    expect(limiters.companies.inFlight).toBe(0);
    await f.close();
  });

  it("gives the user's slot back when the company refuses", async () => {
    const limiters = limitersOf({ ...limits, perKey: 1, queuePerKey: 0 });
    const held = heldWork();
    const f = await app(limiters, held.work);
    const first = f.inject({ url: '/api/projects?company_id=c1', headers: { 'x-user': 'u1' } });
    await held.reached(1);
    expect((await f.inject({ url: '/api/projects?company_id=c1', headers: { 'x-user': 'u2' } })).statusCode).toBe(429);
    expect(limiters.users.inFlight).toBe(1);
    held.finishAll();
    await first;
    expect(limiters.users.inFlight).toBe(0);
    await f.close();
  });

  it('does not count streams', async () => {
    const limiters = limitersOf({ ...limits, perKey: 1, queuePerKey: 0 });
    const f = await app(limiters, async () => ({ ok: true }));
    expect((await f.inject({ url: '/api/events' })).statusCode).toBe(200);
    expect(limiters.companies.inFlight).toBe(0);
    await f.close();
  });

  it('releases the slot when the work fails', async () => {
    const limiters = limitersOf(limits);
    const f = await app(limiters, async () => {
      throw new AppError('NOT_FOUND', 'nope');
    });
    expect((await f.inject({ url: '/api/projects' })).statusCode).toBe(404);
    expect(limiters.companies.inFlight).toBe(0);
    expect(limiters.users.inFlight).toBe(0);
    await f.close();
  });

  it('answers a gRPC deadline as 503 UNAVAILABLE with Retry-After, never 504', async () => {
    const f = await app(limitersOf(limits), async () => {
      throw new AppError('TIMEOUT', 'Server error. Please try again later.');
    });
    const res = await f.inject({ url: '/api/projects' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('1');
    expect(res.json()).toEqual({ code: 'UNAVAILABLE', message: 'Server error. Please try again later.' });
    await f.close();
  });
});
