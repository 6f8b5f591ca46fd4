// The preview's prepared decks (each holds the project's content and logo) and its last images,
// kept in memory by lru-cache: fetch() shares work in flight and keeps no failure.
import { LRUCache } from 'lru-cache';
import type { PreparedDeck, PreviewCache } from '../services/previews/deps.js';

export class PreviewCacheRepository implements PreviewCache {
  private readonly decks: LRUCache<string, PreparedDeck, () => Promise<PreparedDeck>>;
  private readonly images: LRUCache<string, Buffer, () => Promise<Buffer>>;
  private hits = 0;

  /** `maxDecks` prepared decks kept; `maxImages` images, of `maxImageBytes` at most. */
  constructor(limits: { maxDecks?: number; maxImages?: number; maxImageBytes?: number } = {}) {
    this.decks = new LRUCache({ max: limits.maxDecks ?? 16, fetchMethod: (_key, _stale, { context }) => context() });
    this.images = new LRUCache({
      max: limits.maxImages ?? 96,
      maxSize: limits.maxImageBytes ?? 16 * 1024 * 1024,
      sizeCalculation: (png) => Math.max(1, png.length),
      fetchMethod: (_key, _stale, { context }) => context(),
    });
  }

  /** How often an image was served from memory (tests, metrics). */
  get imageCacheHits(): number {
    return this.hits;
  }

  deck(key: string, prepare: () => Promise<PreparedDeck>): Promise<PreparedDeck | undefined> {
    return this.decks.fetch(key, { context: prepare });
  }

  image(key: string, draw: () => Promise<Buffer>): Promise<Buffer | undefined> {
    if (this.images.has(key)) this.hits++;
    return this.images.fetch(key, { context: draw });
  }
}
