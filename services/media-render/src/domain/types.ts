// The media-render domain: what every renderer reads (one slide model for all outputs) and the
// interfaces of the speech and video steps. Plain data in, bytes or files out.
import type { SlideDeck } from '@trainwright/formats';
import type { CatalogueMessage } from '@trainwright/catalogue';
import { JobError, type Failure } from '@trainwright/platform';
import type { ColorScheme, Layout, TemplateFonts } from '@trainwright/templates';

export const DOCUMENT_FORMATS = ['pptx', 'pdf', 'docx', 'txt'] as const;
export const VIDEO_FORMATS = ['mp4', 'mov'] as const;
export const DOWNLOAD_FORMATS = [...DOCUMENT_FORMATS, ...VIDEO_FORMATS] as const;
export type DocumentFormat = (typeof DOCUMENT_FORMATS)[number];
export type VideoFormat = (typeof VIDEO_FORMATS)[number];
export type DownloadFormat = (typeof DOWNLOAD_FORMATS)[number];

export const CONTENT_TYPES: Record<DownloadFormat, string> = {
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  txt: 'text/plain; charset=utf-8',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
};

/** The look a project renders with: its template's colours, layout and fonts plus the form's styles. */
export interface RenderStyle {
  templateId: string;
  templateName: string;
  colors: ColorScheme;
  layout: Layout;
  fonts: TemplateFonts;
  /** The form's font style (modern, classic, professional, creative, minimal). */
  fontStyle: string;
  /** The form's image style (professional, modern, classic, creative, animated, abstract, realistic). */
  imageStyle: string;
}

export interface RenderBranding {
  companyName: string;
  website: string;
  /** The logo's bytes when the project has a logo that was fetched and checked to be an image. */
  logo: { bytes: Buffer; mime: 'image/png' | 'image/jpeg'; width: number; height: number } | null;
}

export interface RenderQuestion {
  prompt: string;
  options: Array<{ text: string; is_correct: boolean }>;
  explanation: string;
}

/** Everything the documents and the video render from. */
export interface RenderInput {
  projectId: string;
  title: string;
  description: string;
  /** BCP 47-ish primary language of the content ('en', 'es', 'ru', 'ja', ...). */
  language: string;
  deck: SlideDeck;
  /** The narration script (script format text); slides without notes are narrated from it. */
  script: string;
  summary: string;
  objectives: string[];
  questions: RenderQuestion[];
  glossary: Array<{ term: string; definition: string }>;
  /** The company library's passages the slides cite (generated_content.citations); the PDF guide lists them. */
  citations?: Array<{ slide_index: number; document_title: string; passage: string }>;
  style: RenderStyle;
  branding: RenderBranding | null;
  /** When the content was generated (shown on covers). */
  generatedAt: string;
  /**
   * The project's burn_subtitles: the narrated video draws its subtitles into the picture as well
   * as carrying them as a track. Absent (inputs not made from a project): the renderer's default.
   */
  burnSubtitles?: boolean;
}

/** Reports progress within a step, 0 to 100. */
export type ProgressReporter = (percent: number) => Promise<void> | void;

/** A voice as the voice library shows it (part 2 section 3). */
export interface Voice {
  voice_id: string;
  name: string;
  category: 'premade' | 'custom' | 'matched' | 'cloned';
  description: string;
  settings: VoiceSettings;
  is_premium: boolean;
  labels: { gender: string; age: string; accent?: string; language?: string };
  /** The plan from which the voice may be used (free-trial, professional, business, enterprise). */
  tier: string;
}

/** How a provider speaks: its own voice name plus pitch and rate adjustments. */
export interface VoiceSettings {
  provider: string;
  /** The provider's voice (espeak-ng voice name, Flite voice, OpenAI voice, ElevenLabs voice id). */
  voice: string;
  /** espeak-ng: 0-99 (50 normal); others ignore it. */
  pitch?: number;
  /**
   * Words per minute for the embedded engines (espeak-ng 175 normal, Flite 145 normal); a speed
   * factor (1 = normal) for cloud providers.
   */
  rate?: number;
  /**
   * The language to speak (a translation's, 'es'): espeak-ng speaks with its voice of that
   * language (same variant); a Flite voice, English only, hands other languages to espeak-ng;
   * ElevenLabs is told it where its model accepts it; OpenAI reads it from the text. Absent: the
   * voice's own language.
   */
  language?: string;
}

/** Narration audio of one text: a WAV file and its exact length. */
export interface SpeechClip {
  wavPath: string;
  durationMs: number;
  /** The engine that spoke it ('flite', 'espeak-ng'); absent, the provider's name says it. */
  engine?: string;
}

export interface SpeechProvider {
  readonly name: string;
  /** The provider's real voices. */
  voices(): Promise<Voice[]>;
  /** Speaks `text` into a WAV file at `outPath` (mono, 16-bit PCM). */
  synthesize(text: string, settings: VoiceSettings, outPath: string): Promise<SpeechClip>;
}

/**
 * A render that cannot succeed (not retryable: the job fails at once) or a fault a retry may cure.
 * A catalogue message keeps its id, so the failure a row keeps names it (the web translates it);
 * a text of its own (ffmpeg's details, a provider's words) stays a text.
 */
export class RenderError extends JobError {
  constructor(message: string | CatalogueMessage, retryable = false) {
    super(message, retryable);
    this.name = 'RenderError';
  }

  /** The error a failure (failureOf) ends the attempt with, its catalogue message kept. */
  static of(failure: Failure, retryable: boolean): RenderError {
    return new RenderError(failure.message ? { ...failure.message, text: failure.text } : failure.text, retryable);
  }
}
