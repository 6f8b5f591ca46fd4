import { TRANSLATION_MESSAGES } from '@trainwright/catalogue';
import type { TranslationDeps } from './deps.js';

/** The `translate` job's workers kept dying: the translation fails instead of waiting for ever. */
export async function abandonTranslation(deps: Pick<TranslationDeps, 'store'>, translationId: string, runId: string): Promise<void> {
  await deps.store.fail(translationId, runId, TRANSLATION_MESSAGES.failed);
}
