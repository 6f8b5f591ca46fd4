// Uploads: where one goes, recording it once the gateway stored it, and discarding one no project
// uses.
import { TIERS, storageLimitBytes } from '@trainwright/catalogue';
import { AppError } from '@trainwright/platform';
import { isUuid } from '../validation.js';
import { companyFor } from './access.js';
import type { ProjectDeps } from './deps.js';

export interface UploadTarget {
  companyId: string;
  fileUploadLimitMB: number;
  /** The plan's storage in bytes (-1: none). */
  storageLimitBytes: number;
  /** The bytes of the uploads every company of the plan owner holds. */
  uploadedBytes: number;
  /** The plan owner's companies: the gateway asks media-render for their rendered files' bytes. */
  ownerCompanyIds: string[];
  ownerTier: string;
}

/**
 * A company the caller may create projects in, its plan's file size limit, and what counts
 * against the plan's storage so far on this side: storage belongs to the plan owner, so the
 * uploads of every company they own count (the caller may not be a member of all of them).
 */
export async function prepareUpload(deps: ProjectDeps, userId: string, requestedCompanyId: string): Promise<UploadTarget> {
  const callers = await deps.memberships.companiesOf(userId, { fresh: true });
  const company = companyFor(callers, requestedCompanyId, 'project.create', 'Company not found');
  // The owner is a member of each company they own.
  const owners = company.ownerUserId === userId ? callers : await deps.memberships.companiesOf(company.ownerUserId);
  const owned = owners.companies.filter((c) => c.ownerUserId === company.ownerUserId).map((c) => c.companyId);
  const ownerCompanyIds = [...new Set([company.companyId, ...owned])];
  return {
    companyId: company.companyId,
    fileUploadLimitMB: TIERS[company.ownerTier].limits.fileUploadLimitMB,
    storageLimitBytes: storageLimitBytes(company.ownerTier),
    uploadedBytes: await deps.projects.uploadedBytes(ownerCompanyIds),
    ownerCompanyIds,
    ownerTier: company.ownerTier,
  };
}

export async function registerUpload(
  deps: ProjectDeps,
  userId: string,
  file: { companyId: string; kind: string; filename: string; size: number; contentType: string; storageKey: string },
): Promise<{ id: string; filename: string }> {
  if (!file.companyId) throw AppError.notFound('Company not found');
  companyFor(await deps.memberships.companiesOf(userId, { fresh: true }), file.companyId, 'project.create', 'Company not found');
  if (!file.storageKey.startsWith(`companies/${file.companyId}/`)) throw AppError.forbidden();
  const filename = file.filename.replace(/[\u0000-\u001f\u007f/\\]/g, '_').slice(0, 255) || 'upload';
  return { id: await deps.projects.insertFile({ ...file, filename, createdBy: userId }), filename };
}

/** An upload of the caller that no project uses, removed; its storage key ('' when none). */
export async function discardUpload(deps: ProjectDeps, userId: string, fileId: string): Promise<string> {
  if (!isUuid(fileId)) return '';
  const { companies } = await deps.memberships.companiesOf(userId, { fresh: true });
  return (await deps.projects.deleteUnattachedFile(fileId, companies.map((c) => c.companyId), userId)) ?? '';
}
