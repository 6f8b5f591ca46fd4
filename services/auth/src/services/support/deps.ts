// What the support operations work with: the ticket store (the repository implements it), the
// accounts (who is asking), the mailer, where the operator reads tickets, and the clock.
import type { SupportCategory } from '@trainwright/catalogue';
import type { AccountStore } from '../accounts/deps.js';
import type { Mailer } from '../members/deps.js';

export interface TicketRow {
  id: string;
  category: SupportCategory;
  subject: string;
  message: string;
  createdAt: Date;
}

export interface TicketStore {
  /** Stores the ticket unless the user sent `perDay` in the last 24 h (the user's row locked meanwhile). */
  add(input: { userId: string; category: SupportCategory; subject: string; message: string; language: string; since: Date; perDay: number }): Promise<TicketRow | 'too_many'>;
  /** The user's tickets, newest first. */
  list(userId: string, limit: number): Promise<TicketRow[]>;
}

export interface SupportDeps {
  accounts: Pick<AccountStore, 'loadAccount'>;
  tickets: TicketStore;
  mailer: Mailer;
  /** The operator's address: every ticket is emailed there. */
  supportEmail: string;
  clock: () => Date;
}
