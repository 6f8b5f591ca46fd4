// The renderers a render job uses, for real (espeak-ng, ffmpeg): the video comes as mp4 and as a
// mov with the same streams, with its subtitles, all in the job's work folder.
import { EspeakProvider } from '../../src/adapters/speech/espeak.js';
import { RendererRepository } from '../../src/repositories/renderer.repository.js';
import { ffprobe, makeInput, slide, tempDir } from '../video/helpers.js';

const renderers = new RendererRepository({ speech: new EspeakProvider(), size: { width: 320, height: 180 }, burnSubtitles: false });
const input = makeInput([slide('Exits', ['Walk, do not run'], 'Walk to the nearest exit.')]);

let dir: { path: string; remove: () => Promise<void> };
beforeAll(async () => {
  dir = await tempDir('renderer-repository-');
});
afterAll(() => dir.remove());

describe(RendererRepository.name, () => {
  describe('document', () => {
    it('should render the format asked for', async () => {
      expect((await renderers.document('txt', input)).toString('utf8')).toContain('Exits');
    });
  });

  describe('video', () => {
    it('should write the mp4, the same streams as mov and the subtitles in the work folder', async () => {
      const progress: number[] = [];
      const video = await renderers.video(input, { provider: 'espeak', voice: 'en-us' }, dir.path, (p) => void progress.push(p));
      expect(video).toEqual({ mp4Path: `${dir.path}/video.mp4`, movPath: `${dir.path}/video.mov`, vttPath: `${dir.path}/subtitles.vtt`, durationMs: expect.any(Number) });
      const [mp4, mov] = await Promise.all([ffprobe(video.mp4Path), ffprobe(video.movPath)]);
      expect(mov.format.format_name).toContain('mov');
      expect(mov.streams.map((s) => s.codec_name)).toEqual(mp4.streams.map((s) => s.codec_name));
      expect(progress.at(-1)).toBe(100);
    }, 60_000);
  });
});
