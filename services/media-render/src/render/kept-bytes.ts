// What a render keeps in memory by content for the next one (the deck's drawn visuals, spoken
// clips, the video's pictures): bounded in bytes, the value used longest ago going first, counting
// how often a lookup found its value (also as the metrics media_render_kept_bytes, _entries and
// _lookups_total{cache, result}).
import { LRUCache } from 'lru-cache';
import client from 'prom-client';
import { registry } from '@trainwright/platform';

/** The caches a render process keeps, by the name their metrics carry. */
export type KeptCacheName = 'deck_visuals' | 'spoken_clips' | 'video_pictures';

const caches = new Map<KeptCacheName, { stats(): KeptStats }>();

// What is kept, read when /metrics is scraped; each lookup counted as it happens.
new client.Gauge({
  name: 'media_render_kept_bytes',
  help: 'Bytes a render process keeps by content for the next render',
  labelNames: ['cache'],
  registers: [registry],
  collect() {
    for (const [cache, kept] of caches) this.set({ cache }, kept.stats().bytes);
  },
});
new client.Gauge({
  name: 'media_render_kept_entries',
  help: 'Values a render process keeps by content for the next render',
  labelNames: ['cache'],
  registers: [registry],
  collect() {
    for (const [cache, kept] of caches) this.set({ cache }, kept.stats().entries);
  },
});
const lookups = new client.Counter({
  name: 'media_render_kept_lookups_total',
  help: 'Lookups of kept values, by whether the value was kept',
  labelNames: ['cache', 'result'],
  registers: [registry],
});

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
  private readonly hit: client.Counter.Internal;
  private readonly miss: client.Counter.Internal;

  /**
   * `maxBytes` bounds the values' sizes (`sizeOf`); 0 keeps nothing. `name` labels its metrics
   * (the process's latest cache of that name is the one reported).
   */
  constructor(name: KeptCacheName, maxBytes: number, sizeOf: (value: V) => number) {
    this.kept = maxBytes > 0 ? new LRUCache<string, V>({ maxSize: maxBytes, sizeCalculation: (value) => Math.max(1, sizeOf(value)) }) : null;
    this.hit = lookups.labels(name, 'hit');
    this.miss = lookups.labels(name, 'miss');
    caches.set(name, this);
  }

  /** The value kept under `key`. It is shared: the caller must not change it. */
  get(key: string): V | undefined {
    const value = this.kept?.get(key);
    if (value === undefined) {
      this.misses++;
      this.miss.inc();
    } else {
      this.hits++;
      this.hit.inc();
    }
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
