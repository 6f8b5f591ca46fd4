// The learning record store's xAPI endpoint (docs/analytics.md), which an LRS client reaches at
// /api/xapi/. Built so far: /about, which the specification leaves open to anyone (xAPI 1.0.3,
// Communication 2.8) and which a client reads first to learn the versions it may speak. Every
// answer of the endpoint carries X-Experience-API-Version (Communication 3.3).
import { Type } from 'typebox';
import type { GatewayContext } from '../../context.js';

/** The xAPI versions this LRS speaks, newest first. */
export const XAPI_VERSIONS = ['1.0.3'] as const;

const About = Type.Object({ version: Type.Array(Type.String()), extensions: Type.Object({}, { additionalProperties: true }) });

export function xapiRoutes({ app }: GatewayContext) {
  app.get(
    '/api/xapi/about',
    {
      config: { public: true },
      schema: { tags: ['xapi'], summary: 'The xAPI versions this learning record store speaks (public)', response: { 200: About } },
    },
    async (_request, reply) => {
      reply.header('X-Experience-API-Version', XAPI_VERSIONS[0]);
      return { version: [...XAPI_VERSIONS], extensions: {} };
    },
  );
}
