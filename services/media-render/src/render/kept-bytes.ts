// What a render keeps in memory by content for the next one (spoken clips, the video's pictures):
// bounded in bytes, the value used longest ago going first, counting how often a lookup found its
// value. The deck's drawn visuals (visuals.ts) are kept the same way without the counts.
import { LRUCache } from 'lru-cache';

export interface KeptStats {
  entries: number;
  bytes: number;
  hits: number;
  misses: number;
}

export class KeptBytes<V extends {}> {
  private readonly kept: LRUCache<string, V> | null;
  private hits = 0;
  private misses = 0;

  /** `maxBytes` bounds the values' sizes (`sizeOf`); 0 keeps nothing. */
  constructor(maxBytes: number, sizeOf: (value: V) => number) {
    this.kept = maxBytes > 0 ? new LRUCache<string, V>({ maxSize: maxBytes, sizeCalculation: (value) => Math.max(1, sizeOf(value)) }) : null;
  }

  /** The value kept under `key`. It is shared: the caller must not change it. */
  get(key: string): V | undefined {
    const value = this.kept?.get(key);
    if (value === undefined) this.misses++;
    else this.hits++;
    return value;
  }

  set(key: string, value: V): void {
    this.kept?.set(key, value);
  }

  /** How much is kept and how often a lookup found its value. */
  stats(): KeptStats {
    return { entries: this.kept?.size ?? 0, bytes: this.kept?.calculatedSize ?? 0, hits: this.hits, misses: this.misses };
  }
}
