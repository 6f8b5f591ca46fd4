import { SCORM_MESSAGES, catalogueMessage } from '@trainwright/catalogue';
import { failure } from '@trainwright/platform';
import type { PackageDeps } from './deps.js';

/** Every attempt's worker died: the package fails instead of waiting for ever. */
export async function abandonPackage(deps: Pick<PackageDeps, 'store'>, packageId: string): Promise<void> {
  await deps.store.update(packageId, { status: 'failed', failure: failure(catalogueMessage(SCORM_MESSAGES, 'failed')) });
}
