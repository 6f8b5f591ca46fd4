// A video's speech as a transcript (POST /api/video/transcribe, and the analysis's speech rate):
// its first sound track as 16 kHz mono PCM (what every recogniser takes), then the recogniser:
// Google Cloud Speech-to-Text when configured and the audio fits what Google takes inline, else
// the offline one (pocketsphinx); the transcript names the engine either way. Asked for speakers,
// a recogniser that gave none (pocketsphinx always; Google when its model did not diarize) has
// its words labelled by the offline speaker-change method, which the result names.
import { join } from 'node:path';
import { VIDEO_PROCESSING_MESSAGES as M, catalogueMessage } from '@trainwright/catalogue';
import { JobError } from '@trainwright/platform';
import { speakerAt } from '../../adapters/transcription/pocketsphinx.js';
import type { SpeakerChangeDiarizer } from '../../adapters/transcription/speaker-change-diarizer.js';
import { TRANSCRIPTION_LANGUAGES, UnsupportedLanguageError, type Transcriber, type Transcript, type TranscriptionLanguage } from '../../adapters/transcription/types.js';
import { runFfmpegPass, type VideoInput } from '../operations/index.js';

export interface TranscriptionEngines {
  offline: Transcriber;
  /** The configured cloud recogniser, and the longest audio it takes (Google inline: 60 s). */
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

/** The recogniser for this language and length. */
export function transcriberFor(engines: TranscriptionEngines, language: TranscriptionLanguage, seconds: number): Transcriber {
  const cloud = engines.cloud;
  if (cloud && cloud.transcriber.supports(language) && seconds <= cloud.maxSeconds) return cloud.transcriber;
  if (!engines.offline.supports(language)) throw new UnsupportedLanguageError(cloud ? `${engines.offline.engine} (${cloud.transcriber.engine} takes ${cloud.maxSeconds} s at most)` : engines.offline.engine, language);
  return engines.offline;
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
  const transcriber = transcriberFor(engines, language, input.durationSeconds);
  const wavPath = join(workDir, 'speech.wav');
  await runFfmpegPass(
    { inputs: [{ path: input.path }], outputs: [{ target: wavPath, options: ['-map', '0:a:0', '-ac', '1', '-ar', '16000', '-c:a', 'pcm_s16le', '-f', 'wav'] }], seconds: input.durationSeconds },
    { cwd: workDir, failure: 'The sound track could not be read', onProgress: (f) => onProgress(f * EXTRACTION_WEIGHT), signal },
  );
  const diarization = params.enable_speaker_diarization !== false;
  const transcript = await transcriber.transcribe({
    wavPath,
    languageCode: language,
    diarization,
    wordTimestamps: params.enable_word_timestamps !== false,
    vocabulary: params.custom_vocabulary ?? [],
    onProgress: (f) => onProgress(EXTRACTION_WEIGHT + f * (1 - EXTRACTION_WEIGHT)),
    signal,
  });
  const labelled = diarization && !transcript.diarization && transcript.words.length > 0 ? await withOfflineSpeakers(engines, transcript, wavPath, signal) : transcript;
  // Word times were computed either way (speakers need them); a caller who asked for none gets none.
  return params.enable_word_timestamps === false ? { ...labelled, words: [] } : labelled;
}
