// What every speech recogniser gives the video-processing jobs (docs/video-processing.md,
// "Transcription"): words with their times in seconds from the start of the audio, grouped into
// segments, with the engine that recognised them named. Speaker labels come from the provider's
// diarization where it has one, else from an offline speaker-change method, and say which.

/** The transcription languages of the specification (part 2 section 9), as the catalogue holds them. */
export { VIDEO_TRANSCRIPTION_LANGUAGES as TRANSCRIPTION_LANGUAGES, type VideoTranscriptionLanguage as TranscriptionLanguage } from '@trainwright/catalogue';
import type { VideoTranscriptionLanguage as TranscriptionLanguage } from '@trainwright/catalogue';

export interface TranscriptWord {
  word: string;
  /** Seconds from the start of the audio. */
  start: number;
  end: number;
  /** 0..1 where the engine says. */
  confidence?: number;
  /** 1-based speaker label, when diarization was asked for. */
  speaker?: number;
}

export interface TranscriptSegment {
  start: number;
  end: number;
  text: string;
  speaker?: number;
}

export interface Transcript {
  /** The engine that recognised the speech, e.g. 'pocketsphinx 5.0.0 (en-us)' or 'google-cloud-speech (latest_long)'. */
  engine: string;
  language_code: TranscriptionLanguage;
  text: string;
  /** Empty when word timestamps were not asked for. */
  words: TranscriptWord[];
  segments: TranscriptSegment[];
  duration_seconds: number;
  /** How speakers were told apart: the provider's own diarization, or the offline method's name. */
  diarization?: { method: string; speakers: number };
}

export interface TranscribeRequest {
  /** 16 kHz mono 16-bit PCM WAV, made by the caller from the video's audio. */
  wavPath: string;
  languageCode: TranscriptionLanguage;
  diarization: boolean;
  wordTimestamps: boolean;
  /** Phrase hints (the specification's custom_vocabulary). */
  vocabulary: string[];
  /** Fraction 0..1 of the audio done, where the engine can tell. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/** A language the engine has no model for: refused with this message (a 400/422 to the user). */
export class UnsupportedLanguageError extends Error {
  constructor(
    readonly engine: string,
    readonly languageCode: string,
  ) {
    super(`Transcription in ${languageCode} is not available with ${engine}.`);
  }
}

export interface Transcriber {
  /** The engine's name as results show it. */
  readonly engine: string;
  /** The languages it has a model for. */
  supports(languageCode: TranscriptionLanguage): boolean;
  transcribe(request: TranscribeRequest): Promise<Transcript>;
}
