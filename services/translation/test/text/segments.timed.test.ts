// Wall-clock half of segments.test.ts (run in the timed tier, alone): a 50,000-character slide text
// is segmented and assembled fast (the result is checked in segments.test.ts).
import { segment } from '../../src/text/segments.js';
import { bigSlideText, only, shout } from './segments-fixtures.js';

describe('segment (timed)', () => {
  it('segments and assembles a 50,000-character slide text fast', () => {
    const big = bigSlideText();
    const started = performance.now();
    const segs = segment(only(big));
    const out = shout(only(big));
    const ms = performance.now() - started;
    expect(out.slidesContent.length).toBe(big.length);
    expect(ms).toBeLessThan(1500);
    console.log(`50,000-character slide text: ${segs.length} segments, segment + assemble twice in ${Math.round(ms)} ms`);
  });
});
