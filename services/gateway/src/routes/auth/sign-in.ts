// Sign-up and sign-in: public, limited per address, answering a session (body and cookies).
import { Type } from 'typebox';
import type { GatewayContext } from '../../context.js';
import { SessionResponse, errorResponses } from '../../schemas/common.js';
import { sessionJson, setSessionCookies } from './session-cookies.js';

const RegisterBody = Type.Object(
  {
    name: Type.String({ maxLength: 1000 }),
    company: Type.String({ maxLength: 1000 }),
    email: Type.String({ maxLength: 1000 }),
    password: Type.String({ maxLength: 1000 }),
    selectedTier: Type.Optional(Type.String({ maxLength: 40 })),
    // Sent by the prototype's form; accepted and ignored: every account starts on the trial.
    subscription: Type.Optional(Type.Object({ tier: Type.Optional(Type.String({ maxLength: 40 })) }, { additionalProperties: false })),
  },
  { additionalProperties: false },
);

const LoginBody = Type.Object(
  { email: Type.String({ maxLength: 1000 }), password: Type.String({ maxLength: 1000 }) },
  { additionalProperties: false },
);

export function signInRoutes({ app, clients, config }: GatewayContext) {
  app.post(
    '/api/auth/register',
    {
      config: { public: true, rateLimit: { max: config.RATE_LIMIT_REGISTER_MAX, timeWindow: config.RATE_LIMIT_WINDOW_MS } },
      schema: {
        tags: ['auth'],
        summary: 'Create an account, its first company and a 7-day free trial',
        body: RegisterBody,
        response: { 201: SessionResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const b = request.body as Type.Static<typeof RegisterBody>;
      const session = await clients.auth.register(
        { name: b.name, company: b.company, email: b.email, password: b.password, selectedTier: b.selectedTier ?? '' },
        { requestId: request.id },
      );
      setSessionCookies(reply, session, config.COOKIE_SECURE);
      return reply.status(201).send(sessionJson(session));
    },
  );

  app.post(
    '/api/auth/login',
    {
      config: { public: true, rateLimit: { max: config.RATE_LIMIT_LOGIN_MAX, timeWindow: config.RATE_LIMIT_WINDOW_MS } },
      schema: { tags: ['auth'], summary: 'Sign in', body: LoginBody, response: { 200: SessionResponse, ...errorResponses } },
    },
    async (request, reply) => {
      const b = request.body as Type.Static<typeof LoginBody>;
      const session = await clients.auth.login({ email: b.email, password: b.password }, { requestId: request.id });
      setSessionCookies(reply, session, config.COOKIE_SECURE);
      return sessionJson(session);
    },
  );
}
