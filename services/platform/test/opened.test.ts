// A composition root's resources: closed once, last opened first.
import { describe, expect, it } from '@jest/globals';
import { Opened } from '../src/lifecycle.js';

describe(Opened.name, () => {
  it('should close what was opened in the reverse order, once however often close() is called', async () => {
    const closed: string[] = [];
    const opened = new Opened();
    const thing = (name: string) => ({ close: async () => void closed.push(name) });
    const infra = opened.own(thing('infra'));
    opened.own(thing('queue'));
    opened.onClose(() => closed.push('grpc'));
    expect(infra).toBeDefined();
    await Promise.all([opened.close(), opened.close()]);
    await opened.close();
    expect(closed).toEqual(['grpc', 'queue', 'infra']);
  });
});
