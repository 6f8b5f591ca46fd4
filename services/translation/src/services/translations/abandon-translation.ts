import { TRANSLATION_MESSAGES, catalogueMessage } from '@trainwright/catalogue';
import { failure } from '@trainwright/platform';
import type { TranslationDeps } from './deps.js';

/** The `translate` job's workers kept dying: the translation fails instead of waiting for ever. */
export async function abandonTranslation(deps: Pick<TranslationDeps, 'store'>, translationId: string, runId: string): Promise<void> {
  await deps.store.fail(translationId, runId, failure(catalogueMessage(TRANSLATION_MESSAGES, 'failed')));
}
