// Support tickets (docs/teams.md, "Support"): a signed-in person asks; the auth service stores the
// ticket, emails it to the operator and confirms it to them. Their own tickets, newest first.
import { Type } from 'typebox';
import { SUPPORT_CATEGORIES, SUPPORT_LIMITS } from '@trainwright/catalogue';
import type { SupportTicket } from '@trainwright/proto/trainwright/auth/v1/auth';
import type { GatewayContext } from '../../context.js';
import { InterfaceLanguage, Str, errorResponses } from '../../schemas/common.js';
import { signedIn } from '../../lib/signed-in.js';

const TicketBody = Type.Object(
  {
    category: Type.Union(SUPPORT_CATEGORIES.map((c) => Type.Literal(c))),
    subject: Str(SUPPORT_LIMITS.subject * 2),
    message: Str(SUPPORT_LIMITS.message * 2),
    language: Type.Optional(InterfaceLanguage),
  },
  { additionalProperties: false },
);
const TicketJson = Type.Object({ id: Type.String(), reference: Type.String(), category: Type.String(), subject: Type.String(), message: Type.String(), created_at: Type.String() });

const ticketJson = (t: SupportTicket) => ({ id: t.id, reference: t.reference, category: t.category, subject: t.subject, message: t.message, created_at: t.createdAt });

export function supportRoutes({ app, clients }: GatewayContext) {
  app.post(
    '/api/support/tickets',
    { schema: { tags: ['account'], summary: 'Ask support (stored, emailed to the operator, confirmed to you)', body: TicketBody, response: { 201: TicketJson, ...errorResponses } } },
    async (request, reply) => {
      const { userId, call } = signedIn(request);
      const b = request.body as Type.Static<typeof TicketBody>;
      const ticket = await clients.auth.submitSupportTicket({ userId, category: b.category, subject: b.subject, message: b.message, language: b.language ?? 'en' }, call);
      return reply.status(201).send(ticketJson(ticket));
    },
  );

  app.get(
    '/api/support/tickets',
    { schema: { tags: ['account'], summary: 'Your support tickets, newest first', response: { 200: Type.Object({ tickets: Type.Array(TicketJson) }), ...errorResponses } } },
    async (request) => {
      const { userId, call } = signedIn(request);
      return { tickets: (await clients.auth.listSupportTickets({ userId }, call)).tickets.map(ticketJson) };
    },
  );
}
