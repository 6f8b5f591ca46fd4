// The offline speaker-change method (speaker-changes.ts): on made-up features where the answer is
// exact, on espeak-ng voices joined with pauses (the true changes known to the sample), and through
// the offline transcriber, where it runs in a worker thread on the recognised words.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WorkerSupervisor } from '@trainwright/platform/worker-sandbox';
import { RenderError } from '../../src/domain/types.js';
import { detectPocketsphinxVersion, PocketsphinxTranscriber } from '../../src/adapters/transcription/pocketsphinx.js';
import {
  clusterSegments,
  computeFeatures,
  DEFAULT_SPEAKER_CHANGE_OPTIONS,
  detectChanges,
  findSpeakerTurns,
  SPEAKER_CHANGE_METHOD,
  type Features,
} from '../../src/adapters/transcription/speaker-changes.js';
import { SpeakerChangeDiarizer } from '../../src/adapters/transcription/speaker-change-diarizer.js';
import { joinClips, RATE, samplesOf, sentenceClip, writeWav } from './transcription-clips.js';

const MAN = ['Welcome to the safety course.', 'Today we look at how to lift heavy boxes without hurting your back.'];
const WOMAN = ['Thank you for the introduction.', 'First, bend your knees and keep the load close to your body.'];
const voice = (name: 'man' | 'woman', text: string): Promise<string> =>
  sentenceClip(dir, name === 'man' ? 'en+m3' : 'en+f3', text, ['-s', '150', '-p', name === 'man' ? '35' : '70']);

let dir: string;
let supervisor: WorkerSupervisor;
let twoVoices: { path: string; change: number };
let oneVoice: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'speakers-test-'));
  supervisor = new WorkerSupervisor();
  const [m1, m2, w1, w2, m3, m4] = await Promise.all([voice('man', MAN[0]!), voice('man', MAN[1]!), voice('woman', WOMAN[0]!), voice('woman', WOMAN[1]!), voice('man', WOMAN[0]!), voice('man', WOMAN[1]!)]);
  const two = joinClips(join(dir, 'two-voices.wav'), [m1!, m2!, w1!, w2!]);
  twoVoices = { path: two.path, change: two.starts[2]! };
  oneVoice = joinClips(join(dir, 'one-voice.wav'), [m1!, m2!, m3!, m4!]).path;
}, 60_000);
afterAll(async () => {
  await supervisor.closeAll();
  rmSync(dir, { recursive: true, force: true });
});

/** Features of a WAV file, in this thread. */
function featuresOf(path: string): Features {
  const { pcm } = samplesOf(path);
  return computeFeatures(Float32Array.from(pcm, (s) => s / 32768), RATE);
}

describe('findSpeakerTurns', () => {
  it('should find the change between two espeak-ng voices within 1 s and label two speakers', () => {
    const result = findSpeakerTurns(featuresOf(twoVoices.path), undefined);
    expect(result.method).toBe(SPEAKER_CHANGE_METHOD);
    expect(result.speakers).toBe(2);
    expect(result.changes).toHaveLength(1);
    expect(Math.abs(result.changes[0]! - twoVoices.change)).toBeLessThanOrEqual(1);
    expect(result.turns.map((t) => t.speaker)).toEqual([1, 2]);
  });

  it('should find one speaker in one voice saying the same sentences', () => {
    const result = findSpeakerTurns(featuresOf(oneVoice), undefined);
    expect(result).toMatchObject({ speakers: 1, changes: [] });
    expect(result.turns).toHaveLength(1);
  });

  it('should find no speaker in silence', () => {
    const silence = writeWav(join(dir, 'silence.wav'), new Int16Array(RATE * 3));
    expect(findSpeakerTurns(featuresOf(silence), undefined)).toEqual({ method: SPEAKER_CHANGE_METHOD, speakers: 0, turns: [], changes: [] });
    expect(findSpeakerTurns(featuresOf(twoVoices.path), [])).toMatchObject({ speakers: 0 });
  });
});

describe('detectChanges', () => {
  // Two made-up "voices": Gaussian vectors whose means differ by one standard deviation, from a seeded generator.
  function madeUp(frames: number, changeAt: number): Features {
    let seed = 42;
    const uniform = (): number => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) + 1) / (2 ** 31 + 1);
    const gaussian = (): number => Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform());
    const dims = 12;
    const mfcc = new Float32Array(frames * dims);
    for (let f = 0; f < frames; f++) for (let i = 0; i < dims; i++) mfcc[f * dims + i] = gaussian() * (i + 1) + (f >= changeAt ? i + 1 : 0);
    return { frames, dims, mfcc, energyDb: new Float32Array(frames), hopSeconds: 0.01, frameSeconds: 0.025 };
  }
  const all = (n: number): Uint32Array => Uint32Array.from({ length: n }, (_, i) => i);

  it('should find a change in the mean where it is, to within the step', () => {
    const features = madeUp(3000, 1700);
    const changes = detectChanges(features, all(3000), DEFAULT_SPEAKER_CHANGE_OPTIONS);
    expect(changes).toHaveLength(1);
    expect(Math.abs(changes[0]! - 1700)).toBeLessThanOrEqual(DEFAULT_SPEAKER_CHANGE_OPTIONS.stepFrames * 2);
    expect(clusterSegments(features, all(3000), changes, DEFAULT_SPEAKER_CHANGE_OPTIONS)).toEqual([0, 1]);
  });

  it('should find no change in one distribution, and cluster its pieces into one', () => {
    const features = madeUp(3000, 3000);
    expect(detectChanges(features, all(3000), DEFAULT_SPEAKER_CHANGE_OPTIONS)).toEqual([]);
    expect(clusterSegments(features, all(3000), [700, 1500, 2200], DEFAULT_SPEAKER_CHANGE_OPTIONS)).toEqual([0, 0, 0, 0]);
  });
});

describe(SpeakerChangeDiarizer.name, () => {
  describe('diarize', () => {
    it('should run in a worker thread and find the change between two voices', async () => {
      const diarizer = new SpeakerChangeDiarizer({ supervisor });
      const progress: number[] = [];
      const result = await diarizer.diarize({ wavPath: twoVoices.path, onProgress: (f) => progress.push(f) });
      expect(result.speakers).toBe(2);
      expect(Math.abs(result.changes[0]! - twoVoices.change)).toBeLessThanOrEqual(1);
      expect(progress.at(-1)).toBe(1);
      expect(supervisor.size).toBe(0);
    }, 30_000);

    it('should stop the worker when the caller aborts', async () => {
      const diarizer = new SpeakerChangeDiarizer({ supervisor });
      const aborted = new AbortController();
      aborted.abort(new Error('cancelled before it started'));
      await expect(diarizer.diarize({ wavPath: twoVoices.path, signal: aborted.signal })).rejects.toThrow('cancelled before it started');
      const controller = new AbortController();
      const running = diarizer.diarize({ wavPath: twoVoices.path, signal: controller.signal, onProgress: () => controller.abort(new Error('the job was cancelled')) });
      await expect(running).rejects.toThrow('the job was cancelled');
      expect(supervisor.size).toBe(0);
    }, 30_000);

    it('should refuse audio longer than its bound before starting a worker', async () => {
      const diarizer = new SpeakerChangeDiarizer({ supervisor, maxSeconds: 5 });
      await expect(diarizer.diarize({ wavPath: twoVoices.path })).rejects.toThrow(RenderError);
      await expect(diarizer.diarize({ wavPath: twoVoices.path })).rejects.toThrow(/up to 5 s; this one is 1\d s/);
    });
  });
});

describe('PocketsphinxTranscriber with diarization', () => {
  it('should label the words of two espeak-ng voices as two speakers, changing within 1 s of the true change', async () => {
    const transcriber = new PocketsphinxTranscriber({ version: await detectPocketsphinxVersion(), diarizer: new SpeakerChangeDiarizer({ supervisor }) });
    const t = await transcriber.transcribe({ wavPath: twoVoices.path, languageCode: 'en-US', diarization: true, wordTimestamps: true, vocabulary: [] });
    expect(t.diarization).toEqual({ method: SPEAKER_CHANGE_METHOD, speakers: 2 });
    const labels = t.words.map((w) => w.speaker);
    const firstOfTwo = labels.indexOf(2);
    expect(labels.every((s, i) => s === (i < firstOfTwo ? 1 : 2))).toBe(true);
    expect(Math.abs(t.words[firstOfTwo]!.start - twoVoices.change)).toBeLessThanOrEqual(1);
    expect(t.segments.map((s) => s.speaker)).toEqual(t.segments.map((s) => (s.start < t.words[firstOfTwo]!.start ? 1 : 2)));
  }, 90_000);
});
