// Wall-clock half of offline-engine.test.ts (run in the timed tier, alone): the offline engine
// processes a 20-page document well under a second (the results are checked in offline-engine.test.ts).
import { sourceText } from '../../../src/domain/source.js';
import { largeDocument } from './fixtures.js';
import { generatorTask, LARGE_DOCUMENT_RUNS, run } from './offline-engine-fixtures.js';

describe('OfflineEngine (timed)', () => {
  it('should process a 20-page document well under a second', async () => {
    const doc = largeDocument();
    const words = sourceText(doc).split(/\s+/).length;
    for (const [type, data] of LARGE_DOCUMENT_RUNS) {
      const started = performance.now();
      const { result } = await run(generatorTask(type, data, doc));
      const elapsed = performance.now() - started;
      console.log(`${type} on ${words} words: ${elapsed.toFixed(1)} ms, ${result.deck.slides.length} slides, ${result.questions.length} questions`);
      expect(elapsed).toBeLessThan(1000);
    }
  });
});
