// What the learning record store's operations use (composed in main.ts).
import type { XapiDocumentRepository } from '../../repositories/xapi-document.repository.js';
import type { RollupJobsRepository } from '../../repositories/rollup-jobs.repository.js';
import type { XapiStatementRepository } from '../../repositories/xapi-statement.repository.js';
import type { LrsAuthenticator } from './credentials.js';

export interface XapiOptions {
  /** The LRS's own home page: the authority of the statements it stores is an account there. */
  homePage: string;
  /** Statements one request may carry. */
  maxBatch: number;
  /** How far in the future a statement's timestamp may be (0: any). */
  maxFutureMs: number;
  /** Statements per page of a query, and the most a client may ask for with limit. */
  pageSize: number;
  /** Bytes of one State or profile document. */
  maxDocumentBytes: number;
}

export interface XapiDeps {
  auth: Pick<LrsAuthenticator, 'authenticate'>;
  statements: XapiStatementRepository;
  documents: XapiDocumentRepository;
  /** Queues the rollup of a company's new statements into the dashboards' sessions and answers. */
  rollups: Pick<RollupJobsRepository, 'schedule'>;
  options: XapiOptions;
}
