// Uploads: where one goes, recording it once the gateway stored it, and discarding one no project
// uses.
import { TIERS } from '@trainwright/catalogue';
import { AppError } from '@trainwright/platform';
import { isUuid } from '../validation.js';
import { companyFor } from './access.js';
import type { ProjectDeps } from './deps.js';

/** A company the caller may create projects in, and its plan's size limit. */
export async function prepareUpload(deps: ProjectDeps, userId: string, requestedCompanyId: string): Promise<{ companyId: string; fileUploadLimitMB: number }> {
  const company = companyFor(await deps.memberships.companiesOf(userId, { fresh: true }), requestedCompanyId, 'project.create', 'Company not found');
  return { companyId: company.companyId, fileUploadLimitMB: TIERS[company.ownerTier].limits.fileUploadLimitMB };
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
