// Live changes applied again to the answer of a read that was in flight when they came (the
// project list's reload on 'completed', answered before the video's payment_required was stored).
import { describe, expect, it } from '@jest/globals';
import { LiveChangeLog } from '../app/lib/live-changes.js';

type List = { video: string; status: string };

/** A read whose answer the test gives when it wants. */
function pendingRead() {
  let answer!: (value: List | null) => void;
  let fail!: (error: Error) => void;
  const promise = new Promise<List | null>((resolve, reject) => {
    answer = resolve;
    fail = reject;
  });
  return { promise, answer, fail };
}

describe('LiveChangeLog', () => {
  it('applies the changes that came while a read was in flight to its answer, in order', async () => {
    const log = new LiveChangeLog<List>();
    const pending = pendingRead();
    const read = log.read(pending.promise);
    log.record((l) => ({ ...l, video: 'payment_required' }));
    log.record((l) => ({ ...l, video: `${l.video}+queued` }));
    pending.answer({ video: '', status: 'completed' });
    expect(await read).toEqual({ video: 'payment_required+queued', status: 'completed' });
    expect(log.size).toBe(0);
  });

  it('keeps no change when no read is in flight, and does not replay changes from before a read', async () => {
    const log = new LiveChangeLog<List>();
    log.record((l) => ({ ...l, video: 'stale' }));
    expect(log.size).toBe(0);
    const pending = pendingRead();
    const read = log.read(pending.promise);
    pending.answer({ video: 'ready', status: 'completed' });
    expect(await read).toEqual({ video: 'ready', status: 'completed' });
  });

  it('keeps a change for every read in flight until the oldest that needs it ends', async () => {
    const log = new LiveChangeLog<List>();
    const first = pendingRead();
    const firstRead = log.read(first.promise);
    log.record((l) => ({ ...l, status: 'creating_slides' }));
    const second = pendingRead();
    const secondRead = log.read(second.promise);
    log.record((l) => ({ ...l, video: 'payment_required' }));
    second.answer({ video: '', status: 'generating_documents' });
    // The second read started after the first change: only the second is applied to its answer.
    expect(await secondRead).toEqual({ video: 'payment_required', status: 'generating_documents' });
    expect(log.size).toBe(2);
    first.answer({ video: '', status: 'pending' });
    expect(await firstRead).toEqual({ video: 'payment_required', status: 'creating_slides' });
    expect(log.size).toBe(0);
  });

  it('lets a failed read or one without an answer go, and forgets what only it needed', async () => {
    const log = new LiveChangeLog<List>();
    const failing = pendingRead();
    const failed = log.read(failing.promise);
    log.record((l) => ({ ...l, video: 'queued' }));
    failing.fail(new Error('503'));
    await expect(failed).rejects.toThrow('503');
    expect(log.size).toBe(0);
    const empty = pendingRead();
    const none = log.read(empty.promise);
    log.record((l) => ({ ...l, video: 'queued' }));
    empty.answer(null);
    expect(await none).toBeNull();
    expect(log.size).toBe(0);
  });
});
