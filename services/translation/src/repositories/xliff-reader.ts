// Reads an uploaded XLIFF document off the event loop: a worker thread with a heap and a time
// limit (sandbox/xliff-worker.ts under the platform's WorkerSupervisor). A document the parser
// refuses, or one that outgrows the limits, is a 400 with the reason.
import { AppError, compiledWorkerScript, type WorkerSupervisor } from '@trainwright/platform';
import type { XliffReader } from '../services/translations/deps.js';
import type { XliffUnit } from '../text/xliff.js';

const LIMITS = { timeoutMs: 10_000, maxMemoryMb: 256 };
// The worker module as this module runs (.ts from sources in tests, .js from dist): its compiled file.
const extension = import.meta.url.slice(import.meta.url.lastIndexOf('.'));
const script = compiledWorkerScript(new URL(`../sandbox/xliff-worker${extension}`, import.meta.url).href, 'xliff-worker');

export class XliffReaderRepository implements XliffReader {
  constructor(private readonly sandbox: WorkerSupervisor) {}

  async read(xml: string, expected: { sourceLanguage: string; targetLanguage: string; unitIds: ReadonlySet<string> }) {
    const outcome = await this.sandbox.run<{ sourceLanguage: string; targetLanguage: string; units: XliffUnit[] }>(script, { workerData: { xml, expected } }, LIMITS);
    switch (outcome.kind) {
      case 'ok':
        return outcome.value;
      case 'error':
        if (outcome.error.name === 'XliffError') throw AppError.validation('xliff', outcome.error.message);
        throw new Error(`XLIFF worker: ${outcome.error.message}`);
      case 'timeout':
      case 'out_of_memory':
        throw AppError.validation('xliff', 'The XLIFF document is too large or too complex to read.');
      default:
        throw new Error(`XLIFF worker ${outcome.kind}`);
    }
  }
}
