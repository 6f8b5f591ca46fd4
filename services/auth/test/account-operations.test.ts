// Unit tests of the account and session operations: an in-memory account store, a fixed clock,
// real tokens and password hashes, no database.
import { AppError } from '@trainwright/platform';
import { AccountDataExpired, SessionRevoked } from '@trainwright/proto/trainwright/events/v1/events';
import { decodeJwt } from 'jose';
import { applyPlan } from '../src/services/accounts/apply-plan.js';
import { createCompany } from '../src/services/accounts/create-company.js';
import { getAccount } from '../src/services/accounts/get-account.js';
import { getMembership } from '../src/services/accounts/get-membership.js';
import { getTrialStatus } from '../src/services/accounts/get-trial-status.js';
import { login } from '../src/services/accounts/login.js';
import { logout } from '../src/services/accounts/logout.js';
import { purgeExpiredTrials } from '../src/services/accounts/purge-expired-trials.js';
import { refreshSession } from '../src/services/accounts/refresh-session.js';
import { register } from '../src/services/accounts/register.js';
import { switchCompany } from '../src/services/accounts/switch-company.js';
import { updateProfile } from '../src/services/accounts/update-profile.js';
import { fakeAuthDeps, type FakeAuthDeps } from './fakes/account-deps.fake.js';

const DAY_MS = 86_400_000;

let deps: FakeAuthDeps;

beforeEach(() => {
  deps = fakeAuthDeps();
});

/** The AppError an operation rejects with. */
async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

let n = 0;
const signUp = (email = `ada${++n}@example.com`) => register(deps, { name: 'Ada', company: 'Acme', email, password: 'password1', selectedTier: 'pro' });
const subjects = () => deps.accounts.outbox.map((e) => e.subject);

describe('sessions', () => {
  it('should sign up on the trial, remember the chosen plan and start a session', async () => {
    const s = await signUp('Ada@Example.com');
    expect(decodeJwt(s.accessToken)).toMatchObject({ sub: s.userId, sid: s.sessionId });
    expect(s).toMatchObject({ expiresIn: 900, refreshExpiresIn: 30 * 86_400 });
    expect(await getAccount(deps, s.userId)).toMatchObject({ email: 'ada@example.com', tier: 'free-trial', selectedTier: 'professional', role: 'owner', companyName: 'Acme' });
    expect(subjects()).toEqual(['user.registered', 'company.created']);
    expect(deps.writes.count).toBe(1);
  });

  it('should refuse a second account with the same email', async () => {
    await signUp('ada@example.com');
    const error = await failure(signUp('ada@example.com'));
    expect(error).toMatchObject({ code: 'EMAIL_TAKEN', message: 'An account with this email already exists.' });
  });

  it('should answer a wrong password and an unknown email alike', async () => {
    const s = await signUp('ada@example.com');
    for (const input of [{ email: 'ada@example.com', password: 'wrong-password' }, { email: 'nobody@example.com', password: 'password1' }, { email: '', password: '' }]) {
      expect(await failure(login(deps, input))).toMatchObject({ code: 'INVALID_CREDENTIALS', message: 'Invalid email or password.' });
    }
    const again = await login(deps, { email: ' ADA@example.com ', password: 'password1' });
    expect(again.userId).toBe(s.userId);
    expect(again.sessionId).not.toBe(s.sessionId);
  });

  it('should rotate the refresh token and revoke the session when an old one is used again', async () => {
    const s = await signUp();
    const next = await refreshSession(deps, s.refreshToken);
    expect(next).toMatchObject({ userId: s.userId, sessionId: s.sessionId });
    expect(next.refreshToken).not.toBe(s.refreshToken);
    const writes = deps.writes.count;
    expect(await failure(refreshSession(deps, s.refreshToken))).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(deps.accounts.sessions.get(s.sessionId)!.revokedReason).toBe('refresh_token_reused');
    expect(deps.writes.count).toBe(writes + 1);
    // The revoked session's newer token is refused too.
    expect(await failure(refreshSession(deps, next.refreshToken))).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(await failure(refreshSession(deps, ''))).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it("should sign out by refresh token or by the caller's own session id, never another user's", async () => {
    const ada = await signUp();
    const bob = await signUp();
    expect(await logout(deps, { sessionId: bob.sessionId, userId: ada.userId })).toBeUndefined();
    expect(deps.accounts.sessions.get(bob.sessionId)!.revokedReason).toBeNull();
    expect(await logout(deps, { sessionId: bob.sessionId, userId: bob.userId })).toEqual({ sessionId: bob.sessionId, expiresAtMs: deps.time.now.getTime() + 900_000 });
    expect(await logout(deps, { refreshToken: ada.refreshToken })).toMatchObject({ sessionId: ada.sessionId });
    const revoked = deps.accounts.outbox.filter((e) => e.subject === 'session.revoked').map((e) => SessionRevoked.decode(e.payload));
    expect(revoked.map((e) => [e.sessionId, e.reason])).toEqual([
      [bob.sessionId, 'logout'],
      [ada.sessionId, 'logout'],
    ]);
    // A second sign-out revokes nothing and publishes nothing.
    const writes = deps.writes.count;
    await logout(deps, { refreshToken: ada.refreshToken });
    expect(deps.writes.count).toBe(writes);
  });
});

describe('accounts', () => {
  it("should count the trial's days on the deps' clock", async () => {
    const s = await signUp();
    expect(await getTrialStatus(deps, s.userId)).toMatchObject({ is_trial: true, status: 'active_trial' });
    deps.time.now = new Date(deps.time.now.getTime() + 8 * DAY_MS);
    expect(await getTrialStatus(deps, s.userId)).toMatchObject({ status: 'grace_period' });
  });

  it("should refuse a company beyond the plan's limit and switch only to the caller's own companies", async () => {
    const s = await signUp();
    expect(await failure(createCompany(deps, s.userId, { name: 'Second' }))).toMatchObject({ code: 'PLAN_LIMIT_REACHED' });
    await applyPlan(deps, 'evt-1', { userId: s.userId, tier: 'business', addOns: [], creditCents: 0, version: 1 });
    const second = await createCompany(deps, s.userId, { name: 'Second' });
    expect(second).toMatchObject({ name: 'Second', role: 'owner', ownerTier: 'business', ownerTrialState: 'active' });
    expect((await switchCompany(deps, s.userId, second.id)).currentCompanyId).toBe(second.id);
    const stranger = await signUp();
    for (const companyId of [second.id, 'not-a-uuid']) {
      expect(await failure(switchCompany(deps, stranger.userId, companyId))).toMatchObject({ code: 'COMPANY_NOT_FOUND', message: 'Company not found' });
      expect(await failure(getMembership(deps, stranger.userId, companyId))).toMatchObject({ code: 'NOT_FOUND' });
    }
  });

  it('should let only a role with company.update rename the current company', async () => {
    const owner = await signUp();
    const viewer = await signUp();
    const companyId = (await getAccount(deps, owner.userId)).currentCompanyId!;
    deps.accounts.memberships.push({ companyId, userId: viewer.userId, role: 'viewer' });
    await switchCompany(deps, viewer.userId, companyId);
    expect(await failure(updateProfile(deps, viewer.userId, { companyName: 'Hijacked' }))).toMatchObject({ code: 'FORBIDDEN' });
    expect(await updateProfile(deps, owner.userId, { companyName: 'Acme Training', bio: 'Trainer' })).toMatchObject({ companyName: 'Acme Training', bio: 'Trainer' });
    expect(subjects()).toContain('company.renamed');
  });

  it("should apply billing's plan once per event and in version order", async () => {
    const s = await signUp();
    expect(await applyPlan(deps, 'evt-1', { userId: s.userId, tier: 'professional', addOns: ['advanced_analytics'], creditCents: 250, version: 2 })).toBe(true);
    expect(await applyPlan(deps, 'evt-1', { userId: s.userId, tier: 'enterprise', addOns: [], creditCents: 0, version: 3 })).toBe(false);
    expect(await applyPlan(deps, 'evt-2', { userId: s.userId, tier: 'business', addOns: [], creditCents: 0, version: 1 })).toBe(false);
    const account = await getAccount(deps, s.userId);
    expect(account).toMatchObject({ tier: 'professional', addOns: ['advanced_analytics'], videoCredits: 250 });
    expect(account.capabilities.analytics).toBe(true);
    expect(subjects().filter((subject) => subject === 'account.plan_changed')).toHaveLength(1);
  });

  it('should announce every expired trial once, batch by batch', async () => {
    const users = [await signUp(), await signUp(), await signUp()];
    await applyPlan(deps, 'evt-paid', { userId: users[2]!.userId, tier: 'business', addOns: [], creditCents: 0, version: 1 });
    deps.time.now = new Date(deps.time.now.getTime() + 60 * DAY_MS);
    const writes = deps.writes.count;
    expect(await purgeExpiredTrials(deps, 1)).toBe(2);
    expect(deps.writes.count).toBe(writes + 2);
    const expired = deps.accounts.outbox.filter((e) => e.subject === 'account.data_expired').map((e) => AccountDataExpired.decode(e.payload).userId);
    expect(expired.sort()).toEqual([users[0]!.userId, users[1]!.userId].sort());
    expect(await purgeExpiredTrials(deps)).toBe(0);
  });
});
