import { z } from 'zod';
import { addressFields, commonConfigSchema, loadConfig, serviceConfigFields } from '@trainwright/platform';

const schema = commonConfigSchema.extend({
  PROJECT_GRPC_HOST: z.string().default('127.0.0.1'),
  // Its gRPC port and the addresses of the services it calls: services/platform/src/service-registry.ts.
  ...serviceConfigFields('project'),
  // media-render, which says whether a company may use a voice. Not among the registry's `needs`:
  // media-render needs the project service and starts after it; the call waits for it within its deadline.
  ...addressFields(['media']),
  // The generator, which reads the company library's files and pages (ReadLibrarySource). It needs
  // this service and starts after it, like media-render.
  ...addressFields(['generator']),
  /** How long reading one library document may take (a long PDF is parsed in the generator's sandbox). */
  LIBRARY_READ_DEADLINE_MS: z.coerce.number().int().min(1000).default(120_000),
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
