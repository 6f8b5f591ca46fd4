// Admission control for requests that make the services work (docs/security.md, "Limits at every
// door", concurrent requests). A pile-up of requests must not turn into gRPC deadlines (504):
// each user, and each company (or, when a request names none, the user again), has at most
// `perKey` requests in flight and at most `queuePerKey` more waiting, each for at most `maxWaitMs`; past that the answer is at
// once 429 RATE_LIMITED with Retry-After. The whole gateway has at most `global` requests in flight
// (and as many waiting); past that it is 503 UNAVAILABLE with Retry-After. A request admitted runs
// with the whole gRPC deadline ahead of it, so a deadline is reached only by a backend that is
// slow on its own, not by waiting behind a crowd.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '@trainwright/platform';

export const ADMISSION_MESSAGES = {
  companyBusy: 'Too many requests at once for this account. Please wait a moment and try again.',
  gatewayBusy: 'The service is busy right now. Please try again in a moment.',
} as const;

export interface AdmissionLimits {
  /** Requests of one company (or user) in flight at once. */
  perKey: number;
  /** Requests of one company (or user) waiting for a slot. */
  queuePerKey: number;
  /** How long a request may wait for a slot of its company before it is refused. */
  maxWaitMs: number;
  /** Requests in flight across the whole gateway (the same number may wait). */
  global: number;
  /** Seconds a refused client is told to wait (Retry-After). */
  retryAfterSeconds: number;
}

/** A refusal: its status is 429 (the key is busy) or 503 (the gateway is). */
export class AdmissionRefused extends AppError {
  constructor(
    code: 'RATE_LIMITED' | 'UNAVAILABLE',
    readonly retryAfterSeconds: number,
  ) {
    super(code, code === 'RATE_LIMITED' ? ADMISSION_MESSAGES.companyBusy : ADMISSION_MESSAGES.gatewayBusy, { retry_after: retryAfterSeconds });
  }
}

interface Waiter {
  admit(release: () => void): void;
  timer: NodeJS.Timeout;
}

interface KeyState {
  running: number;
  waiting: Waiter[];
}

/** Counting semaphores per key under one global bound; waiters are served in arrival order. */
export class AdmissionLimiter {
  private readonly keys = new Map<string, KeyState>();
  private running = 0;
  private waiting = 0;

  constructor(readonly limits: AdmissionLimits) {}

  get inFlight(): number {
    return this.running;
  }

  get queued(): number {
    return this.waiting;
  }

  /**
   * The release function when a slot is free now (the common case, answered without a promise);
   * undefined when the request would have to wait or be refused (then call acquire).
   */
  tryAcquire(key: string): (() => void) | undefined {
    const state = this.keys.get(key) ?? { running: 0, waiting: [] };
    if (state.running >= this.limits.perKey || state.waiting.length > 0 || this.running >= this.limits.global) return undefined;
    if (state.running === 0) this.keys.set(key, state);
    this.running++;
    state.running++;
    return this.releaser(key, state);
  }

  /** Resolves with a release function once admitted; rejects with AdmissionRefused. */
  acquire(key: string): Promise<() => void> {
    const { perKey, queuePerKey, maxWaitMs, global, retryAfterSeconds } = this.limits;
    const now = this.tryAcquire(key);
    if (now) return Promise.resolve(now);
    let state = this.keys.get(key);
    if (!state) {
      state = { running: 0, waiting: [] };
      this.keys.set(key, state);
    }
    if (state.running < perKey && state.waiting.length === 0) {
      // A free slot of the key, none of the gateway's.
      this.forget(key, state);
      return Promise.reject(new AdmissionRefused('UNAVAILABLE', retryAfterSeconds));
    }
    if (state.waiting.length >= queuePerKey) return Promise.reject(new AdmissionRefused('RATE_LIMITED', retryAfterSeconds));
    if (this.waiting >= global) return Promise.reject(new AdmissionRefused('UNAVAILABLE', retryAfterSeconds));
    const s = state;
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        admit: resolve,
        timer: setTimeout(() => {
          const at = s.waiting.indexOf(waiter);
          if (at >= 0) {
            s.waiting.splice(at, 1);
            this.waiting--;
          }
          reject(new AdmissionRefused('RATE_LIMITED', retryAfterSeconds));
        }, maxWaitMs),
      };
      s.waiting.push(waiter);
      this.waiting++;
    });
  }

  private releaser(key: string, state: KeyState): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = state.waiting.shift();
      if (next) {
        // The slot (of the key and of the gateway) passes to the next waiter of the same key.
        this.waiting--;
        clearTimeout(next.timer);
        next.admit(this.releaser(key, state));
        return;
      }
      state.running--;
      this.running--;
      this.forget(key, state);
    };
  }

  private forget(key: string, state: KeyState): void {
    if (state.running === 0 && state.waiting.length === 0) this.keys.delete(key);
  }
}

/** Routes that stream or hold a connection open, and routes that call no service: not counted. */
const EXEMPT = [
  /^\/api\/events$/,
  /^\/api\/collab$/,
  /^\/api\/uploads$/,
  /^\/api\/ai-content-generator\/upload-projects$/,
  /^\/api\/voices\/clone$/,
  /^\/api\/projects\/:id\/download\/:format$/,
  /^\/api\/projects\/:id\/preview\/video$/,
  /^\/api\/voices\/previews\/:audio$/,
  /^\/api\/docs/,
];

function companyNamed(request: FastifyRequest): string | undefined {
  const fromQuery = (request.query as Record<string, unknown> | undefined)?.company_id;
  if (typeof fromQuery === 'string' && fromQuery) return fromQuery;
  const body = request.body;
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    const fromBody = (body as Record<string, unknown>).company_id;
    if (typeof fromBody === 'string' && fromBody) return fromBody;
  }
  return undefined;
}

/** The key a request is counted under: the company it names, else its user. */
export function admissionKey(request: FastifyRequest): string | undefined {
  const userId = request.caller?.userId;
  if (!userId) return undefined;
  const company = companyNamed(request);
  return company ? `company:${company}` : `user:${userId}`;
}

/**
 * The two limiters a request passes: its user's first (no global bound), then its company's
 * (or, naming none, its user's again) under the gateway's bound. The user's slot comes first so
 * that naming many companies, real or made up, cannot widen one user's share of the gateway.
 */
export interface AdmissionLimiters {
  users: AdmissionLimiter;
  companies: AdmissionLimiter;
}

/** Both slots; the release frees both. Waits, when it must, while holding the user's slot. */
function admit(limiters: AdmissionLimiters, userKey: string, key: string): (() => void) | Promise<() => void> {
  const both = (user: () => void, company: () => void) => () => {
    company();
    user();
  };
  const second = (user: () => void): (() => void) | Promise<() => void> => {
    const company = limiters.companies.tryAcquire(key);
    if (company) return both(user, company);
    return limiters.companies.acquire(key).then(
      (release) => both(user, release),
      (error: unknown) => {
        user();
        throw error;
      },
    );
  };
  const user = limiters.users.tryAcquire(userKey);
  return user ? second(user) : limiters.users.acquire(userKey).then(second);
}

const RELEASE = Symbol('admissionRelease');
type Tracked = FastifyRequest & { [RELEASE]?: () => void };

function releaseOf(request: FastifyRequest): void {
  const r = request as Tracked;
  const release = r[RELEASE];
  r[RELEASE] = undefined;
  release?.();
}

/**
 * Counts every signed-in request of a route that calls a service (not streams, uploads or public
 * routes), from after validation until its answer is ready (onSend: the handler's work is done,
 * even if the client has gone), and refuses what does not fit with Retry-After.
 */
export function registerAdmission(app: FastifyInstance, limiters: AdmissionLimiters): void {
  // Hooks in callback style and a synchronous fast path: this runs on every request.
  const counted = new Map<string, boolean>();
  app.addHook('preHandler', (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => {
    const route = request.routeOptions.url;
    if (route === undefined || request.routeOptions.config?.public) return done();
    let counts = counted.get(route);
    if (counts === undefined) counted.set(route, (counts = !EXEMPT.some((p) => p.test(route))));
    const key = counts ? admissionKey(request) : undefined;
    if (!key) return done();
    const admitted = admit(limiters, `user:${request.caller!.userId}`, key);
    if (typeof admitted === 'function') {
      (request as Tracked)[RELEASE] = admitted;
      return done();
    }
    admitted.then(
      (release) => {
        (request as Tracked)[RELEASE] = release;
        done();
      },
      (error: Error) => {
        if (error instanceof AdmissionRefused) void reply.header('retry-after', String(error.retryAfterSeconds));
        done(error);
      },
    );
  });
  app.addHook('onSend', (request, _reply, payload, done) => {
    releaseOf(request);
    done(null, payload);
  });
  app.addHook('onResponse', (request, _reply, done) => {
    releaseOf(request);
    done();
  });
}
