// Operator commands for support staff (billing owns an account's plan).
//   npm run admin:billing -- set-tier --email E --tier T [--user-id U] [--wait]
// grants plan T (free-trial, professional, business, enterprise) without a payment. --user-id opens
// the billing account when billing has not seen the user yet (the demo seed); --wait returns only
// once auth serves the new plan (its projection of subscription.changed).
import { parseArgs } from 'node:util';
import { TIER_IDS, isTierId } from '@trainwright/catalogue';
import { AppError, addressesEnv, createGrpcClient, createLogger, serviceEntry } from '@trainwright/platform';
import { AuthServiceClient, AuthServiceService } from '@trainwright/proto/trainwright/auth/v1/auth';
import { loadBillingConfig } from './config.js';
import { createBillingCore } from './main.js';
import { grantPlan } from './services/billing/accounts.js';

const USAGE = `usage:
  npm run admin:billing -- set-tier --email E --tier T [--user-id U] [--wait]     T is one of ${TIER_IDS.join(', ')}`;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { email: { type: 'string' }, tier: { type: 'string' }, 'user-id': { type: 'string' }, wait: { type: 'boolean', default: false } },
});

const WAIT_MS = 20_000;

/**
 * The operator runs this beside `npm start`, whose processes listen on the registry's ports: an
 * address not set in the environment is that stack's, as it is for every process npm start runs.
 */
function localStackEnv(): NodeJS.ProcessEnv {
  return { ...addressesEnv({ auth: serviceEntry('auth').grpcPort, media: serviceEntry('media').grpcPort }), ...process.env };
}

async function main(): Promise<number> {
  if (positionals[0] !== 'set-tier' || !values.email || !values.tier) {
    console.error(USAGE);
    return 2;
  }
  const tier = values.tier;
  if (!isTierId(tier)) {
    console.error(`Unknown tier "${tier}". Use one of: ${TIER_IDS.join(', ')}`);
    return 2;
  }
  const config = loadBillingConfig(localStackEnv());
  const core = await createBillingCore(config, createLogger('billing-admin', 'warn'));
  try {
    // A user who just registered: billing opens their account from user.registered moments later.
    const deadline = Date.now() + WAIT_MS;
    let granted: { userId: string; previous: string } | null = null;
    while (!granted) {
      try {
        granted = await grantPlan(core.deps, { email: values.email.trim(), userId: values['user-id'], tier });
      } catch (error) {
        if (!(error instanceof AppError && error.code === 'NOT_FOUND') || Date.now() > deadline) throw error;
        await new Promise((r) => setTimeout(r, 200));
      }
    }
    await core.relay.flush();
    if (values.wait) await waitForAuth(config.AUTH_SERVICE_ADDR, granted.userId, tier, config.GRPC_DEADLINE_MS);
    console.log(`${values.email}: ${granted.previous} -> ${tier}`);
    return 0;
  } finally {
    await core.close();
  }
}

async function waitForAuth(address: string, userId: string, tier: string, deadlineMs: number): Promise<void> {
  const auth = createGrpcClient(AuthServiceClient as never, AuthServiceService, address, { deadlineMs });
  try {
    const deadline = Date.now() + WAIT_MS;
    while ((await auth.getMe({ userId }, { userId })).subscription?.tier !== tier) {
      if (Date.now() > deadline) throw new Error(`auth did not apply the plan ${tier} within ${WAIT_MS / 1000} s`);
      await new Promise((r) => setTimeout(r, 100));
    }
  } finally {
    auth.close();
  }
}

let code = 1;
try {
  code = await main();
} catch (error) {
  console.error(error instanceof AppError ? error.message : error);
}
process.exit(code);
