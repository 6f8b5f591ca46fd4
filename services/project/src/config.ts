import { z } from 'zod';
import { commonConfigSchema, loadConfig } from '@trainwright/platform';

const schema = commonConfigSchema.extend({
  PROJECT_GRPC_HOST: z.string().default('127.0.0.1'),
  PROJECT_GRPC_PORT: z.coerce.number().int().min(0).max(65535).default(50052),
  AUTH_SERVICE_ADDR: z.string().min(1, 'the auth service address (host:port) is required'),
  /** Root of the local object storage (uploads and generated files). */
  STORAGE_DIR: z.string().default('.data/storage'),
  /** The generator's allowed private origins for URL extraction, so creation does not refuse them. */
  URL_FETCH_ALLOW_ORIGINS: z
    .string()
    .default('')
    .transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean)),
  GRPC_DEADLINE_MS: z.coerce.number().int().min(100).default(5000),
});

export type ProjectConfig = z.infer<typeof schema>;

export function loadProjectConfig(env: NodeJS.ProcessEnv = process.env): ProjectConfig {
  return loadConfig(schema, env);
}
