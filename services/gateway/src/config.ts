import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { SERVICE_NAMES, addressFields, commonConfigSchema, loadConfig } from '@trainwright/platform';

const schema = commonConfigSchema
  .extend({
    GATEWAY_HOST: z.string().default('127.0.0.1'),
    GATEWAY_PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    /** The web app's origin: the only one CORS allows. */
    WEB_ORIGIN: z.string().url().default('http://localhost:3000'),
    // Every service's address (<NAME>_SERVICE_ADDR): services/platform/src/service-registry.ts.
    ...addressFields(SERVICE_NAMES),
    /** The public address of the web app, for links such as share links. */
    PUBLIC_WEB_URL: z.string().url().default('http://localhost:3000'),
    /** Root of the local object storage, shared with the services (S3 in production). */
    STORAGE_DIR: z.string().default('.data/storage'),
    AUTH_JWT_PUBLIC_KEY: z.string().optional(),
    AUTH_JWT_PUBLIC_KEY_FILE: z.string().optional(),
    JWT_ISSUER: z.string().default('trainwright-auth'),
    JWT_AUDIENCE: z.string().default('trainwright-api'),
    ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).default(900),
    /** Secure cookies need https; leave false for http://localhost. */
    COOKIE_SECURE: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
    // Pasted source text may be 2,000,000 characters (up to 4 bytes each in UTF-8).
    BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(8_388_608),
    /** An upload body (multipart) that sends nothing for this long is refused (408) and its partial file removed. */
    UPLOAD_IDLE_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
    /** The longest an upload body may take in all: 200 MB (the largest file a plan takes) at 1 Mbit/s is 28 minutes. */
    UPLOAD_BODY_TIMEOUT_MS: z.coerce.number().int().min(500).default(1_800_000),
    /** Sign-in attempts per client address per window. */
    RATE_LIMIT_LOGIN_MAX: z.coerce.number().int().min(1).default(10),
    RATE_LIMIT_REGISTER_MAX: z.coerce.number().int().min(1).default(5),
    RATE_LIMIT_WINDOW_MS: z.coerce.number().int().min(1000).default(60_000),
    /** Requests per window from one address to a share link's public routes (page, logo, slides): they make the services work with no account behind them. */
    RATE_LIMIT_SHARED_MAX: z.coerce.number().int().min(1).default(300),
    /** Requests a client address may make of the learning record store's endpoint per window (a class behind one address sends batches). */
    RATE_LIMIT_XAPI_MAX: z.coerce.number().int().min(1).default(3000),
    /** Which proxies' X-Forwarded-For to believe (proxy-addr syntax). */
    TRUST_PROXY: z.string().default('loopback'),
    GRPC_DEADLINE_MS: z.coerce.number().int().min(100).default(5000),
    /** The deadline of 'Clone voice': up to 240 s of samples are decoded and analysed (3.3 s measured for that on a busy 2-core machine), beyond GRPC_DEADLINE_MS. */
    VOICE_CLONE_DEADLINE_MS: z.coerce.number().int().min(100).default(30_000),
    /** Requests of one company, and of one user, in flight at once (plugins/admission.ts). */
    GATEWAY_MAX_INFLIGHT_PER_COMPANY: z.coerce.number().int().min(1).default(16),
    /** Requests of one company, and of one user, waiting for a slot; more are refused at once (429 with Retry-After). */
    GATEWAY_MAX_QUEUED_PER_COMPANY: z.coerce.number().int().min(0).default(64),
    /** How long a request may wait for its company's slot before it is refused (429). */
    GATEWAY_MAX_QUEUE_WAIT_MS: z.coerce.number().int().min(0).default(2000),
    /** Requests in flight across the gateway (as many may wait); more are refused at once (503 with Retry-After). */
    GATEWAY_MAX_INFLIGHT: z.coerce.number().int().min(1).default(64),
    LOG_REQUESTS: z.enum(['true', 'false']).default('true').transform((v) => v === 'true'),
  })
  .refine((c) => c.AUTH_JWT_PUBLIC_KEY || c.AUTH_JWT_PUBLIC_KEY_FILE, {
    message: 'set AUTH_JWT_PUBLIC_KEY or AUTH_JWT_PUBLIC_KEY_FILE',
    path: ['AUTH_JWT_PUBLIC_KEY'],
  });

export type GatewayConfig = z.infer<typeof schema> & { publicKeyPem: string };

export function loadGatewayConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  const config = loadConfig(schema, env);
  const publicKeyPem = config.AUTH_JWT_PUBLIC_KEY ?? readFileSync(config.AUTH_JWT_PUBLIC_KEY_FILE!, 'utf8');
  return { ...config, publicKeyPem };
}
