// Reads an uploaded document in a worker thread with the configured limits. What the worker
// says maps onto the job's retry rules:
// - the file is refused (invalid, too many pages, ...) or reading passes the time limit: an
//   IngestError, not retryable (the same bytes give the same answer), with a message naming the limit;
// - the worker ran out of memory or died: a retryable GenerationError (the queue tries again with
//   backoff; the last attempt's message names the memory limit);
// - the service is stopping: retryable, so the job runs again after the restart.
import { GENERATION_FAILURES, catalogueMessage, type CatalogueMessage } from '@trainwright/catalogue';
import { AppError, ERROR_CODES, type ErrorCode } from '@trainwright/platform';
import { GenerationError, type SourceDocument } from '../domain/types.js';
import { IngestError, type ExtractOptions, type IngestErrorCode } from '../ingest/index.js';
import { DEFAULT_CONVERSION_TIMEOUT_MS } from '../ingest/legacy.js';
import type { IngestWorkerData } from './ingest-worker.js';
import { compiledWorkerScript, type SerializedError, type WorkerLimits, type WorkerOutcome, type WorkerSupervisor } from '@trainwright/platform';

export interface DocumentLimits extends WorkerLimits {
  maxPages: number;
  maxChars: number;
}


export async function readDocumentInWorker(
  supervisor: WorkerSupervisor,
  file: { bytes: Buffer; filename: string },
  limits: DocumentLimits,
  options: Pick<ExtractOptions, 'libreOfficePath' | 'zipLimits'> = {},
  script = compiledWorkerScript(import.meta.url, 'ingest-worker')
): Promise<SourceDocument> {
  if (file.bytes.length === 0) throw IngestError.emptyFile();
  // A copy the worker owns: transferring it costs nothing and leaves the caller's buffer intact.
  const bytes = new Uint8Array(file.bytes);
  const workerData: IngestWorkerData = {
    bytes,
    filename: file.filename,
    options: {
      ...options,
      maxPages: limits.maxPages,
      maxChars: limits.maxChars,
      // A LibreOffice conversion ends before the worker's own time limit.
      timeoutMs: Math.max(1000, Math.min(DEFAULT_CONVERSION_TIMEOUT_MS, limits.timeoutMs - 1000)),
    },
  };
  const outcome = await supervisor.run<SourceDocument>(script, { workerData, transferList: [bytes.buffer] }, limits);
  return valueOf(outcome, {
    timeLimit: () => IngestError.timeLimit(limits.timeoutMs),
    memoryLimit: catalogueMessage(GENERATION_FAILURES, 'readMemoryLimit', limits.maxMemoryMb),
    crashed: catalogueMessage(GENERATION_FAILURES, 'readerCrashed'),
  });
}

/** A worker's value, or the error the job's retry rules expect for how it ended. */
export function valueOf<T>(outcome: WorkerOutcome<T>, messages: { timeLimit: () => Error; memoryLimit: CatalogueMessage; crashed: CatalogueMessage }): T {
  switch (outcome.kind) {
    case 'ok':
      return outcome.value;
    case 'error':
      throw workerError(outcome.error);
    case 'timeout':
      throw messages.timeLimit();
    case 'out_of_memory':
      throw new GenerationError(messages.memoryLimit, true);
    case 'stopped':
      throw new GenerationError(catalogueMessage(GENERATION_FAILURES, 'restarting'), true);
    case 'crashed':
      throw Object.assign(new GenerationError(messages.crashed, true), { cause: new Error(outcome.detail) });
  }
}

/** The worker's error as the class the job's retry rules (or a gRPC call's status) read. */
export function workerError(error: SerializedError): Error {
  if (error.name === 'AppError' && error.code !== undefined && error.code in ERROR_CODES) return new AppError(error.code as ErrorCode, error.message, error.detail, error.messageRef);
  // A catalogue message keeps its id across the worker's boundary.
  const message = error.messageRef ? { ...error.messageRef, text: error.message } : error.message;
  if (error.name === 'IngestError') return new IngestError((error.code ?? 'invalid') as IngestErrorCode, message);
  if (error.name === 'GenerationError' || error.name === 'JobError') return new GenerationError(message, error.retryable ?? false);
  // An unexpected error inside the reader: another attempt may help (an internal fault, not the input).
  return Object.assign(new Error(error.message), { name: error.name });
}
