// The integration service's settings, read once from the environment.
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { ConfigError, commonConfigSchema, loadConfig, serviceConfigFields } from '@trainwright/platform';

const schema = commonConfigSchema.extend({
  INTEGRATION_GRPC_HOST: z.string().default('127.0.0.1'),
  // Its gRPC port and the addresses of the services it calls: services/platform/src/service-registry.ts.
  ...serviceConfigFields('integration'),
  GRPC_DEADLINE_MS: z.coerce.number().int().min(100).default(5000),
  /**
   * The key that encrypts integrations' credentials at rest: 32 bytes, base64. Or the file that
   * holds it (`npm start` makes one under .data/keys). Required: credentials are never kept plain.
   */
  INTEGRATION_ENCRYPTION_KEY: z.string().default(''),
  INTEGRATION_ENCRYPTION_KEY_FILE: z.string().default(''),
  /**
   * Origins an operator allows deliveries to reach although they are not public addresses (an
   * intranet's chat server; the tests' local receivers): comma-separated, exact origins.
   */
  INTEGRATION_ALLOW_ORIGINS: z
    .string()
    .default('')
    .transform((v) => v.split(',').map((o) => o.trim()).filter(Boolean)),
  /** Days of failing deliveries after which an integration is paused (status error). */
  INTEGRATION_DISABLE_AFTER_DAYS: z.coerce.number().min(0.001).max(365).default(5),
  /** Run the `integration` queue's worker (the deliveries) in this process. */
  INTEGRATION_WORKER: z.enum(['true', 'false']).default('true').transform((v) => v === 'true'),
  INTEGRATION_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(8),
  /** Microsoft Entra sign-in and Microsoft Graph (tests: a local stand-in, also in INTEGRATION_ALLOW_ORIGINS). */
  MICROSOFT_LOGIN_URL: z.string().default('https://login.microsoftonline.com'),
  MICROSOFT_GRAPH_URL: z.string().default('https://graph.microsoft.com'),
  /** Google's OAuth token endpoint and APIs (Drive uploads), for Google Workspace integrations. */
  GOOGLE_OAUTH_TOKEN_URL: z.string().default('https://oauth2.googleapis.com/token'),
  GOOGLE_API_URL: z.string().default('https://www.googleapis.com'),
  /** The storage media-render keeps the rendered files in (shared): the files Drive receives are read there. */
  STORAGE_DIR: z.string().default('.data/storage'),
  /** Where links in messages point (the web app as its users reach it). */
  PUBLIC_WEB_URL: z.string().default('http://localhost:3000'),
});

export type IntegrationConfig = z.infer<typeof schema> & { encryptionKey: Buffer };

function encryptionKeyOf(config: z.infer<typeof schema>): Buffer {
  const text = config.INTEGRATION_ENCRYPTION_KEY || (config.INTEGRATION_ENCRYPTION_KEY_FILE ? readFileSync(config.INTEGRATION_ENCRYPTION_KEY_FILE, 'utf8').trim() : '');
  const key = Buffer.from(text, 'base64');
  if (key.length !== 32) throw new ConfigError('Set INTEGRATION_ENCRYPTION_KEY (or INTEGRATION_ENCRYPTION_KEY_FILE) to 32 random bytes in base64: it encrypts integrations’ credentials.');
  return key;
}

export function loadIntegrationConfig(env: NodeJS.ProcessEnv = process.env): IntegrationConfig {
  const config = loadConfig(schema, env);
  return { ...config, encryptionKey: encryptionKeyOf(config) };
}
