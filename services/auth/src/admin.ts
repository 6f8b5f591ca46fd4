// Operator commands for support staff.
//   npm run admin -- set-tier --email E --tier T   (free-trial, professional, business, enterprise)
//   npm run admin -- seed-demo [--email E --password P]   (idempotent; used by npm start)
import { parseArgs } from 'node:util';
import { TIER_IDS, isTierId } from '@trainwright/catalogue';
import { AppError, EventBus, OutboxRelay, commonConfigSchema, createDatabase, createLogger, loadConfig } from '@trainwright/platform';
import { AUTH_SCHEMA } from './repositories/database.js';
import { DEMO_ACCOUNT } from './demo-account.js';
import { AccountRepository } from './repositories/account.repository.js';
import type { AuthDatabase } from './repositories/database.js';
import { AccountService } from './services/account.service.js';
import { hashPassword } from './services/passwords.js';
import { authEvents } from './services/events.js';
import { validateRegistration } from './services/validation.js';


const USAGE = `usage:
  npm run admin -- set-tier --email E --tier T     T is one of ${TIER_IDS.join(', ')}
  npm run admin -- seed-demo [--email E] [--password P]`;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { email: { type: 'string' }, tier: { type: 'string' }, password: { type: 'string' } },
});

const config = loadConfig(commonConfigSchema);
const logger = createLogger('auth-admin', 'warn');
const db = createDatabase<AuthDatabase>({ url: config.DATABASE_URL, schema: AUTH_SCHEMA, maxConnections: 2 });
const bus = await EventBus.connect({ url: config.NATS_URL, namespace: config.NAMESPACE, logger });
const relay = new OutboxRelay(db, bus, logger);
const repository = new AccountRepository(db);
const accounts = new AccountService(repository);

async function main(): Promise<number> {
  const command = positionals[0];
  if (command === 'set-tier') {
    if (!values.email || !values.tier) {
      console.error(USAGE);
      return 2;
    }
    if (!isTierId(values.tier)) {
      console.error(`Unknown tier "${values.tier}". Use one of: ${TIER_IDS.join(', ')}`);
      return 2;
    }
    const { previous } = await accounts.setTier(values.email, values.tier);
    console.log(`${values.email}: ${previous} -> ${values.tier}`);
    return 0;
  }
  if (command === 'seed-demo') {
    const email = values.email ?? DEMO_ACCOUNT.email;
    const password = values.password ?? DEMO_ACCOUNT.password;
    if (!(await repository.findUserIdByEmail(email))) {
      const valid = validateRegistration({ name: DEMO_ACCOUNT.name, company: DEMO_ACCOUNT.company, email, password });
      await repository.createAccount({
        name: valid.name,
        email: valid.email,
        passwordHash: await hashPassword(valid.password),
        companyName: valid.company,
        tier: 'free-trial',
        selectedTier: DEMO_ACCOUNT.tier,
        events: ({ userId, companyId }) => [
          authEvents.userRegistered({ userId, email: valid.email, companyId, tier: 'free-trial' }),
          authEvents.companyCreated({ companyId, ownerUserId: userId, name: valid.company }),
        ],
      });
    }
    const current = await accounts.me((await repository.findUserIdByEmail(email))!);
    if (current.tier !== DEMO_ACCOUNT.tier) await accounts.setTier(email, DEMO_ACCOUNT.tier);
    console.log(`demo account ready: ${email}`);
    return 0;
  }
  console.error(USAGE);
  return 2;
}

let code = 1;
try {
  code = await main();
  await relay.flush();
} catch (error) {
  console.error(error instanceof AppError ? error.message : error);
} finally {
  await bus.close();
  await db.destroy();
}
process.exit(code);
