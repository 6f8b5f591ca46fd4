// The anonymous learner of every player: one random id per browser (per origin), kept; a new one
// where storage is refused or holds something else.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { LEARNER_KEY, learnerId, statementQueueKey } from '../src/learner.js';

const memory = () => {
  const map = new Map<string, string>();
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v) };
};
const refused = {
  getItem: () => {
    throw new Error('SecurityError');
  },
  setItem: () => {
    throw new Error('SecurityError');
  },
};

describe('learnerId', () => {
  it('keeps one random id per browser', () => {
    const store = memory();
    const id = learnerId(store, randomUUID);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(store.getItem(LEARNER_KEY)).toBe(id);
    expect(learnerId(store, randomUUID)).toBe(id);
    expect(learnerId(memory(), randomUUID)).not.toBe(id);
  });

  it('replaces what is not an id, and works where storage is refused or absent', () => {
    const store = memory();
    store.setItem(LEARNER_KEY, 'Ana Lopez <ana@example.com>');
    expect(learnerId(store, randomUUID)).toMatch(/^[0-9a-f-]{36}$/);
    expect(learnerId(refused, randomUUID)).toMatch(/^[0-9a-f-]{36}$/);
    expect(learnerId(null, randomUUID)).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('keeps each activity’s unsent statements apart', () => {
    expect(statementQueueKey('https://x/api/xapi/activities/projects/1')).not.toBe(statementQueueKey('https://x/api/xapi/activities/projects/2'));
  });
});
