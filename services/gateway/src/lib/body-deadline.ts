// The time limits of an upload body: nothing received for `idleMs`, or the body not complete
// within `totalMs`, expires it. Progress is read from the socket's byte counter (listening for
// the request's 'data' would change how the multipart parser reads it); the watch ends once the
// body is complete, as what follows (checks, registration) is our work, not the client's.
import type { IncomingMessage } from 'node:http';
import { uploadTimeoutMessage } from '@trainwright/catalogue';
import { AppError } from '@trainwright/platform';

export interface BodyTimeouts {
  /** The longest gap with no byte received. */
  idleMs: number;
  /** The longest the whole body may take. */
  totalMs: number;
}

export class BodyDeadline {
  /** Set once a limit passed: the 408 to answer with. */
  error: AppError | undefined;
  /** Rejects with `error` when a limit passes (never resolves). */
  readonly expired: Promise<never>;
  private readonly timer: NodeJS.Timeout;
  private readonly listeners: Array<(error: AppError) => void> = [];
  private reject!: (error: AppError) => void;

  constructor(
    private readonly raw: IncomingMessage,
    timeouts: BodyTimeouts,
    clock: () => number = Date.now,
  ) {
    this.expired = new Promise<never>((_, reject) => (this.reject = reject));
    // Nobody may be racing it (a receive that ended first): never an unhandled rejection.
    this.expired.catch(() => {});
    const started = clock();
    let lastBytes = this.bytesRead();
    let lastProgress = started;
    const tick = Math.max(25, Math.min(1000, Math.floor(Math.min(timeouts.idleMs, timeouts.totalMs) / 10)));
    this.timer = setInterval(() => {
      if (raw.complete) {
        this.stop();
        return;
      }
      const now = clock();
      const bytes = this.bytesRead();
      if (bytes !== lastBytes) {
        lastBytes = bytes;
        lastProgress = now;
      }
      if (now - started >= timeouts.totalMs) this.expire(uploadTimeoutMessage('total', timeouts.totalMs), timeouts);
      else if (now - lastProgress >= timeouts.idleMs) this.expire(uploadTimeoutMessage('idle', timeouts.idleMs), timeouts);
    }, tick);
    this.timer.unref();
  }

  /** Called (once) when a limit passes, before `expired` rejects. */
  onExpire(listener: (error: AppError) => void): void {
    this.listeners.push(listener);
  }

  /** The body is complete (or the request is over): the limits no longer apply. */
  stop(): void {
    clearInterval(this.timer);
  }

  /** Throws the 408 when a limit passed. */
  check(): void {
    if (this.error) throw this.error;
  }

  private bytesRead(): number {
    return this.raw.socket?.bytesRead ?? 0;
  }

  private expire(message: string, timeouts: BodyTimeouts): void {
    this.stop();
    this.error = new AppError('REQUEST_TIMEOUT', message, { idle_timeout_ms: timeouts.idleMs, body_timeout_ms: timeouts.totalMs });
    for (const listener of this.listeners) listener(this.error);
    this.reject(this.error);
  }
}
