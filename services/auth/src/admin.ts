// Operator commands for support staff.
//   npm run admin -- seed-demo [--email E --password P]   (idempotent; used by npm start; prints the user id)
//   npm run admin -- outbox [--show NAME]                 (the local outbox: emails kept when no SMTP_URL is set)
// An account's plan is billing's: its operator command `set-tier` grants one
// (services/billing/src/admin.ts).
import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import { AppError, EventBus, OutboxRelay, commonConfigSchema, createDatabase, createLogger, loadConfig } from '@trainwright/platform';
import { AUTH_SCHEMA } from './repositories/database.js';
import { LocalOutbox } from './adapters/mailer.js';
import { mailOutboxDir } from './config.js';
import { DEMO_ACCOUNT } from './demo-account.js';
import { AccountRepository } from './repositories/account.repository.js';
import type { AuthDatabase } from './repositories/database.js';
import { createAccount } from './services/accounts/create-account.js';

const USAGE = `usage:
  npm run admin -- seed-demo [--email E] [--password P]
  npm run admin -- outbox [--show NAME]`;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { email: { type: 'string' }, password: { type: 'string' }, show: { type: 'string' } },
});

const config = loadConfig(commonConfigSchema);
const logger = createLogger('auth-admin', 'warn');
const db = createDatabase<AuthDatabase>({ url: config.DATABASE_URL, schema: AUTH_SCHEMA, maxConnections: 2 });
const bus = await EventBus.connect({ url: config.NATS_URL, namespace: config.NAMESPACE, logger });
const relay = new OutboxRelay(db, bus, logger);
const repository = new AccountRepository(db);

async function main(): Promise<number> {
  const command = positionals[0];
  if (command === 'seed-demo') {
    const email = values.email ?? DEMO_ACCOUNT.email;
    const password = values.password ?? DEMO_ACCOUNT.password;
    if (!(await repository.findUserIdByEmail(email))) {
      // Signed up as anyone is; its events are published by the flush when the command ends.
      await createAccount(
        { accounts: repository, afterWrite: () => undefined },
        { name: DEMO_ACCOUNT.name, company: DEMO_ACCOUNT.company, email, password, selectedTier: DEMO_ACCOUNT.tier },
      );
    }
    const userId = (await repository.findUserIdByEmail(email))!;
    // The demo's plan (DEMO_ACCOUNT.tier) is granted by billing's operator command with this id.
    console.log(`demo account ready: ${email} ${userId} ${DEMO_ACCOUNT.tier}`);
    return 0;
  }
  if (command === 'outbox') {
    // Beside `npm start` no setting is needed: its storage is .data/storage/<database> ('trainwright').
    const outbox = new LocalOutbox(mailOutboxDir({ MAIL_OUTBOX_DIR: process.env.MAIL_OUTBOX_DIR, STORAGE_DIR: process.env.STORAGE_DIR ?? '.data/storage/trainwright' }), 'operator');
    if (values.show) {
      console.log(await outbox.read(basename(values.show)));
      return 0;
    }
    const names = await outbox.list();
    if (names.length === 0) console.log(`no emails in ${outbox.dir}`);
    for (const name of names) {
      const headers = (await outbox.read(name)).split('\n\n', 1)[0] ?? '';
      const header = (field: string) => headers.match(new RegExp(`^${field}: (.*)$`, 'mi'))?.[1] ?? '';
      // One line an email (name, To, Subject; tab-separated), oldest first.
      console.log(`${name}\tTo: ${header('To')}\tSubject: ${header('Subject')}`);
    }
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
