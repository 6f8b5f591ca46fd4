// The projects' titles as the project service's events last told them (schema integration).
import { sql, type Kysely } from 'kysely';
import type { ProjectTitles } from '../services/deps.js';
import type { IntegrationDatabase } from './database.js';

export class ProjectTitleRepository implements ProjectTitles {
  constructor(private readonly db: Kysely<IntegrationDatabase>) {}

  async learn(title: { projectId: string; companyId: string; title: string; occurredAt: string }): Promise<void> {
    await this.db
      .insertInto('project_titles')
      .values({ project_id: title.projectId, company_id: title.companyId, title: title.title, occurred_at: title.occurredAt })
      .onConflict((oc) => oc.column('project_id').doUpdateSet({ title: sql`excluded.title`, occurred_at: sql`excluded.occurred_at` }).where('project_titles.occurred_at', '<', sql<string>`excluded.occurred_at`))
      .execute();
  }

  async forget(projectId: string): Promise<void> {
    await this.db.deleteFrom('project_titles').where('project_id', '=', projectId).execute();
  }

  async titleOf(projectId: string): Promise<string | null> {
    return (await this.db.selectFrom('project_titles').select('title').where('project_id', '=', projectId).executeTakeFirst())?.title ?? null;
  }
}
