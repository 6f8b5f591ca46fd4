import { writeFileSync } from 'node:fs';
import { renderPdf } from '../../src/render/pdf.js';
import { fireSafetyInput, hostileInput, bareInput } from './fixtures.js';
it('smoke', async () => {
  let t = Date.now();
  writeFileSync('/tmp/rprobe/fire.pdf', await renderPdf(fireSafetyInput()));
  console.log('fire', Date.now() - t); t = Date.now();
  writeFileSync('/tmp/rprobe/fire2.pdf', await renderPdf(fireSafetyInput()));
  console.log('fire warm', Date.now() - t); t = Date.now();
  writeFileSync('/tmp/rprobe/hostile.pdf', await renderPdf(hostileInput()));
  console.log('hostile', Date.now() - t); t = Date.now();
  writeFileSync('/tmp/rprobe/bare.pdf', await renderPdf(bareInput()));
});
