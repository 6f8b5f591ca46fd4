// The scorm service's settings, read once from the environment.
import { z } from 'zod';
import { commonConfigSchema, loadConfig, serviceConfigFields } from '@trainwright/platform';

const schema = commonConfigSchema.extend({
  SCORM_GRPC_HOST: z.string().default('127.0.0.1'),
  // Its gRPC port and the addresses of the services it calls: services/platform/src/service-registry.ts.
  ...serviceConfigFields('scorm'),
  GRPC_DEADLINE_MS: z.coerce.number().int().min(100).default(5000),
  /** Object storage shared with media-render (its videos are read, the packages are kept here). */
  STORAGE_DIR: z.string().default('.data/storage'),
  /** Where a build assembles its files ('' : the system's temporary directory). */
  SCORM_WORK_DIR: z.string().default(''),
  /** Run the `scorm` queue's worker in this process. */
  SCORM_WORKER: z.enum(['true', 'false']).default('true').transform((v) => v === 'true'),
  SCORM_CONCURRENCY: z.coerce.number().int().min(1).max(8).default(1),
  /** Where learners and LRS clients reach the product (the learning record store's own home page is under it). */
  PUBLIC_WEB_URL: z.string().url().default('http://localhost:3000'),
  /** The learning record store (docs/analytics.md): statements per request, the page of a query. */
  XAPI_MAX_BATCH: z.coerce.number().int().min(1).max(5000).default(1000),
  XAPI_PAGE_SIZE: z.coerce.number().int().min(10).max(1000).default(100),
  /** How far ahead of the LRS's clock a statement's timestamp may be (0: any, as xAPI's SHOULD NOT reject). */
  XAPI_MAX_FUTURE_HOURS: z.coerce.number().min(0).default(24),
  XAPI_MAX_DOCUMENT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
});

export type ScormConfig = z.infer<typeof schema>;

export function loadScormConfig(env: NodeJS.ProcessEnv = process.env): ScormConfig {
  return loadConfig(schema, env);
}
