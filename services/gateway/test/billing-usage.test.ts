// GET /api/billing/usage in-process with faked service clients: the storage and downloads figures
// come from the project service and media-render, and a failure of either leaves the other
// figures answered (logged, not a failed page).
import { describe, expect, it } from '@jest/globals';
import Fastify from 'fastify';
import { AppError } from '@trainwright/platform';
import type { GatewayContext } from '../src/context.js';
import { requestValidators } from '../src/app.js';
import { billingRoutes } from '../src/routes/billing/index.js';

const USER = 'user-1';

function gateway(overrides: { storage?: () => Promise<unknown>; downloads?: () => Promise<unknown> } = {}) {
  const logged: unknown[] = [];
  const app = Fastify({ logger: { level: 'warn', stream: { write: (line: string) => logged.push(JSON.parse(line)) } } });
  // The gateway's own validators (its schemas carry the x-message keyword).
  app.setValidatorCompiler(requestValidators());
  app.decorateRequest('caller', null);
  app.addHook('onRequest', async (request) => {
    request.caller = { userId: USER, sessionId: 's-1' };
  });
  const clients = {
    auth: {
      getMe: async () => ({ subscription: { tier: 'professional', projectsUsed: 2 } }),
      listCompanies: async () => ({ ownedCount: 1, companies: [{ ownerUserId: USER, currentUsers: 3 }] }),
    },
    project: { getStorageUsage: overrides.storage ?? (async () => ({ storageLimitBytes: 10 * 1024 ** 3, uploadedBytes: 1000, ownerCompanyIds: ['c-1'], ownerTier: 'professional' })) },
    media: {
      getRenderedBytes: async (req: { companyIds: string[] }) => ({ bytes: req.companyIds.length * 500 }),
      getDownloadUsage: overrides.downloads ?? (async () => ({ used: 4, limit: 25, since: '2026-03-01T00:00:00.000Z' })),
    },
  };
  const config = { PUBLIC_WEB_URL: 'http://localhost:3000', WEB_ORIGIN: 'http://localhost:3000' };
  billingRoutes({ app, clients, config } as unknown as GatewayContext);
  return { app, logged };
}

describe('GET /api/billing/usage', () => {
  it("should add the owner's stored bytes (uploads plus rendered files) and the period's downloads after the plan's counts", async () => {
    const { app } = gateway();
    const r = await app.inject({ method: 'GET', url: '/api/billing/usage' });
    expect(r.statusCode).toBe(200);
    expect(r.json().usage).toEqual([
      { key: 'projects', used: 2, limit: 25 },
      { key: 'companies', used: 1, limit: 1 },
      { key: 'users', used: 3, limit: 1 },
      { key: 'storage', used: 1500, limit: 10 * 1024 ** 3 },
      { key: 'downloads', used: 4, limit: 25 },
    ]);
  });

  it('should answer the other figures, and log, when the project service or media-render fails', async () => {
    const failing = gateway({ storage: async () => Promise.reject(new AppError('UNAVAILABLE', 'project service down')) });
    const r = await failing.app.inject({ method: 'GET', url: '/api/billing/usage' });
    expect(r.statusCode).toBe(200);
    expect(r.json().usage.map((u: { key: string }) => u.key)).toEqual(['projects', 'companies', 'users', 'downloads']);
    expect(failing.logged).toEqual([expect.objectContaining({ usage: 'storage', msg: 'usage figure unavailable' })]);

    const both = gateway({ storage: async () => Promise.reject(new Error('down')), downloads: async () => Promise.reject(new Error('down')) });
    const r2 = await both.app.inject({ method: 'GET', url: '/api/billing/usage' });
    expect(r2.statusCode).toBe(200);
    expect(r2.json().usage.map((u: { key: string }) => u.key)).toEqual(['projects', 'companies', 'users']);
  });

  it('should answer -1 for an unlimited storage or download limit', async () => {
    const { app } = gateway({
      storage: async () => ({ storageLimitBytes: -1, uploadedBytes: 7, ownerCompanyIds: [], ownerTier: 'enterprise' }),
      downloads: async () => ({ used: 9, limit: -1, since: '2026-03-01T00:00:00.000Z' }),
    });
    const usage = (await app.inject({ method: 'GET', url: '/api/billing/usage' })).json().usage;
    expect(usage.slice(3)).toEqual([
      { key: 'storage', used: 7, limit: -1 },
      { key: 'downloads', used: 9, limit: -1 },
    ]);
  });
});
