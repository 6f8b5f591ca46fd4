// Live changes that a list read may not hold yet. A read answers with what the server had stored
// when it read, which can be older than an event the page applied meanwhile: on a project's
// 'completed' the list reloads, and that read can be served before the project service has stored
// the video's payment_required that media-render announced (and the card already shows). Each
// change applied while a read is in flight is kept and applied again, in order, to its answer.
// No React here, so the unit tests run it directly.

export type LiveChange<T> = (value: T) => T;

export class LiveChangeLog<T> {
  private changes: { seq: number; change: LiveChange<T> }[] = [];
  private seq = 0;
  /** The mark of each read in flight (a read's mark: the last change before it started). */
  private reads: number[] = [];

  /** The answer of a read (null: none), with the changes recorded while it was in flight applied. */
  async read(answer: Promise<T | null>): Promise<T | null> {
    const mark = this.begin();
    let settled: T | null;
    try {
      settled = await answer;
    } catch (error) {
      this.end(mark);
      throw error;
    }
    if (settled === null) {
      this.end(mark);
      return settled;
    }
    return this.end(mark, settled);
  }

  /** A read starts; its mark goes to `end` when it is answered or fails. */
  private begin(): number {
    this.reads.push(this.seq);
    return this.seq;
  }

  /** A change applied live; kept only while some read is in flight. */
  record(change: LiveChange<T>): void {
    if (this.reads.length > 0) this.changes.push({ seq: ++this.seq, change });
  }

  /** The read of `mark` ends: its answer (when it has one) with the changes since it started. */
  private end(mark: number): void;
  private end(mark: number, answer: T): T;
  private end(mark: number, answer?: T): T | void {
    const replayed = answer === undefined ? undefined : this.changes.filter((c) => c.seq > mark).reduce<T>((value, c) => c.change(value), answer);
    const i = this.reads.indexOf(mark);
    if (i >= 0) this.reads.splice(i, 1);
    // Changes older than every read still in flight are in all their answers already.
    const oldest = this.reads.length > 0 ? Math.min(...this.reads) : this.seq;
    this.changes = this.changes.filter((c) => c.seq > oldest);
    return replayed;
  }

  /** Changes kept (for tests). */
  get size(): number {
    return this.changes.length;
  }
}
