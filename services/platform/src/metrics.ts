// Prometheus metrics for every process. Services without an HTTP server expose /metrics on
// METRICS_PORT; the gateway serves the same registry on its own port.
import { createServer, type Server } from 'node:http';
import client from 'prom-client';

export const registry = new client.Registry();
client.collectDefaultMetrics({ register: registry });

export const grpcServerDuration = new client.Histogram({
  name: 'grpc_server_handling_seconds',
  help: 'Time to handle a unary gRPC call',
  labelNames: ['service', 'method', 'code'],
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
  registers: [registry],
});

/** The access check's decisions (access.ts), by action and outcome: refusals show probing or a broken screen. */
export const accessDecisions = new client.Counter({
  name: 'access_decisions_total',
  help: 'Decisions of the access check on company data',
  labelNames: ['action', 'outcome'],
  registers: [registry],
});

/** Calls of a method that names an action and answered without deciding: refused, a defect to fix. */
export const uncheckedAnswers = new client.Counter({
  name: 'grpc_unchecked_answers_total',
  help: 'gRPC calls refused because they answered company data without the access check',
  labelNames: ['service', 'method'],
  registers: [registry],
});

export const httpRequestDuration = new client.Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time to answer an HTTP request',
  labelNames: ['method', 'route', 'status'],
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
  registers: [registry],
});

export function setServiceLabel(service: string): void {
  registry.setDefaultLabels({ service });
}

export async function renderMetrics(): Promise<{ contentType: string; body: string }> {
  return { contentType: registry.contentType, body: await registry.metrics() };
}

export function startMetricsServer(port: number, host = '0.0.0.0'): Promise<Server | undefined> {
  if (!port) return Promise.resolve(undefined);
  const server = createServer((req, res) => {
    if (req.url !== '/metrics') {
      res.statusCode = 404;
      return res.end();
    }
    renderMetrics().then(({ contentType, body }) => {
      res.setHeader('content-type', contentType);
      res.end(body);
    }, () => {
      res.statusCode = 500;
      res.end();
    });
  });
  return new Promise((resolve) => server.listen(port, host, () => resolve(server)));
}
