// Companies' own voices (matched from samples or cloned).
import type { Kysely } from 'kysely';
import type { Voice } from '../domain/types.js';
import type { CustomVoices } from '../services/voices/deps.js';
import type { MediaDatabase } from './database.js';

export class CustomVoiceRepository implements CustomVoices {
  constructor(private readonly db: Kysely<MediaDatabase>) {}

  async customVoices(companyId: string): Promise<Voice[]> {
    const rows = await this.db.selectFrom('custom_voices').select(['id', 'voice']).where('company_id', '=', companyId).orderBy('created_at').execute();
    return rows.map((r) => ({ ...r.voice, voice_id: `custom:${r.id}` }));
  }

  async insertCustomVoice(companyId: string, createdBy: string, voice: Voice): Promise<string> {
    const row = await this.db
      .insertInto('custom_voices')
      .values({ company_id: companyId, created_by: createdBy, voice: JSON.stringify(voice) })
      .returning('id')
      .executeTakeFirstOrThrow();
    return `custom:${row.id}`;
  }

  async customVoice(companyId: string, id: string): Promise<Voice | undefined> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
    const row = await this.db.selectFrom('custom_voices').select(['id', 'voice']).where('company_id', '=', companyId).where('id', '=', id).executeTakeFirst();
    return row && { ...row.voice, voice_id: `custom:${row.id}` };
  }
}
