// Long audio for Google Speech-to-Text, which takes 60 s inline: cut at pauses into pieces
// (pieceCuts), each piece through the real SDK to the local Google stand-in, the words' times moved
// back to the whole. The stand-in "hears" the test's own track of tone bursts, a word per burst
// named by its length, so a burst cut in two or a piece moved wrongly shows as a wrong, lost or
// doubled word at a wrong time.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WorkerSupervisor } from '@trainwright/platform/worker-sandbox';
import { pcmToWav } from '../../src/adapters/speech/wav.js';
import { GoogleSpeechTranscriber } from '../../src/adapters/transcription/google-speech.js';
import { detectPocketsphinxVersion, PocketsphinxTranscriber } from '../../src/adapters/transcription/pocketsphinx.js';
import { SpeakerChangeDiarizer } from '../../src/adapters/transcription/speaker-change-diarizer.js';
import { SPEAKER_CHANGE_METHOD } from '../../src/adapters/transcription/speaker-changes.js';
import { pieceCuts } from '../../src/processing/transcribe/pieces.js';
import { transcribeVideo, type TranscriptionEngines } from '../../src/processing/transcribe/transcribe-video.js';
import { startFakeGoogleSpeech, type FakeGoogleSpeech, type FakeUtterance } from '../fakes/fake-google-speech.js';

const RATE = 16_000;
/** A burst's length names its word. */
const WORDS: Record<string, number> = { fire: 0.3, exit: 0.5, alarm: 0.7 };

interface Burst {
  word: string;
  start: number;
  end: number;
}

/** `seconds` of 10 ms frames at `level` (0: digital silence), with bursts of a 500 Hz tone. */
function track(seconds: number, bursts: Burst[], level = 0): Int16Array {
  const samples = new Int16Array(Math.round(seconds * RATE));
  let seed = 7;
  for (let i = 0; i < samples.length; i++) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    samples[i] = level === 0 ? 0 : Math.round(((seed / 2147483648) * 2 - 1) * level);
  }
  for (const b of bursts) {
    for (let i = Math.round(b.start * RATE); i < Math.round(b.end * RATE); i++) samples[i] = Math.round(8000 * Math.sin((2 * Math.PI * 500 * i) / RATE));
  }
  return samples;
}

/** Bursts one after the other with pauses of 0.35 to 0.95 s, for `seconds`. */
function speech(seconds: number): Burst[] {
  const names = Object.keys(WORDS);
  const bursts: Burst[] = [];
  let t = 0.5;
  for (let k = 0; ; k++) {
    const word = names[(k * 7) % names.length]!;
    const end = t + WORDS[word]!;
    if (end > seconds - 0.5) return bursts;
    bursts.push({ word, start: t, end });
    t = end + 0.35 + ((k * 13) % 7) * 0.1;
  }
}

/** What the stand-in hears: each run of loud 10 ms frames is a word, named by its length. */
function hear(pcm: Buffer, sampleRate: number): FakeUtterance[] {
  const frame = sampleRate / 100;
  const loud: boolean[] = [];
  for (let f = 0; (f + 1) * frame * 2 <= pcm.length; f++) {
    let peak = 0;
    for (let i = 0; i < frame; i++) peak = Math.max(peak, Math.abs(pcm.readInt16LE((f * frame + i) * 2)));
    loud.push(peak > 4000);
  }
  const words: FakeUtterance['words'] = [];
  for (let f = 0; f < loud.length; f++) {
    if (!loud[f] || loud[f - 1]) continue;
    let end = f;
    while (loud[end]) end++;
    const length = (end - f) / 100;
    const [word] = Object.entries(WORDS).sort((a, b) => Math.abs(a[1] - length) - Math.abs(b[1] - length))[0]!;
    words.push({ word: Math.abs(WORDS[word]! - length) < 0.05 ? word : `broken(${length.toFixed(2)})`, start: f / 100, end: end / 100, speaker: 1 });
  }
  return words.length > 0 ? [{ words }] : [];
}

describe('pieceCuts', () => {
  it('should leave audio up to the limit whole', () => {
    expect(pieceCuts(track(55, speech(55)), RATE, 55)).toEqual([]);
  });

  it('should cut in the pauses, every piece within the limit', () => {
    const bursts = speech(200);
    const samples = track(200, bursts, 300);
    const cuts = pieceCuts(samples, RATE, 55);
    expect(cuts.length).toBe(3);
    const bounds = [0, ...cuts, samples.length];
    for (let i = 1; i < bounds.length; i++) expect(bounds[i]! - bounds[i - 1]!).toBeLessThanOrEqual(55 * RATE);
    for (const cut of cuts) {
      const at = cut / RATE;
      expect(bursts.some((b) => at > b.start - 0.05 && at < b.end + 0.05)).toBe(false);
      // Within the last 15 s before the limit.
      expect(at - bounds[cuts.indexOf(cut)]! / RATE).toBeGreaterThanOrEqual(40);
    }
  });

  it('should cut at the limit when there is no pause', () => {
    const cuts = pieceCuts(track(130, [{ word: 'alarm', start: 0, end: 130 }]), RATE, 55);
    expect(cuts.length).toBe(2);
    expect(cuts[0]!).toBeLessThanOrEqual(55 * RATE);
    expect(cuts[1]! - cuts[0]!).toBeLessThanOrEqual(55 * RATE);
  });
});

describe('transcribeVideo with Google Speech-to-Text in pieces', () => {
  let dir: string;
  let fake: FakeGoogleSpeech;
  let supervisor: WorkerSupervisor;
  let engines: TranscriptionEngines;
  let google: GoogleSpeechTranscriber;
  const bursts = speech(130);

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'transcription-pieces-'));
    writeFileSync(join(dir, 'lecture.wav'), pcmToWav(Buffer.from(track(130, bursts).buffer), { channels: 1, sampleRate: RATE, bitsPerSample: 16 }));
    fake = await startFakeGoogleSpeech({ pollsUntilDone: 1 });
    fake.hear = hear;
    supervisor = new WorkerSupervisor();
    const diarizer = new SpeakerChangeDiarizer({ supervisor });
    google = new GoogleSpeechTranscriber({ serviceAccount: fake.key, apiEndpoint: fake.apiEndpoint, port: fake.port, insecure: true, polling: { initialDelayMs: 10, maxDelayMs: 50 } });
    engines = { offline: new PocketsphinxTranscriber({ version: await detectPocketsphinxVersion(), diarizer }), cloud: { transcriber: google, maxSeconds: 60 }, diarizer };
  });

  afterAll(async () => {
    await google?.close();
    await fake?.close();
    await supervisor?.closeAll();
    rmSync(dir, { recursive: true, force: true });
  });

  const input = () => ({ path: join(dir, 'lecture.wav'), durationSeconds: 130, width: 0, height: 0, hasAudio: true });

  it('should send pieces under the limit and give every word once, at its time in the whole', async () => {
    fake.recognizeRequests.length = 0;
    const progress: number[] = [];
    // Spanish: pocketsphinx has no model for it, so before pieces a long Spanish video had no engine.
    const transcript = await transcribeVideo(engines, input(), { language_code: 'es-ES', enable_speaker_diarization: false }, dir, (f) => progress.push(f), new AbortController().signal);
    expect(transcript.engine).toBe(google.engine);
    expect(fake.recognizeRequests.length).toBe(3);
    for (const sent of fake.recognizeRequests) expect(sent.audio.length / 2 / RATE).toBeLessThanOrEqual(55);
    expect(transcript.words.map((w) => w.word)).toEqual(bursts.map((b) => b.word));
    for (const [i, w] of transcript.words.entries()) {
      expect(Math.abs(w.start - bursts[i]!.start)).toBeLessThanOrEqual(0.011);
      expect(Math.abs(w.end - bursts[i]!.end)).toBeLessThanOrEqual(0.011);
      expect(w.speaker).toBeUndefined();
    }
    expect(transcript.segments.length).toBe(3);
    expect(transcript.text.split(' ').length).toBe(bursts.length);
    expect(transcript.duration_seconds).toBe(130);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.at(-1)).toBeGreaterThan(0.95);
  });

  it("should label speakers with the offline method, since a piece's speaker numbers are its own", async () => {
    const transcript = await transcribeVideo(engines, input(), { language_code: 'en-US', enable_speaker_diarization: true }, dir, () => undefined, new AbortController().signal);
    expect(transcript.engine).toBe(google.engine);
    expect(transcript.diarization?.method).toBe(SPEAKER_CHANGE_METHOD);
    expect(transcript.words.length).toBe(bursts.length);
    expect(transcript.words.every((w) => typeof w.speaker === 'number')).toBe(true);
  });
});
