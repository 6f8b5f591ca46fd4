// Who a comment's mention emails go to: members of the company among the mentioned users.
import { interfaceLanguageOf } from '@trainwright/catalogue';
import { markEventApplied } from '@trainwright/platform';
import type { Kysely } from 'kysely';
import type { MentionRecipient, MentionStore } from '../services/mentions/deps.js';
import type { AuthDatabase } from './database.js';

export class MentionRepository implements MentionStore {
  constructor(private readonly db: Kysely<AuthDatabase>) {}

  async membersAmong(userIds: string[], companyId: string): Promise<MentionRecipient[]> {
    if (userIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('users as u')
      .innerJoin('memberships as m', 'm.user_id', 'u.id')
      .select(['u.id', 'u.email', 'u.name', 'u.language', 'u.notify_project_updates'])
      .where('m.company_id', '=', companyId)
      .where('u.id', 'in', userIds)
      .orderBy('u.email')
      .execute();
    return rows.map((r) => ({ userId: r.id, email: r.email, name: r.name, language: interfaceLanguageOf(r.language), wantsProjectUpdates: r.notify_project_updates }));
  }

  async oncePerEvent(eventId: string, work: () => Promise<void>): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      if (!(await markEventApplied(trx, eventId))) return;
      await work();
    });
  }
}
