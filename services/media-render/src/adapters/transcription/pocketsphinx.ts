// The offline transcriber: CMU pocketsphinx as Debian packages it (pocketsphinx 0.8+5prealpha,
// `pocketsphinx_continuous`, with the US English model of pocketsphinx-en-us). It is the offline
// recogniser whose model comes from a package repository; the Whisper-class candidate's model
// files do not (docs/benchmarks.md, "Offline transcription", has both and the measurement).
//
// One process per file: the WAV's samples go in on stdin as raw 16 kHz PCM (the header is read
// here, chunk by chunk, not assumed to be 44 bytes, and the bytes fed give the progress);
// `-time yes` prints every utterance as its hypothesis line followed by one line per word,
// `word start end posterior`, in seconds from the start of the input. Fillers (<s>, </s>, <sil>,
// [NOISE], ++...++) are dropped and alternative pronunciations ('to(2)') named by their word. An
// utterance is one segment (split where the speaker changes). The process runs in its own
// process group, killed on the caller's abort and past a time limit (a fixed part plus a multiple
// of the audio's length).
//
// Speakers: pocketsphinx has no diarization; the offline speaker-change method
// (speaker-changes.ts) tells the voices apart inside the recognised words, in a worker thread.
// Languages: Debian ships a model for US English only; every other language is refused with
// UnsupportedLanguageError. Another CMU Sphinx model (acoustic model folder, language model,
// dictionary) can be configured per language through `models`.
// Phrase hints (vocabulary) are not used: a word outside the model's dictionary cannot be
// recognised whatever the hint, and pocketsphinx has no phrase biasing for words inside it.
import { execFile, spawn } from 'node:child_process';
import { createReadStream, existsSync } from 'node:fs';
import { RenderError } from '../../domain/types.js';
import { readWavInfo, WAVE_FORMAT_PCM, WavError, type WavInfo } from '../speech/wav.js';
import type { SpeakerChangeDiarizer } from './speaker-change-diarizer.js';
import { formatDuration, type SpeakerChangeResult, type SpeakerTurn } from './speaker-changes.js';
import {
  TRANSCRIPTION_LANGUAGES,
  UnsupportedLanguageError,
  type TranscribeRequest,
  type Transcriber,
  type Transcript,
  type TranscriptionLanguage,
  type TranscriptSegment,
  type TranscriptWord,
} from './types.js';

export const POCKETSPHINX_BINARY = 'pocketsphinx_continuous';
/** The sample rate of the models (and of the WAVs the callers make). */
export const POCKETSPHINX_SAMPLE_RATE = 16000;

/** A CMU Sphinx model: acoustic model folder, language model and pronunciation dictionary. */
export interface PocketsphinxModel {
  /** Its name in the engine string, e.g. 'en-us'. */
  name: string;
  hmm: string;
  lm: string;
  dict: string;
}

const DEBIAN_MODEL_DIR = '/usr/share/pocketsphinx/model/en-us';
/** The models Debian's packages install (pocketsphinx-en-us). */
export const DEBIAN_POCKETSPHINX_MODELS: Partial<Record<TranscriptionLanguage, PocketsphinxModel>> = {
  'en-US': { name: 'en-us', hmm: `${DEBIAN_MODEL_DIR}/en-us`, lm: `${DEBIAN_MODEL_DIR}/en-us.lm.bin`, dict: `${DEBIAN_MODEL_DIR}/cmudict-en-us.dict` },
};

export interface PocketsphinxOptions {
  /** The installed version, for the engine name (see detectPocketsphinxVersion). */
  version: string;
  /** Tells speakers apart when a request asks for diarization. */
  diarizer: SpeakerChangeDiarizer;
  binary?: string;
  models?: Partial<Record<TranscriptionLanguage, PocketsphinxModel>>;
  /** The process's time: this plus `msPerAudioSecond` for each second of audio (it runs at about 0.3x real time here). */
  baseTimeoutMs?: number;
  msPerAudioSecond?: number;
  /** Longest audio accepted, in seconds. Default 4 h. */
  maxSeconds?: number;
}

/** One utterance as pocketsphinx printed it. */
export interface PocketsphinxUtterance {
  hypothesis: string;
  words: Array<{ word: string; start: number; end: number; confidence: number }>;
}

/** The arguments of pocketsphinx_continuous for `model`, reading raw samples from stdin. */
export function pocketsphinxArgs(model: PocketsphinxModel): string[] {
  return [
    '-infile', '/dev/stdin',
    '-samprate', String(POCKETSPHINX_SAMPLE_RATE),
    '-hmm', model.hmm,
    '-lm', model.lm,
    '-dict', model.dict,
    '-time', 'yes',
  ];
}

const WORD_LINE = /^(\S+) (\d+(?:\.\d+)?) (\d+(?:\.\d+)?) (\d+(?:\.\d+)?(?:e[-+]?\d+)?)$/;
const FILLER = /^(?:<.*>|\[.*\]|\+\+.*\+\+)$/;

/**
 * Reads pocketsphinx_continuous's `-time yes` output: per utterance a hypothesis line (empty when
 * it heard only noise), then a line per word. A hypothesis never looks like a word line (its words
 * are dictionary words, never three decimals).
 */
export function parsePocketsphinxOutput(stdout: string): PocketsphinxUtterance[] {
  const utterances: PocketsphinxUtterance[] = [];
  let current: PocketsphinxUtterance | null = null;
  for (const raw of stdout.split('\n')) {
    const line = raw.trim();
    const m = WORD_LINE.exec(line);
    if (!m) {
      current = { hypothesis: line, words: [] };
      utterances.push(current);
      continue;
    }
    const token = m[1]!;
    if (FILLER.test(token)) continue;
    current ??= utterances[utterances.push({ hypothesis: '', words: [] }) - 1]!;
    current.words.push({
      word: token.replace(/\(\d+\)$/, ''),
      start: Number(m[2]),
      end: Number(m[3]),
      confidence: Math.min(1, Math.max(0, Number(m[4]))),
    });
  }
  return utterances.filter((u) => u.words.length > 0);
}

/** The speaker of a stretch of time: the turn holding its middle, else the nearest turn. */
export function speakerAt(turns: SpeakerTurn[], start: number, end: number): number | undefined {
  if (turns.length === 0) return undefined;
  const t = (start + end) / 2;
  let best = turns[0]!;
  let distance = Infinity;
  for (const turn of turns) {
    const d = t < turn.start ? turn.start - t : t > turn.end ? t - turn.end : 0;
    if (d < distance) [best, distance] = [turn, d];
  }
  return best.speaker;
}

export interface TranscriptParts {
  engine: string;
  languageCode: TranscriptionLanguage;
  durationSeconds: number;
  wordTimestamps: boolean;
  /** When diarization was asked for. */
  speakers?: SpeakerChangeResult;
}

/** The Transcript of parsed utterances: one segment per utterance, split where the speaker changes. */
export function transcriptFromUtterances(utterances: PocketsphinxUtterance[], parts: TranscriptParts): Transcript {
  const turns = parts.speakers?.turns;
  const words: TranscriptWord[] = [];
  const groups: TranscriptWord[][] = [];
  for (const u of utterances) {
    let group: TranscriptWord[] | null = null;
    for (const w of u.words) {
      const speaker = turns ? speakerAt(turns, w.start, w.end) : undefined;
      const word: TranscriptWord = { word: w.word, start: w.start, end: w.end, confidence: w.confidence, ...(speaker !== undefined && { speaker }) };
      words.push(word);
      if (!group || group[0]!.speaker !== speaker) groups.push((group = []));
      group.push(word);
    }
  }
  const segments: TranscriptSegment[] = groups.map((g) => ({
    start: g[0]!.start,
    end: g[g.length - 1]!.end,
    text: g.map((w) => w.word).join(' '),
    ...(g[0]!.speaker !== undefined && { speaker: g[0]!.speaker }),
  }));
  return {
    engine: parts.engine,
    language_code: parts.languageCode,
    text: segments.map((s) => s.text).join(' '),
    words: parts.wordTimestamps ? words : [],
    segments,
    duration_seconds: parts.durationSeconds,
    ...(parts.speakers && { diarization: { method: parts.speakers.method, speakers: parts.speakers.speakers } }),
  };
}

/** What a run of the process gave. */
interface RunResult {
  stdout: string;
}

/** The last bytes of the process's log (its INFO lines are many; the ERROR lines come last). */
const STDERR_TAIL = 16 * 1024;
/** More output than any real transcript (4 h of speech is under 3 MB): a runaway process. */
const STDOUT_MAX = 32 * 1024 * 1024;

export class PocketsphinxTranscriber implements Transcriber {
  readonly engine: string;
  private readonly binary: string;
  private readonly models: Partial<Record<TranscriptionLanguage, PocketsphinxModel>>;

  constructor(private readonly options: PocketsphinxOptions) {
    this.binary = options.binary ?? POCKETSPHINX_BINARY;
    this.models = options.models ?? DEBIAN_POCKETSPHINX_MODELS;
    const names = TRANSCRIPTION_LANGUAGES.flatMap((l) => (this.models[l] ? [this.models[l].name] : []));
    this.engine = `pocketsphinx ${options.version} (${names.join(', ') || 'no model'})`;
  }

  supports(languageCode: TranscriptionLanguage): boolean {
    return this.models[languageCode] !== undefined;
  }

  /** The engine string of results in `languageCode`: the version and the one model used. */
  engineFor(languageCode: TranscriptionLanguage): string {
    return `pocketsphinx ${this.options.version} (${this.models[languageCode]?.name ?? 'no model'})`;
  }

  async transcribe(request: TranscribeRequest): Promise<Transcript> {
    const model = this.models[request.languageCode];
    if (!model) throw new UnsupportedLanguageError(this.engine, request.languageCode);
    request.signal?.throwIfAborted();
    const info = this.readInput(request.wavPath);
    const durationSeconds = info.durationMs / 1000;
    const maxSeconds = this.options.maxSeconds ?? 4 * 3600;
    if (durationSeconds > maxSeconds) {
      throw new RenderError(`Offline transcription takes audio of up to ${formatDuration(maxSeconds)}; this one is ${formatDuration(durationSeconds)}`);
    }
    // Diarization takes the last part of the progress, after the recogniser.
    const recogniserShare = request.diarization ? 0.8 : 1;
    const { stdout } = info.dataBytes === 0 ? { stdout: '' } : await this.run(model, request, info, (f) => request.onProgress?.(f * recogniserShare));
    const utterances = parsePocketsphinxOutput(stdout);
    let speakers: SpeakerChangeResult | undefined;
    if (request.diarization) {
      const regions = utterances.flatMap((u) => u.words.map((w) => ({ start: w.start, end: w.end })));
      speakers =
        regions.length === 0
          ? { method: this.options.diarizer.method, speakers: 0, turns: [], changes: [] }
          : await this.options.diarizer.diarize({
              wavPath: request.wavPath,
              regions,
              signal: request.signal,
              onProgress: (f) => request.onProgress?.(recogniserShare + f * (1 - recogniserShare)),
            });
    }
    request.onProgress?.(1);
    return transcriptFromUtterances(utterances, {
      engine: this.engineFor(request.languageCode),
      languageCode: request.languageCode,
      durationSeconds,
      wordTimestamps: request.wordTimestamps,
      speakers,
    });
  }

  private readInput(wavPath: string): WavInfo {
    let info: WavInfo;
    try {
      info = readWavInfo(wavPath);
    } catch (err) {
      if (err instanceof WavError) throw new RenderError(`The audio to transcribe is not a usable WAV: ${err.message}`);
      throw err;
    }
    if (info.audioFormat !== WAVE_FORMAT_PCM || info.bitsPerSample !== 16 || info.channels !== 1 || info.sampleRate !== POCKETSPHINX_SAMPLE_RATE) {
      throw new RenderError(
        `Offline transcription needs 16 kHz mono 16-bit PCM audio; this WAV is ${info.sampleRate} Hz, ${info.channels} channel(s), ${info.bitsPerSample} bit, format ${info.audioFormat}`
      );
    }
    return info;
  }

  /** Runs pocketsphinx on the WAV's samples, fed from the file on stdin. */
  private run(model: PocketsphinxModel, request: TranscribeRequest, info: WavInfo, onProgress: (fraction: number) => void): Promise<RunResult> {
    const timeoutMs = (this.options.baseTimeoutMs ?? 30_000) + Math.ceil((info.durationMs / 1000) * (this.options.msPerAudioSecond ?? 1000));
    return new Promise<RunResult>((resolve, reject) => {
      // Node gives a child a socket, not a pipe, for its stdin, and pocketsphinx cannot open a
      // socket as /dev/stdin: cat passes the samples on through a real pipe.
      const child = spawn('sh', ['-c', 'cat | "$0" "$@"', this.binary, ...pocketsphinxArgs(model)], { stdio: ['pipe', 'pipe', 'pipe'], detached: true });
      const out: Buffer[] = [];
      let outBytes = 0;
      let err = '';
      let failure: Error | null = null;
      const stop = (why: Error): void => {
        failure ??= why;
        try {
          if (child.pid) process.kill(-child.pid, 'SIGKILL');
        } catch {
          // Already gone.
        }
      };
      const timer = setTimeout(() => stop(new RenderError(`pocketsphinx took longer than ${Math.round(timeoutMs / 1000)} s for ${Math.round(info.durationMs / 1000)} s of audio`, true)), timeoutMs);
      const onAbort = (): void => stop(request.signal!.reason instanceof Error ? request.signal!.reason : new Error('aborted'));
      request.signal?.addEventListener('abort', onAbort, { once: true });

      child.stdout.on('data', (chunk: Buffer) => {
        outBytes += chunk.length;
        if (outBytes > STDOUT_MAX) stop(new RenderError(`pocketsphinx printed more than ${STDOUT_MAX >> 20} MB`));
        else out.push(chunk);
      });
      child.stderr.on('data', (chunk: Buffer) => {
        err = (err + chunk.toString('utf8')).slice(-STDERR_TAIL);
      });
      child.on('error', (e) => stop(new RenderError(`pocketsphinx could not be started (${this.binary}): ${e.message}`)));
      child.on('close', (code, signal) => {
        clearTimeout(timer);
        request.signal?.removeEventListener('abort', onAbort);
        if (failure) return reject(failure);
        if (code !== 0) {
          const errors = err.split('\n').filter((l) => /^(ERROR|FATAL)/.test(l)).slice(-3).join('; ');
          return reject(new RenderError(`pocketsphinx failed (${signal ? `signal ${signal}` : `exit code ${code}`}): ${errors || err.trim().split('\n').pop() || 'no message'}`));
        }
        onProgress(1);
        resolve({ stdout: Buffer.concat(out).toString('utf8') });
      });

      // The samples, from the data chunk, with backpressure; a process that ends early closes the
      // pipe (EPIPE), which its exit code then explains.
      const samples = createReadStream(request.wavPath, { start: info.dataOffset, end: info.dataOffset + info.dataBytes - 1, highWaterMark: 64 * 1024 });
      let fed = 0;
      samples.on('data', (chunk) => {
        fed += chunk.length;
        onProgress(Math.min(0.99, fed / info.dataBytes));
      });
      samples.on('error', (e) => stop(new RenderError(`The audio could not be read: ${e.message}`)));
      child.stdin.on('error', () => {});
      samples.pipe(child.stdin);
    });
  }
}

/**
 * The installed pocketsphinx package's version (dpkg), for the engine name; 'unknown version'
 * where dpkg cannot say. Fails when the recogniser itself is not installed.
 */
export async function detectPocketsphinxVersion(binary = POCKETSPHINX_BINARY): Promise<string> {
  const run = (file: string, args: string[]): Promise<string> =>
    new Promise((resolve, reject) => {
      execFile(file, args, { timeout: 5000 }, (error, stdout) => (error ? reject(error) : resolve(stdout.trim())));
    });
  const found = await run('sh', ['-c', `command -v "$0"`, binary]).catch(() => '');
  if (!found) throw new RenderError(`The offline transcriber is not installed: ${binary} was not found (Debian: apt-get install pocketsphinx pocketsphinx-en-us)`);
  return (await run('dpkg-query', ['-W', '-f=${Version}', 'pocketsphinx']).catch(() => '')) || 'unknown version';
}

/** Debian's models whose files are installed. */
export function installedPocketsphinxModels(models = DEBIAN_POCKETSPHINX_MODELS): Partial<Record<TranscriptionLanguage, PocketsphinxModel>> {
  return Object.fromEntries(Object.entries(models).filter(([, m]) => m && existsSync(`${m.hmm}/mdef`) && existsSync(m.lm) && existsSync(m.dict)));
}
