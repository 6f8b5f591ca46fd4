// The server's half of the one access check: a method that names an action answers only when the
// access check decided during its call; a method that says why no membership decides answers as it
// is; a service that leaves a method out of its access table does not start. A real gRPC server and
// client on 127.0.0.1.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AnalyzeRequest, ApplyImprovementsRequest, AssessQualityRequest, GeneratorServiceClient, GeneratorServiceService, InitializeServiceRequest } from '@trainwright/proto/trainwright/generator/v1/generator';
import { Access, type AccessTable } from '../src/access.js';
import { createGrpcClient, type PromiseClient } from '../src/grpc/client.js';
import { createGrpcServer, type GrpcServer, type UnaryHandlers } from '../src/grpc/server.js';
import { createLogger } from '../src/logger.js';
import { accessDecisions, uncheckedAnswers } from '../src/metrics.js';

const NAME = 'test.AccessService';
const access = new Access({ find: async (userId: string, companyId: string) => (userId === 'ann' && companyId === 'acme' ? { role: 'editor' as const, capabilities: [] } : null) });
const answer = { recommendations: [], score: 0 };

const handlers = {
  // Decides on the company the request names.
  assessQuality: async (req: AssessQualityRequest) => {
    await access.require({ userId: req.userId, companyId: req.projectId, action: 'project.update' });
    return { premiumRequired: false, assessment: undefined };
  },
  // Forgets to decide: the server refuses its answer.
  applyImprovements: async (req: ApplyImprovementsRequest) => ({ projectId: req.projectId, message: 'applied' }),
  // Declared the caller's own: no decision needed.
  initializeService: async () => answer,
  // A list across companies decides which.
  analyze: async () => {
    Access.among([{ role: 'viewer' as const }], 'project.read');
    return answer;
  },
  // Internal: called by another service, not by a user (not exercised here).
  readLibrarySource: async () => ({ title: '', language: 'en', passages: [], characters: 0 }),
} as unknown as UnaryHandlers<typeof GeneratorServiceService>;

const table: AccessTable<typeof GeneratorServiceService> = {
  assessQuality: { action: 'project.update' },
  applyImprovements: { action: 'project.update' },
  initializeService: { self: 'the test' },
  analyze: { action: 'project.read' },
  readLibrarySource: { internal: 'the test' },
};

async function counted(metric: typeof accessDecisions | typeof uncheckedAnswers, labels: Record<string, string>): Promise<number> {
  const { values } = await metric.get();
  return values.filter((v) => Object.entries(labels).every(([k, l]) => (v.labels as Record<string, unknown>)[k] === l)).reduce((n, v) => n + v.value, 0);
}

describe('gRPC methods and the access check', () => {
  let server: GrpcServer;
  let client: PromiseClient<typeof GeneratorServiceService>;

  beforeAll(async () => {
    server = createGrpcServer(createLogger('test', 'silent'));
    server.addService(NAME, GeneratorServiceService, handlers, table);
    const port = await server.listen('127.0.0.1:0');
    server.setServing('SERVING');
    client = createGrpcClient(GeneratorServiceClient as never, GeneratorServiceService, `127.0.0.1:${port}`);
  });

  afterAll(async () => {
    client?.close();
    await server?.shutdown(100);
  });

  it('should answer a method that decided, and count the decision', async () => {
    const before = await counted(accessDecisions, { action: 'project.update', outcome: 'allowed' });
    await expect(client.assessQuality(AssessQualityRequest.fromPartial({ userId: 'ann', projectId: 'acme' }))).resolves.toMatchObject({ premiumRequired: false });
    expect(await counted(accessDecisions, { action: 'project.update', outcome: 'allowed' })).toBe(before + 1);
  });

  it("should pass on the check's refusal of a stranger, counted as such", async () => {
    const before = await counted(accessDecisions, { action: 'project.update', outcome: 'not_found' });
    await expect(client.assessQuality(AssessQualityRequest.fromPartial({ userId: 'eve', projectId: 'acme' }))).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await counted(accessDecisions, { action: 'project.update', outcome: 'not_found' })).toBe(before + 1);
  });

  it('should refuse the answer of a method that names an action but never asked the access check', async () => {
    const before = await counted(uncheckedAnswers, { service: NAME, method: 'applyImprovements' });
    await expect(client.applyImprovements(ApplyImprovementsRequest.fromPartial({ userId: 'ann', projectId: 'acme' }))).rejects.toMatchObject({ code: 'INTERNAL', message: 'Server error. Please try again later.' });
    expect(await counted(uncheckedAnswers, { service: NAME, method: 'applyImprovements' })).toBe(before + 1);
  });

  it("should answer a method declared the caller's own, and a list that decided among companies", async () => {
    await expect(client.initializeService(InitializeServiceRequest.fromPartial({ userId: 'ann' }))).resolves.toBeDefined();
    await expect(client.analyze(AnalyzeRequest.fromPartial({ userId: 'ann' }))).resolves.toBeDefined();
  });

  it('should leave the stack trace limit as it was, whether a call succeeds, fails or cannot start', async () => {
    // The client turns grpc-js's capture of the caller's stack off around each call (grpc/client.ts).
    const limit = Error.stackTraceLimit;
    await client.initializeService(InitializeServiceRequest.fromPartial({ userId: 'ann' }));
    await expect(client.assessQuality(AssessQualityRequest.fromPartial({ userId: 'eve', projectId: 'acme' }))).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(Error.stackTraceLimit).toBe(limit);
    const closed = createGrpcClient(GeneratorServiceClient as never, GeneratorServiceService, '127.0.0.1:1');
    closed.close();
    await expect(closed.initializeService(InitializeServiceRequest.fromPartial({ userId: 'ann' }))).rejects.toThrow();
    expect(Error.stackTraceLimit).toBe(limit);
    expect(new Error('after').stack).toContain('grpc-access.test');
  });

  it('should not start a service whose access table leaves a method out', () => {
    const other = createGrpcServer(createLogger('test', 'silent'));
    const { analyze: _left, ...partial } = table;
    expect(() => other.addService('test.Partial', GeneratorServiceService, handlers, partial as AccessTable<typeof GeneratorServiceService>)).toThrow(
      'gRPC service test.Partial does not say how analyze reaches company data (its AccessTable)',
    );
  });
});
