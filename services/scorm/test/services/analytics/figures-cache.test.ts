// The figures kept per query: the latest answered as kept, a changed company's answered as kept
// while one recomputation runs, old ones waited for, one computation per key, a bounded number kept.
import { describe, expect, it } from '@jest/globals';
import { FiguresCache } from '../../../src/services/analytics/figures-cache.js';

function setup() {
  let clock = 1_000_000;
  const cache = new FiguresCache<string>({ freshMs: 60_000, staleMs: 600_000, maxEntries: 2 }, () => clock);
  let computed = 0;
  const compute = (value: string) => async () => {
    computed += 1;
    return value;
  };
  return { cache, compute, advance: (ms: number) => (clock += ms), computed: () => computed, at: () => clock };
}

describe('figures cache', () => {
  it('answers the kept figures while the company has not changed and they are young', async () => {
    const t = setup();
    expect(await t.cache.get('k', 1, t.compute('a'))).toEqual({ value: 'a', asOf: 1_000_000 });
    t.advance(59_000);
    expect(await t.cache.get('k', 1, t.compute('b'))).toEqual({ value: 'a', asOf: 1_000_000 });
    expect(t.computed()).toBe(1);
  });

  it('answers the kept figures of a changed company while recomputing them once', async () => {
    const t = setup();
    await t.cache.get('k', 1, t.compute('a'));
    t.advance(1000);
    let release!: () => void;
    const slow = () => new Promise<string>((resolve) => (release = () => resolve('b')));
    // Two readers after the change: both get the kept figures; one computation runs.
    expect((await t.cache.get('k', 2, slow)).value).toBe('a');
    expect((await t.cache.get('k', 2, t.compute('never'))).value).toBe('a');
    release();
    await new Promise((r) => setImmediate(r));
    expect(await t.cache.get('k', 2, t.compute('c'))).toEqual({ value: 'b', asOf: 1_001_000 });
    expect(t.computed()).toBe(1);
  });

  it('waits for a computation when the kept figures are too old, and keeps a bounded number', async () => {
    const t = setup();
    await t.cache.get('k', 1, t.compute('a'));
    t.advance(600_000);
    expect((await t.cache.get('k', 2, t.compute('b'))).value).toBe('b');
    await t.cache.get('x', 1, t.compute('x'));
    await t.cache.get('y', 1, t.compute('y'));
    // Three keys, two kept: the oldest computed ('k') is gone.
    expect((await t.cache.get('k', 2, t.compute('again'))).value).toBe('again');
  });

  it('keeps nothing from a failed computation', async () => {
    const t = setup();
    await expect(t.cache.get('k', 1, async () => Promise.reject(new Error('database down')))).rejects.toThrow('database down');
    expect((await t.cache.get('k', 1, t.compute('a'))).value).toBe('a');
  });
});
