// Parses an uploaded XLIFF document in a worker thread (repositories/xliff-reader.ts starts it):
// the service's event loop never runs the parser on untrusted input.
import { parentPort, workerData } from 'node:worker_threads';
import { fromXliff, type XliffExpectation } from '../text/xliff.js';

const { xml, expected } = workerData as { xml: string; expected: XliffExpectation };
try {
  parentPort!.postMessage({ ok: true, value: fromXliff(xml, expected) });
} catch (error) {
  parentPort!.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error), xliff: (error as Error).name === 'XliffError' });
}
