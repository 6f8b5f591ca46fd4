// The billing service's settings, read once from the environment.
import { z } from 'zod';
import { commonConfigSchema, loadConfig, serviceConfigFields } from '@trainwright/platform';

const schema = commonConfigSchema.extend({
  BILLING_GRPC_HOST: z.string().default('127.0.0.1'),
  // Its gRPC port and the addresses of the services it calls: services/platform/src/service-registry.ts.
  ...serviceConfigFields('billing'),
  GRPC_DEADLINE_MS: z.coerce.number().int().min(100).default(5000),
  /** 'stripe' or 'local' (the test checkout); unset: stripe when STRIPE_SECRET_KEY is set. */
  PAYMENTS_PROVIDER: z.enum(['local', 'stripe']).optional(),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Another Stripe API address (tests point it at a local server). */
  STRIPE_API_BASE: z.string().url().optional(),
  /** Days a past_due account keeps its plan. */
  BILLING_GRACE_DAYS: z.coerce.number().int().min(0).max(60).default(7),
  /** How often the maintenance job runs (ms); 0 runs no billing worker in this process. */
  BILLING_MAINTENANCE_EVERY_MS: z.coerce.number().int().min(0).default(600_000),
});

export type BillingConfig = Omit<z.infer<typeof schema>, 'PAYMENTS_PROVIDER'> & { PAYMENTS_PROVIDER: 'local' | 'stripe' };

export function loadBillingConfig(env: NodeJS.ProcessEnv = process.env): BillingConfig {
  const config = loadConfig(
    schema.refine((c) => (c.PAYMENTS_PROVIDER ?? (c.STRIPE_SECRET_KEY ? 'stripe' : 'local')) === 'local' || (c.STRIPE_SECRET_KEY && c.STRIPE_WEBHOOK_SECRET), {
      message: 'PAYMENTS_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET',
      path: ['PAYMENTS_PROVIDER'],
    }),
    env,
  );
  return { ...config, PAYMENTS_PROVIDER: config.PAYMENTS_PROVIDER ?? (config.STRIPE_SECRET_KEY ? 'stripe' : 'local') };
}
