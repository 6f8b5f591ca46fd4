// renderVideo end to end with espeak-ng: the video as ffprobe sees it, its duration against the
// narration clips measured by ffprobe, the subtitle file as a strict parser reads it, and burned
// subtitles as ffmpeg decodes the frames.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { RenderError, type RenderInput } from '../../src/domain/types.js';
import { EspeakProvider } from '../../src/adapters/speech/espeak.js';
import { renderVideo } from '../../src/video/index.js';
import { MIN_SLIDE_MS, SLIDE_PAUSE_MS } from '../../src/video/narration.js';
import { decodeRgb, ffprobe, makeInput, parseVtt, pixelDifference, probeDurationMs, slide, tempDir } from './helpers.js';

const provider = new EspeakProvider();
const voice = { provider: 'espeak', voice: 'en-us' };
const SIZE = { width: 640, height: 360 };

const input = makeInput(
  [
    slide('Spot the hazards', ['Trip hazards', 'Spills'], 'Look around before you start. Spills cause most falls.'),
    slide('Silent slide'),
    slide('Report', ['Tell your supervisor']),
  ],
  { layout: 'split-image' },
);

let dir: { path: string; remove: () => Promise<void> };
beforeAll(async () => {
  dir = await tempDir('render-video-');
});
afterAll(() => dir.remove());

/** The video's expected length from the clips on disk, each measured by ffprobe. */
async function expectedMs(workDir: string, input: RenderInput): Promise<number> {
  let total = 0;
  const count = input.deck.slides.length + 1;
  for (let n = 0; n < count; n++) {
    const clip = join(workDir, 'narration', `${String(n).padStart(3, '0')}.wav`);
    const ms = await probeDurationMs(clip).catch(() => null);
    total += ms === null ? MIN_SLIDE_MS : Math.max(MIN_SLIDE_MS, ms + SLIDE_PAUSE_MS);
  }
  return total;
}

describe('renderVideo', () => {
  for (const format of ['mp4', 'mov'] as const) {
    test(`${format}: H.264 + AAC, requested size, duration of the narration, a valid subtitle file`, async () => {
      const workDir = join(dir.path, format);
      const seen: number[] = [];
      const result = await renderVideo(input, { provider, voice, format, workDir, size: SIZE }, (p) => void seen.push(p));

      const probe = await ffprobe(result.videoPath);
      const video = probe.streams.find((s) => s.codec_type === 'video');
      const audio = probe.streams.find((s) => s.codec_type === 'audio');
      expect(video).toMatchObject({ codec_name: 'h264', width: 640, height: 360 });
      expect(audio?.codec_name).toBe('aac');
      expect(probe.format.tags?.major_brand).toBe(format === 'mp4' ? 'isom' : 'qt  ');

      const narrationMs = await expectedMs(workDir, input);
      const durationMs = Number(probe.format.duration) * 1000;
      expect(Math.abs(durationMs - narrationMs) / narrationMs).toBeLessThan(0.05);
      expect(Math.abs(Number(audio!.duration) * 1000 - narrationMs) / narrationMs).toBeLessThan(0.05);
      expect(Math.abs(result.durationMs - narrationMs)).toBeLessThan(5);

      const cues = parseVtt(await readFile(result.vttPath, 'utf8'));
      expect(cues.map((c) => c.text)).toEqual(['Workplace Safety.', 'Look around before you start.', 'Spills cause most falls.', 'Tell your supervisor.']);
      for (let i = 1; i < cues.length; i++) expect(cues[i]!.startMs).toBeGreaterThanOrEqual(cues[i - 1]!.endMs);
      expect(cues[cues.length - 1]!.endMs).toBeLessThanOrEqual(durationMs);
      // The last slide's cue starts after the silent slide.
      expect(cues[3]!.startMs).toBeGreaterThanOrEqual(cues[2]!.endMs + MIN_SLIDE_MS);
      expect((await readFile(result.srtPath, 'utf8')).split('-->').length - 1).toBe(cues.length);

      expect(seen[seen.length - 1]).toBe(100);
      // Intermediate steps, not only 0 and 100 (how many depends on how often ffmpeg reports).
      expect(new Set(seen).size).toBeGreaterThan(3);
      expect([...seen].sort((a, b) => a - b)).toEqual(seen);
    });
  }

  test('burned-in subtitles change the picture while a cue shows, and only then', async () => {
    const plain = await renderVideo(input, { provider, voice, format: 'mp4', workDir: join(dir.path, 'plain'), size: SIZE });
    const burned = await renderVideo(input, { provider, voice, format: 'mp4', workDir: join(dir.path, 'burned'), size: SIZE, burnSubtitles: true });
    const cues = parseVtt(await readFile(burned.vttPath, 'utf8'));
    const during = (cues[1]!.startMs + cues[1]!.endMs) / 2000;
    expect(pixelDifference(await decodeRgb(plain.videoPath, during), await decodeRgb(burned.videoPath, during))).toBeGreaterThan(0.003);
    // In the silent slide no cue shows: the frames match.
    const silent = (cues[2]!.endMs + cues[3]!.startMs) / 2000;
    expect(pixelDifference(await decodeRgb(plain.videoPath, silent), await decodeRgb(burned.videoPath, silent))).toBeLessThan(0.0005);
  });

  test('a size or format the encoder cannot take is refused before any work', async () => {
    const workDir = join(dir.path, 'refused');
    await expect(renderVideo(input, { provider, voice, format: 'mp4', workDir, size: { width: 641, height: 360 } })).rejects.toThrow(RenderError);
    await expect(renderVideo(input, { provider, voice, format: 'avi' as 'mp4', workDir, size: SIZE })).rejects.toThrow(RenderError);
    expect(existsSync(join(workDir, 'slides'))).toBe(false);
  });

  test('hostile content (script tags, RTL, CJK, emoji, a 2000-character title) still renders a playable video', async () => {
    const title = `<script>alert(1)</script> ${'Long title '.repeat(200)}`.slice(0, 2000);
    const hostile = makeInput(
      [slide(title, ['مرحبا بكم', '安全第一'], 'Say <b>this</b> & that 😀.'), slide('עברית', [], 'שלום. 你好。')],
      { layout: 'timeline', title },
    );
    const result = await renderVideo(hostile, { provider, voice, format: 'mp4', workDir: join(dir.path, 'hostile'), size: { width: 320, height: 180 } });
    const probe = await ffprobe(result.videoPath);
    expect(probe.streams.map((s) => s.codec_name).sort()).toEqual(['aac', 'h264', 'mov_text']);
    const cues = parseVtt(await readFile(result.vttPath, 'utf8'));
    expect(cues.some((c) => c.text.includes('Say &lt;b&gt;this&lt;/b&gt; &amp; that'))).toBe(true);
  });
});
