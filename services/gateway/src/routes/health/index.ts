// GET /api/health (each dependency and service) and the Prometheus /metrics, both public.
import { Type } from 'typebox';
import { checkGrpcHealth, pingDatabase, renderMetrics } from '@trainwright/platform';
import type { GatewayContext } from '../../context.js';

const Check = Type.Object({ status: Type.String(), latency_ms: Type.Number() });
const Health = Type.Object({
  status: Type.String(),
  dependencies: Type.Record(Type.String(), Check),
  services: Type.Record(Type.String(), Check),
});

async function timed(check: () => Promise<unknown>): Promise<{ status: string; latency_ms: number }> {
  const start = performance.now();
  try {
    const result = await Promise.race([
      check(),
      new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 2000).unref()),
    ]);
    const ok = result === undefined || result === 'SERVING' || result === 'PONG' || result === true;
    return { status: ok ? 'ok' : 'down', latency_ms: Math.round(performance.now() - start) };
  } catch {
    return { status: 'down', latency_ms: Math.round(performance.now() - start) };
  }
}

export function healthRoutes({ app, clients, deps }: GatewayContext) {
  app.get(
    '/api/health',
    {
      config: { public: true },
      schema: { tags: ['health'], summary: 'Each dependency and service', response: { 200: Health, 503: Health } },
    },
    async (_request, reply) => {
      const [postgres, redis, nats, ...services] = await Promise.all([
        timed(() => pingDatabase(deps.db)),
        timed(() => deps.redis.ping()),
        timed(() => deps.bus.ping()),
        ...Object.values(clients.addresses).map((address) => timed(() => checkGrpcHealth(address))),
      ]);
      const serviceReport = Object.fromEntries(Object.keys(clients.addresses).map((name, i) => [name, services[i]!]));
      const all = [postgres, redis, nats, ...services];
      const healthy = all.every((c) => c.status === 'ok');
      return reply.status(healthy ? 200 : 503).send({
        status: healthy ? 'ok' : 'degraded',
        dependencies: { postgres, redis, nats },
        services: serviceReport,
      });
    },
  );

  app.get('/metrics', { config: { public: true }, schema: { hide: true } }, async (_request, reply) => {
    const { contentType, body } = await renderMetrics();
    return reply.type(contentType).send(body);
  });
}
