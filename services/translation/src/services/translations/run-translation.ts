// The `translate` job: one language of one start. A void run (restarted, deleted) ends without
// writing; no translation stays 'translating' after the job's last attempt.
import { TRANSLATION_MESSAGES, catalogueMessage } from '@trainwright/catalogue';
import { failure, failureOf, JobError } from '@trainwright/platform';
import { charactersOf } from './characters.js';
import type { TranslationDeps } from './deps.js';

export async function runTranslation(
  deps: Pick<TranslationDeps, 'store' | 'translator' | 'projects' | 'glossary' | 'progressEvents' | 'logger' | 'maxChars'>,
  translationId: string,
  runId: string,
  attempt: { last: boolean },
): Promise<'completed' | 'failed' | 'void'> {
  const translation = await deps.store.findById(translationId);
  if (!translation || translation.runId !== runId) return 'void';
  if (translation.status === 'completed' || translation.status === 'failed') return translation.status;
  const route = deps.translator.route(translation.sourceLanguage, translation.language);
  if (!route.ok) {
    // The engine's own words (no catalogue message).
    await deps.store.fail(translationId, runId, failure(route.reason));
    return 'failed';
  }
  if (!(await deps.store.begin(translationId, runId))) return 'void';
  try {
    const { project, content } = await deps.projects.source(translation.projectId);
    if (project.primaryLanguage !== translation.sourceLanguage) {
      await deps.store.fail(translationId, runId, failure(catalogueMessage(TRANSLATION_MESSAGES, 'failed')));
      return 'failed';
    }
    if (charactersOf(content) > deps.maxChars) {
      await deps.store.fail(translationId, runId, failure(catalogueMessage(TRANSLATION_MESSAGES, 'tooLong', deps.maxChars)));
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
    // translation's, so none stays 'translating'. An engine's words are its own (no catalogue
    // message); a service's refusal keeps its id; a fault is the generic message.
    if (error instanceof JobError && !error.retryable) {
      await deps.store.fail(translationId, runId, failureOf(error, catalogueMessage(TRANSLATION_MESSAGES, 'failed')));
      return 'failed';
    }
    if (attempt.last) {
      deps.logger.error({ err: error, translationId }, 'translation failed');
      await deps.store.fail(translationId, runId, failureOf(error, catalogueMessage(TRANSLATION_MESSAGES, 'failed')));
      return 'failed';
    }
    throw error;
  }
}
