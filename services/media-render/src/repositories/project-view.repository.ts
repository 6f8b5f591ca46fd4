// Media-render's view of the projects it serves downloads for (table project_views): kept from the
// project service's events, filled from GetProject on a miss. Each part of a view (the state, the
// title) is written only by a change not older than the one it came from, in one conditional
// statement, so events of one project applied in any order, twice, or at once by two replicas end
// in the newest.
import { sql, type Kysely } from 'kysely';
import type { ProjectView, ProjectViewChange, ProjectViews } from '../services/ports.js';
import type { MediaDatabase } from './database.js';

export class ProjectViewRepository implements ProjectViews {
  constructor(private readonly db: Kysely<MediaDatabase>) {}

  async find(projectId: string): Promise<ProjectView | 'deleted' | null> {
    const row = await this.db
      .selectFrom('project_views')
      .select(['project_id', 'company_id', 'title', 'status', 'visual_format', 'has_content', 'content_version', 'deleted'])
      .where('project_id', '=', projectId)
      .executeTakeFirst();
    if (!row) return null;
    if (row.deleted) return 'deleted';
    const { title, status, visual_format, has_content, content_version } = row;
    // A part no event has told yet: a miss, which the project service fills.
    if (title === null || status === null || visual_format === null || has_content === null || content_version === null) return null;
    return { projectId: row.project_id, companyId: row.company_id, title, status, visualFormat: visual_format, hasContent: has_content, contentVersion: content_version };
  }

  async apply(change: ProjectViewChange): Promise<void> {
    const { projectId, at, state, title } = change;
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('project_views').values({ project_id: projectId, company_id: change.companyId }).onConflict((oc) => oc.column('project_id').doNothing()).execute();
      const live = trx.updateTable('project_views').where('project_id', '=', projectId).where('deleted', '=', false);
      const updatedAt = new Date();
      if (state) {
        // Only a status is known yet (a status change came first): a newer one stays over this one's.
        const newerStatus = sql<boolean>`content_version is null and state_at_us > ${at}`;
        await live
          .set({
            status: sql<string>`case when ${newerStatus} then status else ${state.status} end`,
            state_at_us: sql<number>`case when ${newerStatus} then state_at_us else ${at} end`,
            visual_format: state.visualFormat,
            has_content: state.hasContent,
            content_version: state.contentVersion,
            updated_at: updatedAt,
          })
          .where((eb) => eb.or([eb('content_version', 'is', null), sql<boolean>`(content_version, state_at_us) <= (${state.contentVersion}, ${at})`]))
          .execute();
      } else if (change.status !== undefined) {
        // The status alone (project.status_changed names no version): kept when newer than the state.
        await live.set({ status: change.status, state_at_us: at, updated_at: updatedAt }).where('state_at_us', '<=', at).execute();
      }
      if (title !== undefined) {
        await live.set({ title, title_at_us: at, updated_at: updatedAt }).where('title_at_us', '<=', at).execute();
      }
    });
  }

  async keepRead(view: ProjectView): Promise<void> {
    // Each part an event already told stays (it is at least as new, or its event will follow); a
    // part read here counts as older than every event still to come (decided at 0).
    await this.db
      .insertInto('project_views')
      .values({
        project_id: view.projectId,
        company_id: view.companyId,
        title: view.title,
        status: view.status,
        visual_format: view.visualFormat,
        has_content: view.hasContent,
        content_version: view.contentVersion,
      })
      .onConflict((oc) =>
        oc.column('project_id').doUpdateSet({
          title: sql`coalesce(project_views.title, excluded.title)`,
          status: sql`coalesce(project_views.status, excluded.status)`,
          visual_format: sql`coalesce(project_views.visual_format, excluded.visual_format)`,
          has_content: sql`coalesce(project_views.has_content, excluded.has_content)`,
          content_version: sql`coalesce(project_views.content_version, excluded.content_version)`,
          updated_at: new Date(),
        }),
      )
      .execute();
  }

  async markDeleted(projectId: string, companyId: string): Promise<void> {
    await this.db
      .insertInto('project_views')
      .values({ project_id: projectId, company_id: companyId, deleted: true })
      .onConflict((oc) => oc.column('project_id').doUpdateSet({ deleted: true, updated_at: new Date() }))
      .execute();
  }
}
