// A video's speech as a transcript (POST /api/video/transcribe, and the analysis's speech rate):
// its first sound track as 16 kHz mono PCM (what every recogniser takes), then the recogniser:
// Google Cloud Speech-to-Text when configured and it has the language, else the offline one
// (pocketsphinx); the transcript names the engine either way. Audio longer than Google takes
// inline goes to it in pieces cut at pauses (pieces.ts), the words' times moved to the whole's.
// Asked for speakers, a recogniser that gave none (pocketsphinx always; Google when its model did
// not diarize, or in pieces, whose speaker numbers do not carry from one piece to the next) has
// its words labelled by the offline speaker-change method, which the result names.
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { VIDEO_PROCESSING_MESSAGES as M, catalogueMessage } from '@trainwright/catalogue';
import { JobError } from '@trainwright/platform';
import { parseWav, pcmToWav, wavData } from '../../adapters/speech/wav.js';
import { speakerAt } from '../../adapters/transcription/pocketsphinx.js';
import type { SpeakerChangeDiarizer } from '../../adapters/transcription/speaker-change-diarizer.js';
import { TRANSCRIPTION_LANGUAGES, UnsupportedLanguageError, type TranscribeRequest, type Transcriber, type Transcript, type TranscriptionLanguage } from '../../adapters/transcription/types.js';
import { mapLimit } from '../../domain/map-limit.js';
import { runFfmpegPass, type VideoInput } from '../operations/index.js';
import { pieceCuts } from './pieces.js';

export interface TranscriptionEngines {
  offline: Transcriber;
  /** The configured cloud recogniser, and the longest audio it takes at once (Google inline: 60 s). */
  cloud?: { transcriber: Transcriber; maxSeconds: number };
  diarizer: SpeakerChangeDiarizer;
}

export interface TranscribeParams {
  language_code?: string;
  enable_speaker_diarization?: boolean;
  enable_word_timestamps?: boolean;
  custom_vocabulary?: string[];
}

/** Share of the progress the sound's extraction takes. */
const EXTRACTION_WEIGHT = 0.05;

function languageOf(code: string | undefined): TranscriptionLanguage {
  const language = code ?? 'en-US';
  if (!(TRANSCRIPTION_LANGUAGES as readonly string[]).includes(language)) throw new JobError(`language_code must be one of ${TRANSCRIPTION_LANGUAGES.join(', ')}`);
  return language as TranscriptionLanguage;
}

/** The recogniser for this language: the cloud one when configured and it has the language. */
export function transcriberFor(engines: TranscriptionEngines, language: TranscriptionLanguage): Transcriber {
  const cloud = engines.cloud;
  if (cloud && cloud.transcriber.supports(language)) return cloud.transcriber;
  if (!engines.offline.supports(language)) throw new UnsupportedLanguageError(engines.offline.engine, language);
  return engines.offline;
}

/** Pieces of a cloud recogniser's audio sent at once: each request waits on Google, not on us. */
const PIECES_AT_ONCE = 4;
/** A piece's length: under the limit, so a piece never meets it. */
const PIECE_MARGIN_SECONDS = 5;

/**
 * The whole transcribed in pieces of at most `maxSeconds`: each piece's words and segments moved
 * by its start, its speakers dropped (each piece numbers its own), joined in order.
 */
async function transcribeInPieces(transcriber: Transcriber, request: TranscribeRequest, maxSeconds: number, workDir: string): Promise<Transcript> {
  const file = await readFile(request.wavPath);
  const wav = parseWav(file);
  // 16-bit mono little-endian, as the extraction above makes it. WAV chunks start on even
  // offsets, so the samples are read in place (copied only if they were not 2-byte aligned: an
  // hour of sound is 115 MB).
  const data = wavData(file, wav);
  const pcm = data.byteOffset % 2 === 0 ? data : Buffer.from(data);
  const samples = new Int16Array(pcm.buffer, pcm.byteOffset, pcm.length >> 1);
  const cuts = [0, ...pieceCuts(samples, wav.sampleRate, maxSeconds - PIECE_MARGIN_SECONDS), samples.length];
  const pieces = cuts.slice(1).map((end, i) => ({ start: cuts[i]!, end }));
  const done = pieces.map(() => 0);
  const parts = await mapLimit(pieces, PIECES_AT_ONCE, async (piece, i) => {
    const path = join(workDir, `speech-piece-${i}.wav`);
    await writeFile(path, pcmToWav(pcm.subarray(piece.start * 2, piece.end * 2), wav));
    try {
      return await transcriber.transcribe({
        ...request,
        wavPath: path,
        onProgress: (f) => {
          done[i] = f * (piece.end - piece.start);
          request.onProgress?.(done.reduce((a, b) => a + b, 0) / samples.length);
        },
      });
    } finally {
      await rm(path, { force: true });
    }
  });
  const round = (seconds: number) => Math.round(seconds * 1000) / 1000;
  const moved = <T extends { start: number; end: number; speaker?: number }>(item: T, offset: number): T => {
    const { speaker: _speaker, ...rest } = item;
    return { ...rest, start: round(item.start + offset), end: round(item.end + offset) } as T;
  };
  return {
    engine: parts[0]!.engine,
    language_code: request.languageCode,
    text: parts.map((p) => p.text).filter((t) => t !== '').join(' '),
    words: parts.flatMap((p, i) => p.words.map((w) => moved(w, pieces[i]!.start / wav.sampleRate))),
    segments: parts.flatMap((p, i) => p.segments.map((s) => moved(s, pieces[i]!.start / wav.sampleRate))),
    duration_seconds: round(samples.length / wav.sampleRate),
  };
}

/** Labels each word and segment with the speaker of its time. */
async function withOfflineSpeakers(engines: TranscriptionEngines, transcript: Transcript, wavPath: string, signal: AbortSignal): Promise<Transcript> {
  const result = await engines.diarizer.diarize({ wavPath, signal });
  const label = <T extends { start: number; end: number }>(item: T) => {
    const speaker = speakerAt(result.turns, item.start, item.end);
    return speaker === undefined ? item : { ...item, speaker };
  };
  return { ...transcript, words: transcript.words.map(label), segments: transcript.segments.map(label), diarization: { method: result.method, speakers: result.speakers } };
}

export async function transcribeVideo(
  engines: TranscriptionEngines,
  input: VideoInput,
  params: TranscribeParams,
  workDir: string,
  onProgress: (fraction: number) => void,
  signal: AbortSignal,
): Promise<Transcript> {
  if (!input.hasAudio) throw new JobError(catalogueMessage(M, 'noAudio'));
  const language = languageOf(params.language_code);
  const transcriber = transcriberFor(engines, language);
  const wavPath = join(workDir, 'speech.wav');
  await runFfmpegPass(
    { inputs: [{ path: input.path }], outputs: [{ target: wavPath, options: ['-map', '0:a:0', '-ac', '1', '-ar', '16000', '-c:a', 'pcm_s16le', '-f', 'wav'] }], seconds: input.durationSeconds },
    { cwd: workDir, failure: 'The sound track could not be read', onProgress: (f) => onProgress(f * EXTRACTION_WEIGHT), signal },
  );
  const diarization = params.enable_speaker_diarization !== false;
  const request: TranscribeRequest = {
    wavPath,
    languageCode: language,
    diarization,
    wordTimestamps: params.enable_word_timestamps !== false,
    vocabulary: params.custom_vocabulary ?? [],
    onProgress: (f) => onProgress(EXTRACTION_WEIGHT + f * (1 - EXTRACTION_WEIGHT)),
    signal,
  };
  const cloud = engines.cloud;
  const transcript =
    cloud && transcriber === cloud.transcriber && input.durationSeconds > cloud.maxSeconds - PIECE_MARGIN_SECONDS
      ? await transcribeInPieces(transcriber, request, cloud.maxSeconds, workDir)
      : await transcriber.transcribe(request);
  const labelled = diarization && !transcript.diarization && transcript.words.length > 0 ? await withOfflineSpeakers(engines, transcript, wavPath, signal) : transcript;
  // Word times were computed either way (speakers need them); a caller who asked for none gets none.
  return params.enable_word_timestamps === false ? { ...labelled, words: [] } : labelled;
}
