import { z } from 'zod';
import { commonConfigSchema, loadConfig, serviceConfigFields } from '@trainwright/platform';

const list = z
  .string()
  .default('')
  .transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean));

const schema = commonConfigSchema.extend({
  GENERATOR_GRPC_HOST: z.string().default('127.0.0.1'),
  // Its gRPC port and the addresses of the services it calls: services/platform/src/service-registry.ts.
  ...serviceConfigFields('generator'),
  STORAGE_DIR: z.string().default('.data/storage'),
  GRPC_DEADLINE_MS: z.coerce.number().int().min(100).default(5000),
  /** Run the `generate` queue's worker in this process (a deployment may split API and workers). */
  GENERATE_WORKER: z.enum(['true', 'false']).default('true').transform((v) => v === 'true'),
  GENERATE_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  // How long a dead generator's job stays locked before another takes it up (renewed while alive).
  GENERATE_LOCK_MS: z.coerce.number().int().min(1000).default(30_000),
  /** An OpenAI-compatible endpoint (OpenAI, Azure OpenAI, Ollama, vLLM); empty: the offline engine. */
  LLM_BASE_URL: z.string().default(''),
  LLM_API_KEY: z.string().default(''),
  LLM_MODEL: z.string().default('gpt-4o-mini'),
  LLM_TIMEOUT_MS: z.coerce.number().int().min(100).default(60_000),
  LLM_MAX_OUTPUT_TOKENS: z.coerce.number().int().min(256).default(8000),
  /** Characters of source material sent to the model (about four per token). */
  LLM_MAX_SOURCE_CHARS: z.coerce.number().int().min(1000).default(120_000),
  LLM_ATTEMPTS: z.coerce.number().int().min(1).max(5).default(2),
  /** json_schema (structured output) or json_object for servers without schema support. */
  LLM_JSON_MODE: z.enum(['json_schema', 'json_object']).default('json_schema'),
  /** LibreOffice for .doc and .ppt; empty: look it up on PATH. */
  LIBREOFFICE_PATH: z.string().default(''),
  /** Origins (scheme://host:port) URL extraction may fetch although they are private, e.g. an intranet wiki. */
  URL_FETCH_ALLOW_ORIGINS: list,
  URL_FETCH_TIMEOUT_MS: z.coerce.number().int().min(100).default(15_000),
  URL_FETCH_MAX_BYTES: z.coerce.number().int().min(1024).default(5_242_880),
  // Uploaded documents are parsed in worker threads within these limits (docs/generator.md,
  // "Untrusted documents"). Past a limit the project fails at once with a message naming it.
  /** PDF pages or PowerPoint slides a document may have. */
  INGEST_MAX_PAGES: z.coerce.number().int().min(1).default(2000),
  /** Characters of text kept from a document (the rest is cut at a section boundary). */
  INGEST_MAX_CHARS: z.coerce.number().int().min(1000).default(2_000_000),
  /** The largest file read, whatever the plan allows (the plan's fileUploadLimitMB applies too). */
  INGEST_MAX_BYTES: z.coerce.number().int().min(1024).default(104_857_600),
  /** Wall-clock time one document may take to read (a LibreOffice conversion included); the worker is then terminated. */
  INGEST_TIMEOUT_MS: z.coerce.number().int().min(100).default(120_000),
  /** The V8 heap of one document worker, in MB; a worker that needs more dies and the job is retried. */
  INGEST_MAX_MEMORY_MB: z.coerce.number().int().min(8).default(512),
  /** Wall-clock time of the offline engine's generation, and of scoring, each in its worker thread. */
  GENERATE_TIMEOUT_MS: z.coerce.number().int().min(100).default(300_000),
  /** The V8 heap of one generation, scoring or analysis worker, in MB. */
  GENERATE_MAX_MEMORY_MB: z.coerce.number().int().min(8).default(1024),
  /**
   * Wall-clock time of a quality call's work (AssessQuality, ApplyImprovements, the analyses) in its
   * worker thread: below the gateway's 5 s gRPC deadline, so the caller gets the limit's message
   * and no worker runs on after the caller has gone.
   */
  QUALITY_TIMEOUT_MS: z.coerce.number().int().min(100).default(4000),
});

export type GeneratorConfig = z.infer<typeof schema>;

export function loadGeneratorConfig(env: NodeJS.ProcessEnv = process.env): GeneratorConfig {
  return loadConfig(schema, env);
}
