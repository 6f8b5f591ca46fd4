import type { CatalogueMessage } from '@trainwright/catalogue';
import { JobError } from '@trainwright/platform';

/**
 * A failed package build or interactive video preparation (a JobError: one that is not
 * `retryable` ends the job at once); a service away is retryable. A catalogue message
 * (`catalogueMessage(TABLE, key, ...args)`) keeps its id, so the failure stored names it.
 */
export class BuildError extends JobError {
  constructor(message: string | CatalogueMessage, retryable: boolean) {
    super(message, retryable);
    this.name = 'BuildError';
  }
}
