// The scorm service's settings, read once from the environment.
import { z } from 'zod';
import { commonConfigSchema, loadConfig } from '@trainwright/platform';

const schema = commonConfigSchema.extend({
  SCORM_GRPC_HOST: z.string().default('127.0.0.1'),
  SCORM_GRPC_PORT: z.coerce.number().int().min(0).max(65535).default(50057),
  AUTH_SERVICE_ADDR: z.string().min(1, 'set AUTH_SERVICE_ADDR (host:port of the auth service)'),
  PROJECT_SERVICE_ADDR: z.string().min(1, 'set PROJECT_SERVICE_ADDR (host:port of the project service)'),
  MEDIA_SERVICE_ADDR: z.string().min(1, 'set MEDIA_SERVICE_ADDR (host:port of the media-render service)'),
  /** Where a translated package's content comes from (GetRenderContent). */
  TRANSLATION_SERVICE_ADDR: z.string().min(1, 'set TRANSLATION_SERVICE_ADDR (host:port of the translation service)'),
  GRPC_DEADLINE_MS: z.coerce.number().int().min(100).default(5000),
  /** Object storage shared with media-render (its videos are read, the packages are kept here). */
  STORAGE_DIR: z.string().default('.data/storage'),
  /** Where a build assembles its files ('' : the system's temporary directory). */
  SCORM_WORK_DIR: z.string().default(''),
  /** Run the `scorm` queue's worker in this process. */
  SCORM_WORKER: z.enum(['true', 'false']).default('true').transform((v) => v === 'true'),
  SCORM_CONCURRENCY: z.coerce.number().int().min(1).max(8).default(1),
});

export type ScormConfig = z.infer<typeof schema>;

export function loadScormConfig(env: NodeJS.ProcessEnv = process.env): ScormConfig {
  return loadConfig(schema, env);
}
