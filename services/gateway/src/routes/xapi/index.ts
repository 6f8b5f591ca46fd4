// The learning record store's xAPI endpoint (docs/analytics.md), which an LRS client reaches at
// /api/xapi/: /about (public, Communication 2.8), the Statements, State, Activity Profile, Agent
// Profile, Activities and Agents resources, authorised by the HTTP Basic LRS credentials a
// company's Owner makes. The scorm service checks the credential and keeps the data; this module
// speaks the protocol (routes/xapi/protocol.ts). Every answer carries X-Experience-API-Version.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { AppError } from '@trainwright/platform';
import type { GatewayContext } from '../../context.js';
import { documentHandlers, objectHandlers } from './documents.js';
import { STATEMENTS_PATH, statementHandlers } from './statements.js';
import { XAPI_VERSION, checkVersion, xapiCall, type XapiCall, type XapiMethod } from './protocol.js';

/** The xAPI versions this LRS speaks, newest first. */
export const XAPI_VERSIONS = [XAPI_VERSION] as const;

type Handler = (call: XapiCall, reply: FastifyReply, requestId: string) => Promise<unknown>;
type Resource = Partial<Record<XapiMethod, Handler>>;

const About = Type.Object({ version: Type.Array(Type.String()), extensions: Type.Object({}, { additionalProperties: true }) });

const UNAUTHENTICATED_CHALLENGE = 'Basic realm="Trainwright LRS"';

/** CORS of the endpoint: any origin, no cookies (the LRS credential is the authority), the xAPI headers both ways. */
export const XAPI_CORS = {
  origin: '*',
  credentials: false,
  methods: ['GET', 'HEAD', 'PUT', 'POST', 'DELETE'],
  allowedHeaders: ['Authorization', 'Content-Type', 'X-Experience-API-Version', 'If-Match', 'If-None-Match', 'Accept-Language'],
  exposedHeaders: ['X-Experience-API-Version', 'X-Experience-API-Consistent-Through', 'ETag', 'Last-Modified', 'Retry-After', 'WWW-Authenticate'],
  maxAge: 86_400,
} as const;

export function xapiRoutes({ app, clients, config }: GatewayContext) {
  const rateLimit = { max: config.RATE_LIMIT_XAPI_MAX, timeWindow: config.RATE_LIMIT_WINDOW_MS };
  const resources: Record<string, Resource> = {
    [STATEMENTS_PATH]: statementHandlers(clients),
    '/api/xapi/activities/state': documentHandlers(clients, 'state'),
    '/api/xapi/activities/profile': documentHandlers(clients, 'activity_profile'),
    '/api/xapi/agents/profile': documentHandlers(clients, 'agent_profile'),
    '/api/xapi/activities': objectHandlers(clients, 'getXapiActivity'),
    '/api/xapi/agents': objectHandlers(clients, 'getXapiPerson'),
  };

  // Encapsulated: the raw-body parser and the headers apply to the endpoint only.
  void app.register(async (scope: FastifyInstance) => {
    // Documents may be of any content type, and statements arrive as JSON, multipart/mixed or the
    // alternate syntax's form: the resources read the raw body themselves.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.addHook('onRequest', async (request, reply) => {
      void reply.header('X-Experience-API-Version', XAPI_VERSION);
      if (request.url.startsWith(STATEMENTS_PATH)) void reply.header('X-Experience-API-Consistent-Through', new Date().toISOString());
    });
    scope.addHook('onSend', async (_request, reply, payload) => {
      if (reply.statusCode === 401) void reply.header('www-authenticate', UNAUTHENTICATED_CHALLENGE);
      return payload;
    });

    scope.get(
      '/api/xapi/about',
      { config: { public: true }, schema: { tags: ['xapi'], summary: 'The xAPI versions this learning record store speaks (public)', response: { 200: About } } },
      async () => ({ version: [...XAPI_VERSIONS], extensions: {} }),
    );

    for (const [url, resource] of Object.entries(resources)) {
      const methods = Object.keys(resource) as XapiMethod[];
      scope.route({
        // POST too wherever the resource has none of its own: the alternate syntax arrives as POST.
        method: [...new Set([...methods, 'POST' as const])],
        url,
        config: { public: true, rateLimit },
        schema: { tags: ['xapi'], summary: `xAPI ${url.replace('/api/xapi/', '')} (HTTP Basic LRS credential)`, hide: false },
        handler: async (request, reply) => {
          const call = xapiCall(request);
          checkVersion(call);
          const handler = resource[call.method];
          if (!handler) throw new AppError('VALIDATION_FAILED', `${call.method} is not a method of ${url}.`);
          return handler(call, reply, request.id);
        },
      });
    }
  });
}

