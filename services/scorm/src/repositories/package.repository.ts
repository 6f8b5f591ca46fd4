// Packages in PostgreSQL. A package's readiness or failure and its event are written in one
// transaction (the outbox); progress is published on the bus by ProgressEventsRepository.
import type { Kysely, Selectable } from 'kysely';
import type { ScormVersion } from '@trainwright/catalogue';
import { enqueueEvents, storedMessage } from '@trainwright/platform';
import { packageEvent } from '../services/events.js';
import type { PackageChange, PackageStore } from '../services/packages/deps.js';
import type { PackageRecord, PackageSettings, PackageStatus } from '../services/types.js';
import type { PackagesTable, ScormDatabase } from './database.js';
import { failureColumns } from './failure-columns.js';

function record(row: Selectable<PackagesTable>): PackageRecord {
  return {
    id: row.id,
    projectId: row.project_id,
    companyId: row.company_id,
    createdBy: row.created_by,
    language: row.language,
    packageName: row.package_name,
    scormVersion: row.scorm_version as ScormVersion,
    includeTracking: row.include_tracking,
    tracking: row.tracking,
    objectives: row.objectives,
    activities: row.activities,
    status: row.status as PackageStatus,
    progress: row.progress,
    error: row.error,
    errorMessage: storedMessage(row.error_message),
    contentVersion: row.content_version,
    hasVideo: row.has_video,
    storageKey: row.storage_key,
    size: Number(row.size),
    downloadCount: row.download_count,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export class PackageRepository implements PackageStore {
  constructor(
    private readonly db: Kysely<ScormDatabase>,
    /** Flushes the outbox relay after a write with events. */
    private readonly afterWrite: () => void,
  ) {}

  async create(row: { projectId: string; companyId: string; createdBy: string; language: string; settings: PackageSettings }): Promise<PackageRecord> {
    const s = row.settings;
    const inserted = await this.db
      .insertInto('packages')
      .values({
        project_id: row.projectId,
        company_id: row.companyId,
        created_by: row.createdBy,
        language: row.language,
        package_name: s.packageName,
        scorm_version: s.scormVersion,
        include_tracking: s.includeTracking,
        tracking: JSON.stringify(s.tracking),
        objectives: JSON.stringify(s.objectives),
        activities: JSON.stringify(s.activities),
        status: 'queued',
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return record(inserted);
  }

  async find(id: string): Promise<PackageRecord | null> {
    const row = await this.db.selectFrom('packages').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? record(row) : null;
  }

  async listFor(companyIds: readonly string[], projectId: string | null, limit: number): Promise<PackageRecord[]> {
    if (companyIds.length === 0) return [];
    let query = this.db.selectFrom('packages').selectAll().where('company_id', 'in', [...companyIds]);
    if (projectId) query = query.where('project_id', '=', projectId);
    const rows = await query.orderBy('created_at', 'desc').orderBy('id').limit(limit).execute();
    return rows.map(record);
  }

  async update(id: string, change: PackageChange): Promise<PackageRecord | null> {
    const updated = await this.db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('packages')
        .set({
          status: change.status,
          // Failed: why, as text and catalogue message. Building or ready again (a late attempt
          // after the package was given up): no failure.
          ...failureColumns(change.status === 'failed' ? change.failure : null),
          ...(change.status !== 'failed' && {
            ...(change.progress !== undefined && { progress: change.progress }),
            ...(change.contentVersion !== undefined && { content_version: change.contentVersion }),
            ...(change.hasVideo !== undefined && { has_video: change.hasVideo }),
            ...(change.storageKey !== undefined && { storage_key: change.storageKey }),
            ...(change.size !== undefined && { size: change.size }),
          }),
          updated_at: new Date(),
        })
        .where('id', '=', id)
        // A ready package stays as it is (a late retry of its job changes nothing).
        .where('status', '<>', 'ready')
        .returningAll()
        .executeTakeFirst();
      if (!row) return null;
      const p = record(row);
      if (p.status === 'ready' || p.status === 'failed') await enqueueEvents(trx, [packageEvent(p.status === 'ready' ? 'scorm.ready' : 'scorm.failed', p)]);
      return p;
    });
    if (updated && (updated.status === 'ready' || updated.status === 'failed')) this.afterWrite();
    return updated;
  }

  async countDownload(id: string): Promise<void> {
    await this.db.updateTable('packages').set((eb) => ({ download_count: eb('download_count', '+', 1) })).where('id', '=', id).execute();
  }

  async deleteProject(projectId: string): Promise<string[]> {
    const rows = await this.db.deleteFrom('packages').where('project_id', '=', projectId).returning('storage_key').execute();
    return rows.flatMap((r) => (r.storage_key ? [r.storage_key] : []));
  }
}
