// The SQL of support tickets. A new ticket counts the user's tickets of the last day with their
// user row locked, so two at once cannot both pass the daily limit.
import type { Kysely } from 'kysely';
import type { SupportCategory } from '@trainwright/catalogue';
import type { TicketRow, TicketStore } from '../services/support/deps.js';
import type { AuthDatabase } from './database.js';

export class SupportRepository implements TicketStore {
  constructor(private readonly db: Kysely<AuthDatabase>) {}

  async add(input: Parameters<TicketStore['add']>[0]): Promise<TicketRow | 'too_many'> {
    return this.db.transaction().execute(async (trx) => {
      await trx.selectFrom('users').select('id').where('id', '=', input.userId).forUpdate().executeTakeFirstOrThrow();
      const sent = await trx.selectFrom('support_tickets').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', input.userId).where('created_at', '>', input.since).executeTakeFirstOrThrow();
      if (Number(sent.n) >= input.perDay) return 'too_many';
      const row = await trx
        .insertInto('support_tickets')
        .values({ user_id: input.userId, category: input.category, subject: input.subject, message: input.message, language: input.language })
        .returning(['id', 'category', 'subject', 'message', 'created_at'])
        .executeTakeFirstOrThrow();
      return { id: row.id, category: row.category as SupportCategory, subject: row.subject, message: row.message, createdAt: row.created_at };
    });
  }

  async list(userId: string, limit: number): Promise<TicketRow[]> {
    const rows = await this.db.selectFrom('support_tickets').select(['id', 'category', 'subject', 'message', 'created_at']).where('user_id', '=', userId).orderBy('created_at', 'desc').limit(limit).execute();
    return rows.map((r) => ({ id: r.id, category: r.category as SupportCategory, subject: r.subject, message: r.message, createdAt: r.created_at }));
  }
}
