import { EspeakProvider } from '../../src/speech/espeak.js';
import { renderVideo } from '../../src/video/index.js';
import { makeInput, slide, ffprobe } from './helpers.js';
test('e2e', async () => {
  const notes = (i: number) => `This is slide number ${i}. Always check the work area for hazards before you begin, and report anything unsafe to your supervisor.`;
  const input = makeInput(Array.from({ length: 10 }, (_, i) => slide(`Step ${i + 1}: stay safe`, ['Check the area', 'Wear protection', 'Report hazards'], notes(i + 1))));
  const provider = new EspeakProvider();
  await provider.voices();
  for (let k = 0; k < 3; k++) {
  const t = performance.now();
  const seen: number[] = [];
  const r = await renderVideo(input, { provider, voice: { provider: 'espeak', voice: 'en-us' }, format: 'mp4', workDir: '/tmp/vp/e2e' + k, burnSubtitles: k === 2 }, (p) => { seen.push(p); });
  console.log(performance.now() - t, r, seen.join(','));
  console.log(JSON.stringify((await ffprobe(r.videoPath)).streams.map(s => [s.codec_name, s.width, s.height, s.duration])));
  }
}, 60000);
