import { SCORM_MESSAGES } from '@trainwright/catalogue';
import { AppError } from '@trainwright/platform';
import type { PackageDeps } from './deps.js';
import { getPackage } from './get-package.js';

/** A ready package's zip; counts the download. */
export async function openPackage(
  deps: Pick<PackageDeps, 'store' | 'memberships'>,
  userId: string,
  packageId: string,
): Promise<{ storageKey: string; filename: string; size: number }> {
  const p = await getPackage(deps, userId, packageId);
  if (p.status !== 'ready' || !p.storageKey) throw new AppError('CONFLICT', p.status === 'failed' ? `${SCORM_MESSAGES.failed} ${p.error}`.trim() : SCORM_MESSAGES.notReady);
  await deps.store.countDownload(p.id);
  return { storageKey: p.storageKey, filename: `${fileNameOf(p.packageName)}.zip`, size: p.size };
}

/** A zip name from the package name: letters, digits, spaces, dots, dashes and underscores. */
export function fileNameOf(name: string): string {
  return name.replace(/[^\p{L}\p{N} ._-]+/gu, '').replace(/\s+/g, ' ').trim().slice(0, 120) || 'scorm-package';
}
