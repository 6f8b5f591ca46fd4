// Traces from a real process to a local OTLP/HTTP collector: started as the launchers start every
// process (trace-preload), the HTTP, gRPC and pg calls it makes become spans of its service name,
// and a graceful stop sends them. Without an endpoint nothing is traced.
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { join } from 'node:path';

interface Span {
  name: string;
}

function startCollector(): Promise<{ server: Server; url: string; batches: Array<{ service: string; spans: Span[] }> }> {
  const batches: Array<{ service: string; spans: Span[] }> = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      if (request.url === '/v1/traces') {
        for (const resource of JSON.parse(body).resourceSpans) {
          const service = resource.resource.attributes.find((a: { key: string }) => a.key === 'service.name')?.value.stringValue;
          batches.push({ service, spans: resource.scopeSpans.flatMap((scope: { spans: Span[] }) => scope.spans) });
        }
      }
      response.setHeader('content-type', 'application/json').end('{}');
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, batches })));
}

/** Runs the fixture until it is ready, stops it with SIGTERM; resolves its exit code and output. */
function runTracedProcess(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', '@trainwright/platform/trace-preload', join(import.meta.dirname, 'fixtures/traced-process.mjs')], {
    env: { ...process.env, DATABASE_URL: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres', ...env },
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
    if (output.includes('ready')) child.kill('SIGTERM');
  });
  child.stderr.on('data', (chunk) => (output += chunk));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
}

describe('telemetry: a process started with trace-preload', () => {
  let collector: Awaited<ReturnType<typeof startCollector>>;
  beforeAll(async () => {
    collector = await startCollector();
  });
  afterAll(() => new Promise((resolve) => collector.server.close(resolve)));

  it('should send spans of its HTTP, gRPC and PostgreSQL calls, under its service name, when it stops', async () => {
    const { code, output } = await runTracedProcess({ OTEL_EXPORTER_OTLP_ENDPOINT: collector.url, OTEL_SERVICE_NAME: 'traced-probe' });
    expect({ code, output }).toEqual({ code: 0, output: 'ready\n' });
    const spans = collector.batches.filter((b) => b.service === 'traced-probe').flatMap((b) => b.spans.map((s) => s.name));
    // Client and server side of the HTTP and gRPC calls; the pg query named by its operation.
    expect(spans.filter((name) => name === 'GET')).toHaveLength(2);
    expect(spans.filter((name) => name === 'grpc.grpc.health.v1.Health/Check')).toHaveLength(2);
    expect(spans).toEqual(expect.arrayContaining(['pg.connect', expect.stringMatching(/^pg\.query:SELECT/)]));
  });

  it("should label the spans with the package's name when npm starts it without a service name", async () => {
    const { code } = await runTracedProcess({ OTEL_EXPORTER_OTLP_ENDPOINT: collector.url, OTEL_SERVICE_NAME: '', npm_package_name: '@trainwright/probe' });
    expect(code).toBe(0);
    expect(collector.batches.filter((b) => b.service === '@trainwright/probe').flatMap((b) => b.spans)).not.toHaveLength(0);
  });

  it('should trace nothing without an endpoint', async () => {
    const before = collector.batches.length;
    const { code, output } = await runTracedProcess({ OTEL_EXPORTER_OTLP_ENDPOINT: '', OTEL_SERVICE_NAME: 'untraced-probe' });
    expect({ code, output }).toEqual({ code: 0, output: 'ready\n' });
    expect(collector.batches.length).toBe(before);
  });
});
