// Configuration is read once, here, from the environment and checked against a schema. A missing
// or malformed value stops start-up with a message that names the variable.
import { z } from 'zod';

export class ConfigError extends Error {}

export function loadConfig<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(root)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Helpers for env schemas. */
export const env = {
  bool,
  port: (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback),
  int: (fallback: number) => z.coerce.number().int().default(fallback),
  url: (fallback: string) => z.string().url().default(fallback),
  str: (fallback: string) => z.string().default(fallback),
};

/** Settings every process shares: where the infrastructure is and how to label this run. */
export const commonConfigSchema = z.object({
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z.string().default('postgres://postgres@127.0.0.1:5432/trainwright'),
  REDIS_URL: z.string().default('redis://127.0.0.1:6379'),
  NATS_URL: z.string().default('nats://127.0.0.1:4222'),
  /** Prefix for Redis keys, NATS subjects and stream names, so parallel runs never collide. */
  NAMESPACE: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, - and _ only')
    .default('tw'),
  /** OTLP/HTTP traces endpoint; tracing is off when unset. */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.string().url().optional(),
  /** Port of the /metrics endpoint of a process without its own HTTP server; 0 disables. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(0),
});
export type CommonConfig = z.infer<typeof commonConfigSchema>;
