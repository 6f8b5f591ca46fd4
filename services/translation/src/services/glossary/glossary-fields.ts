// A term as the user sent it, trimmed and checked before any glossary operation sees it.
import { isContentLanguage } from '@trainwright/catalogue';
import { AppError } from '@trainwright/platform';
import type { GlossaryTermFields } from '../types.js';
import { GLOSSARY_MESSAGES } from './messages.js';

/** The fields as the user sent them, trimmed and checked. */
export function glossaryFields(input: { term: string; sourceLanguage: string; targetLanguage: string; translation: string; caseSensitive: boolean }): GlossaryTermFields {
  const term = input.term.normalize('NFC').trim().replace(/\s+/g, ' ');
  const translation = input.translation.normalize('NFC').trim().replace(/\s+/g, ' ');
  const sourceLanguage = (input.sourceLanguage || 'en').trim().toLowerCase();
  const targetLanguage = input.targetLanguage.trim().toLowerCase();
  if (!term) throw AppError.validation('term', GLOSSARY_MESSAGES.termRequired);
  if (term.length > 200) throw AppError.validation('term', GLOSSARY_MESSAGES.termTooLong);
  if (translation.length > 200) throw AppError.validation('translation', GLOSSARY_MESSAGES.translationTooLong);
  if (!isContentLanguage(sourceLanguage)) throw AppError.validation('source_language', GLOSSARY_MESSAGES.language('the source'));
  if (targetLanguage && !isContentLanguage(targetLanguage)) throw AppError.validation('target_language', GLOSSARY_MESSAGES.language('the target'));
  if (targetLanguage === sourceLanguage) throw AppError.validation('target_language', GLOSSARY_MESSAGES.sameLanguage);
  return { term, sourceLanguage, targetLanguage, translation, caseSensitive: input.caseSensitive };
}
