import { TRANSLATION_MESSAGES, catalogueMessage } from '@trainwright/catalogue';
import { AppError } from '@trainwright/platform';
import type { TranslationWithContent } from '../types.js';
import type { TranslationDeps } from './deps.js';
import { existingTranslation } from './stored-translation.js';

/** Internal (media-render): a completed translation's content. */
export async function getRenderContent(deps: Pick<TranslationDeps, 'store'>, projectId: string, language: string): Promise<TranslationWithContent> {
  const translation = await existingTranslation(deps, projectId, language);
  if (translation.status !== 'completed' || !translation.content) throw new AppError('CONFLICT', catalogueMessage(TRANSLATION_MESSAGES, 'notCompleted', language));
  return translation;
}
