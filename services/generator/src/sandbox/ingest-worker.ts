// Worker thread entry: reads one uploaded document into a SourceDocument (see sandboxed-reader.ts).
import { parentPort, workerData } from 'node:worker_threads';
import { extractDocument, type ExtractOptions } from '../ingest/index.js';
import { serializeError, type WorkerMessage } from '@trainwright/platform/worker-sandbox';

export interface IngestWorkerData {
  bytes: Uint8Array;
  filename: string;
  options: Omit<ExtractOptions, 'onChildProcess'>;
}

const port = parentPort!;
const post = (message: WorkerMessage): void => port.postMessage(message);
const { bytes, filename, options } = workerData as IngestWorkerData;
try {
  const document = await extractDocument(
    { bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), filename },
    { ...options, onChildProcess: (pid) => post({ type: 'child', pid }) }
  );
  post({ type: 'result', value: document });
} catch (error) {
  post({ type: 'error', error: serializeError(error) });
}
