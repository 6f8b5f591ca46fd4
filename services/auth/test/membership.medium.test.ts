// The platform's authoriser asking the real auth service over gRPC, as every later service will.
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { Access, AuthMemberships, createLogger } from '@trainwright/platform';
import { createTestInfra, type TestInfra } from '@trainwright/platform/testing';
import { migrateAuth, startAuthServer, type AuthServer } from '../src/main.js';
import { loadAuthConfig } from '../src/config.js';
import { getAccount } from '../src/services/accounts/get-account.js';
import { register } from '../src/services/accounts/register.js';

let infra: TestInfra;
let server: AuthServer;
let memberships: AuthMemberships;

beforeAll(async () => {
  infra = await createTestInfra('membership');
  const { privateKey } = generateKeyPairSync('ed25519');
  const config = loadAuthConfig({
    DATABASE_URL: infra.databaseUrl,
    NATS_URL: infra.natsUrl,
    NAMESPACE: infra.namespace,
    AUTH_GRPC_PORT: '0',
    AUTH_JWT_PRIVATE_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  });
  await migrateAuth(config);
  server = await startAuthServer(config, createLogger('test', 'silent'));
  memberships = new AuthMemberships(`127.0.0.1:${server.port}`);
});

afterAll(async () => {
  memberships?.close();
  await server?.core.bus.destroy();
  await server?.close();
  await infra?.cleanup();
});

describe('Access with AuthMemberships', () => {
  it('should allow the owner, forbid a viewer and hide the company from a stranger', async () => {
    const s = (email: string) => register(server.core.deps, { name: 'N', company: 'Co', email, password: 'password1' });
    const owner = await s('owner@example.com');
    const viewer = await s('viewer@example.com');
    const stranger = await s('stranger@example.com');
    const companyId = (await getAccount(server.core.deps, owner.userId)).currentCompanyId!;
    await server.core.db.insertInto('memberships').values({ company_id: companyId, user_id: viewer.userId, role: 'viewer' }).execute();

    const access = new Access(memberships);
    await expect(access.require({ userId: owner.userId, companyId, action: 'project.delete' })).resolves.toMatchObject({ role: 'owner', companyId });
    await expect(access.require({ userId: viewer.userId, companyId, action: 'project.read' })).resolves.toMatchObject({ role: 'viewer' });
    await expect(access.require({ userId: viewer.userId, companyId, action: 'project.create' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(access.require({ userId: stranger.userId, companyId, action: 'project.read' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(access.require({ userId: owner.userId, companyId: 'not-a-uuid', action: 'project.read' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    // The free trial's plan has no SCORM export: the capability is refused after the role allows it.
    await expect(access.require({ userId: owner.userId, companyId, action: 'scorm.export', capability: 'scormCompliance' })).rejects.toMatchObject({ code: 'FEATURE_NOT_AVAILABLE' });
    await expect(memberships.find(owner.userId, companyId)).resolves.toMatchObject({ role: 'owner', ownerTier: 'free-trial', ownerUserId: owner.userId });
    await expect(memberships.find(stranger.userId, companyId)).resolves.toBeNull();
    const { companies } = await memberships.companiesOf(viewer.userId);
    expect(companies.map((c) => [c.companyId, c.role])).toContainEqual([companyId, 'viewer']);
  });

  it("should answer a company's owner plan for a job, by the company alone, and NOT_FOUND for an unknown one", async () => {
    const owner = await register(server.core.deps, { name: 'N', company: 'Co', email: 'plan-owner@example.com', password: 'password1' });
    const companyId = (await getAccount(server.core.deps, owner.userId)).currentCompanyId!;
    await expect(memberships.companyPlan(companyId)).resolves.toEqual({ tier: 'free-trial', trialState: 'active_trial' });
    await expect(memberships.companyPlan(randomUUID())).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(memberships.companyPlan('not-a-uuid')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
