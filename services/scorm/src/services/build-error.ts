import { JobError } from '@trainwright/platform';

/**
 * A failed package build or interactive video preparation (a JobError: one that is not
 * `retryable` ends the job at once); a service away is retryable.
 */
export class BuildError extends JobError {
  constructor(message: string, retryable: boolean) {
    super(message, retryable);
    this.name = 'BuildError';
  }
}
