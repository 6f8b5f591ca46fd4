// Every gRPC message a process sends is serialized by one kept BinaryWriter (proto/scripts/
// shared-writer.mjs rewrites ts-proto's serializers to gen/encode-to-buffer.ts): a message after a
// large one, and after one that failed half-way, is whole; and a real call carries each intact.
import { makeGenericClientConstructor } from '@grpc/grpc-js';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { encodeToBuffer } from '@trainwright/proto/encode-to-buffer';
import { ScormServiceService, StoreXapiStatementsRequest } from '@trainwright/proto/trainwright/scorm/v1/scorm';
import { createGrpcClient, type PromiseClient } from '../src/grpc/client.js';
import { createGrpcServer, type GrpcServer, type UnaryHandlers } from '../src/grpc/server.js';
import { createLogger } from '../src/logger.js';

function request(bodyBytes: number, statementId = '') {
  return {
    credential: { key: 'key', secret: 'secret' },
    body: Buffer.alloc(bodyBytes, bodyBytes % 251),
    hasStatementId: statementId !== '',
    statementId,
    attachments: [{ sha2: 'ab'.repeat(32), contentType: 'text/plain', content: Buffer.from('attachment') }],
  };
}

describe('serializing gRPC messages with one kept writer', () => {
  it('serializes a small message whole after a large one, as a fresh writer would', () => {
    encodeToBuffer(StoreXapiStatementsRequest, request(3_000_000));
    const small = request(10, 'c0ffee00-0000-4000-8000-000000000000');
    const bytes = encodeToBuffer(StoreXapiStatementsRequest, small);
    expect(bytes.equals(Buffer.from(StoreXapiStatementsRequest.encode(small).finish()))).toBe(true);
    expect(StoreXapiStatementsRequest.decode(bytes)).toEqual(small);
  });

  it('serializes the next message whole after one that failed half-way', () => {
    // The credential is written before the body fails (bytes expected, a string given).
    expect(() => encodeToBuffer(StoreXapiStatementsRequest, { ...request(10), body: 'not bytes' as never })).toThrow(/invalid uint32/);
    const next = request(120_000);
    expect(StoreXapiStatementsRequest.decode(encodeToBuffer(StoreXapiStatementsRequest, next))).toEqual(next);
  });

  it('answers a buffer of its own each time, not a view of the writer that the next message overwrites', () => {
    const first = encodeToBuffer(StoreXapiStatementsRequest, request(1000));
    const copy = Buffer.from(first);
    encodeToBuffer(StoreXapiStatementsRequest, request(5000));
    expect(first.equals(copy)).toBe(true);
  });
});

describe('gRPC calls through the rewritten serializers', () => {
  let server: GrpcServer;
  let client: PromiseClient<typeof ScormServiceService>;
  const NAME = 'test.SerializeService';

  beforeAll(async () => {
    server = createGrpcServer(createLogger('test', 'silent'));
    // Answers with the sizes it received, so that each call shows its own request arrived whole.
    const handlers = { storeXapiStatements: async (req: StoreXapiStatementsRequest) => ({ ids: [String(req.body.length), req.body.toString('hex', 0, 1), req.statementId] }) } as unknown as UnaryHandlers<typeof ScormServiceService>;
    server.addService(NAME, { storeXapiStatements: ScormServiceService.storeXapiStatements } as never, handlers, { storeXapiStatements: { internal: 'the test' } } as never);
    const port = await server.listen('127.0.0.1:0');
    server.setServing('SERVING');
    const Ctor = makeGenericClientConstructor({ storeXapiStatements: ScormServiceService.storeXapiStatements }, NAME);
    client = createGrpcClient(Ctor as never, { storeXapiStatements: ScormServiceService.storeXapiStatements } as never, `127.0.0.1:${port}`) as never;
  });

  afterAll(async () => {
    client?.close();
    await server?.shutdown(100);
  });

  it('carries requests of different sizes sent at once, each intact', async () => {
    const sizes = [120_000, 7, 2_000_000, 0, 64_000];
    const answers = await Promise.all(sizes.map((size, i) => client.storeXapiStatements(request(size, `c0ffee00-0000-4000-8000-00000000000${i}`))));
    expect(answers.map((a) => a.ids)).toEqual(sizes.map((size, i) => [String(size), size === 0 ? '' : (size % 251).toString(16).padStart(2, '0'), `c0ffee00-0000-4000-8000-00000000000${i}`]));
  });
});
