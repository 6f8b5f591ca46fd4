import { SCORM_MESSAGES, catalogueMessage } from '@trainwright/catalogue';
import { AppError, isUuid } from '@trainwright/platform';
import type { PackageRecord } from '../types.js';
import { requireScormAccess } from './access.js';
import type { PackageDeps } from './deps.js';

/** A package the caller may see (NOT_FOUND otherwise, whatever the reason). */
export async function getPackage(deps: Pick<PackageDeps, 'store' | 'memberships'>, userId: string, packageId: string): Promise<PackageRecord> {
  const found = isUuid(packageId) ? await deps.store.find(packageId) : null;
  if (!found) throw AppError.notFound(catalogueMessage(SCORM_MESSAGES, 'notFound'));
  await requireScormAccess(deps, userId, found.companyId, 'project.read', SCORM_MESSAGES.notFound);
  return found;
}
