// Reads an uploaded XLIFF document off the event loop: a worker thread with a heap and a time
// limit (sandbox/xliff-worker.ts). A document the parser refuses is a 400 with its reason.
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { AppError } from '@trainwright/platform';
import type { XliffExpectation, XliffUnit } from '../text/xliff.js';
import type { XliffReader } from '../services/ports.js';

const TIMEOUT_MS = 10_000;
const MAX_MEMORY_MB = 256;

/** The compiled worker: beside this file in dist, or under dist when this runs from sources (tests). */
function workerScript(): string {
  const here = import.meta.url;
  return fileURLToPath(here.endsWith('.ts') ? new URL('../../dist/src/sandbox/xliff-worker.js', here) : new URL('../sandbox/xliff-worker.js', here));
}

export class XliffReaderRepository implements XliffReader {
  read(xml: string, expected: XliffExpectation): Promise<{ sourceLanguage: string; targetLanguage: string; units: XliffUnit[] }> {
    return new Promise((resolve, reject) => {
      const worker = new Worker(workerScript(), { workerData: { xml, expected }, resourceLimits: { maxOldGenerationSizeMb: MAX_MEMORY_MB } });
      let settled = false;
      const settle = (fn: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        fn();
        void worker.terminate();
      };
      const timer = setTimeout(() => settle(() => reject(AppError.validation('xliff', 'The XLIFF document took too long to read.'))), TIMEOUT_MS);
      worker.once('message', (m: { ok: true; value: { sourceLanguage: string; targetLanguage: string; units: XliffUnit[] } } | { ok: false; message: string; xliff: boolean }) =>
        settle(() => (m.ok ? resolve(m.value) : reject(m.xliff ? AppError.validation('xliff', m.message) : new Error(m.message)))),
      );
      worker.once('error', (error) => settle(() => reject(AppError.validation('xliff', `The XLIFF document could not be read (${error.message}).`))));
      worker.once('exit', () => settle(() => reject(new Error('the XLIFF worker exited without an answer'))));
    });
  }
}
