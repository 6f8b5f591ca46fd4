// A translation as the routes answer it: its summary (state, progress, what needs review), a
// project's overview of them, and one with its content.
import { Type } from 'typebox';
import { contentFromMessage } from '@trainwright/platform';
import type { ListTranslationsResponse, Translation, TranslationSummary } from '@trainwright/proto/trainwright/translation/v1/translation';
import { ErrorMessageFields, Str, errorMessageJson } from '../../schemas/common.js';

export const Language = Type.String({ pattern: '^[a-z]{2}$', maxLength: 2 });
export const ProjectParams = Type.Object({ id: Str(100) });
export const LanguageParams = Type.Object({ id: Str(100), language: Language });

const SummaryJson = Type.Object({
  id: Type.String(),
  project_id: Type.String(),
  company_id: Type.String(),
  target_language: Type.String(),
  source_language: Type.String(),
  status: Type.String(),
  progress: Type.Integer(),
  engine: Type.String(),
  error: Type.String(),
  ...ErrorMessageFields,
  source_version: Type.Integer(),
  stale: Type.Boolean(),
  version: Type.Integer(),
  created_at: Type.String(),
  updated_at: Type.String(),
  warnings: Type.Array(Type.String()),
  /** Words the engine left untranslated ({word, language}); needs_review: completed with some. */
  unknown_words: Type.Array(Type.Object({ word: Type.String(), language: Type.String() })),
  needs_review: Type.Boolean(),
});

const overviewFields = {
  translations: Type.Array(SummaryJson),
  primary_language: Type.String(),
  available_languages: Type.Array(Type.String()),
  engine: Type.String(),
  capabilities: Type.Array(Type.Object({ language: Type.String(), supported: Type.Boolean(), reason: Type.String(), reason_code: Type.String() })),
};
export const OverviewJson = Type.Object(overviewFields);
export const StartedJson = Type.Object({ message: Type.String(), ...overviewFields });

export const TranslationJson = Type.Object({
  summary: SummaryJson,
  title: Type.String(),
  description: Type.String(),
  slides_content: Type.String(),
  script_content: Type.String(),
  generated_content: Type.Union([Type.Object({}, { additionalProperties: true }), Type.Null()]),
});

function summaryJson(s: TranslationSummary) {
  return {
    id: s.id,
    project_id: s.projectId,
    company_id: s.companyId,
    target_language: s.targetLanguage,
    source_language: s.sourceLanguage,
    status: s.status,
    progress: s.progress,
    engine: s.engine,
    error: s.error,
    ...errorMessageJson(s.errorMessage),
    source_version: s.sourceVersion,
    stale: s.stale,
    version: s.version,
    created_at: s.createdAt,
    updated_at: s.updatedAt,
    warnings: s.warnings,
    unknown_words: s.unknownWords.map((u) => ({ word: u.word, language: u.language })),
    needs_review: s.needsReview,
  };
}

export const overviewJson = (o: ListTranslationsResponse) => ({
  translations: o.translations.map(summaryJson),
  primary_language: o.primaryLanguage,
  available_languages: o.availableLanguages,
  engine: o.engine,
  capabilities: o.capabilities.map((c) => ({ language: c.language, supported: c.supported, reason: c.reason, reason_code: c.reasonCode })),
});

export const translationJson = (t: Translation) => ({
  summary: summaryJson(t.summary!),
  title: t.title,
  description: t.description,
  slides_content: t.slidesContent,
  script_content: t.scriptContent,
  generated_content: t.generatedContent ? contentFromMessage(t.generatedContent) : null,
});
