// What a plan owner's companies hold on this side (uploads, and the library's texts and pages that
// have no file; a project's material kept in the library is the project's and counts no more) and the lock that serialises the owner's additions, so two cannot each fit the
// storage left and overshoot it together. Uploads and library documents share both.
import { sql, type Kysely, type Transaction } from 'kysely';
import { StorageQuotaReached, type UploadQuota } from '../services/projects/deps.js';
import type { ProjectDatabase } from './database.js';

type Db = Kysely<ProjectDatabase> | Transaction<ProjectDatabase>;

export async function heldBytes(db: Db, companyIds: readonly string[]): Promise<number> {
  if (companyIds.length === 0) return 0;
  const { rows } = await sql<{ bytes: string }>`
    select (select coalesce(sum(size), 0) from project_files where company_id = any(${[...companyIds]}::uuid[]))
         + (select coalesce(sum(size), 0) from library_documents
            where file_id is null and project_id is null and company_id = any(${[...companyIds]}::uuid[])) as bytes`.execute(db);
  return Number(rows[0]?.bytes ?? 0);
}

/** Within `trx`: takes the owner's lock and throws StorageQuotaReached when `bytes` more would not fit. */
export async function reserveStorage(trx: Transaction<ProjectDatabase>, quota: UploadQuota | undefined, bytes: number): Promise<void> {
  if (!quota || quota.bytes < 0) return;
  await sql`select pg_advisory_xact_lock(hashtext(${`projects:${quota.ownerUserId}`}))`.execute(trx);
  const leftBytes = Math.max(0, quota.bytes - (await heldBytes(trx, quota.companyIds)));
  if (bytes > leftBytes) throw new StorageQuotaReached(leftBytes);
}
