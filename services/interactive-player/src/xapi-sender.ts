// Sends statements to the learning record store in batches (docs/analytics.md, "Senders"): kept in
// the browser's storage until the LRS has them, so a learner offline or a page closed mid-way
// loses nothing that can be sent later; retried with a growing wait when the network or the LRS
// is not there (or says 429 / 5xx). A statement the LRS refuses (4xx) is dropped: sending it again
// cannot help. A statement sent twice is stored once (the LRS deduplicates by id).
import type { Statement } from './xapi.js';

export interface SenderOptions {
  /** The xAPI endpoint, ending in '/' (…/api/xapi/). */
  endpoint: string;
  /** The HTTP Basic Authorization header of the credential. */
  authorization: string;
  /** Where unsent statements wait (localStorage); null keeps them in memory only. */
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  storageKey: string;
  fetch?: typeof fetch;
  batchSize?: number;
  /** How often queued statements are sent (ms). */
  intervalMs?: number;
  /** Statements kept at most while they cannot be sent (the oldest go first). */
  maxQueued?: number;
}

const MAX_BACKOFF_MS = 60_000;
/** A keepalive request (the page is going away) may carry at most 64 KiB. */
const KEEPALIVE_BYTES = 60_000;

export class StatementSender {
  private queue: Statement[];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private backoffMs = 0;
  private sending: Promise<void> | null = null;

  constructor(private readonly o: SenderOptions) {
    this.queue = this.load();
  }

  private load(): Statement[] {
    try {
      const saved = this.o.storage?.getItem(this.o.storageKey);
      const parsed: unknown = saved ? JSON.parse(saved) : [];
      return Array.isArray(parsed) ? (parsed as Statement[]) : [];
    } catch {
      return [];
    }
  }

  private save(): void {
    try {
      if (this.queue.length === 0) this.o.storage?.removeItem(this.o.storageKey);
      else this.o.storage?.setItem(this.o.storageKey, JSON.stringify(this.queue));
    } catch {
      // Storage full or refused: the statements stay in memory.
    }
  }

  /** Stops the timer (the queue stays in storage for the next page). */
  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  get pending(): number {
    return this.queue.length;
  }

  enqueue(...statements: Statement[]): void {
    this.queue.push(...statements);
    const max = this.o.maxQueued ?? 1000;
    if (this.queue.length > max) this.queue.splice(0, this.queue.length - max);
    this.save();
    this.schedule();
  }

  private schedule(): void {
    if (this.timer || this.queue.length === 0) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, Math.max(this.o.intervalMs ?? 2000, this.backoffMs));
  }

  /** Sends what is queued, a batch at a time; with keepalive (the page is leaving) in one last request. */
  flush(options: { keepalive?: boolean } = {}): Promise<void> {
    if (options.keepalive) return this.sendBatch(this.keepaliveBatch(), true).then(() => undefined);
    if (this.sending) return this.sending;
    const run = async () => {
      while (this.queue.length > 0) {
        const outcome = await this.sendBatch(this.queue.slice(0, this.o.batchSize ?? 50), false);
        if (outcome === 'retry') break;
      }
    };
    // Cleared once the run has settled (never synchronously, before it is even assigned).
    this.sending = run().finally(() => {
      this.sending = null;
      this.schedule();
    });
    return this.sending;
  }

  private keepaliveBatch(): Statement[] {
    const batch: Statement[] = [];
    let bytes = 2;
    for (const s of this.queue) {
      bytes += JSON.stringify(s).length + 1;
      if (bytes > KEEPALIVE_BYTES) break;
      batch.push(s);
    }
    return batch;
  }

  private async sendBatch(batch: Statement[], keepalive: boolean): Promise<'sent' | 'dropped' | 'retry'> {
    if (batch.length === 0) return 'sent';
    let status: number;
    try {
      // The page's own fetch, called on the global object (a detached window.fetch may refuse to run).
      const send = this.o.fetch ?? globalThis.fetch.bind(globalThis);
      const response = await send(`${this.o.endpoint}statements`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: this.o.authorization, 'x-experience-api-version': '1.0.3' },
        body: JSON.stringify(batch),
        keepalive,
      });
      status = response.status;
    } catch {
      status = 0; // offline or unreachable
    }
    if (status === 0 || status === 429 || status >= 500) {
      this.backoffMs = Math.min(MAX_BACKOFF_MS, Math.max(1000, this.backoffMs * 2));
      return 'retry';
    }
    this.backoffMs = 0;
    const sent = new Set(batch);
    this.queue = this.queue.filter((s) => !sent.has(s));
    this.save();
    return status < 300 ? 'sent' : 'dropped';
  }
}
