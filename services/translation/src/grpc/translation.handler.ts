// Transport only: proto <-> domain. Errors travel as AppError -> gRPC status (platform wrapper).
import { contentToMessage, messageToProto, type AccessTable, type UnaryHandlers } from '@trainwright/platform';
import type { GlossaryTerm, Translation, TranslationServiceService, TranslationSummary } from '@trainwright/proto/trainwright/translation/v1/translation';
import { createGlossaryTerm } from '../services/glossary/create-glossary-term.js';
import { deleteGlossaryTerm } from '../services/glossary/delete-glossary-term.js';
import type { GlossaryDeps } from '../services/glossary/deps.js';
import { glossaryFields } from '../services/glossary/glossary-fields.js';
import { listGlossary } from '../services/glossary/list-glossary.js';
import { updateGlossaryTerm } from '../services/glossary/update-glossary-term.js';
import { isStale } from '../services/staleness.js';
import { deleteTranslation } from '../services/translations/delete-translation.js';
import type { TranslationDeps } from '../services/translations/deps.js';
import { exportXliff } from '../services/translations/export-xliff.js';
import { getRenderContent } from '../services/translations/get-render-content.js';
import { getTranslation } from '../services/translations/get-translation.js';
import { importXliff } from '../services/translations/import-xliff.js';
import { listTranslations } from '../services/translations/list-translations.js';
import type { TranslationOverview } from '../services/translations/overview.js';
import { setPrimaryLanguage } from '../services/translations/set-primary-language.js';
import { startTranslations } from '../services/translations/start-translations.js';
import { translateTexts } from '../services/translations/translate-texts.js';
import { updateTranslatedSlide } from '../services/translations/update-translated-slide.js';
import type { GlossaryTermRecord, ProjectInfo, TranslationRecord, TranslationWithContent } from '../services/types.js';

/** `project` as it is now decides `stale`; without it (media-render's render content) a translation is not stale. */
export function toProtoSummary(t: TranslationRecord, project?: ProjectInfo): TranslationSummary {
  return {
    id: t.id,
    projectId: t.projectId,
    companyId: t.companyId,
    targetLanguage: t.language,
    sourceLanguage: t.sourceLanguage,
    status: t.status,
    progress: t.progress,
    engine: t.engine,
    error: t.error,
    errorMessage: messageToProto(t.errorMessage),
    sourceVersion: t.sourceVersion,
    stale: project ? isStale(t, project) : false,
    version: t.version,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
    warnings: t.warnings,
    unknownWords: t.unknownWords,
    // Completed with words the engine could not translate: a person should look before it is used.
    needsReview: t.status === 'completed' && t.unknownWords.length > 0,
  };
}

export function toProtoTranslation(t: TranslationWithContent, project?: ProjectInfo): Translation {
  const c = t.content;
  return {
    summary: toProtoSummary(t, project),
    title: c?.title ?? '',
    description: c?.description ?? '',
    slidesContent: c?.slidesContent ?? '',
    scriptContent: c?.scriptContent ?? '',
    generatedContent: c?.generatedContent ? contentToMessage(c.generatedContent) : undefined,
  };
}

function toProtoTerm(t: GlossaryTermRecord): GlossaryTerm {
  return {
    id: t.id,
    companyId: t.companyId,
    term: t.term,
    sourceLanguage: t.sourceLanguage,
    targetLanguage: t.targetLanguage,
    translation: t.translation,
    caseSensitive: t.caseSensitive,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
  };
}

function overview(o: TranslationOverview) {
  return {
    translations: o.translations.map((t) => toProtoSummary(t, o.project)),
    primaryLanguage: o.primaryLanguage,
    availableLanguages: o.availableLanguages,
    engine: o.engine,
    capabilities: o.capabilities,
  };
}

/**
 * How each method reaches company data (platform access.ts): the server refuses to answer a method
 * that names an action unless the access check decided. A new method needs its line here.
 */
export const translationAccess: AccessTable<typeof TranslationServiceService> = {
  listTranslations: { action: 'project.read' },
  startTranslations: { action: 'project.update' },
  getTranslation: { action: 'project.read' },
  deleteTranslation: { action: 'project.update' },
  updateTranslatedSlide: { action: 'project.update' },
  setPrimaryLanguage: { action: 'project.update' },
  exportXliff: { action: 'project.read' },
  importXliff: { action: 'project.update' },
  listGlossary: { action: 'company.read' },
  createGlossaryTerm: { action: 'glossary.update' },
  updateGlossaryTerm: { action: 'glossary.update' },
  deleteGlossaryTerm: { action: 'glossary.update' },
  getRenderContent: { internal: 'the render worker and previews of media-render, after their own check' },
  translateTexts: { internal: 'scorm\'s translated interactive videos, after their own check' },
};

export function createTranslationHandlers(deps: { translations: TranslationDeps; glossary: GlossaryDeps }): UnaryHandlers<typeof TranslationServiceService> {
  const { translations, glossary } = deps;
  return {
    listTranslations: async (r) => overview(await listTranslations(translations, r.userId, r.projectId)),
    startTranslations: async (r) => overview(await startTranslations(translations, r.userId, r.projectId, r.targetLanguages)),
    getTranslation: async (r) => {
      const { translation, project } = await getTranslation(translations, r.userId, r.projectId, r.language);
      return toProtoTranslation(translation, project);
    },
    deleteTranslation: async (r) => ({ language: (await deleteTranslation(translations, r.userId, r.projectId, r.language)).language }),
    updateTranslatedSlide: async (r) => {
      const { translation, project } = await updateTranslatedSlide(translations, r.userId, r.projectId, r.language, r.slideIndex, { title: r.title, points: r.points, notes: r.notes }, r.version);
      return toProtoTranslation(translation, project);
    },
    setPrimaryLanguage: async (r) => setPrimaryLanguage(translations, r.userId, r.projectId, r.language),
    exportXliff: async (r) => exportXliff(translations, r.userId, r.projectId, r.language),
    importXliff: async (r) => {
      const { translation, project } = await importXliff(translations, r.userId, r.projectId, r.language, r.xml);
      return toProtoTranslation(translation, project);
    },
    listGlossary: async (r) => ({ terms: (await listGlossary(glossary, r.userId, r.companyId)).map(toProtoTerm) }),
    createGlossaryTerm: async (r) => toProtoTerm(await createGlossaryTerm(glossary, r.userId, r.companyId, glossaryFields(r))),
    updateGlossaryTerm: async (r) => toProtoTerm(await updateGlossaryTerm(glossary, r.userId, r.companyId, r.id, glossaryFields(r))),
    deleteGlossaryTerm: async (r) => {
      await deleteGlossaryTerm(glossary, r.userId, r.companyId, r.id);
      return { id: r.id };
    },
    getRenderContent: async (r) => toProtoTranslation(await getRenderContent(translations, r.projectId, r.language)),
    translateTexts: async (r) => translateTexts(translations, { companyId: r.companyId, projectId: r.projectId, from: r.sourceLanguage, to: r.targetLanguage, texts: r.texts }),
  };
}
