// The video analysis: its pure readers and scorers by their output, and analyzeVideo on tiny
// synthetic media made by ffmpeg's own sources, whose properties are known by construction (a
// darkened picture, a box-blurred one, a sine at a known level, a black stretch, known cuts).
import { jest } from '@jest/globals';
import { join } from 'node:path';
import { readdir } from 'node:fs/promises';
import { UnsupportedLanguageError, type Transcript } from '../../src/adapters/transcription/types.js';
import {
  analyzeVideo,
  analysisSettings,
  coveredSeconds,
  ENGAGEMENT_WEIGHTS,
  judgeLoudness,
  markedIntervals,
  measurementGraph,
  measurementFiles,
  measureSpeech,
  parseFrameMetadata,
  parseRate,
  predictEngagement,
  rateOn,
  readLoudness,
  readProbe,
  sampleRate,
  analysisSize,
  subtractIntervals,
  summariseScenes,
  type EngagementInputs,
  type LoudnessMetrics,
  type MeasurementPlan,
  type QualityMetrics,
  type SceneMetrics,
  type VideoAnalysis,
} from '../../src/processing/analysis/index.js';
import { VideoOperationError, type VideoInput } from '../../src/processing/operations/index.js';
import { ffmpeg, FIXTURE_ENCODE, tempDir } from './operations-media.js';

const W = 320;
const H = 180;
const FPS = 10;
/** The tone fixture's level: a stereo 1 kHz sine at this peak level reads the same in LUFS (ITU-R BS.1770 calibration). */
const TONE_DBFS = -20;

let dir: { path: string; remove: () => Promise<void> };
const media = {} as Record<'normal' | 'dark' | 'blur' | 'noisy' | 'cuts' | 'black', VideoInput>;
const input = (path: string, durationSeconds: number, hasAudio = false): VideoInput => ({ path, durationSeconds, width: W, height: H, hasAudio });
const work = () => join(dir.path, 'work');
const nothing = () => undefined;

beforeAll(async () => {
  dir = await tempDir('video-analysis-');
  const at = (name: string) => join(dir.path, name);
  const S = `${W}x${H}`;
  const src = (d: number, extra = '') => `testsrc2=s=${S}:r=${FPS}:d=${d}${extra}`;
  const amplitude = 10 ** (TONE_DBFS / 20);
  const tone = `aevalsrc='${amplitude}*sin(2*PI*1000*t)|${amplitude}*sin(2*PI*1000*t)':s=48000:d=4`;
  const video = (filter: string, out: string, audio?: string) =>
    ffmpeg(['-f', 'lavfi', '-i', filter, ...(audio ? ['-f', 'lavfi', '-i', audio, '-map', '0:v', '-map', '1:a', '-c:a', 'aac', '-b:a', '128k', '-shortest'] : []), ...FIXTURE_ENCODE(), at(out)]);
  await Promise.all([
    video(src(4), 'normal.mp4', tone),
    video(src(4, ',eq=brightness=-0.4'), 'dark.mp4'),
    video(src(4, ',boxblur=3:1'), 'blur.mp4', 'anullsrc=r=48000:cl=stereo:d=4'),
    video(src(4, ',noise=alls=20:allf=t'), 'noisy.mp4'),
    // Four unrelated pictures of 1.5 s: three hard cuts.
    ffmpeg([
      '-f', 'lavfi', '-i', src(1.5), '-f', 'lavfi', '-i', `smptebars=s=${S}:r=${FPS}:d=1.5`, '-f', 'lavfi', '-i', `mandelbrot=s=${S}:r=${FPS},trim=duration=1.5`,
      '-f', 'lavfi', '-i', `testsrc=s=${S}:r=${FPS}:d=1.5`,
      '-filter_complex', '[0:v][1:v][2:v][3:v]concat=n=4:v=1:a=0,format=yuv420p[v]', '-map', '[v]', ...FIXTURE_ENCODE(), at('cuts.mp4'),
    ]),
    // 2 s moving picture, 2 s black, 3 s a still picture, 1 s moving picture.
    ffmpeg([
      '-f', 'lavfi', '-i', src(2), '-f', 'lavfi', '-i', `color=c=black:s=${S}:r=${FPS}:d=2`, '-f', 'lavfi', '-i', `smptebars=s=${S}:r=${FPS}:d=3`, '-f', 'lavfi', '-i', src(1),
      '-filter_complex', '[0:v][1:v][2:v][3:v]concat=n=4:v=1:a=0,format=yuv420p[v]', '-map', '[v]', ...FIXTURE_ENCODE(), at('black.mp4'),
    ]),
  ]);
  media.normal = input(at('normal.mp4'), 4, true);
  media.dark = input(at('dark.mp4'), 4);
  media.blur = input(at('blur.mp4'), 4, true);
  media.noisy = input(at('noisy.mp4'), 4);
  media.cuts = input(at('cuts.mp4'), 6);
  media.black = input(at('black.mp4'), 8);
});
afterAll(() => dir.remove());

/** A transcript of `words` words spoken evenly from `from` to `to` seconds. */
function evenTranscript(words: number, from: number, to: number): Transcript {
  const step = (to - from) / words;
  const list = Array.from({ length: words }, (_, i) => ({ word: `w${i}`, start: from + i * step, end: from + (i + 0.8) * step }));
  return { engine: 'fake', language_code: 'en-US', text: list.map((w) => w.word).join(' '), words: list, segments: [{ start: from, end: to, text: '' }], duration_seconds: to };
}

describe('parseFrameMetadata', () => {
  it('should read frames with their entries, also with log prefixes and nan values', () => {
    const frames = parseFrameMetadata(
      ['stray line', 'frame:0    pts:0       pts_time:0', 'lavfi.signalstats.YAVG=120.5', 'lavfi.blur=-nan', '[Parsed_metadata_3 @ 0x1] frame:1    pts:1024    pts_time:0.5', '[Parsed_metadata_3 @ 0x1] lavfi.black_start=0.5', ''].join('\n'),
    );
    expect(frames).toEqual([
      { time: 0, values: { 'lavfi.signalstats.YAVG': '120.5', 'lavfi.blur': '-nan' } },
      { time: 0.5, values: { 'lavfi.black_start': '0.5' } },
    ]);
  });
});

describe('markedIntervals', () => {
  const frame = (time: number, values: Record<string, string>) => ({ time, values });

  it('should pair starts and ends and close an interval still open at the end', () => {
    const frames = [frame(2, { 'lavfi.black_start': '2' }), frame(4, { 'lavfi.black_end': '4' }), frame(7, { 'lavfi.black_start': '7' })];
    expect(markedIntervals(frames, 'lavfi.black_start', 'lavfi.black_end', 9)).toEqual([{ start: 2, end: 4 }, { start: 7, end: 9 }]);
  });

  it('should end the open interval before a new start printed on the same frame', () => {
    const frames = [frame(3, { 'lavfi.freezedetect.freeze_start': '1' }), frame(4, { 'lavfi.freezedetect.freeze_end': '4', 'lavfi.freezedetect.freeze_start': '4' })];
    expect(markedIntervals(frames, 'lavfi.freezedetect.freeze_start', 'lavfi.freezedetect.freeze_end', 6)).toEqual([{ start: 1, end: 4 }, { start: 4, end: 6 }]);
  });

  it('should read a start and an end on one frame with nothing open as one stretch', () => {
    // freezedetect prints its start once the minimum duration has passed, here together with the end.
    const frames = [frame(4, { 'lavfi.freezedetect.freeze_start': '2', 'lavfi.freezedetect.freeze_end': '4' })];
    expect(markedIntervals(frames, 'lavfi.freezedetect.freeze_start', 'lavfi.freezedetect.freeze_end', 6)).toEqual([{ start: 2, end: 4 }]);
  });

  it('should subtract and cover intervals', () => {
    expect(subtractIntervals([{ start: 0, end: 10 }], [{ start: 2, end: 4 }, { start: 8, end: 12 }])).toEqual([{ start: 0, end: 2 }, { start: 4, end: 8 }]);
    expect(coveredSeconds([{ start: 0, end: 3 }, { start: 2, end: 5 }, { start: 7, end: 8 }])).toBe(6);
  });
});

describe('loudness readers', () => {
  const block = (time: number, i: string, peak: string) => `frame:${time * 10} pts:${time * 48000} pts_time:${time}\nlavfi.r128.I=${i}\nlavfi.r128.LRA=3.5\nlavfi.r128.true_peak=${peak}\n`;

  it('should take the last frame of ebur128 output, also from a tail cut mid-frame', () => {
    const text = (block(0.1, '-30.0', '0.1') + block(5.9, '-16.4', '0.5')).slice(20);
    const reading = readLoudness(parseFrameMetadata(text));
    expect(reading.integratedLufs).toBe(-16.4);
    expect(reading.rangeLu).toBe(3.5);
    expect(reading.truePeakDbtp).toBeCloseTo(-6.02, 2);
  });

  it('should report a track at the absolute gate as silent, and one without sound as such', () => {
    const silent = judgeLoudness({ loudness: parseFrameMetadata(block(3.9, '-70.0', '0.000')), silence: parseFrameMetadata('frame:40 pts:1 pts_time:0.98\nlavfi.silence_start=0\n') }, 4);
    expect(silent).toMatchObject({ has_audio: true, integrated_lufs: null, true_peak_dbtp: null, silence_share: 1, ok: false });
    expect(silent.verdict).toMatch(/silent/);
    expect(judgeLoudness(null, 4)).toMatchObject({ has_audio: false, integrated_lufs: null, verdict: 'no sound track', ok: false });
  });

  it('should judge against the online target and name the broadcast level', () => {
    const at = (lufs: string, peak = '0.5') => judgeLoudness({ loudness: parseFrameMetadata(block(1, lufs, peak)), silence: [] }, 10);
    expect(at('-16.3')).toMatchObject({ ok: true, offset_from_online_target_lu: -0.3, offset_from_broadcast_target_lu: 6.7 });
    expect(at('-16.3').verdict).toMatch(/on target/);
    expect(at('-23.2').verdict).toMatch(/broadcast/);
    expect(at('-30').ok).toBe(false);
    expect(at('-30').verdict).toMatch(/too quiet: 14 LU below/);
    expect(at('-10').verdict).toMatch(/too loud/);
    // 0.95 linear is -0.45 dBTP: over the -1 dBTP ceiling.
    expect(at('-16', '0.95')).toMatchObject({ ok: false });
    expect(at('-16', '0.95').verdict).toMatch(/may distort/);
  });
});

describe('readProbe', () => {
  it('should take the video stream bitrate and frame rate, or the container total less the audio', () => {
    const streams = [
      { codec_type: 'video', codec_name: 'h264', width: 1920, height: 1080, avg_frame_rate: '30000/1001', bit_rate: '4000000' },
      { codec_type: 'audio', codec_name: 'aac', bit_rate: '128000' },
    ];
    const mp4 = readProbe({ streams, format: { bit_rate: 4200000, duration: 12 } } as never);
    expect(mp4).toMatchObject({ hasVideo: true, hasAudio: true, videoKbps: 4000, bitrateSource: 'stream', videoCodec: 'h264', durationSeconds: 12 });
    expect(mp4.fps).toBeCloseTo(29.97, 2);
    const mkv = readProbe({ streams: [{ ...streams[0], bit_rate: undefined }, streams[1]], format: { bit_rate: 4128000 } } as never);
    expect(mkv).toMatchObject({ videoKbps: 4000, bitrateSource: 'container' });
    expect(parseRate('0/0')).toBeNull();
  });
});

describe('measurementGraph', () => {
  const plan = (over: Partial<MeasurementPlan> = {}): MeasurementPlan => ({ rate: 2, size: { width: W, height: H }, sharpness: 'blurdetect', scenes: true, audio: true, ...over });

  it('should sample sparsely at basic, densely at comprehensive, and cap the frames of a long video', () => {
    expect([sampleRate('basic', 60), sampleRate('standard', 60), sampleRate('comprehensive', 60)]).toEqual([1, 2, 5]);
    expect(sampleRate('comprehensive', 7200) * 7200).toBeLessThanOrEqual(3600);
    expect(analysisSize(3840, 2160)).toEqual({ width: 1280, height: 720 });
    expect(analysisSize(1080, 1920)).toEqual({ width: 720, height: 1280 });
    expect(analysisSize(W, H)).toEqual({ width: W, height: H });
  });

  it('should decode once into scene, picture, noise and sound branches', () => {
    const p = plan();
    const { graph, outputs } = measurementGraph(media.normal, p, measurementFiles('a', p));
    expect(graph.startsWith('[0:v:0]split=2[scn][smp]')).toBe(true);
    // Scene detection's own chain, its scores into the scenes file.
    expect(graph).toContain('[scn]select=gte(scene\\,0),metadata=print:key=lavfi.scene_score:file=a-scenes.txt[scenes]');
    expect(graph).toContain("select='isnan(prev_selected_t)+gte(t-prev_selected_t\\,0.4995)'");
    expect(graph).toMatch(/\[pic\]signalstats,blurdetect,blackdetect=d=1:[^;]*freezedetect=n=-60dB:d=2,metadata=print:file=a-picture\.txt\[picture\]/);
    expect(graph).toContain('ebur128=metadata=1:peak=true:dualmono=true');
    expect(outputs).toEqual(['[scenes]', '[picture]', '[noise]', '[audio]']);
  });

  it('should leave out scenes at basic, sound without a track, and add the Laplacian branch without blurdetect', () => {
    const p = plan({ scenes: false, audio: false, sharpness: 'laplacian', size: { width: 160, height: 90 } });
    const { graph, outputs } = measurementGraph(media.normal, p, measurementFiles('b', p));
    expect(graph).not.toContain('scene');
    expect(graph).not.toContain('[0:a:0]');
    expect(graph).not.toContain('blurdetect');
    expect(graph).toContain('scale=160:90:flags=area');
    expect(graph).toContain("[shp]convolution=0m='0 1 0 1 -4 1 0 1 0'");
    expect(outputs).toEqual(['[picture]', '[noise]', '[sharpness]']);
  });
});

describe('summariseScenes', () => {
  it('should count scenes and cuts per minute from scene scores', () => {
    const scores = Array.from({ length: 120 }, (_, i) => ({ time: 10 + i * 0.5, score: [20, 40].includes(i) ? 0.9 : 0.01 }));
    // Cuts at 10 s and 20 s from the first frame (the container clock starts at 10).
    const s = summariseScenes(scores, 60, true);
    expect(s).toMatchObject({ count: 3, cuts: 2, cuts_per_minute: 2, average_scene_seconds: 20, shortest_scene_seconds: 10, longest_scene_seconds: 40 });
    expect(s.items!.map((i) => i.start)).toEqual([0, 10, 20]);
    expect(summariseScenes(scores, 60, false).items).toBeUndefined();
  });
});

describe('measureSpeech', () => {
  it('should give words per minute of speaking time, bridging short pauses only', () => {
    // 150 words over 60 s of speech, then 30 s of silence.
    const s = measureSpeech(evenTranscript(150, 0, 60), 90);
    expect(s).toMatchObject({ available: true, words: 150, speaking_share: expect.closeTo(0.667, 2), ok: true, verdict: 'a comfortable pace' });
    if (!s.available) throw new Error('unreachable');
    expect(s.words_per_minute).toBeCloseTo(150, -1);
    expect(s.silent_seconds).toBeCloseTo(30, 0);
  });

  it('should leave long pauses out of the speaking time', () => {
    const a = evenTranscript(50, 0, 20);
    const b = evenTranscript(50, 40, 60);
    const s = measureSpeech({ ...a, words: [...a.words, ...b.words] }, 60);
    if (!s.available) throw new Error('unreachable');
    expect(s.speaking_seconds).toBeCloseTo(40, 0);
    expect(s.words_per_minute).toBeCloseTo(150, -1);
  });

  it('should count words from the text when there are no word times', () => {
    const s = measureSpeech({ engine: 'x', language_code: 'en-US', text: 'one two three four five six', words: [], segments: [{ start: 0, end: 3, text: '' }], duration_seconds: 3 }, 3);
    expect(s).toMatchObject({ words: 6, words_per_minute: 120 });
  });
});

describe('predictEngagement', () => {
  const verdict = { verdict: 'fine', ok: true };
  const quality = (over: Partial<QualityMetrics> = {}): QualityMetrics => ({
    resolution: { width: 1920, height: 1080, ...verdict },
    frame_rate: { fps: 30, ...verdict },
    bitrate: { kbps: 4000, bits_per_pixel: 0.06, source: 'stream', ...verdict },
    luma: { mean: 120, min: 100, max: 140, ...verdict },
    contrast: { spread: 150, ...verdict },
    saturation: { mean: 30, ...verdict },
    sharpness: { method: 'blurdetect', value: 4.5, ...verdict },
    noise: { sigma: 1, ...verdict },
    black: { seconds: 0, share: 0, ...verdict },
    frozen: { seconds: 0, share: 0, ...verdict },
    sampling: { frames: 100, rate_fps: 2, width: 1280, height: 720 },
    ...over,
  });
  const loudness = (lufs: number, silenceShare = 0): LoudnessMetrics => ({
    has_audio: true,
    integrated_lufs: lufs,
    loudness_range_lu: 5,
    true_peak_dbtp: -3,
    silence_seconds: 0,
    silence_share: silenceShare,
    offset_from_online_target_lu: lufs + 16,
    offset_from_broadcast_target_lu: lufs + 23,
    targets: { online_lufs: -16, broadcast_lufs: -23, max_true_peak_dbtp: -1 },
    verdict: 'x',
    ok: true,
  });
  const scenes = (average: number): SceneMetrics => ({ count: 10, cuts: 9, average_scene_seconds: average, shortest_scene_seconds: average, longest_scene_seconds: average, cuts_per_minute: 60 / average, threshold: 0.325 });
  const speech = (wpm: number) => ({ ...measureSpeech(evenTranscript(10, 0, 10), 10), words_per_minute: wpm }) as EngagementInputs['speech'];
  const base: EngagementInputs = { durationSeconds: 240, quality: quality(), loudness: loudness(-16), scenes: scenes(12), speech: speech(145) };

  it('should score 100 when every measure meets its norm, each factor explained', () => {
    const e = predictEngagement(base);
    expect(e).toMatchObject({ score: 100, method: 'rules', not_measured: [], recommendations: [] });
    expect(e.label).toMatch(/heuristic/i);
    expect(e.factors.map((f) => f.factor).sort()).toEqual(Object.keys(ENGAGEMENT_WEIGHTS).sort());
    for (const f of e.factors) expect(f).toMatchObject({ rating: 1, points: f.weight, effect: 'raised', reason: expect.any(String) });
  });

  it('should keep points adding up to the score and give a reason and a recommendation with the measured figure', () => {
    const e = predictEngagement({ ...base, durationSeconds: 14 * 60, loudness: loudness(-28) });
    expect(e.score).toBe(Math.round(50 + e.factors.reduce((s, f) => s + f.points, 0)));
    const length = e.factors.find((f) => f.factor === 'length')!;
    expect(length).toMatchObject({ effect: 'lowered', measured: { duration_minutes: 14 } });
    expect(length.reason).toMatch(/14 minutes/);
    expect(e.recommendations).toEqual(expect.arrayContaining([expect.stringMatching(/14 minutes/), expect.stringMatching(/-16 LUFS \(it measures -28 LUFS\)/)]));
  });

  it('should fall as the video grows longer, the loudness drifts from target and silence grows', () => {
    const scores = (make: (x: number) => EngagementInputs, xs: number[]) => xs.map((x) => predictEngagement(make(x)).score);
    const nonIncreasing = (xs: number[]) => xs.every((x, i) => i === 0 || x <= xs[i - 1]!);
    const byLength = scores((m) => ({ ...base, durationSeconds: m * 60 }), [1, 6, 8, 10, 15, 30, 60]);
    expect(nonIncreasing(byLength)).toBe(true);
    expect(byLength[0]! - byLength[byLength.length - 1]!).toBeGreaterThan(15);
    const byLoudness = scores((d) => ({ ...base, loudness: loudness(-16 - d) }), [0, 2, 5, 9, 15, 25]);
    expect(nonIncreasing(byLoudness)).toBe(true);
    expect(nonIncreasing(scores((s) => ({ ...base, loudness: loudness(-16, s) }), [0, 0.2, 0.4, 0.6, 0.9]))).toBe(true);
    expect(nonIncreasing(scores((p) => ({ ...base, quality: quality(p >= 1 ? { luma: { mean: 30, min: 20, max: 40, verdict: 'too dark', ok: false } } : {}) }), [0, 1]))).toBe(true);
    // Speech rate: best in the comfortable band, lower either side.
    const [slow, good, fast] = scores((w) => ({ ...base, speech: speech(w) }), [90, 145, 220]);
    expect(good).toBeGreaterThan(slow!);
    expect(good).toBeGreaterThan(fast!);
  });

  it('should not call one short shot fast cutting, but rate short scenes lower', () => {
    const one = predictEngagement({ ...base, durationSeconds: 4, scenes: { ...scenes(4), count: 1, cuts: 0 } });
    expect(one.factors.find((f) => f.factor === 'pacing')).toMatchObject({ rating: 1, reason: 'one continuous shot of 4 s' });
    const fast = predictEngagement({ ...base, scenes: scenes(1.5) });
    expect(fast.factors.find((f) => f.factor === 'pacing')).toMatchObject({ effect: 'lowered', reason: expect.stringMatching(/faster than viewers can follow/) });
    expect(fast.recommendations).toContain('Hold shots longer: scenes average 1.5 s.');
  });

  it('should count an unmeasured factor as neutral and say so', () => {
    const e = predictEngagement({ ...base, scenes: null, speech: { available: false, reason: 'no transcriber' } });
    expect(e.not_measured).toEqual(['pacing', 'speech_rate']);
    expect(e.score).toBe(100 - ENGAGEMENT_WEIGHTS.pacing - ENGAGEMENT_WEIGHTS.speech_rate);
  });

  it('should rate on a piecewise-linear curve, flat beyond its ends', () => {
    const curve = [[0, 1], [10, 0]] as const;
    expect([rateOn(curve, -5), rateOn(curve, 5), rateOn(curve, 50)]).toEqual([1, 0.5, 0]);
  });
});

describe('analysisSettings', () => {
  it('should apply the API defaults', () => {
    expect(analysisSettings({})).toEqual({ depth: 'standard', transcript: false, quality: true, engagement: true });
    expect(analysisSettings({ analysis_depth: 'deep' as never, include_quality_metrics: false })).toMatchObject({ depth: 'standard', quality: false });
  });
});

describe('analyzeVideo', () => {
  const analyse = (video: VideoInput, params = {}, onProgress: (f: number) => void = nothing, more: { transcribe?: Parameters<typeof analyzeVideo>[5]; signal?: AbortSignal } = {}) =>
    analyzeVideo(video, params, work(), onProgress, more.signal, more.transcribe);
  let normal: VideoAnalysis;
  const seen: number[] = [];

  beforeAll(async () => {
    normal = await analyse(media.normal, {}, (f) => void seen.push(f));
  });

  it('should report rising progress from ffmpeg and end at 1', () => {
    expect(seen.length).toBeGreaterThan(1);
    for (let i = 1; i < seen.length; i++) expect(seen[i]!).toBeGreaterThan(seen[i - 1]!);
    expect(seen[seen.length - 1]).toBe(1);
  });

  it('should measure the stream facts, and read the tone within 1 LU of its level', async () => {
    expect(normal).toMatchObject({ depth: 'standard', duration_seconds: 4, speech: null, engagement: { method: 'rules' } });
    expect(normal).not.toHaveProperty('transcript');
    const q = normal.quality!;
    expect(q.resolution).toMatchObject({ width: W, height: H, ok: false });
    expect(q.frame_rate.fps).toBe(FPS);
    expect(q.bitrate.kbps).toBeGreaterThan(0);
    expect(q.sampling).toMatchObject({ rate_fps: 2, width: W, height: H });
    expect(q.sampling.frames).toBeGreaterThanOrEqual(7);
    expect(q.luma).toMatchObject({ verdict: 'well exposed', ok: true });
    expect(q.black).toMatchObject({ seconds: 0, verdict: 'no black frames' });
    const l = normal.loudness!;
    expect(l.has_audio).toBe(true);
    expect(Math.abs(l.integrated_lufs! - TONE_DBFS)).toBeLessThanOrEqual(1);
    // A true peak is at least the sample peak; AAC's coding adds a little.
    expect(l.true_peak_dbtp!).toBeGreaterThanOrEqual(TONE_DBFS - 0.2);
    expect(l.true_peak_dbtp!).toBeLessThanOrEqual(TONE_DBFS + 1.5);
    expect(l.silence_share).toBe(0);
    expect(l.verdict).toMatch(/a little quiet/);
    expect(normal.scenes).toMatchObject({ count: 1, cuts: 0 });
    expect(normal.engines.measurement).toContain('ebur128');
    expect(normal.notes).toEqual(expect.arrayContaining([expect.stringMatching(/Speech rate needs a transcript/)]));
    // Scratch files are gone.
    expect((await readdir(work())).filter((n) => n.startsWith('analysis-'))).toEqual([]);
  });

  it('should find the darkened clip too dark where the plain one is well exposed', async () => {
    const dark = await analyse(media.dark, { analysis_depth: 'basic' });
    expect(dark.quality!.luma.mean).toBeLessThan(normal.quality!.luma.mean - 50);
    expect(dark.quality!.luma).toMatchObject({ verdict: 'too dark', ok: false });
    expect(dark.quality!.sampling.rate_fps).toBe(1);
    // Dark is not black.
    expect(dark.quality!.black.share).toBe(0);
    expect(dark.scenes).toBeNull();
    expect(dark.loudness).toMatchObject({ has_audio: false, verdict: 'no sound track' });
    expect(dark.notes).toEqual(expect.arrayContaining([expect.stringMatching(/no sound track/)]));
  });

  it('should order sharpness: the box-blurred clip reads blurrier and soft, and its silent track as silent', async () => {
    const blur = await analyse(media.blur);
    expect(normal.quality!.sharpness.method).toBe('blurdetect');
    expect(blur.quality!.sharpness.value!).toBeGreaterThan(normal.quality!.sharpness.value! + 2);
    expect(normal.quality!.sharpness).toMatchObject({ verdict: 'sharp', ok: true });
    expect(blur.quality!.sharpness).toMatchObject({ verdict: 'soft focus (blurry)', ok: false });
    expect(blur.loudness).toMatchObject({ has_audio: true, integrated_lufs: null, ok: false });
    expect(blur.loudness!.silence_share).toBeGreaterThan(0.95);
    const factor = blur.engagement!.factors.find((f) => f.factor === 'visual_quality')!;
    expect(factor.reason).toMatch(/soft focus/);
  });

  it('should estimate more noise on the noisy clip', async () => {
    const noisy = await analyse(media.noisy, { analysis_depth: 'basic', include_engagement_prediction: false });
    expect(noisy.quality!.noise.sigma).toBeGreaterThan(normal.quality!.noise.sigma + 3);
    expect(noisy.quality!.noise.ok).toBe(false);
    expect(normal.quality!.noise.ok).toBe(true);
    expect(noisy.engagement).toBeNull();
  });

  it('should count the scenes of the clip with three hard cuts', async () => {
    const cuts = await analyse(media.cuts, { analysis_depth: 'comprehensive' });
    expect(cuts.scenes).toMatchObject({ count: 4, cuts: 3, cuts_per_minute: 30 });
    expect(cuts.scenes!.items!.map((s) => s.start)).toEqual([0, 1.5, 3, 4.5]);
    expect(cuts.quality!.sampling.rate_fps).toBe(5);
  });

  it('should measure the black and the frozen stretch, black kept out of the picture figures and not counted as frozen', async () => {
    const black = await analyse(media.black);
    expect(black.quality!.black.seconds).toBeCloseTo(2, 0);
    expect(black.quality!.black.share).toBeCloseTo(0.25, 1);
    expect(black.quality!.black.ok).toBe(false);
    expect(black.quality!.luma.verdict).toBe('well exposed');
    // Sampled every 0.5 s: the still stretch's ends are known to one interval.
    expect(Math.abs(black.quality!.frozen.seconds - 3)).toBeLessThanOrEqual(0.5);
    expect(black.quality!.frozen.verdict).toBe('some still stretches');
    expect(normal.quality!.frozen.seconds).toBe(0);
  });

  it('should measure speech from the transcript at comprehensive depth and return it when asked', async () => {
    let heard: { signal: AbortSignal } | null = null;
    const transcript = evenTranscript(10, 0, 4);
    const result = await analyse(media.normal, { analysis_depth: 'comprehensive', include_transcript: true }, nothing, {
      transcribe: async (o) => {
        heard = o;
        o.onProgress(0.5);
        return transcript;
      },
    });
    expect(heard).not.toBeNull();
    expect(result.transcript).toBe(transcript);
    expect(result.speech).toMatchObject({ available: true, words: 10, engine: 'fake' });
    expect(result.engines.transcription).toBe('fake');
    expect(result.engagement!.factors.map((f) => f.factor)).toContain('speech_rate');
  });

  it('should report a refused transcription in the result instead of failing', async () => {
    const result = await analyse(media.normal, { include_transcript: true, include_quality_metrics: false }, nothing, {
      transcribe: async () => {
        throw new UnsupportedLanguageError('pocketsphinx', 'pt-BR');
      },
    });
    expect(result.speech).toMatchObject({ available: false, error: 'UnsupportedLanguageError', reason: expect.stringMatching(/pt-BR/) });
    expect(result.transcript).toBeNull();
    expect(result.quality).toBeNull();
    expect(result.loudness).toBeNull();
    // Measured for the prediction all the same.
    expect(result.engagement!.not_measured).toEqual(['speech_rate']);
  });

  it('should not ask for a transcript of a video without sound', async () => {
    const transcribe = jest.fn(async () => evenTranscript(1, 0, 1));
    const result = await analyse(media.dark, { include_transcript: true, analysis_depth: 'basic' }, nothing, { transcribe });
    expect(transcribe).not.toHaveBeenCalled();
    expect(result.speech).toMatchObject({ available: false, reason: 'The video has no sound track.' });
  });

  it('should fail as aborted when the signal aborts, before or during the run', async () => {
    const before = new AbortController();
    before.abort();
    await expect(analyse(media.normal, {}, nothing, { signal: before.signal })).rejects.toMatchObject({ code: 'aborted' });
    const during = new AbortController();
    const run = analyse(media.normal, { analysis_depth: 'comprehensive', include_transcript: true }, nothing, {
      signal: during.signal,
      // A transcriber that ignores the signal: the analysis stops all the same.
      transcribe: () =>
        new Promise(() => {
          during.abort();
        }),
    });
    await expect(run).rejects.toBeInstanceOf(VideoOperationError);
    await expect(run).rejects.toMatchObject({ code: 'aborted' });
    // During the measurement pass: ffmpeg is killed.
    const measuring = new AbortController();
    await expect(analyse(media.normal, {}, () => measuring.abort(), { signal: measuring.signal })).rejects.toMatchObject({ code: 'aborted' });
    expect((await readdir(work())).filter((n) => n.startsWith('analysis-'))).toEqual([]);
  });

  it('should stop at the time limit', async () => {
    await expect(analyzeVideo(media.normal, {}, work(), nothing, undefined, undefined, { timeLimitMs: 1 })).rejects.toMatchObject({ code: 'ffmpeg_failed', message: expect.stringMatching(/took longer/) });
  });

  it('should refuse a file that cannot be read', async () => {
    await expect(analyse(input(join(dir.path, 'missing.mp4'), 4))).rejects.toMatchObject({ code: 'invalid_input' });
  });
});
