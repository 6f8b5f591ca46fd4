// The translation service's settings, read once from the environment.
import { z } from 'zod';
import { commonConfigSchema, loadConfig, serviceConfigFields } from '@trainwright/platform';

const schema = commonConfigSchema.extend({
  TRANSLATION_GRPC_HOST: z.string().default('127.0.0.1'),
  // Its gRPC port and the addresses of the services it calls: services/platform/src/service-registry.ts.
  ...serviceConfigFields('translation'),
  GRPC_DEADLINE_MS: z.coerce.number().int().min(100).default(5000),
  /** apertium (offline, Debian's pairs), openai (an OpenAI-compatible model) or deepl. */
  TRANSLATION_ENGINE: z.enum(['apertium', 'openai', 'deepl']).default('apertium'),
  /** The OpenAI-compatible endpoint, as the generator's (OpenAI, Azure OpenAI, Ollama, vLLM). */
  LLM_BASE_URL: z.string().default(''),
  LLM_API_KEY: z.string().default(''),
  /** The model that translates; empty: LLM_MODEL. */
  TRANSLATION_MODEL: z.string().default(''),
  LLM_MODEL: z.string().default('gpt-4o-mini'),
  DEEPL_AUTH_KEY: z.string().default(''),
  /** Another DeepL API address (tests point it at a local server). */
  DEEPL_SERVER_URL: z.string().default(''),
  /** Run the `translate` queue's worker in this process. */
  TRANSLATE_WORKER: z.enum(['true', 'false']).default('true').transform((v) => v === 'true'),
  TRANSLATE_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
  /** Characters of content one translation may hold (every text of the project together). */
  TRANSLATION_MAX_CHARS: z.coerce.number().int().min(1000).default(1_000_000),
});

export type TranslationConfig = z.infer<typeof schema>;

export function loadTranslationConfig(env: NodeJS.ProcessEnv = process.env): TranslationConfig {
  return loadConfig(
    schema
      .refine((c) => c.TRANSLATION_ENGINE !== 'openai' || c.LLM_BASE_URL || c.LLM_API_KEY, {
        message: 'TRANSLATION_ENGINE=openai needs LLM_BASE_URL or LLM_API_KEY',
        path: ['TRANSLATION_ENGINE'],
      })
      .refine((c) => c.TRANSLATION_ENGINE !== 'deepl' || c.DEEPL_AUTH_KEY, { message: 'TRANSLATION_ENGINE=deepl needs DEEPL_AUTH_KEY', path: ['TRANSLATION_ENGINE'] }),
    env,
  );
}
