import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { commonConfigSchema, loadConfig, serviceConfigFields } from '@trainwright/platform';

const schema = commonConfigSchema
  .extend({
    AUTH_GRPC_HOST: z.string().default('127.0.0.1'),
    // Its gRPC port and the addresses of the services it calls: services/platform/src/service-registry.ts.
    ...serviceConfigFields('auth'),
    /** PEM of the Ed25519 private key (PKCS#8), or a file holding it. */
    AUTH_JWT_PRIVATE_KEY: z.string().optional(),
    AUTH_JWT_PRIVATE_KEY_FILE: z.string().optional(),
    AUTH_JWT_KEY_ID: z.string().default('trainwright-1'),
    JWT_ISSUER: z.string().default('trainwright-auth'),
    JWT_AUDIENCE: z.string().default('trainwright-api'),
    ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(86_400).default(900),
    REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    /** How often expired trials past their data retention are looked for (ms); 0 runs no maintenance worker here. */
    RETENTION_SWEEP_MS: z.coerce.number().int().min(0).default(3_600_000),
    /** The web app's public address: invitation links point there. */
    PUBLIC_WEB_URL: z.string().url().default('http://localhost:3000'),
    /** smtp(s)://user:pass@host:port of an SMTP relay; unset: emails go to the local outbox. */
    SMTP_URL: z.string().url().optional(),
    MAIL_FROM: z.string().default('Trainwright <no-reply@trainwright.local>'),
    /** Where support tickets are emailed (the operator's inbox). */
    SUPPORT_EMAIL: z.string().email().default('support@trainwright.local'),
    /** The local outbox's folder (default: <STORAGE_DIR>/mail-outbox). */
    MAIL_OUTBOX_DIR: z.string().optional(),
    STORAGE_DIR: z.string().default('.data/storage'),
  })
  .refine((c) => c.AUTH_JWT_PRIVATE_KEY || c.AUTH_JWT_PRIVATE_KEY_FILE, {
    message: 'set AUTH_JWT_PRIVATE_KEY or AUTH_JWT_PRIVATE_KEY_FILE (npm start creates a development key pair in .data/keys)',
    path: ['AUTH_JWT_PRIVATE_KEY'],
  });

export type AuthConfig = Omit<z.infer<typeof schema>, 'MAIL_OUTBOX_DIR'> & { privateKeyPem: string; MAIL_OUTBOX_DIR: string };

export function loadAuthConfig(env: NodeJS.ProcessEnv = process.env): AuthConfig {
  const config = loadConfig(schema, env);
  const privateKeyPem = config.AUTH_JWT_PRIVATE_KEY ?? readFileSync(config.AUTH_JWT_PRIVATE_KEY_FILE!, 'utf8');
  return { ...config, privateKeyPem, MAIL_OUTBOX_DIR: mailOutboxDir(config) };
}

/** The local outbox's folder: MAIL_OUTBOX_DIR, else <STORAGE_DIR>/mail-outbox. */
export function mailOutboxDir(env: { MAIL_OUTBOX_DIR?: string; STORAGE_DIR?: string }): string {
  return env.MAIL_OUTBOX_DIR || join(env.STORAGE_DIR || '.data/storage', 'mail-outbox');
}
