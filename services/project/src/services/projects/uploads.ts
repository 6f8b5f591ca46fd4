// Uploads: where one goes, recording it once the gateway stored it, and discarding one no project
// uses.
import { TIERS, isTierId, storageLimitBytes, storageLimitMessage } from '@trainwright/catalogue';
import { AppError, ownedCompanyOf, type CallerCompanies, type CallerCompany } from '@trainwright/platform';
import { isUuid } from '../validation.js';
import { companyFor } from './access.js';
import { StorageQuotaReached, type ProjectDeps } from './deps.js';

/**
 * What counts against the plan owner's storage on this side: the plan's storage, the bytes of the
 * uploads every company of the owner holds, and those companies (media-render counts their
 * rendered files).
 */
export interface OwnerStorage {
  /** The plan's storage in bytes (-1: none). */
  storageLimitBytes: number;
  /** The bytes of the uploads every company of the plan owner holds. */
  uploadedBytes: number;
  /** The plan owner's companies: the gateway asks media-render for their rendered files' bytes. */
  ownerCompanyIds: string[];
  ownerTier: string;
}

export interface UploadTarget extends OwnerStorage {
  companyId: string;
  fileUploadLimitMB: number;
}

/**
 * A company the caller may create projects in, its plan's file size limit, and what counts
 * against the plan's storage so far on this side: storage belongs to the plan owner, so the
 * uploads of every company they own count (the caller may not be a member of all of them).
 */
export async function prepareUpload(deps: ProjectDeps, userId: string, requestedCompanyId: string): Promise<UploadTarget> {
  const callers = await deps.memberships.companiesOf(userId, { fresh: true });
  const company = companyFor(callers, requestedCompanyId, 'project.create', 'Company not found');
  return {
    companyId: company.companyId,
    fileUploadLimitMB: TIERS[company.ownerTier].limits.fileUploadLimitMB,
    ...(await ownerStorage(deps, userId, callers, company)),
  };
}

/**
 * The caller's own plan's storage as prepareUpload counts it (the billing page's usage): the plan
 * of the companies they own. NOT_FOUND when they own none (every account owns the company it
 * registered with).
 */
export async function storageUsage(deps: ProjectDeps, userId: string): Promise<OwnerStorage> {
  const callers = await deps.memberships.companiesOf(userId);
  const owned = ownedCompanyOf(callers.companies, userId);
  if (!owned) throw AppError.notFound('Company not found');
  return ownerStorage(deps, userId, callers, owned);
}

/** The storage of the plan that owns `company`: its limit and its owner's uploads. */
async function ownerStorage(deps: ProjectDeps, userId: string, callers: CallerCompanies, company: CallerCompany): Promise<OwnerStorage> {
  const ownerCompanyIds = await ownerCompanies(deps, userId, callers, company);
  return {
    storageLimitBytes: storageLimitBytes(company.ownerTier),
    uploadedBytes: await deps.projects.uploadedBytes(ownerCompanyIds),
    ownerCompanyIds,
    ownerTier: company.ownerTier,
  };
}

/**
 * The companies whose uploads count against the plan's storage: every company the plan owner
 * owns (the caller may not be a member of all of them).
 */
export async function ownerCompanies(deps: { memberships: Pick<ProjectDeps['memberships'], 'companiesOf'> }, userId: string, callers: CallerCompanies, company: CallerCompany): Promise<string[]> {
  // The owner is a member of each company they own.
  const owners = company.ownerUserId === userId ? callers : await deps.memberships.companiesOf(company.ownerUserId);
  const owned = owners.companies.filter((c) => c.ownerUserId === company.ownerUserId).map((c) => c.companyId);
  return [...new Set([company.companyId, ...owned])];
}

/**
 * Records an upload the gateway stored. `uploadsLimitBytes` is what the owner's uploads may hold
 * together (the plan's storage less their rendered files, as the gateway found it; -1: no
 * limit; undefined: the plan's storage): checked again here, serialised per owner, so
 * concurrent uploads cannot overshoot it.
 */
export async function registerUpload(
  deps: ProjectDeps,
  userId: string,
  file: { companyId: string; kind: string; filename: string; size: number; contentType: string; storageKey: string; uploadsLimitBytes?: number },
): Promise<{ id: string; filename: string }> {
  if (!file.companyId) throw AppError.notFound('Company not found');
  const callers = await deps.memberships.companiesOf(userId, { fresh: true });
  const company = companyFor(callers, file.companyId, 'project.create', 'Company not found');
  if (!file.storageKey.startsWith(`companies/${file.companyId}/`)) throw AppError.forbidden();
  const filename = file.filename.replace(/[\u0000-\u001f\u007f/\\]/g, '_').slice(0, 255) || 'upload';
  const { uploadsLimitBytes, ...stored } = file;
  const quota = { ownerUserId: company.ownerUserId, companyIds: await ownerCompanies(deps, userId, callers, company), bytes: uploadsLimitBytes ?? storageLimitBytes(company.ownerTier) };
  try {
    return { id: await deps.projects.insertFile({ ...stored, filename, createdBy: userId }, quota), filename };
  } catch (error) {
    if (!(error instanceof StorageQuotaReached) || !isTierId(company.ownerTier)) throw error;
    throw new AppError('PLAN_LIMIT_REACHED', storageLimitMessage(company.ownerTier, file.size, error.leftBytes), {
      field: 'file',
      limit: 'storageGB',
      storage_left_bytes: error.leftBytes,
    });
  }
}

/**
 * An upload that no project uses, removed; its storage key ('' when none). Without `companyId`:
 * one the caller made. With it: a video upload of that company (Advanced Video Processing's
 * files, never attached to a project), whoever made it, when the caller may process videos
 * there, so a member who left does not keep its bytes counted against the plan.
 */
export async function discardUpload(deps: ProjectDeps, userId: string, fileId: string, companyId = ''): Promise<string> {
  if (!isUuid(fileId)) return '';
  const callers = await deps.memberships.companiesOf(userId, { fresh: true });
  if (companyId) {
    companyFor(callers, companyId, 'video.process', 'Company not found');
    return (await deps.projects.deleteUnattachedFile(fileId, [companyId], { kind: 'video' })) ?? '';
  }
  return (await deps.projects.deleteUnattachedFile(fileId, callers.companies.map((c) => c.companyId), { createdBy: userId })) ?? '';
}
