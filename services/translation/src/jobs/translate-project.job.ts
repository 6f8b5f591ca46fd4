// The `translate` queue's job: one language of one start of a project's translation. A run that
// was restarted or deleted meanwhile ends without writing; an engine fault is retried with backoff
// and the last attempt's failure is the translation's.
import { TRANSLATE_PROJECT_JOB, handleJob } from '@trainwright/platform';
import { abandonTranslation } from '../services/translations/abandon-translation.js';
import type { TranslationDeps } from '../services/translations/deps.js';
import { runTranslation } from '../services/translations/run-translation.js';

export function translateProjectJob(deps: TranslationDeps) {
  return handleJob(
    TRANSLATE_PROJECT_JOB,
    async ({ translationId, runId }, job) => runTranslation(deps, translationId, runId, { last: job.attempt >= job.maxAttempts }),
    {
      // Every attempt's worker died: the translation fails instead of waiting for ever.
      abandoned: async ({ translationId, runId }) => abandonTranslation(deps, translationId, runId),
    },
  );
}
