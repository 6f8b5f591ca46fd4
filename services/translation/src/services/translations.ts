// The translation operations: a project's translations (list, start, read, delete), the job that
// translates one language, the content media-render renders, and the texts that go with a
// project's content (its interactive video's) that scorm packages. Tenancy: the project service
// answers a project only to a member of its company; roles come from the caller's membership.
import {
  CONTENT_LANGUAGES,
  TIERS,
  TRANSLATION_MESSAGES,
  catalogueMessage,
  isContentLanguage,
  translationTargetsProblem,
} from '@trainwright/catalogue';
import { AppError, isUuid, JobError, type Logger } from '@trainwright/platform';
import { projectAccess } from './project-access.js';
import type { ContentTranslator, GlossaryStore, Memberships, ProgressEvents, ProjectDirectory, TranslationJobs, TranslationStore } from './ports.js';
import type { ProjectContent, ProjectInfo, TranslationRecord, TranslationWithContent } from './types.js';
import { randomUUID } from 'node:crypto';

export interface TranslationDeps {
  store: TranslationStore;
  glossary: Pick<GlossaryStore, 'list'>;
  projects: ProjectDirectory;
  memberships: Memberships;
  jobs: TranslationJobs;
  translator: ContentTranslator;
  progressEvents: ProgressEvents;
  logger: Logger;
  /** Characters of text one translation may hold (every text of the project together). */
  maxChars: number;
  newRunId?: () => string;
}

/** Every text of the content, counted as the engine would receive it. */
function charactersOf(content: ProjectContent | readonly string[]): number {
  return JSON.stringify(content).length;
}

/** Texts that go with a project's content, to translate from its language into another. */
export interface TextsRequest {
  /** Whose glossary and translation memory apply. */
  companyId: string;
  projectId: string;
  from: string;
  to: string;
  texts: readonly string[];
}

export interface LanguageCapability {
  language: string;
  supported: boolean;
  reason: string;
  /** The reason as a code the screens translate ('offline_no_pair'; '' when supported or unnamed). */
  reasonCode: string;
}

export interface TranslationOverview {
  translations: TranslationRecord[];
  primaryLanguage: string;
  availableLanguages: string[];
  engine: string;
  capabilities: LanguageCapability[];
  /** The project as it is now (a translation of other content is stale: isStale). */
  project: ProjectInfo;
}

/** Languages one request may start (every plan language but the primary). */
const MAX_TARGETS = CONTENT_LANGUAGES.length - 1;

export function createTranslationOperations(deps: TranslationDeps) {
  const newRunId = deps.newRunId ?? randomUUID;

  const access = (userId: string, projectId: string, action: 'project.read' | 'project.update') => projectAccess(deps, userId, projectId, action);

  async function overview(project: ProjectInfo, tier: keyof typeof TIERS): Promise<TranslationOverview> {
    const translations = await deps.store.list(project.id);
    const done = translations.filter((t) => t.status === 'completed' && t.language !== project.primaryLanguage).map((t) => t.language);
    const capabilities = TIERS[tier].limits.languages
      .filter((code) => code !== project.primaryLanguage)
      .map((language) => {
        const route = deps.translator.route(project.primaryLanguage, language);
        return { language, supported: route.ok, reason: route.ok ? '' : route.reason, reasonCode: route.ok ? '' : (route.code ?? '') };
      });
    return {
      translations,
      primaryLanguage: project.primaryLanguage,
      availableLanguages: [project.primaryLanguage, ...done],
      engine: deps.translator.engine,
      capabilities,
      project,
    };
  }

  async function existing(projectId: string, language: string): Promise<TranslationWithContent> {
    const translation = await deps.store.find(projectId, language);
    if (!translation) throw AppError.notFound(catalogueMessage(TRANSLATION_MESSAGES, 'notFound'));
    return translation;
  }

  return {
    async list(userId: string, projectId: string): Promise<TranslationOverview> {
      const { project, membership } = await access(userId, projectId, 'project.read');
      return overview(project, membership.ownerTier);
    },

    /** Queues a translation of the project's current content into each language (again for one that exists). */
    async start(userId: string, projectId: string, targetLanguages: string[]): Promise<TranslationOverview> {
      const targets = [...new Set(targetLanguages.map((code) => code.trim().toLowerCase()))];
      if (targets.length > MAX_TARGETS) throw AppError.validation('target_languages', catalogueMessage(TRANSLATION_MESSAGES, 'tooManyLanguages', MAX_TARGETS));
      const { project, membership } = await access(userId, projectId, 'project.update');
      const problem = translationTargetsProblem(membership.ownerTier, project.primaryLanguage, targets);
      if (problem) throw problem.status === 403 ? new AppError('PLAN_LIMIT_REACHED', problem.message) : AppError.validation(problem.field, problem.message);
      if (!project.hasContent) throw new AppError('CONFLICT', catalogueMessage(TRANSLATION_MESSAGES, 'noContent'));
      const started = await deps.store.start(
        targets.map((language) => ({
          projectId: project.id,
          companyId: project.companyId,
          language,
          sourceLanguage: project.primaryLanguage,
          sourceVersion: project.contentVersion,
          sourceHash: project.sourceHash,
          runId: newRunId(),
        })),
      );
      for (const t of started) await deps.jobs.enqueue(t.id, t.runId);
      return overview(project, membership.ownerTier);
    },

    /** One translation, and the project as it is now (isStale). */
    async get(userId: string, projectId: string, language: string): Promise<{ translation: TranslationWithContent; project: ProjectInfo }> {
      const { project } = await access(userId, projectId, 'project.read');
      return { translation: await existing(projectId, language), project };
    },

    async remove(userId: string, projectId: string, language: string): Promise<TranslationRecord> {
      await access(userId, projectId, 'project.update');
      const removed = await deps.store.remove(projectId, language);
      if (!removed) throw AppError.notFound(catalogueMessage(TRANSLATION_MESSAGES, 'notFound'));
      return removed;
    },

    /** Internal (media-render): a completed translation's content. */
    async renderContent(projectId: string, language: string): Promise<TranslationWithContent> {
      const translation = await existing(projectId, language);
      if (translation.status !== 'completed' || !translation.content) throw new AppError('CONFLICT', catalogueMessage(TRANSLATION_MESSAGES, 'notCompleted', language));
      return translation;
    },

    /**
     * Internal (scorm): texts that go with the project's content (its interactive video's
     * elements) translated as the content is, with the company's glossary and translation memory.
     * No route, or an engine's final failure: CONFLICT with its reason; a failure worth another
     * try: UNAVAILABLE.
     */
    async translateTexts(request: TextsRequest): Promise<{ texts: string[]; engine: string }> {
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
    },

    /** The `translate` job: one language of one start. A void run (restarted, deleted) ends without writing. */
    async run(translationId: string, runId: string, attempt: { last: boolean }): Promise<'completed' | 'failed' | 'void'> {
      const translation = await deps.store.findById(translationId);
      if (!translation || translation.runId !== runId) return 'void';
      if (translation.status === 'completed' || translation.status === 'failed') return translation.status;
      const route = deps.translator.route(translation.sourceLanguage, translation.language);
      if (!route.ok) {
        await deps.store.fail(translationId, runId, route.reason);
        return 'failed';
      }
      if (!(await deps.store.begin(translationId, runId))) return 'void';
      try {
        const { project, content } = await deps.projects.source(translation.projectId);
        if (project.primaryLanguage !== translation.sourceLanguage) {
          await deps.store.fail(translationId, runId, TRANSLATION_MESSAGES.failed);
          return 'failed';
        }
        if (charactersOf(content) > deps.maxChars) {
          await deps.store.fail(translationId, runId, TRANSLATION_MESSAGES.tooLong(deps.maxChars));
          return 'failed';
        }
        // The company's whole glossary: the translator applies the rules of the pair (termsFor).
        const glossary = await deps.glossary.list(translation.companyId);
        const result = await deps.translator.translate(content, {
          companyId: translation.companyId,
          from: translation.sourceLanguage,
          to: translation.language,
          glossary,
          onProgress: async (percent) => {
            const updated = await deps.store.progress(translationId, runId, percent);
            if (updated) await deps.progressEvents.progress(updated);
          },
        });
        const done = await deps.store.complete(translationId, runId, { ...result, sourceContent: content }, { version: project.contentVersion, hash: project.sourceHash });
        return done ? 'completed' : 'void';
      } catch (error) {
        // An engine's final answer fails the translation at once; anything else (an engine or a
        // service that did not answer) is tried again, and the last attempt's failure is the
        // translation's, so none stays 'translating'.
        if (error instanceof JobError && !error.retryable) {
          await deps.store.fail(translationId, runId, error.message);
          return 'failed';
        }
        if (attempt.last) {
          deps.logger.error({ err: error, translationId }, 'translation failed');
          await deps.store.fail(translationId, runId, error instanceof AppError || error instanceof JobError ? error.message : TRANSLATION_MESSAGES.failed);
          return 'failed';
        }
        throw error;
      }
    },

    /** The job's workers kept dying: the translation fails instead of waiting for ever. */
    async abandon(translationId: string, runId: string): Promise<void> {
      await deps.store.fail(translationId, runId, TRANSLATION_MESSAGES.failed);
    },

    /** project.deleted: its translations go with it. */
    forgetProject(projectId: string, eventId: string): Promise<void> {
      return deps.store.removeProject(projectId, eventId);
    },
  };
}

export type TranslationOperations = ReturnType<typeof createTranslationOperations>;
