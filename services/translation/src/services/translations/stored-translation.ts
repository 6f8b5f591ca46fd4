// A project's translation into one language as the operations need it: one that exists, or one
// that is completed (what edits, exports and renders work on).
import { TRANSLATION_MESSAGES, catalogueMessage } from '@trainwright/catalogue';
import { AppError } from '@trainwright/platform';
import type { TranslationWithContent } from '../types.js';
import type { TranslationDeps } from './deps.js';

export async function existingTranslation(deps: Pick<TranslationDeps, 'store'>, projectId: string, language: string): Promise<TranslationWithContent> {
  const translation = await deps.store.find(projectId, language);
  if (!translation) throw AppError.notFound(catalogueMessage(TRANSLATION_MESSAGES, 'notFound'));
  return translation;
}

/** A completed translation with its content, source and segments (NOT_FOUND, or CONFLICT while not completed). */
export async function completedTranslation(deps: Pick<TranslationDeps, 'store'>, projectId: string, language: string): Promise<TranslationWithContent> {
  const t = await existingTranslation(deps, projectId, language);
  if (t.status !== 'completed' || !t.content || !t.sourceContent || !t.segments) throw new AppError('CONFLICT', catalogueMessage(TRANSLATION_MESSAGES, 'notCompleted', language));
  return t;
}
