// The anonymous learner of the public players: one random id per browser, kept; a new one where
// storage is refused or holds something else.
import { describe, expect, it } from '@jest/globals';
import { learnerId } from '../app/lib/learner-tracking.js';

const memory = () => {
  const map = new Map<string, string>();
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v) };
};

describe('learnerId', () => {
  it('keeps one random id per browser', () => {
    const store = memory();
    const id = learnerId(store);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(learnerId(store)).toBe(id);
    expect(learnerId(memory())).not.toBe(id);
  });

  it('replaces what is not an id, and works without storage', () => {
    const store = memory();
    store.setItem('tw-learner-id', 'ana@example.com');
    expect(learnerId(store)).toMatch(/^[0-9a-f-]{36}$/);
    expect(learnerId(null)).toMatch(/^[0-9a-f-]{36}$/);
  });
});
