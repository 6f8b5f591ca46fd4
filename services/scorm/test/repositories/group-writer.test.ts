// The group commit (repositories/group-writer.ts): writes that arrive while the groups are under
// way leave together, within the size of a group, and a failed group answers each write false.
import { describe, expect, it } from '@jest/globals';
import { GroupWriter } from '../../src/repositories/group-writer.js';

/** A group write that finishes when the test says so. */
function controlled() {
  const groups: number[][] = [];
  const finish: Array<(ok: boolean) => void> = [];
  const writeGroup = (writes: number[]) =>
    new Promise<void>((resolve, reject) => {
      groups.push(writes);
      finish.push((ok) => (ok ? resolve() : reject(new Error('unique violation'))));
    });
  return { groups, finish, writeGroup };
}

describe('GroupWriter', () => {
  it('writes at once when idle and groups what arrives meanwhile, within maxItems', async () => {
    const { groups, finish, writeGroup } = controlled();
    const writer = new GroupWriter(writeGroup, { concurrency: 1, maxItems: 250 });
    const answers = [1, 2, 3, 4, 5].map((n) => writer.write(n, 100));
    expect(groups).toEqual([[1]]);
    finish[0]!(true);
    await answers[0];
    // 2 and 3 fit in 250 items; 4 and 5 wait for the next group.
    expect(groups).toEqual([[1], [2, 3]]);
    finish[1]!(true);
    await answers[2];
    expect(groups).toEqual([[1], [2, 3], [4, 5]]);
    finish[2]!(true);
    expect(await Promise.all(answers)).toEqual([true, true, true, true, true]);
  });

  it('answers every write of a failed group false, and goes on with the next', async () => {
    const { groups, finish, writeGroup } = controlled();
    const writer = new GroupWriter(writeGroup, { concurrency: 2, maxItems: 1000 });
    const first = writer.write(1, 1);
    const second = writer.write(2, 1);
    const [third, fourth] = [writer.write(3, 1), writer.write(4, 1)];
    expect(groups).toEqual([[1], [2]]);
    finish[1]!(false);
    expect(await second).toBe(false);
    expect(groups).toEqual([[1], [2], [3, 4]]);
    finish[0]!(true);
    finish[2]!(false);
    expect(await Promise.all([first, third, fourth])).toEqual([true, false, false]);
  });

  it('sends a write larger than a group alone', async () => {
    const { groups, finish, writeGroup } = controlled();
    const writer = new GroupWriter(writeGroup, { concurrency: 1, maxItems: 10 });
    const answers = [writer.write(1, 5), writer.write(2, 50), writer.write(3, 5)];
    finish[0]!(true);
    await answers[0];
    expect(groups).toEqual([[1], [2]]);
    finish[1]!(true);
    await answers[1];
    finish[2]!(true);
    expect(groups).toEqual([[1], [2], [3]]);
    expect(await Promise.all(answers)).toEqual([true, true, true]);
  });
});
