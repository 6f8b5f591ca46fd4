// Parses an uploaded XLIFF document in a worker thread (repositories/xliff-reader.ts runs it under
// the platform's WorkerSupervisor): the service's event loop never runs the parser on untrusted input.
import { parentPort, workerData } from 'node:worker_threads';
import { serializeError, type WorkerMessage } from '@trainwright/platform/worker-sandbox';
import { fromXliff, type XliffExpectation } from '../text/xliff.js';

const { xml, expected } = workerData as { xml: string; expected: XliffExpectation };
let message: WorkerMessage;
try {
  message = { type: 'result', value: fromXliff(xml, expected) };
} catch (error) {
  message = { type: 'error', error: serializeError(error) };
}
parentPort!.postMessage(message);
