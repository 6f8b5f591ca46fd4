// Reports to a cmi5 LMS: the auth token from the fetch URL, LMS.LaunchData, then the statements
// cmi5 requires, in order, and the player's own state in the State API for resuming.
import type { Evaluation } from './evaluation.js';
import { LAUNCH_DATA_STATE, SUSPEND_STATE, cmi5Statement, stateUrl, type Cmi5Launch, type Cmi5Verb, type LaunchData, type StatementFacts } from './cmi5.js';
import type { Progress, SessionStart, Tracker } from './tracker.js';

const XAPI_VERSION = '1.0.3';
/** The saved state goes to the LRS at most this often (and when the session ends). */
const SAVE_DELAY_MS = 10_000;

export class Cmi5Tracker implements Tracker {
  readonly kind = 'cmi5';
  private readonly startedAt = Date.now();
  private authorization = '';
  private launchData: LaunchData | null = null;
  /** Statements go out one after another, in the order they happened. */
  private queue: Promise<void> = Promise.resolve();
  private readOnly = false;
  private finished = false;
  private unloading = false;
  private sent = new Set<Cmi5Verb>();
  private pendingState: string | null = null;
  private saveTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly launch: Cmi5Launch,
    private readonly includeTracking: boolean,
  ) {}

  async start(): Promise<SessionStart> {
    // The fetch URL is the LMS's, not the LRS's: a plain POST, no xAPI headers.
    const tokenResponse = await fetch(this.launch.fetchUrl, { method: 'POST' });
    const token = (await tokenResponse.json()) as { 'auth-token'?: string; 'error-text'?: string };
    if (!token['auth-token']) throw new Error(`cmi5: no auth token (${token['error-text'] ?? tokenResponse.status})`);
    this.authorization = `Basic ${token['auth-token']}`;
    this.launchData = JSON.parse((await this.lrs(stateUrl(this.launch, LAUNCH_DATA_STATE), { method: 'GET' })) ?? 'null') as LaunchData;
    if (!this.launchData) throw new Error('cmi5: no LMS.LaunchData');
    // Browse and Review launches must not send completed, passed or failed.
    this.readOnly = this.launchData.launchMode !== 'Normal';
    this.send('initialized');
    if (!this.includeTracking) {
      if (!this.readOnly) this.send('completed', { durationMs: 0 });
      return { saved: null, location: null, passingPercent: null, readOnly: this.readOnly };
    }
    const saved = await this.lrs(stateUrl(this.launch, SUSPEND_STATE), { method: 'GET' }).catch(() => null);
    const mastery = this.launchData.masteryScore;
    return {
      saved: saved || null,
      location: null,
      passingPercent: typeof mastery === 'number' ? mastery * 100 : null,
      readOnly: this.readOnly,
    };
  }

  save(progress: Progress, previous: Evaluation): void {
    if (!this.includeTracking || this.readOnly || this.finished) return;
    const now = progress.evaluation;
    if (now.completed && !previous.completed) this.send('completed', { durationMs: this.elapsed() });
    // A new submission: passed once per registration, failed once per session and never after passed.
    if (now.quiz && !previous.quiz) {
      const facts = { durationMs: this.elapsed(), scaledScore: now.quiz.scorePercent / 100 };
      if (now.quiz.passed) this.send('passed', facts);
      else if (!this.sent.has('passed')) this.send('failed', facts);
    }
    this.pendingState = progress.suspendData;
    this.saveTimer ??= setTimeout(() => this.flushState(), SAVE_DELAY_MS);
  }

  recordAnswers(): void {
    // cmi5 asks for no statement per answer; the score is in passed/failed.
  }

  async finish(progress: Progress, explicit: boolean) {
    if (this.finished || !this.launchData) return { returnUrl: null };
    if (this.includeTracking && !this.readOnly) this.pendingState = progress.suspendData;
    // When the page is going away, a request waiting in the queue would never start: start them now
    // (keepalive carries them past the unload).
    this.unloading = !explicit;
    this.flushState();
    this.send('terminated', { durationMs: this.elapsed() });
    this.finished = true;
    if (explicit) await this.queue;
    return { returnUrl: this.launchData.returnURL ?? null };
  }

  private elapsed(): number {
    return Date.now() - this.startedAt;
  }

  private send(verb: Cmi5Verb, facts: StatementFacts = {}): void {
    const launchData = this.launchData;
    // Each verb at most once a session (passed and completed also once a registration: the
    // learner cannot pass again, and `previous` holds what an earlier session completed).
    if (!launchData || this.finished || this.sent.has(verb)) return;
    this.sent.add(verb);
    const statement = cmi5Statement(verb, this.launch, launchData, facts);
    this.enqueue(() => this.lrs(`${this.launch.endpoint}statements`, { method: 'POST', body: JSON.stringify(statement), headers: { 'Content-Type': 'application/json' } }));
  }

  private flushState(): void {
    if (this.saveTimer) clearTimeout(this.saveTimer);
    this.saveTimer = null;
    const state = this.pendingState;
    if (state === null) return;
    this.pendingState = null;
    this.enqueue(() => this.lrs(stateUrl(this.launch, SUSPEND_STATE), { method: 'PUT', body: state, headers: { 'Content-Type': 'text/plain' } }));
  }

  private enqueue(work: () => Promise<unknown>): void {
    const logFailure = (error: unknown) => console.warn('[player] cmi5 request failed', error);
    if (this.unloading) {
      work().catch(logFailure);
      return;
    }
    this.queue = this.queue.then(work).then(
      () => undefined,
      logFailure,
    );
  }

  /** One request to the LRS; resolves with the body it answers, null for a missing document (404). */
  private async lrs(url: string, init: { method: string; body?: string; headers?: Record<string, string> }): Promise<string | null> {
    const response = await fetch(url, {
      ...init,
      headers: { ...init.headers, 'X-Experience-API-Version': XAPI_VERSION, Authorization: this.authorization },
      // Requests made as the page closes still reach the LRS.
      keepalive: true,
    });
    if (response.status === 404) return null;
    if (!response.ok) throw new Error(`${init.method} ${url.split('?')[0]}: ${response.status}`);
    return response.text();
  }
}
