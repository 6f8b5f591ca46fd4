import { SUPPORT_CATEGORIES, SUPPORT_LIMITS, SUPPORT_MESSAGES, catalogueMessage, type SupportCategory } from '@trainwright/catalogue';
import { AppError } from '@trainwright/platform';
import type { SupportDeps, TicketRow } from './deps.js';
import { confirmationEmail, operatorEmail } from './ticket-emails.js';

const DAY_MS = 86_400_000;
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

function field(name: 'subject' | 'message', value: string, max: number, required: 'subjectRequired' | 'messageRequired'): string {
  const v = value.trim();
  if (!v) throw AppError.validation(name, catalogueMessage(SUPPORT_MESSAGES, required));
  if (v.length > max) throw AppError.validation(name, catalogueMessage(SUPPORT_MESSAGES, 'tooLong', name, max));
  if (CONTROL.test(v) || (name === 'subject' && /[\r\n]/.test(v))) throw AppError.validation(name, `${name} must not contain control characters`);
  return v;
}

/**
 * A signed-in person asks support: the ticket is stored, emailed to the operator (reply-to them)
 * and confirmed to them in their language. At most SUPPORT_LIMITS.perDay a day.
 */
export async function submitTicket(deps: SupportDeps, userId: string, input: { category: string; subject: string; message: string; language?: string }): Promise<TicketRow> {
  if (!(SUPPORT_CATEGORIES as readonly string[]).includes(input.category)) throw AppError.validation('category', catalogueMessage(SUPPORT_MESSAGES, 'categoryInvalid'));
  const subject = field('subject', input.subject, SUPPORT_LIMITS.subject, 'subjectRequired');
  const message = field('message', input.message, SUPPORT_LIMITS.message, 'messageRequired');
  const account = await deps.accounts.loadAccount(userId);
  if (!account) throw new AppError('UNAUTHENTICATED', 'Authentication failed. Please log in again.');
  const language = input.language ?? 'en';
  const ticket = await deps.tickets.add({
    userId,
    category: input.category as SupportCategory,
    subject,
    message,
    language,
    since: new Date(deps.clock().getTime() - DAY_MS),
    perDay: SUPPORT_LIMITS.perDay,
  });
  if (ticket === 'too_many') throw new AppError('RATE_LIMITED', catalogueMessage(SUPPORT_MESSAGES, 'tooMany', SUPPORT_LIMITS.perDay));
  await deps.mailer.send(operatorEmail({ to: deps.supportEmail, ticketId: ticket.id, category: ticket.category, subject, message, name: account.name, email: account.email, userId }));
  await deps.mailer.send(confirmationEmail({ to: account.email, ticketId: ticket.id, subject, name: account.name, language }));
  return ticket;
}

/** The person's own tickets, newest first (the last 50). */
export function listTickets(deps: Pick<SupportDeps, 'tickets'>, userId: string): Promise<TicketRow[]> {
  return deps.tickets.list(userId, 50);
}
