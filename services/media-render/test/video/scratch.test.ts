import { pixelDifference, sha256 } from './helpers.js';
test('t', () => {
  const a = Buffer.alloc(640*360*3, 1), b = Buffer.alloc(640*360*3, 2);
  let t = performance.now(); for (let i = 0; i < 28; i++) pixelDifference(a, b); console.log('diff', performance.now() - t);
  t = performance.now(); for (let i = 0; i < 8; i++) sha256(a); console.log('hash', performance.now() - t);
});
