// Medium test: kept membership answers and the auth events that drop them, on the real NATS JetStream.
import { CompanyCreated, CompanyMembersChanged, CompanyRenamed, CompanySwitched, AccountPlanChanged } from '@trainwright/proto/trainwright/events/v1/events';
import { EventBus } from '../src/events.js';
import { createLogger } from '../src/logger.js';
import { MEMBERSHIP_KEEP_MS, MembershipCache } from '../src/memberships.js';
import { createTestInfra, eventually, type TestInfra } from '../src/testing.js';

const logger = createLogger('test', 'silent');

const company = (companyId: string, ownerUserId: string, ownerTrialStateUntilMs = 0) => ({ companyId, ownerUserId, ownerTrialStateUntilMs });

/** A source of answers that counts how often it was asked. */
function source<T>(value: () => T) {
  const counter = { calls: 0, fetch: async () => (counter.calls++, value()) };
  return counter;
}

describe(MembershipCache.name, () => {
  let infra: TestInfra;
  let bus: EventBus;
  let cache: MembershipCache;

  beforeAll(async () => {
    infra = await createTestInfra('memberships');
    bus = await EventBus.connect({ url: infra.natsUrl, namespace: infra.namespace, logger });
  });

  beforeEach(async () => {
    cache = new MembershipCache();
    await cache.follow(bus);
  });

  afterAll(async () => {
    await bus.destroy();
    await bus.close();
    await infra.cleanup();
  });

  const read = (key: string, userId: string, s: { fetch: () => Promise<string> }, companies = [company('c1', 'owner')], fresh = false) =>
    cache.read(key, userId, { fresh }, s.fetch, () => companies);

  /** Publishes an event and waits until the cache has dropped `key`'s answer (or times out). */
  async function publishAndWaitForDrop(subject: string, data: Uint8Array, key: string, userId: string, s: ReturnType<typeof source<string>>) {
    await bus.publish(subject, data);
    const before = s.calls;
    await eventually(() => cache.size === 0 || s.calls > before, 3000).catch(() => undefined);
    await read(key, userId, s);
    return s.calls > before;
  }

  it('should ask once and answer later reads from what it kept', async () => {
    const s = source(() => 'answer');
    expect(await read('k', 'u1', s)).toBe('answer');
    expect(await read('k', 'u1', s)).toBe('answer');
    expect(s.calls).toBe(1);
  });

  it('should share one request among reads that arrive while it runs', async () => {
    const s = source(() => 'answer');
    const answers = await Promise.all([read('k', 'u1', s), read('k', 'u1', s), read('k', 'u1', s)]);
    expect(answers).toEqual(['answer', 'answer', 'answer']);
    expect(s.calls).toBe(1);
  });

  it('should ask again for a fresh read and keep what it got', async () => {
    let version = 1;
    const s = source(() => `v${version}`);
    await read('k', 'u1', s);
    version = 2;
    expect(await read('k', 'u1', s, undefined, true)).toBe('v2');
    expect(await read('k', 'u1', s)).toBe('v2');
    expect(s.calls).toBe(2);
  });

  it("should drop a user's answers when auth says they created or switched a company", async () => {
    const s = source(() => 'answer');
    await read('k', 'u1', s);
    const created = CompanyCreated.encode({ companyId: 'c9', ownerUserId: 'u1', name: 'New', occurredAt: '' }).finish();
    expect(await publishAndWaitForDrop('company.created', created, 'k', 'u1', s)).toBe(true);
    const switched = CompanySwitched.encode({ userId: 'u1', companyId: 'c9', occurredAt: '' }).finish();
    expect(await publishAndWaitForDrop('company.switched', switched, 'k', 'u1', s)).toBe(true);
  });

  it('should drop answers naming a renamed company, and those of every member when its owner changes plan', async () => {
    const s = source(() => 'answer');
    await read('k', 'u1', s, [company('c1', 'owner')]);
    const renamed = CompanyRenamed.encode({ companyId: 'c1', name: 'Renamed', occurredAt: '' }).finish();
    expect(await publishAndWaitForDrop('company.renamed', renamed, 'k', 'u1', s)).toBe(true);
    const upgraded = AccountPlanChanged.encode({ userId: 'owner', tier: 'business', previousTier: 'free-trial', addOns: [], occurredAt: '' }).finish();
    expect(await publishAndWaitForDrop('account.plan_changed', upgraded, 'k', 'u1', s)).toBe(true);
  });

  it("should drop the answers of a member added, removed or given another role, and those naming the company", async () => {
    const member = source(() => 'member');
    await read('m', 'u5', member, [company('c5own', 'u5')]);
    const changed = CompanyMembersChanged.encode({ companyId: 'c5', userId: 'u5', role: 'viewer', occurredAt: '', previousRole: '' }).finish();
    expect(await publishAndWaitForDrop('member.role_changed', changed, 'm', 'u5', member)).toBe(true);
    const colleague = source(() => 'colleague');
    await read('c', 'u6', colleague, [company('c5', 'owner5')]);
    expect(await publishAndWaitForDrop('member.removed', changed, 'c', 'u6', colleague)).toBe(true);
  });

  it('should keep answers an event does not concern', async () => {
    // Names no other test uses: a new cache replays the last second's events.
    const s = source(() => 'answer');
    await read('k', 'u7', s, [company('c7', 'owner7')]);
    // Two answers that later events of each consumer (account.plan_changed, company.*) drop.
    await read('b1', 'u8', source(() => 'barrier'), [company('c8', 'owner8')]);
    await read('b2', 'u9', source(() => 'barrier'), [company('c9b', 'owner9')]);
    expect(cache.size).toBe(3);
    await bus.publish('account.plan_changed', AccountPlanChanged.encode({ userId: 'someone-else', tier: 'business', previousTier: 'free-trial', addOns: [], occurredAt: '' }).finish());
    await bus.publish('company.renamed', CompanyRenamed.encode({ companyId: 'c2', name: 'Other', occurredAt: '' }).finish());
    // A barrier per consumer: each handles its events one at a time in the stream's order, so
    // once these later ones have dropped their answers, the two above have been handled.
    await bus.publish('account.plan_changed', AccountPlanChanged.encode({ userId: 'owner8', tier: 'business', previousTier: 'free-trial', addOns: [], occurredAt: '' }).finish());
    await bus.publish('company.renamed', CompanyRenamed.encode({ companyId: 'c9b', name: 'Barrier', occurredAt: '' }).finish());
    await eventually(() => cache.size === 1, 3000);
    await read('k', 'u7', s);
    expect(s.calls).toBe(1);
  });

  it('should not keep an answer fetched while an event dropped answers', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let calls = 0;
    const slow = async () => {
      calls++;
      if (calls === 1) await gate;
      return `v${calls}`;
    };
    const first = cache.read('k', 'u1', {}, slow, () => [company('c1', 'owner')]);
    cache.drop({ ownerUserId: 'owner' });
    release();
    expect(await first).toBe('v1');
    expect(await cache.read('k', 'u1', {}, slow, () => [company('c1', 'owner')])).toBe('v2');
    expect(calls).toBe(2);
  });

  it("should keep an answer no longer than until the owner's trial state changes", async () => {
    // A clock of the test's own: the change comes due when the test moves it, not after a wait.
    let now = Date.now();
    const timed = new MembershipCache(() => now);
    await timed.follow(bus);
    const s = source(() => 'answer');
    const readTimed = (companies = [company('c1', 'owner')]) => timed.read('k', 'u1', {}, s.fetch, () => companies);
    await readTimed([company('c1', 'owner', now + 150)]);
    now += 149;
    await readTimed();
    expect(s.calls).toBe(1);
    now += 2; // past the change
    await readTimed();
    expect(s.calls).toBe(2);
    // A change already due is never kept.
    const due = source(() => 'answer');
    await read('d', 'u1', due, [company('c1', 'owner', Date.now() - 1)]);
    await read('d', 'u1', due, [company('c1', 'owner', Date.now() - 1)]);
    expect(due.calls).toBe(2);
    expect(MEMBERSHIP_KEEP_MS).toBeLessThanOrEqual(60_000);
  });

  it('should ask every time until it follows the events', async () => {
    const unfollowed = new MembershipCache();
    const s = source(() => 'answer');
    await unfollowed.read('k', 'u1', {}, s.fetch, () => []);
    await unfollowed.read('k', 'u1', {}, s.fetch, () => []);
    expect(s.calls).toBe(2);
  });
});
