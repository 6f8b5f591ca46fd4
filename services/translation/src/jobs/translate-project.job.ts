// The `translate` queue's job: one language of one start of a project's translation. A run that
// was restarted or deleted meanwhile ends without writing; an engine fault is retried with backoff
// and the last attempt's failure is the translation's.
import { TRANSLATE_PROJECT_JOB, handleJob } from '@trainwright/platform';
import type { TranslationOperations } from '../services/translations.js';

export function translateProjectJob(deps: { translations: Pick<TranslationOperations, 'run' | 'abandon'> }) {
  return handleJob(
    TRANSLATE_PROJECT_JOB,
    async ({ translationId, runId }, job) => deps.translations.run(translationId, runId, { last: job.attempt >= job.maxAttempts }),
    {
      // Every attempt's worker died: the translation fails instead of waiting for ever.
      abandoned: async ({ translationId, runId }) => deps.translations.abandon(translationId, runId),
    },
  );
}
