// The advanced video operations: the pure builders by their output, and each operation run by
// ffmpeg on tiny synthetic media (ffmpeg's own sources), its effect measured by ffprobe and ffmpeg.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  batchOperation,
  chromaKeyGraph,
  chromaKeyStrength,
  colorCorrectionFilters,
  concatListText,
  cropCommands,
  cropPathFilter,
  cropWindow,
  joinChunks,
  parseChunkList,
  parseKeyColor,
  parseProgressTime,
  parseSceneScores,
  pickScenes,
  planCrop,
  qualityFilters,
  runVideoOperation,
  sceneThreshold,
  smoothFocusPath,
  splitIntoChunks,
  upscaledSize,
  VideoOperationError,
  type VideoInput,
} from '../../src/processing/operations/index.js';
import { fillFocusGaps, profileFocus, simplifyPath } from '../../src/processing/operations/smart-crop.js';
import { decodeFrames, ffmpeg, FIXTURE_ENCODE, hasAudio, meanShift, meanSignalStat, pixelShare, probe, tempDir, videoPacketTimes, videoStream } from './operations-media.js';

const W = 320;
const H = 180;
const FPS = 10;
const LONG_FPS = 5;

let dir: { path: string; remove: () => Promise<void> };
const media = {} as Record<'bars' | 'green' | 'cuts' | 'box' | 'shaky' | 'long', VideoInput> & { redPng: string };
/** Hard cuts of the cuts fixture (s): six 1.5 s segments of unrelated pictures. */
const CUTS = [1.5, 3, 4.5, 6, 7.5];
/** The moving box of the smart-crop fixture: 30 px orange, x = 20 + 40 t, y 75..105, 6 s. */
const BOX = { size: 30, speed: 40, x0: 20, y: 75, seconds: 6 };
const isOrange = (r: number, g: number, b: number) => r > 200 && g > 70 && g < 190 && b < 90;

const input = (path: string, durationSeconds: number, over: Partial<VideoInput> = {}): VideoInput => ({ path, durationSeconds, width: W, height: H, hasAudio: false, ...over });
const work = (name: string) => join(dir.path, 'work', name);

beforeAll(async () => {
  dir = await tempDir('video-ops-');
  const at = (name: string) => join(dir.path, name);
  const S = `${W}x${H}`;
  media.redPng = at('red.png');
  await Promise.all([
    ffmpeg(['-f', 'lavfi', '-i', `smptebars=s=${S}:r=${FPS}:d=2`, '-f', 'lavfi', '-i', 'sine=f=440:d=2', '-map', '0:v', '-map', '1:a', ...FIXTURE_ENCODE(), '-c:a', 'aac', '-shortest', at('bars.mp4')]),
    // A green screen: a testsrc2 picture on pure 0x00ff00, with sound.
    ffmpeg([
      '-f', 'lavfi', '-i', `color=c=0x00ff00:s=${S}:r=${FPS}:d=2`, '-f', 'lavfi', '-i', `testsrc2=s=120x80:r=${FPS}:d=2`, '-f', 'lavfi', '-i', 'sine=f=330:d=2',
      '-filter_complex', '[0:v][1:v]overlay=x=100:y=50:shortest=1,format=yuv420p[v]', '-map', '[v]', '-map', '2:a', ...FIXTURE_ENCODE(), '-c:a', 'aac', at('green.mp4'),
    ]),
    // 4:3, larger than the video: the background must be scaled to cover and cropped.
    ffmpeg(['-f', 'lavfi', '-i', 'color=c=red:s=640x480', '-frames:v', '1', media.redPng]),
    ffmpeg([
      '-f', 'lavfi', '-i', `testsrc2=s=${S}:r=${FPS}:d=1.5`, '-f', 'lavfi', '-i', `smptebars=s=${S}:r=${FPS}:d=1.5`, '-f', 'lavfi', '-i', `mandelbrot=s=${S}:r=${FPS},trim=duration=1.5`,
      '-f', 'lavfi', '-i', `color=c=0x2040a0:s=${S}:r=${FPS}:d=1.5`, '-f', 'lavfi', '-i', `color=c=0xe0c040:s=${S}:r=${FPS}:d=1.5`, '-f', 'lavfi', '-i', `testsrc=s=${S}:r=${FPS}:d=1.5`,
      '-filter_complex', '[0:v][1:v][2:v][3:v][4:v][5:v]concat=n=6:v=1:a=0,format=yuv420p[v]', '-map', '[v]', ...FIXTURE_ENCODE(), at('cuts.mp4'),
    ]),
    ffmpeg([
      '-f', 'lavfi', '-i', `smptebars=s=${S}:r=${FPS}:d=${BOX.seconds}`, '-f', 'lavfi', '-i', `color=c=0xff8000:s=${BOX.size}x${BOX.size}:r=${FPS}:d=${BOX.seconds}`,
      '-filter_complex', `[0:v][1:v]overlay=x='${BOX.x0}+t*${BOX.speed}':y=${BOX.y}:shortest=1,format=yuv420p[v]`, '-map', '[v]', ...FIXTURE_ENCODE(), at('box.mp4'),
    ]),
    // Shake: a still picture seen through a 320x180 window that jumps every frame.
    (async () => {
      await ffmpeg(['-f', 'lavfi', '-i', 'testsrc2=s=400x240:r=1:d=1', '-frames:v', '1', at('still.png')]);
      await ffmpeg(['-loop', '1', '-framerate', '15', '-t', '3', '-i', at('still.png'), '-vf', `crop=${W}:${H}:x='40+8*sin(n*2.39)':y='30+6*sin(n*1.71+1)',format=yuv420p`, ...FIXTURE_ENCODE(), at('shaky.mp4')]);
    })(),
    // Long enough for three chunks of the shortest chunk_duration (60 s), so smaller and slower
    // than the others; keyframes every 5 s, B-frames (reordered frames at every cut) like a camera's.
    ffmpeg(['-f', 'lavfi', '-i', `testsrc2=s=160x90:r=${LONG_FPS}:d=125`, '-f', 'lavfi', '-i', 'sine=f=220:d=125', '-map', '0:v', '-map', '1:a', ...FIXTURE_ENCODE(5 * LONG_FPS, 'veryfast'), '-c:a', 'aac', '-shortest', at('long.mp4')]),
  ]);
  media.bars = input(at('bars.mp4'), 2, { hasAudio: true });
  media.green = input(at('green.mp4'), 2, { hasAudio: true });
  media.cuts = input(at('cuts.mp4'), 9);
  media.box = input(at('box.mp4'), BOX.seconds);
  media.shaky = input(at('shaky.mp4'), 3);
  media.long = input(at('long.mp4'), 125, { width: 160, height: 90, hasAudio: true });
});
afterAll(() => dir.remove());

/** Records progress; checks it only rises and ends at 1. */
function progressRecorder() {
  const seen: number[] = [];
  return {
    seen,
    onProgress: (f: number) => void seen.push(f),
    check() {
      expect(seen.length).toBeGreaterThan(0);
      for (let i = 1; i < seen.length; i++) expect(seen[i]!).toBeGreaterThanOrEqual(seen[i - 1]!);
      expect(seen[seen.length - 1]).toBe(1);
    },
  };
}

describe('color correction', () => {
  describe('colorCorrectionFilters', () => {
    it('should give no filter for a neutral correction', () => {
      expect(colorCorrectionFilters({ brightness: 0, contrast: 1, saturation: 1, hue_shift: 0, gamma: 1 })).toEqual([]);
    });

    it('should give eq then hue with only the settings that change', () => {
      expect(colorCorrectionFilters({ brightness: 0.3, contrast: 1.2, saturation: 0.5, hue_shift: 30, gamma: 1.5 })).toEqual(['eq=brightness=0.3:contrast=1.2:saturation=0.5:gamma=1.5', 'hue=h=30']);
      expect(colorCorrectionFilters({ brightness: 0, contrast: 1, saturation: 2, hue_shift: 0 })).toEqual(['eq=saturation=2']);
    });

    it('should clamp values outside the specification ranges', () => {
      expect(colorCorrectionFilters({ brightness: 5, contrast: 0, saturation: -1, hue_shift: 400, gamma: 50 })).toEqual(['eq=brightness=1:contrast=0.1:saturation=0:gamma=10', 'hue=h=180']);
    });
  });

  it('should raise the mean luma after brightness +0.3, keeping size and sound', async () => {
    const progress = progressRecorder();
    const result = await runVideoOperation({ kind: 'color_correction', brightness: 0.3, contrast: 1, saturation: 1, hue_shift: 0 }, media.bars, work('cc'), progress.onProgress);
    progress.check();
    const before = await meanSignalStat(media.bars.path, 'YAVG', dir.path);
    const after = await meanSignalStat(result.outputPath!, 'YAVG', dir.path);
    expect(after).toBeGreaterThan(before + 30);
    const v = await videoStream(result.outputPath!);
    expect([v.codec_name, v.width, v.height]).toEqual(['h264', W, H]);
    expect(await hasAudio(result.outputPath!)).toBe(true);
    expect([result.width, result.height]).toEqual([W, H]);
  });

  it('should lower the mean saturation after saturation 0.2', async () => {
    const result = await runVideoOperation({ kind: 'color_correction', brightness: 0, contrast: 1, saturation: 0.2, hue_shift: 0 }, media.bars, work('cc'), () => undefined);
    const before = await meanSignalStat(media.bars.path, 'SATAVG', dir.path);
    const after = await meanSignalStat(result.outputPath!, 'SATAVG', dir.path);
    expect(after).toBeLessThan(before * 0.35);
  });
});

describe('chroma key', () => {
  describe('parseKeyColor', () => {
    it('should read six and three digit hex colours and fall back to green', () => {
      expect(parseKeyColor('#00ff00')).toBe('0x00FF00');
      expect(parseKeyColor('#0af')).toBe('0x00AAFF');
      expect(parseKeyColor('green')).toBe('0x00FF00');
      expect(parseKeyColor(undefined)).toBe('0x00FF00');
    });
  });

  describe('chromaKeyStrength', () => {
    it('should widen similarity and blend with the sensitivity, within their ranges', () => {
      const low = chromaKeyStrength(0.1);
      const high = chromaKeyStrength(1);
      expect(low.similarity).toBeCloseTo(0.04);
      expect(high.similarity).toBeCloseTo(0.25);
      expect(low.blend).toBeCloseTo(0.03);
      expect(high.blend).toBeCloseTo(0.1);
      expect(chromaKeyStrength(0.5).similarity).toBeGreaterThan(low.similarity);
      expect(chromaKeyStrength(7)).toEqual(high);
    });
  });

  describe('chromaKeyGraph', () => {
    it('should cover the frame with the background image and key the video over it', () => {
      const graph = chromaKeyGraph({ chroma_color: '#00ff00', sensitivity: 0.5 }, { width: 320, height: 180 }, true);
      expect(graph).toContain('[1:v]scale=320:180:force_original_aspect_ratio=increase,crop=320:180');
      expect(graph).toMatch(/\[key\]chromakey=color=0x00FF00:similarity=0\.133\d*:blend=0\.0611\d*\[fg\]/);
      expect(graph.endsWith('[back][fg]overlay=format=auto,format=yuv420p[v]')).toBe(true);
    });

    it('should key over black without a background and make an odd size even', () => {
      const graph = chromaKeyGraph({ chroma_color: '#0000ff', sensitivity: 0.3 }, { width: 321, height: 179 }, false);
      expect(graph).toContain('[base]drawbox=x=0:y=0:w=iw:h=ih:color=black:t=fill[back]');
      expect(graph).not.toContain('[1:v]');
      expect(graph).toContain('overlay=format=auto,crop=320:178:0:0,format=yuv420p[v]');
    });
  });

  it('should replace the green with the red background image, keeping the picture and sound', async () => {
    const isGreen = (r: number, g: number, b: number) => g > 200 && r < 80 && b < 80;
    const isRed = (r: number, g: number, b: number) => r > 200 && g < 60 && b < 60;
    const [source] = await decodeFrames(media.green.path, 'rgb24', { width: W, height: H });
    expect(pixelShare(source!, W, isGreen)).toBeGreaterThan(0.7);
    const result = await runVideoOperation({ kind: 'chroma_key', chroma_color: '#00ff00', sensitivity: 0.5, background_image: media.redPng }, media.green, work('ck'), () => undefined);
    const frames = await decodeFrames(result.outputPath!, 'rgb24', { width: W, height: H });
    expect(frames).toHaveLength(20);
    // Outside the foreground picture (100..220 x 50..130, with a margin for the blend).
    const border = { x0: 0, y0: 0, x1: W, y1: 40 };
    for (const frame of [frames[0]!, frames[10]!, frames[19]!]) {
      expect(pixelShare(frame, W, isGreen)).toBeLessThan(0.01);
      expect(pixelShare(frame, W, isRed, border)).toBeGreaterThan(0.97);
      // The picture itself stays: its middle is not background.
      expect(pixelShare(frame, W, isRed, { x0: 110, y0: 60, x1: 210, y1: 120 })).toBeLessThan(0.35);
    }
    expect(await hasAudio(result.outputPath!)).toBe(true);
  });

  it('should key over black when there is no background image', async () => {
    const result = await runVideoOperation({ kind: 'chroma_key', chroma_color: '#00FF00', sensitivity: 0.5 }, media.green, work('ck'), () => undefined);
    const [frame] = await decodeFrames(result.outputPath!, 'rgb24', { width: W, height: H });
    expect(pixelShare(frame!, W, (r, g, b) => r < 30 && g < 30 && b < 30, { x0: 0, y0: 0, x1: W, y1: 40 })).toBeGreaterThan(0.97);
  });

  it('should refuse a background image that cannot be read, leaving no output', async () => {
    const dirPath = work('ck-missing');
    const failure = runVideoOperation({ kind: 'chroma_key', chroma_color: '#00ff00', sensitivity: 0.5, background_image: join(dir.path, 'nope.png') }, media.green, dirPath, () => undefined);
    await expect(failure).rejects.toMatchObject({ name: 'VideoOperationError', code: 'invalid_input', retryable: false });
    expect(await readdir(dirPath)).toEqual([]);
  });
});

describe('scene detection', () => {
  describe('sceneThreshold', () => {
    it('should lower the threshold as the sensitivity rises', () => {
      expect(sceneThreshold(0.1)).toBeCloseTo(0.505);
      expect(sceneThreshold(0.5)).toBeCloseTo(0.325);
      expect(sceneThreshold(1)).toBeCloseTo(0.1);
      expect(sceneThreshold(0)).toBe(sceneThreshold(0.1));
    });
  });

  describe('parseSceneScores', () => {
    it('should read metadata=print output, with or without log prefixes', () => {
      const text = [
        'frame:0    pts:0       pts_time:0',
        'lavfi.scene_score=0.000000',
        'frame:1    pts:1024    pts_time:0.1',
        'lavfi.scene_score=0.046643',
        '[Parsed_metadata_2 @ 0x55d0] frame:2    pts:2048    pts_time:0.2',
        '[Parsed_metadata_2 @ 0x55d0] lavfi.scene_score=0.740817',
        'lavfi.scene_score=0.9',
      ].join('\n');
      expect(parseSceneScores(text)).toEqual([
        { time: 0, score: 0 },
        { time: 0.1, score: 0.046643 },
        { time: 0.2, score: 0.740817 },
      ]);
    });
  });

  describe('pickScenes', () => {
    const scores = (pairs: Array<[number, number]>) => pairs.map(([time, score]) => ({ time, score }));

    it('should cut at scores above the threshold and give each scene its times and score', () => {
      const { scenes, threshold } = pickScenes(scores([[0, 0], [3, 0.8], [3.1, 0.01], [6, 0.5], [7, 0.2]]), 10, { sensitivity: 0.5 });
      expect(threshold).toBeCloseTo(0.325);
      expect(scenes).toEqual([
        { index: 0, start: 0, end: 3, duration: 3, score: 0 },
        { index: 1, start: 3, end: 6, duration: 3, score: 0.8 },
        { index: 2, start: 6, end: 10, duration: 4, score: 0.5 },
      ]);
    });

    it('should keep the strongest cut of a cluster closer than min_scene_duration, and none near the ends', () => {
      const { scenes } = pickScenes(scores([[0.5, 0.9], [4, 0.5], [4.5, 0.95], [5, 0.6], [9.5, 0.99]]), 10, { sensitivity: 0.5, min_scene_duration: 2 });
      expect(scenes.map((s) => s.start)).toEqual([0, 4.5]);
    });

    it('should keep the strongest cuts up to max_scenes', () => {
      const { scenes } = pickScenes(scores([[2, 0.5], [4, 0.9], [6, 0.6], [8, 0.8]]), 10, { sensitivity: 0.5, min_scene_duration: 1, max_scenes: 3 });
      expect(scenes.map((s) => s.start)).toEqual([0, 4, 8]);
    });

    it('should give one scene for a video without cuts', () => {
      expect(pickScenes([], 5, { sensitivity: 1 }).scenes).toEqual([{ index: 0, start: 0, end: 5, duration: 5, score: 0 }]);
    });
  });

  it('should find the known hard cuts (F1 >= 0.95) and write one thumbnail per scene', async () => {
    const progress = progressRecorder();
    const result = await runVideoOperation({ kind: 'scene_detection', sensitivity: 0.5, min_scene_duration: 1, max_scenes: 50 }, media.cuts, work('sd'), progress.onProgress);
    progress.check();
    expect(result.outputPath).toBeUndefined();
    const found = result.data!.scenes.slice(1).map((s) => s.start);
    // A cut counts when it is within one frame of a known one.
    const hits = found.filter((t) => CUTS.some((c) => Math.abs(c - t) <= 1 / FPS + 1e-6)).length;
    const precision = hits / found.length;
    const recall = CUTS.filter((c) => found.some((t) => Math.abs(c - t) <= 1 / FPS + 1e-6)).length / CUTS.length;
    expect((2 * precision * recall) / (precision + recall)).toBeGreaterThanOrEqual(0.95);
    const scenes = result.data!.scenes;
    expect(scenes[scenes.length - 1]!.end).toBeCloseTo(9, 1);
    expect(result.thumbnails).toHaveLength(scenes.length);
    for (const path of result.thumbnails!) expect((await readFile(path)).subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    const v = await videoStream(result.thumbnails![0]!);
    expect([v.codec_name, v.width, v.height]).toEqual(['mjpeg', W, H]);
    // The thumbnail of the blue scene (4.5..6) is blue: a frame from inside that scene.
    const blue = scenes.findIndex((s) => s.start >= 4.4 && s.end <= 6.1);
    const [thumb] = await decodeFrames(result.thumbnails![blue]!, 'rgb24', { width: W, height: H });
    expect(pixelShare(thumb!, W, (r, g, b) => b > 130 && r < 60 && g < 90)).toBeGreaterThan(0.9);
    // Only the thumbnails remain of the run (the scores file is scratch).
    expect((await readdir(work('sd'))).filter((n) => !n.endsWith('.jpg'))).toEqual([]);
  });
});

describe('smart crop', () => {
  describe('cropWindow', () => {
    it('should give the largest window of the aspect, even, and the axis it moves along', () => {
      expect(cropWindow(320, 180, '9:16')).toEqual({ width: 100, height: 180, axis: 'x' });
      expect(cropWindow(320, 180, '1:1')).toEqual({ width: 180, height: 180, axis: 'x' });
      expect(cropWindow(320, 180, '4:3')).toEqual({ width: 240, height: 180, axis: 'x' });
      expect(cropWindow(320, 180, '16:9')).toEqual({ width: 320, height: 180, axis: null });
      expect(cropWindow(180, 320, '16:9')).toEqual({ width: 180, height: 100, axis: 'y' });
      expect(cropWindow(1920, 1080, '9:16')).toEqual({ width: 606, height: 1080, axis: 'x' });
    });
  });

  describe('profileFocus', () => {
    it('should centre the window position holding the most motion on its centroid', () => {
      const profile = new Float64Array(40);
      profile[5] = 10; // a small distraction
      profile.fill(20, 28, 32); // the subject: cells 28..31
      expect(profileFocus(profile, 10)).toBeCloseTo(30);
      expect(profileFocus(new Float64Array(40), 10)).toBeNull();
    });
  });

  describe('smoothFocusPath', () => {
    const jump = Array.from({ length: 26 }, (_, i) => ({ t: i / 5, focus: i < 10 ? 50 : 250 }));

    it('should limit the pan speed with preserve_motion', () => {
      const path = smoothFocusPath(jump, { preserveMotion: true, extent: 320 });
      // At most half the frame (160 px) per second: 32 px per 0.2 s step.
      for (let i = 1; i < path.length; i++) expect(Math.abs(path[i]!.focus - path[i - 1]!.focus)).toBeLessThanOrEqual(32 + 1e-9);
      expect(path[path.length - 1]!.focus).toBeCloseTo(250);
    });

    it('should follow tightly without preserve_motion', () => {
      const path = smoothFocusPath(jump, { preserveMotion: false, extent: 320 });
      expect(path[11]!.focus).toBeCloseTo(250);
      expect(path[8]!.focus).toBeCloseTo(50);
    });
  });

  describe('fillFocusGaps', () => {
    it('should hold the last focus, start from the first and fall back to the centre', () => {
      expect(fillFocusGaps([{ t: 0, focus: null }, { t: 1, focus: 10 }, { t: 2, focus: null }, { t: 3, focus: 30 }], 160).map((p) => p.focus)).toEqual([10, 10, 10, 30]);
      expect(fillFocusGaps([{ t: 0, focus: null }], 160)).toEqual([{ t: 0, focus: 160 }]);
    });
  });

  describe('cropCommands', () => {
    it('should send crop a linear offset per straight piece, then hold', () => {
      const path = simplifyPath([0, 1, 2, 3, 4].map((i) => ({ t: i, offset: i < 3 ? 10 * i : 20 })));
      expect(path).toEqual([{ t: 0, offset: 0 }, { t: 2, offset: 20 }, { t: 4, offset: 20 }]);
      expect(cropCommands(path, 'x')).toBe('0 crop x 0+(t-0)*10;\n2 crop x 20;\n4 crop x 20;\n');
      expect(cropPathFilter({ width: 100, height: 180, axis: 'x' }, { x: 0, y: 0 }, 'c.cmd')).toBe('sendcmd=f=c.cmd,crop=w=100:h=180:x=0:y=0');
    });
  });

  describe('planCrop', () => {
    it('should crop the centre without focus detection', () => {
      const plan = planCrop(media.box, { target_aspect: '9:16', focus_detection: false }, null, 'c.cmd');
      expect(plan).toEqual({ window: { width: 100, height: 180, axis: 'x' }, filter: 'crop=w=100:h=180:x=110:y=0', commands: null });
    });

    it('should move the window along the focus path through a sendcmd file', () => {
      const points = Array.from({ length: 31 }, (_, i) => ({ t: i / 5, focus: i === 0 ? null : 35 + 40 * (i / 5) }));
      const plan = planCrop(media.box, { target_aspect: '9:16' }, points, 'c.cmd');
      expect(plan.filter).toBe('sendcmd=f=c.cmd,crop=w=100:h=180:x=0:y=0');
      const lines = plan.commands!.trim().split('\n');
      // At the left edge while the focus is within half a window of it, a pan at the subject's
      // 40 px/s, and held at the right edge (320 - 100) at the end.
      expect(lines[0]).toMatch(/^0 crop x 0[+;]/);
      expect(lines.some((l) => / crop x [\d.]+\+\(t-[\d.]+\)\*40;$/.test(l))).toBe(true);
      expect(lines[lines.length - 1]).toBe('6 crop x 220;');
      expect(lines.length).toBeLessThan(8);
    });
  });

  // The box crosses from x 20 to 260: a centred 100 px window (110..210) would lose it for most of the video.
  it('should keep the moving subject inside a 9:16 frame', async () => {
    const progress = progressRecorder();
    const result = await runVideoOperation({ kind: 'smart_crop', target_aspect: '9:16', focus_detection: true, preserve_motion: true }, media.box, work('sc'), progress.onProgress);
    progress.check();
    expect([result.width, result.height]).toEqual([100, 180]);
    const v = await videoStream(result.outputPath!);
    expect([v.width, v.height]).toEqual([100, 180]);
    expect(Math.abs(v.width! / v.height! - 9 / 16)).toBeLessThan(0.01);
    const frames = await decodeFrames(result.outputPath!, 'rgb24', { width: 100, height: 180 });
    expect(frames).toHaveLength(BOX.seconds * FPS);
    const boxShare = BOX.size ** 2 / (100 * 180);
    // Every frame shows (nearly) the whole box.
    const shown = frames.map((f) => pixelShare(f, 100, isOrange) / boxShare);
    expect(Math.min(...shown)).toBeGreaterThan(0.8);
    expect((await readdir(work('sc'))).filter((n) => !n.endsWith('.mp4'))).toEqual([]);
  });

  it('should follow the subject vertically in a portrait video cropped to 16:9', async () => {
    const portrait = join(dir.path, 'box-portrait.mp4');
    await ffmpeg(['-i', media.box.path, '-vf', 'transpose=1', ...FIXTURE_ENCODE(), portrait]);
    const result = await runVideoOperation({ kind: 'smart_crop', target_aspect: '16:9', focus_detection: true, preserve_motion: false }, input(portrait, BOX.seconds, { width: H, height: W }), work('sc-portrait'), () => undefined);
    expect([result.width, result.height]).toEqual([180, 100]);
    const frames = await decodeFrames(result.outputPath!, 'rgb24', { width: 180, height: 100 });
    const boxShare = BOX.size ** 2 / (180 * 100);
    expect(Math.min(...frames.map((f) => pixelShare(f, 180, isOrange) / boxShare))).toBeGreaterThan(0.8);
  });
});

describe('quality', () => {
  describe('qualityFilters', () => {
    it('should order stabilise, denoise, contrast, upscale, sharpen', () => {
      const { filters, width, height } = qualityFilters({ denoise: true, sharpen: true, upscale_factor: 1.5, enhance_contrast: true, stabilization: true }, { width: 320, height: 180 }, 't.trf');
      expect(filters.map((f) => f.split('=')[0])).toEqual(['vidstabtransform', 'hqdn3d', 'normalize', 'scale', 'unsharp']);
      expect(filters[0]).toBe('vidstabtransform=input=t.trf:smoothing=15:optzoom=1:interpol=bicubic');
      expect(filters[3]).toBe('scale=480:270:flags=lanczos');
      expect([width, height]).toEqual([480, 270]);
    });

    it('should keep even sizes and clamp the factor', () => {
      expect(upscaledSize(318, 179, 1.5)).toEqual({ width: 476, height: 268 });
      expect(upscaledSize(320, 180, 9)).toEqual({ width: 1280, height: 720 });
      expect(qualityFilters({ denoise: false, sharpen: false, upscale_factor: 1, stabilization: false }, { width: 321, height: 180 }, null).filters).toEqual(['crop=320:180:0:0']);
    });
  });

  it('should upscale by 2 to even dimensions with denoise and sharpen', async () => {
    const result = await runVideoOperation({ kind: 'quality', denoise: true, sharpen: true, upscale_factor: 2, enhance_contrast: true, stabilization: false }, media.bars, work('q'), () => undefined);
    const v = await videoStream(result.outputPath!);
    expect([v.codec_name, v.width, v.height, result.width, result.height]).toEqual(['h264', 640, 360, 640, 360]);
    expect(Number(v.nb_read_packets)).toBe(20);
  });

  it('should reduce the frame-to-frame shift of a shaky video by stabilising it', async () => {
    const progress = progressRecorder();
    const result = await runVideoOperation({ kind: 'quality', denoise: false, sharpen: false, upscale_factor: 1, stabilization: true }, media.shaky, work('stab'), progress.onProgress);
    progress.check();
    const size = { width: W, height: H };
    // Up to 16 px between frames in x (x = 40 + 8 sin), 12 in y.
    const before = meanShift(await decodeFrames(media.shaky.path, 'gray', size), W, H, 20);
    const after = meanShift(await decodeFrames(result.outputPath!, 'gray', size), W, H, 20);
    expect(before).toBeGreaterThan(6);
    expect(after).toBeLessThan(before * 0.25);
    expect((await readdir(work('stab'))).filter((n) => n.endsWith('.trf'))).toEqual([]);
  });
});

describe('runVideoOperation', () => {
  it('should kill ffmpeg on abort and leave no partial output', async () => {
    const controller = new AbortController();
    const dirPath = work('abort');
    const started = Date.now();
    const failure = runVideoOperation(
      { kind: 'quality', denoise: true, sharpen: true, upscale_factor: 4, stabilization: false },
      media.long,
      dirPath,
      (f) => {
        if (f > 0) controller.abort();
      },
      controller.signal,
    );
    await expect(failure).rejects.toMatchObject({ name: 'VideoOperationError', code: 'aborted', retryable: false });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(await readdir(dirPath)).toEqual([]);
  });

  it('should refuse to start when already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(runVideoOperation({ kind: 'color_correction', brightness: 0.1, contrast: 1, saturation: 1, hue_shift: 0 }, media.bars, work('pre-abort'), () => undefined, controller.signal)).rejects.toMatchObject({ code: 'aborted' });
  });

  it("should throw a VideoOperationError with ffmpeg's reason for an unreadable input", async () => {
    const dirPath = work('broken');
    const bad = join(dir.path, 'not-a-video.mp4');
    await writeFile(bad, 'this is not a video');
    const error = await runVideoOperation({ kind: 'color_correction', brightness: 0.1, contrast: 1, saturation: 1, hue_shift: 0 }, input(bad, 2), dirPath, () => undefined).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VideoOperationError);
    expect(error).toMatchObject({ code: 'ffmpeg_failed', retryable: false });
    // The reason names the file, not the server's folders.
    expect((error as Error).message).toBe('The colour correction could not be applied: not-a-video.mp4: Invalid data found when processing input');
    expect(await readdir(dirPath)).toEqual([]);
  });

  describe('parseProgressTime', () => {
    it("should read the position of ffmpeg's stats lines", () => {
      expect(parseProgressTime('frame=   30 fps=0.0 q=-1.0 size=  53kB time=00:01:03.01 bitrate= 144.2kbits/s speed=15.7x')).toBeCloseTo(63.01);
      expect(parseProgressTime('size=N/A time=-00:00:00.04 bitrate=N/A')).toBe(0);
      expect(parseProgressTime('[mp4 @ 0x1] error')).toBeNull();
    });
  });
});

describe('batch', () => {
  describe('batchOperation', () => {
    it('should map the batch names to operations with their parameters', () => {
      expect(batchOperation('noise_reduction')).toEqual({ kind: 'quality', denoise: true, sharpen: false, upscale_factor: 1, enhance_contrast: false, stabilization: false });
      expect(batchOperation('sharpening')).toMatchObject({ kind: 'quality', denoise: false, sharpen: true, upscale_factor: 1 });
      expect(batchOperation('upscaling', { upscaling: { upscale_factor: 3 } })).toMatchObject({ kind: 'quality', upscale_factor: 3, denoise: false, sharpen: false });
      expect(batchOperation('upscaling')).toMatchObject({ upscale_factor: 2 });
      expect(batchOperation('color_correction', { brightness: 0.2 })).toEqual({ kind: 'color_correction', brightness: 0.2, contrast: 1, saturation: 1, hue_shift: 0, gamma: 1 });
      expect(batchOperation('chroma_key', {})).toEqual({ kind: 'chroma_key', chroma_color: '#00ff00', sensitivity: 0.5, background_image: null });
    });
  });

  describe('parseChunkList and concatListText', () => {
    it('should read the segment list and write the concat list', () => {
      expect(parseChunkList('chunk-000.mkv,0.000000,60.000000\nchunk-001.mkv,60.000000,65.500000\n')).toEqual([
        { file: 'chunk-000.mkv', start: 0, end: 60 },
        { file: 'chunk-001.mkv', start: 60, end: 65.5 },
      ]);
      expect(concatListText(['/w/a.mp4', "/w/it's.mp4"])).toBe("ffconcat version 1.0\nfile '/w/a.mp4'\nfile '/w/it'\\''s.mp4'\n");
    });
  });

  it('should split, process and join a long video without a seam: same frames, duration within a frame', async () => {
    const dirPath = work('chunks');
    const chunks = await splitIntoChunks({ input: media.long, chunkDuration: 10, workDir: dirPath });
    // 10 s is below the range: clamped to 60 s. Each cut is on the first keyframe from its
    // boundary on (at most one 5 s GOP later), and the chunks cover the video.
    expect(chunks.map((c) => c.index)).toEqual([0, 1, 2]);
    chunks.forEach((c, k) => {
      expect(c.startSeconds).toBeGreaterThanOrEqual(60 * k);
      expect(c.startSeconds).toBeLessThanOrEqual(60 * k + 5);
      expect(c.hasAudio).toBe(false);
    });
    expect(Math.abs(chunks.reduce((t, c) => t + c.durationSeconds, 0) - media.long.durationSeconds)).toBeLessThanOrEqual(1 / LONG_FPS);
    const processed = [];
    for (const chunk of chunks) {
      processed.push(await runVideoOperation({ kind: 'color_correction', brightness: 0.1, contrast: 1, saturation: 1, hue_shift: 0 }, chunk, dirPath, () => undefined));
    }
    const joined = await joinChunks({ chunks: processed.map((p) => p.outputPath!), audioFrom: media.long, durationSeconds: media.long.durationSeconds, workDir: dirPath });
    const [original, result] = await Promise.all([probe(media.long.path), probe(joined.outputPath)]);
    const frames = (p: typeof original) => Number(p.streams.find((s) => s.codec_type === 'video')!.nb_read_packets);
    const videoDuration = (p: typeof original) => Number(p.streams.find((s) => s.codec_type === 'video')!.duration);
    expect(frames(result)).toBe(frames(original));
    expect(Math.abs(videoDuration(result) - videoDuration(original))).toBeLessThanOrEqual(1 / LONG_FPS);
    expect(Math.abs(Number(result.format.duration) - Number(original.format.duration))).toBeLessThanOrEqual(1 / LONG_FPS);
    expect(result.streams.some((s) => s.codec_type === 'audio')).toBe(true);
    // No gap or repeat at the seams: one frame every 0.2 s throughout.
    const times = await videoPacketTimes(joined.outputPath);
    const steps = times.slice(1).map((t, i) => t - times[i]!);
    expect(Math.max(...steps)).toBeLessThan(1 / LONG_FPS + 0.002);
    expect(Math.min(...steps)).toBeGreaterThan(1 / LONG_FPS - 0.002);
    expect((await stat(joined.outputPath)).size).toBeGreaterThan(0);
  });
});
