// Parses an uploaded XLIFF document in a worker thread (repositories/xliff-reader.ts runs it under
// the platform's WorkerSupervisor): the service's event loop never runs the parser on untrusted input.
// A fresh thread for each document (never kept).
import { serveTasks } from '@trainwright/platform/worker-sandbox';
import { fromXliff, type XliffExpectation } from '../text/xliff.js';

serveTasks(async ({ xml, expected }: { xml: string; expected: XliffExpectation }) => fromXliff(xml, expected));
