// Wall-clock half of apertium.test.ts (run in the timed tier, alone): an aborted translation on
// the real Apertium processes ends within a second (that it ends cancelled is checked there too).
import { ApertiumEngine } from '../../src/adapters/apertium.js';
import { manySentences } from './apertium-fixtures.js';

describe('ApertiumEngine (timed)', () => {
  it('ends an aborted translation within a second', async () => {
    const fresh = await ApertiumEngine.create();
    const controller = new AbortController();
    const started = performance.now();
    setTimeout(() => controller.abort(), 100);
    await expect(fresh.translate(manySentences(), 'en', 'fr', { glossary: [], signal: controller.signal })).rejects.toThrow('The translation was cancelled.');
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
