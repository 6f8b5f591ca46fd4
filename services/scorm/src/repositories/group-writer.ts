// Group commit for writes that arrive together (docs/analytics.md, "Storage"): a write goes to
// PostgreSQL at once when fewer than `concurrency` group writes are under way; otherwise it waits
// for one of them to finish and leaves with every write that arrived meanwhile, as one statement
// and one commit. No clock is involved: under light load each write goes alone, under heavy load
// the groups grow to `maxItems`, and PostgreSQL does one statement's and one commit's work for
// many requests.

export interface GroupWriterOptions {
  /** Group writes under way at once (each holds a pooled connection). */
  concurrency: number;
  /** Most items (e.g. rows) in one group; a single larger write goes alone. */
  maxItems: number;
}

interface Waiting<T> {
  write: T;
  items: number;
  done: (written: boolean) => void;
}

export class GroupWriter<T> {
  private readonly waiting: Array<Waiting<T>> = [];
  private running = 0;

  /**
   * `writeGroup` writes every write of a group or none (one statement). When it fails, each write
   * of the group is answered `false`, for its caller to write it alone in a way that says why.
   */
  constructor(
    private readonly writeGroup: (writes: T[]) => Promise<void>,
    private readonly options: GroupWriterOptions,
  ) {}

  /** Resolves true once `write` is committed with its group, false when the group could not be. */
  write(write: T, items: number): Promise<boolean> {
    return new Promise((done) => {
      this.waiting.push({ write, items, done });
      this.next();
    });
  }

  private next(): void {
    while (this.running < this.options.concurrency && this.waiting.length > 0) {
      const group: Array<Waiting<T>> = [this.waiting.shift()!];
      let items = group[0]!.items;
      while (this.waiting.length > 0 && items + this.waiting[0]!.items <= this.options.maxItems) {
        const more = this.waiting.shift()!;
        items += more.items;
        group.push(more);
      }
      this.running++;
      this.writeGroup(group.map((w) => w.write)).then(
        () => this.finish(group, true),
        () => this.finish(group, false),
      );
    }
  }

  private finish(group: Array<Waiting<T>>, written: boolean): void {
    this.running--;
    for (const w of group) w.done(written);
    this.next();
  }
}
