import { z } from 'zod';
import { commonConfigSchema, loadConfig, serviceConfigFields } from '@trainwright/platform';
import { SPEECH_PROVIDERS } from './adapters/speech/index.js';

const schema = commonConfigSchema.extend({
  MEDIA_GRPC_HOST: z.string().default('127.0.0.1'),
  // Its gRPC port and the addresses of the services it calls: services/platform/src/service-registry.ts.
  ...serviceConfigFields('media'),
  STORAGE_DIR: z.string().default('.data/storage'),
  GRPC_DEADLINE_MS: z.coerce.number().int().min(100).default(5000),
  /** Run the `render` queue's worker in this process (production runs workers as their own processes). */
  RENDER_WORKER: z.enum(['true', 'false']).default('true').transform((v) => v === 'true'),
  RENDER_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
  /** How long a job's lock lasts unrenewed: a worker that died is noticed after about this long. */
  RENDER_LOCK_MS: z.coerce.number().int().min(1000).default(30_000),
  /** Scratch space for slide images and audio while a video renders. */
  RENDER_WORK_DIR: z.string().default(''),
  /** Run the `video` queue's worker (advanced video processing) in this process; video-worker.ts runs it alone. */
  VIDEO_WORKER: z.enum(['true', 'false']).default('true').transform((v) => v === 'true'),
  /** Video jobs one process runs at once (each ffmpeg uses the cores it finds). */
  VIDEO_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
  /** Scratch space for video processing (inputs copied, chunks, outputs before storage). */
  VIDEO_WORK_DIR: z.string().default(''),
  /** Other video workers a batch asks to help with its chunks, at most (0: each batch on its own worker). */
  VIDEO_BATCH_HELPERS: z.coerce.number().int().min(0).max(64).default(8),
  /** A batch chunk's claimer beats this often; one silent for VIDEO_BATCH_STALE_MS (its worker died) is claimed again. */
  VIDEO_BATCH_BEAT_MS: z.coerce.number().int().min(100).default(2000),
  VIDEO_BATCH_STALE_MS: z.coerce.number().int().min(1000).default(60_000),
  /**
   * Transcription by Google Cloud Speech-to-Text when a service-account key is given (a file, or
   * its JSON; audio over the minute Google takes inline goes in pieces cut at pauses); otherwise
   * the offline recogniser. Endpoint, port and plain-text gRPC (127.0.0.1 only) are for tests.
   */
  GOOGLE_SPEECH_CREDENTIALS_FILE: z.string().default(''),
  GOOGLE_SPEECH_CREDENTIALS_JSON: z.string().default(''),
  GOOGLE_SPEECH_ENDPOINT: z.string().default(''),
  GOOGLE_SPEECH_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  GOOGLE_SPEECH_INSECURE: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
  GOOGLE_SPEECH_MODEL: z.string().default('latest_long'),
  VIDEO_WIDTH: z.coerce.number().int().min(320).max(3840).default(1280),
  VIDEO_HEIGHT: z.coerce.number().int().min(180).max(2160).default(720),
  /** Start rendering the education centre's videos and manuals when the API starts (`npm start`
   * does), rather than on the first visit to the education centre. */
  EDUCATION_AT_START: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
  /**
   * Text to speech: embedded (offline, default: Flite speaks English, espeak-ng the other
   * languages), espeak (espeak-ng alone), openai or elevenlabs.
   */
  SPEECH_PROVIDER: z.enum(SPEECH_PROVIDERS).default('embedded'),
  /** Spoken clips kept in memory for re-renders and previews, by text and voice (0: none kept). */
  NARRATION_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(64),
  /** The video's drawn pictures kept in memory for re-renders, by what they show (0: none kept). */
  VIDEO_FRAME_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(128),
  OPENAI_TTS_BASE_URL: z.string().default('https://api.openai.com/v1'),
  OPENAI_TTS_API_KEY: z.string().default(''),
  OPENAI_TTS_MODEL: z.string().default('gpt-4o-mini-tts'),
  ELEVENLABS_BASE_URL: z.string().default('https://api.elevenlabs.io'),
  ELEVENLABS_API_KEY: z.string().default(''),
  ELEVENLABS_MODEL_ID: z.string().default('eleven_multilingual_v2'),
  /** Origins logo URLs may be fetched from although private (as URL_FETCH_ALLOW_ORIGINS). */
  URL_FETCH_ALLOW_ORIGINS: z
    .string()
    .default('')
    .transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean)),
});

export type MediaConfig = z.infer<typeof schema>;

export function loadMediaConfig(env: NodeJS.ProcessEnv = process.env): MediaConfig {
  return loadConfig(schema, env);
}
