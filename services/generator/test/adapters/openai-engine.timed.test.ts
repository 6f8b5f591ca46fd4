// Wall-clock half of openai-engine.test.ts (run in the timed tier, alone): a model that does not
// answer in time is given up within seconds, its three attempts included (the error itself is
// checked in openai-engine.test.ts).
import type { FakeStep } from '../fakes/fake-openai.js';
import { closeFake, doc, engineFor, failure, generator, input } from './openai-engine-fixtures.js';

afterEach(closeFake);

describe('OpenAiEngine (timed)', () => {
  test('a model that does not answer in time is given up within seconds, after its 3 attempts', async () => {
    const slow: FakeStep = { kind: 'delay', ms: 1500 };
    const { engine, fake } = await engineFor([slow, slow, slow], { timeoutMs: 300 });
    const started = Date.now();
    const err = await failure(engine.generate(input(generator('document_analysis', {}, doc())), () => {}));
    expect(Date.now() - started).toBeLessThan(3000);
    expect(err.message).toBe('The AI model did not answer within 0.3 s (3 attempts).');
    expect(fake.requests).toHaveLength(3);
  });
});
