import { SCORM_MESSAGES } from '@trainwright/catalogue';
import type { PackageDeps } from './deps.js';

/** Every attempt's worker died: the package fails instead of waiting for ever. */
export async function abandonPackage(deps: Pick<PackageDeps, 'store'>, packageId: string): Promise<void> {
  await deps.store.update(packageId, { status: 'failed', error: SCORM_MESSAGES.failed });
}
