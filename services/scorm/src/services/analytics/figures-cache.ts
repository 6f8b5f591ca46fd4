// Computed learner figures kept per query (docs/analytics.md, "Reading the figures"): a company's
// dashboard over a large range reads every view in it, far more work than a page view should cost,
// while the figures change only when the rollup job changes the company's sessions (its version).
// So a reader gets the kept figures while they are the latest (same version, younger than
// FRESH_MS); once the company changed, or they aged, the kept ones are answered (with their time)
// while one recomputation runs for everyone asking, as long as they are younger than STALE_MS;
// older or absent, the reader waits for the computation. Each replica keeps its own.
export const FIGURES_CACHE = { freshMs: 60_000, staleMs: 10 * 60_000, maxEntries: 500 } as const;

interface Entry<T> {
  version: number;
  /** When the computation that gave `value` started (its figures are as of then). */
  at: number;
  value: T;
}

export interface Figures<T> {
  value: T;
  /** When they were computed (ms since the epoch). */
  asOf: number;
}

export class FiguresCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly computing = new Map<string, Promise<Entry<T>>>();

  constructor(
    private readonly options: { freshMs: number; staleMs: number; maxEntries: number } = FIGURES_CACHE,
    private readonly now: () => number = Date.now,
  ) {}

  async get(key: string, version: number, compute: () => Promise<T>): Promise<Figures<T>> {
    const kept = this.entries.get(key);
    const age = kept ? this.now() - kept.at : Infinity;
    if (kept && kept.version === version && age < this.options.freshMs) return { value: kept.value, asOf: kept.at };
    if (kept && age < this.options.staleMs) {
      // A failed refresh leaves the kept figures; the next reader tries again.
      this.refresh(key, version, compute).catch(() => {});
      return { value: kept.value, asOf: kept.at };
    }
    const entry = await this.refresh(key, version, compute);
    return { value: entry.value, asOf: entry.at };
  }

  /** One computation per key at a time; its result is kept (the most recently used last). */
  private refresh(key: string, version: number, compute: () => Promise<T>): Promise<Entry<T>> {
    const running = this.computing.get(key);
    if (running) return running;
    const at = this.now();
    const work = compute()
      .then((value) => {
        const entry = { version, at, value };
        this.entries.delete(key);
        this.entries.set(key, entry);
        for (const oldest of this.entries.keys()) {
          if (this.entries.size <= this.options.maxEntries) break;
          this.entries.delete(oldest);
        }
        return entry;
      })
      .finally(() => this.computing.delete(key));
    this.computing.set(key, work);
    return work;
  }
}
