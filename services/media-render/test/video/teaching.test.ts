// Videos that teach (issue 13): a long slide is shown as several pictures that reveal its items as
// the narration reaches them, moves gently while it is long, and the subtitles travel in the file
// as a selectable mov_text track. Checked with the real consumers: ffprobe for the streams, ffmpeg
// for the track's cues and for decoded frames.
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { EspeakProvider } from '../../src/adapters/speech/espeak.js';
import { RendererRepository } from '../../src/repositories/renderer.repository.js';
import {
  iso6392,
  MAX_STILL_MS,
  motionFilter,
  narrationParts,
  pictureTimeline,
  renderSlideSvg,
  renderVideo,
  revealSchedule,
  videoPictures,
  type NarratedSlide,
  type RenderedVideo,
} from '../../src/video/index.js';
import { decodeRgb, ffprobe, makeInput, parseVtt, pixelDifference, slide, tempDir } from './helpers.js';

const run = promisify(execFile);
const provider = new EspeakProvider();
const voice = { provider: 'espeak', voice: 'en-us' };
const SIZE = { width: 640, height: 360 };

const FIVE = [
  'Hazards at work come in many forms, and the first step is always to notice them before anyone is hurt.',
  'Wet floors, trailing cables and open drawers cause most of the falls that are reported every single year.',
  'Ladders must be checked before each use, with both feet of the ladder level and firmly on the ground.',
  'Chemicals are stored in their own labelled containers, never in bottles that once held something to drink.',
  'When something goes wrong, tell your supervisor at once, even if nobody was hurt and nothing was broken.',
];

// The example: one slide holding five paragraphs (no notes: the slide says them itself).
const long = makeInput([slide('Staying safe', [], '', FIVE), slide('Report', ['Tell your supervisor'])]);

let dir: { path: string; remove: () => Promise<void> };
beforeAll(async () => {
  dir = await tempDir('teaching-video-');
});
afterAll(() => dir.remove());

/** The cues of the file's first subtitle stream, as ffmpeg reads them back out of the track. */
async function trackCues(path: string) {
  const { stdout } = await run('ffmpeg', ['-v', 'error', '-i', path, '-map', '0:s:0', '-f', 'srt', '-']);
  // SRT as the strict WebVTT reader takes it: the same cues with '.' before the milliseconds.
  return parseVtt(`WEBVTT\n\n${stdout.replace(/(\d{2}:\d{2}:\d{2}),(\d{3})/g, '$1.$2')}`);
}

describe('when each item is reached', () => {
  test('items said one by one come one by one; notes spread the items over their parts in order', () => {
    const input = makeInput([
      slide('Own words', ['One', 'Two', 'Three']),
      slide('Notes', ['A', 'B', 'C', 'D'], 'First paragraph.\n\nSecond paragraph.'),
      slide('Sentences', ['A', 'B', 'C'], 'First sentence. Second sentence. Third sentence.'),
    ]);
    const [title, own, notes, sentences] = narrationParts(input);
    expect(title).toEqual({ parts: ['Workplace Safety.'], revealed: [0], items: 0 });
    expect(own).toEqual({ parts: ['One.', 'Two.', 'Three.'], revealed: [1, 2, 3], items: 3 });
    expect(notes).toEqual({ parts: ['First paragraph.', 'Second paragraph.'], revealed: [2, 4], items: 4 });
    // One paragraph but three items: its sentences are the parts, so each item gets its own.
    expect(sentences).toEqual({ parts: ['First sentence.', 'Second sentence.', 'Third sentence.'], revealed: [1, 2, 3], items: 3 });
    expect(revealSchedule(5, 2)).toEqual([1, 1, 1, 2, 2]);
    expect(revealSchedule(2, 0)).toEqual([0, 0]);
  });

  test('a slide has one picture per step of its reveal, the last with every item; the steps follow the parts', () => {
    const pictures = videoPictures(long);
    expect(pictures.map((p) => [p.slide, p.revealed])).toEqual([[0, undefined], [1, 1], [1, 2], [1, 3], [1, 4], [1, undefined], [2, undefined]]);
    // The narration's timings place them: each picture from the part that brings its item.
    const part = (startMs: number, revealed: number, text = 'x') => ({ text, startMs, durationMs: 1000, revealed });
    const slides: NarratedSlide[] = [
      { index: -1, text: 't', clip: null, parts: [], items: 0, startMs: 0, durationMs: 2500 },
      { index: 0, text: 'x', clip: null, parts: [0, 1, 2, 3, 4].map((k) => part(k * 9000, k + 1)), items: 5, startMs: 2500, durationMs: 45_600 },
      { index: 1, text: 'x', clip: null, parts: [part(0, 1)], items: 1, startMs: 48_100, durationMs: 3000 },
    ];
    const timed = pictureTimeline(slides, pictures);
    expect(timed.map((p) => [p.startMs, p.durationMs])).toEqual([[0, 2500], [2500, 9000], [11_500, 9000], [20_500, 9000], [29_500, 9000], [38_500, 9600], [48_100, 3000]]);
  });

  test('the drawn picture hides the items not reached yet and moves nothing', () => {
    const full = renderSlideSvg(long, 0, SIZE);
    const two = renderSlideSvg(long, 0, SIZE, 2);
    const texts = (svg: string) => [...svg.matchAll(/<text [^>]*>([^<]*)<\/text>/g)].map((m) => m[0]);
    // Every text element of the partial picture is in the full one at the same place.
    expect(texts(two).length).toBeGreaterThan(2);
    expect(texts(two).length).toBeLessThan(texts(full).length);
    for (const t of texts(two)) expect(full).toContain(t);
  });

  test('only pictures longer than the bound move, with a zoom that starts and ends at rest', () => {
    expect(motionFilter([{ durationMs: MAX_STILL_MS }, { durationMs: 3000 }])).toBeNull();
    const f = motionFilter([{ durationMs: 3000 }, { durationMs: 20_000 }, { durationMs: 8000 }])!;
    expect(f).toMatch(/^perspective=/);
    expect(f).toContain('between(t\\,3\\,23)');
    expect(f).not.toContain('\\,31');
    expect(f).toContain('pow(sin(PI*(((in-1)/5)-3)/20)\\,2)');
    expect(iso6392('en')).toBe('eng');
    expect(iso6392('pt-BR')).toBe('por');
    expect(iso6392('xx')).toBe('und');
  });
});

describe('renderVideo: a long slide teaches', () => {
  let video: RenderedVideo;
  beforeAll(async () => {
    video = await renderVideo(long, { provider, voice, format: 'mp4', workDir: join(dir.path, 'long'), size: SIZE });
  }, 120_000);

  test('the mp4 carries the subtitles as a mov_text track whose cues are the narration', async () => {
    const probe = await ffprobe(video.videoPath);
    expect(probe.streams.map((s) => s.codec_name)).toEqual(['h264', 'aac', 'mov_text']);
    const { stdout } = await run('ffprobe', ['-v', 'error', '-select_streams', 's:0', '-show_entries', 'stream_tags=language', '-of', 'csv=p=0', video.videoPath]);
    expect(stdout.trim()).toBe('eng');
    const cues = await trackCues(video.videoPath);
    const file = parseVtt(await readFile(video.vttPath, 'utf8'));
    expect(cues.map((c) => c.text)).toEqual(file.map((c) => c.text));
    expect(cues.map((c) => c.text.replace(/\n/g, ' ')).join(' ')).toBe(['Workplace Safety.', ...FIVE, 'Tell your supervisor.'].join(' '));
    cues.forEach((c, i) => expect(Math.abs(c.startMs - file[i]!.startMs)).toBeLessThanOrEqual(2));
  });

  test('the slide of five paragraphs is five pictures, each from the moment its paragraph is said', async () => {
    const own = video.pictures.filter((p) => p.slide === 1);
    expect(own).toHaveLength(5);
    const cues = parseVtt(await readFile(video.vttPath, 'utf8'));
    // Each paragraph's first cue starts with its picture.
    for (const [k, p] of own.entries()) {
      const first = cues.find((c) => c.text.startsWith(FIVE[k]!.slice(0, 20)))!;
      expect(Math.abs(first.startMs - p.startMs)).toBeLessThanOrEqual(2);
    }
    // The slide is longer than the bound, but its reveals change the frame often enough: no picture
    // stays longer than the bound, so nothing has to move.
    expect(video.slides[1]!.durationMs).toBeGreaterThan(MAX_STILL_MS);
    for (const p of video.pictures) expect(p.durationMs).toBeLessThanOrEqual(MAX_STILL_MS);
    expect(motionFilter(video.pictures)).toBeNull();
  });

  test('frames within the slide change with its reveals only: the next paragraph appears, no zoom', async () => {
    const [first, second] = video.pictures.filter((p) => p.slide === 1);
    const at = (ms: number) => decodeRgb(video.videoPath, ms / 1000);
    const early = await at(first!.startMs + 400);
    const late = await at(first!.startMs + first!.durationMs - 400);
    const next = await at(second!.startMs + 400);
    expect(pixelDifference(early, late)).toBeLessThan(0.0005);
    expect(pixelDifference(late, next)).toBeGreaterThan(0.002);
    // The slide after it is short: it stands still.
    const last = video.pictures[video.pictures.length - 1]!;
    expect(pixelDifference(await at(last.startMs + 300), await at(last.startMs + last.durationMs - 300))).toBeLessThan(0.0005);
  });

  test('the mov from the renderer keeps the track; burned-in subtitles change the bottom band', async () => {
    const renderer = new RendererRepository({ speech: provider, size: SIZE, burnSubtitles: true });
    const out = await renderer.video(long, voice, join(dir.path, 'burned'), () => undefined);
    for (const path of [out.mp4Path, out.movPath]) {
      expect((await ffprobe(path)).streams.map((s) => s.codec_name)).toEqual(['h264', 'aac', 'mov_text']);
      expect((await trackCues(path)).length).toBeGreaterThan(5);
    }
    const cues = parseVtt(await readFile(video.vttPath, 'utf8'));
    const mid = (cues[2]!.startMs + cues[2]!.endMs) / 2000;
    const band = (rgb: Buffer) => rgb.subarray(rgb.length - SIZE.width * 3 * Math.round(SIZE.height * 0.25));
    const top = (rgb: Buffer) => rgb.subarray(0, SIZE.width * 3 * Math.round(SIZE.height * 0.5));
    const plain = await decodeRgb(video.videoPath, mid);
    const burned = await decodeRgb(out.mp4Path, mid);
    expect(pixelDifference(band(plain), band(burned))).toBeGreaterThan(0.02);
    expect(pixelDifference(top(plain), top(burned))).toBeLessThan(0.002);
  });
});

describe('renderVideo: a picture that would stay unchanged longer than the bound moves', () => {
  // One point and five paragraphs of notes: one picture for the whole ~30 s slide.
  const still = makeInput([slide('Ladders', ['Check the ladder before each use'], FIVE.join('\n\n'))]);
  let video: RenderedVideo;
  beforeAll(async () => {
    video = await renderVideo(still, { provider, voice, format: 'mp4', workDir: join(dir.path, 'still'), size: SIZE });
  }, 120_000);

  test('it zooms in and back out over its length', async () => {
    const [p] = video.pictures.filter((x) => x.slide === 1);
    expect(p!.durationMs).toBeGreaterThan(MAX_STILL_MS);
    const at = (ms: number) => decodeRgb(video.videoPath, ms / 1000);
    const start = await at(p!.startMs + 200);
    const middle = await at(p!.startMs + p!.durationMs / 2);
    const end = await at(p!.startMs + p!.durationMs - 200);
    // At its middle the zoom is at its deepest; at both ends it is (nearly) at rest.
    expect(pixelDifference(start, middle)).toBeGreaterThan(0.002);
    expect(pixelDifference(start, end)).toBeLessThan(pixelDifference(start, middle) / 2);
  });
});
