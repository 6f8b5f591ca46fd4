// Medium tests of the auth service's domain against the real PostgreSQL and NATS.
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { createLogger } from '@trainwright/platform';
import { AccountDataExpired, AccountPlanChanged } from '@trainwright/proto/trainwright/events/v1/events';
import { createTestInfra, type TestInfra } from '@trainwright/platform/testing';
import { createAuthCore, migrateAuth, type AuthCore } from '../src/main.js';
import { loadAuthConfig } from '../src/config.js';
import { applyPlan } from '../src/services/accounts/apply-plan.js';
import { getAccount } from '../src/services/accounts/get-account.js';
import { getMembership } from '../src/services/accounts/get-membership.js';
import { listCompanies } from '../src/services/accounts/list-companies.js';
import { purgeExpiredTrials } from '../src/services/accounts/purge-expired-trials.js';
import { refreshSession } from '../src/services/accounts/refresh-session.js';
import { register } from '../src/services/accounts/register.js';
import { switchCompany } from '../src/services/accounts/switch-company.js';
import { updateProfile } from '../src/services/accounts/update-profile.js';

let infra: TestInfra;
let core: AuthCore;

beforeAll(async () => {
  infra = await createTestInfra('auth');
  const { privateKey } = generateKeyPairSync('ed25519');
  const config = loadAuthConfig({
    DATABASE_URL: infra.databaseUrl,
    NATS_URL: infra.natsUrl,
    NAMESPACE: infra.namespace,
    AUTH_JWT_PRIVATE_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  });
  await migrateAuth(config);
  expect(await migrateAuth(config)).toEqual([]);
  core = await createAuthCore(config, createLogger('test', 'silent'));
});

afterAll(async () => {
  await core?.bus.destroy();
  await core?.close();
  await infra?.cleanup();
});

let n = 0;
const signUp = () => register(core.deps, { name: 'Ada', company: 'Acme', email: `ada${++n}.${Date.now()}@example.com`, password: 'password1', selectedTier: 'enterprise' });

describe('sessions', () => {
  it('should store only an argon2id hash of the password', async () => {
    const s = await signUp();
    const row = await core.db.selectFrom('users').select('password_hash').where('id', '=', s.userId).executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.password_hash).not.toContain('password1');
  });

  it('should store refresh tokens only as hashes', async () => {
    const s = await signUp();
    const rows = await core.db.selectFrom('refresh_tokens').select('token_hash').where('session_id', '=', s.sessionId).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).not.toBe(s.refreshToken);
    expect(rows[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('should allow exactly one of two concurrent refreshes with the same token', async () => {
    const s = await signUp();
    const results = await Promise.allSettled([refreshSession(core.deps, s.refreshToken), refreshSession(core.deps, s.refreshToken)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    // The second use counts as reuse: the session is revoked for safety.
    const session = await core.db.selectFrom('sessions').select(['revoked_at', 'revoked_reason']).where('id', '=', s.sessionId).executeTakeFirstOrThrow();
    expect(session.revoked_reason).toBe('refresh_token_reused');
  });
});

describe('accounts', () => {
  it('should start every account on the trial and remember the chosen plan', async () => {
    const s = await signUp();
    const me = await getAccount(core.deps, s.userId);
    expect(me).toMatchObject({ tier: 'free-trial', selectedTier: 'enterprise', role: 'owner', companyName: 'Acme' });
  });

  it("should apply billing's plan once, in version order, and announce account.plan_changed", async () => {
    const s = await signUp();
    const id = () => randomUUID();
    expect(await applyPlan(core.deps, id(), { userId: s.userId, tier: 'business', addOns: [], creditCents: 500, version: 2 })).toBe(true);
    const me = await getAccount(core.deps, s.userId);
    expect(me).toMatchObject({ tier: 'business', videoCredits: 500 });
    expect(me.capabilities.analytics).toBe(true);
    // The same event again, or an older one arriving late, changes nothing.
    const again = id();
    expect(await applyPlan(core.deps, again, { userId: s.userId, tier: 'professional', addOns: ['advanced_analytics'], creditCents: 250, version: 3 })).toBe(true);
    expect(await applyPlan(core.deps, again, { userId: s.userId, tier: 'enterprise', addOns: [], creditCents: 0, version: 4 })).toBe(false);
    expect(await applyPlan(core.deps, id(), { userId: s.userId, tier: 'business', addOns: [], creditCents: 500, version: 2 })).toBe(false);
    const after = await getAccount(core.deps, s.userId);
    expect(after).toMatchObject({ tier: 'professional', addOns: ['advanced_analytics'], videoCredits: 250 });
    // The add-on grants its capability on professional.
    expect(after.capabilities.analytics).toBe(true);
    const outbox = await core.db.selectFrom('outbox').select('payload').where('subject', '=', 'account.plan_changed').execute();
    expect(outbox.map((r) => AccountPlanChanged.decode(r.payload)).filter((e) => e.userId === s.userId).map((e) => [e.previousTier, e.tier])).toEqual([
      ['free-trial', 'business'],
      ['business', 'professional'],
    ]);
  });

  it('should treat a paid plan that ended as an ended trial from then on (grace, then retention)', async () => {
    const s = await signUp();
    const companyId = (await getAccount(core.deps, s.userId)).currentCompanyId!;
    await core.db.updateTable('subscriptions').set({ trial_started_at: new Date(Date.now() - 300 * 86_400_000) }).where('user_id', '=', s.userId).execute();
    await applyPlan(core.deps, randomUUID(), { userId: s.userId, tier: 'business', addOns: [], creditCents: 0, version: 1 });
    await applyPlan(core.deps, randomUUID(), { userId: s.userId, tier: 'free-trial', addOns: [], creditCents: 0, version: 2 });
    expect((await getMembership(core.deps, s.userId, companyId)).ownerTrialState).toBe('grace_period');
    // Its files are not deleted at once, although its trial started 300 days ago.
    const before = (await core.db.selectFrom('outbox').select('payload').where('subject', '=', 'account.data_expired').execute()).map((r) => AccountDataExpired.decode(r.payload).userId);
    await purgeExpiredTrials(core.deps);
    const after = (await core.db.selectFrom('outbox').select('payload').where('subject', '=', 'account.data_expired').execute()).map((r) => AccountDataExpired.decode(r.payload).userId);
    expect(after.filter((u) => u === s.userId)).toEqual(before.filter((u) => u === s.userId));
  });

  it('should carry the owner trial state on memberships: active, then grace, then expired', async () => {
    const s = await signUp();
    const companyId = (await getAccount(core.deps, s.userId)).currentCompanyId!;
    const startedDaysAgo = (days: number) => core.db.updateTable('subscriptions').set({ trial_started_at: new Date(Date.now() - days * 86_400_000) }).where('user_id', '=', s.userId).execute();
    expect((await getMembership(core.deps, s.userId, companyId)).ownerTrialState).toBe('active_trial');
    await startedDaysAgo(8);
    expect((await getMembership(core.deps, s.userId, companyId)).ownerTrialState).toBe('grace_period');
    await startedDaysAgo(15);
    expect((await listCompanies(core.deps, s.userId)).companies[0]!.ownerTrialState).toBe('expired');
  });

  it('should announce each expired trial past its data retention once, and never a paying account', async () => {
    const expired = await signUp();
    const paying = await signUp();
    const fresh = await signUp();
    const companyId = (await getAccount(core.deps, expired.userId)).currentCompanyId!;
    const old = new Date(Date.now() - 15 * 86_400_000);
    await core.db.updateTable('subscriptions').set({ trial_started_at: old }).where('user_id', 'in', [expired.userId, paying.userId]).execute();
    await applyPlan(core.deps, randomUUID(), { userId: paying.userId, tier: 'professional', addOns: [], creditCents: 0, version: 1 });
    const announced = async () =>
      (await core.db.selectFrom('outbox').select('payload').where('subject', '=', 'account.data_expired').execute()).map((r) => AccountDataExpired.decode(r.payload));
    const before = (await announced()).length;
    expect(await purgeExpiredTrials(core.deps)).toBeGreaterThanOrEqual(1);
    const events = (await announced()).slice(before);
    expect(events.map((e) => e.userId)).toContain(expired.userId);
    expect(events.map((e) => e.userId)).not.toContain(paying.userId);
    expect(events.map((e) => e.userId)).not.toContain(fresh.userId);
    expect(events.find((e) => e.userId === expired.userId)!.companyIds).toEqual([companyId]);
    expect(await purgeExpiredTrials(core.deps)).toBe(0);
  });

  it('should refuse a rename of the company by a member who is not the owner', async () => {
    const owner = await signUp();
    const editor = await signUp();
    const ownerMe = await getAccount(core.deps, owner.userId);
    await core.db.insertInto('memberships').values({ company_id: ownerMe.currentCompanyId!, user_id: editor.userId, role: 'editor' }).execute();
    await switchCompany(core.deps, editor.userId, ownerMe.currentCompanyId!);
    await expect(updateProfile(core.deps, editor.userId, { companyName: 'Hijacked' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect((await getAccount(core.deps, owner.userId)).companyName).toBe('Acme');
    expect((await getMembership(core.deps, editor.userId, ownerMe.currentCompanyId!)).role).toBe('editor');
  });
});
