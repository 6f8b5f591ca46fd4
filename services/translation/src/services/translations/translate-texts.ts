// Internal (scorm): texts that go with a project's content (its interactive video's elements),
// translated as the content is, with the company's glossary and translation memory.
import { TRANSLATION_MESSAGES, catalogueMessage, isContentLanguage } from '@trainwright/catalogue';
import { AppError, isUuid, JobError } from '@trainwright/platform';
import { charactersOf } from './characters.js';
import type { TranslationDeps } from './deps.js';

/** Texts that go with a project's content, to translate from its language into another. */
export interface TextsRequest {
  /** Whose glossary and translation memory apply. */
  companyId: string;
  projectId: string;
  from: string;
  to: string;
  texts: readonly string[];
}

/** No route, or an engine's final failure: CONFLICT with its reason; a failure worth another try: UNAVAILABLE. */
export async function translateTexts(deps: Pick<TranslationDeps, 'glossary' | 'translator' | 'logger' | 'maxChars'>, request: TextsRequest): Promise<{ texts: string[]; engine: string }> {
  if (!isUuid(request.companyId)) throw AppError.validation('company_id', 'company_id must be a uuid.');
  for (const [field, code] of [['source_language', request.from], ['target_language', request.to]] as const) {
    if (!isContentLanguage(code)) throw AppError.validation(field, catalogueMessage(TRANSLATION_MESSAGES, 'unknownLanguage', code.slice(0, 20)));
  }
  if (charactersOf(request.texts) > deps.maxChars) throw AppError.validation('texts', catalogueMessage(TRANSLATION_MESSAGES, 'tooLong', deps.maxChars));
  if (request.texts.length === 0) return { texts: [], engine: deps.translator.engine };
  try {
    const glossary = await deps.glossary.list(request.companyId);
    const result = await deps.translator.translateTexts(request.texts, { companyId: request.companyId, from: request.from, to: request.to, glossary });
    // A translation keeps its glossary warnings; these texts have none to keep them in.
    if (result.warnings.length) deps.logger.warn({ projectId: request.projectId, warnings: result.warnings }, 'translated texts break glossary rules');
    return { texts: result.texts, engine: result.engine };
  } catch (error) {
    if (error instanceof JobError) throw new AppError(error.retryable ? 'UNAVAILABLE' : 'CONFLICT', error.message);
    throw error;
  }
}
