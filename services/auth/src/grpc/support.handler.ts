// Transport of the support methods of AuthService: proto <-> domain, and their access lines.
import type { AccessTable, UnaryHandlers } from '@trainwright/platform';
import type { AuthServiceService, SupportTicket } from '@trainwright/proto/trainwright/auth/v1/auth';
import type { SupportDeps, TicketRow } from '../services/support/deps.js';
import { listTickets, submitTicket } from '../services/support/submit-ticket.js';
import { ticketRef } from '../services/support/ticket-emails.js';

type SupportMethods = Pick<typeof AuthServiceService, 'submitSupportTicket' | 'listSupportTickets'>;

export const supportAccess: AccessTable<SupportMethods> = {
  submitSupportTicket: { self: "the caller's own ticket" },
  listSupportTickets: { self: "the caller's own tickets" },
};

const toTicket = (t: TicketRow): SupportTicket => ({ id: t.id, reference: ticketRef(t.id), category: t.category, subject: t.subject, message: t.message, createdAt: t.createdAt.toISOString() });

export function createSupportHandlers(deps: SupportDeps): UnaryHandlers<SupportMethods> {
  return {
    submitSupportTicket: async (req) => toTicket(await submitTicket(deps, req.userId, { category: req.category, subject: req.subject, message: req.message, language: req.language })),
    listSupportTickets: async (req) => ({ tickets: (await listTickets(deps, req.userId)).map(toTicket) }),
  };
}
