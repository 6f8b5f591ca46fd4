// Worker thread entry: reads one uploaded document into a SourceDocument (see sandboxed-reader.ts).
// A fresh thread for each document (never kept): nothing a parsed file does outlives it.
import { parentPort } from 'node:worker_threads';
import { extractDocument, type ExtractOptions } from '../ingest/index.js';
import { serveTasks, type WorkerMessage } from '@trainwright/platform/worker-sandbox';

export interface IngestWorkerData {
  bytes: Uint8Array;
  filename: string;
  options: Omit<ExtractOptions, 'onChildProcess'>;
}

const post = (message: WorkerMessage): void => parentPort!.postMessage(message);
serveTasks(({ bytes, filename, options }: IngestWorkerData) =>
  extractDocument(
    { bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), filename },
    { ...options, onChildProcess: (pid) => post({ type: 'child', pid }) }
  )
);
