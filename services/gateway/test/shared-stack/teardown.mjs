// After every worker is done: what is left of each stack (environment.mjs) removed: its gateway,
// database, Redis keys, NATS stream and folders (the workers end with process.exit and cannot close
// the shared ones themselves; a file's own stack is normally gone already).
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { EventBus, createLogger, createRedis, dropDatabase } from '@trainwright/platform';

export default async function teardown() {
  const dir = process.env.TW_SHARED_STACKS_DIR;
  if (!dir) return;
  for (const file of readdirSync(dir)) {
    const stack = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    try {
      process.kill(stack.gatewayPid, 'SIGKILL');
    } catch {
      // gone with its worker
    }
    const bus = await EventBus.connect({ url: stack.natsUrl, namespace: stack.namespace, logger: createLogger('teardown', 'silent') });
    await bus.destroy();
    await bus.close();
    const redis = createRedis(stack.redisUrl);
    const keys = await redis.keys(`${stack.namespace}:*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
    await dropDatabase(stack.databaseUrl);
    for (const d of stack.dirs) rmSync(d, { recursive: true, force: true });
  }
  rmSync(dir, { recursive: true, force: true });
}
