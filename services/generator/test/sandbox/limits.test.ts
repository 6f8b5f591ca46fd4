// The page limit inside the readers (checked before any page is read), and the reader's worker
// thread giving the same document as reading in-process.
import { extractDocument, IngestError } from '../../src/ingest/index.js';
import { readDocumentInWorker } from '../../src/sandbox/sandboxed-reader.js';
import { WorkerSupervisor } from '@trainwright/platform';
import { DECK, makePptx } from '../ingest/fixtures.js';
import { manyPagesPdf } from './fixtures.js';

const LIMITS = { maxPages: 100, maxChars: 2_000_000, timeoutMs: 30_000, maxMemoryMb: 256 };

describe('page limits', () => {
  it('should refuse a PDF with more pages than the limit, naming it', async () => {
    const error = await extractDocument({ bytes: manyPagesPdf(12), filename: 'a.pdf' }, { maxPages: 10 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IngestError);
    expect(error).toMatchObject({ code: 'limit', retryable: false, message: 'The document has 12 pages, more than the limit of 10 pages. Please upload a shorter document or split it into parts.' });
    await expect(extractDocument({ bytes: manyPagesPdf(10), filename: 'a.pdf' }, { maxPages: 10 })).resolves.toMatchObject({ format: 'pdf' });
  });

  it('should refuse a PowerPoint deck with more slides than the limit', async () => {
    const pptx = await makePptx();
    await expect(extractDocument({ bytes: pptx, filename: 'deck.pptx' }, { maxPages: 1 })).rejects.toThrow(`The document has ${DECK.length} slides, more than the limit of 1 slide.`);
    await expect(extractDocument({ bytes: pptx, filename: 'deck.pptx' }, { maxPages: DECK.length })).resolves.toMatchObject({ format: 'pptx' });
  });
});

describe('readDocumentInWorker', () => {
  const supervisor = new WorkerSupervisor();
  afterAll(() => supervisor.closeAll());

  it('should read in a worker thread the document read in-process', async () => {
    const pdf = manyPagesPdf(30);
    expect(await readDocumentInWorker(supervisor, { bytes: pdf, filename: 'a.pdf' }, LIMITS)).toEqual(await extractDocument({ bytes: pdf, filename: 'a.pdf' }));
    const pptx = await makePptx();
    expect(await readDocumentInWorker(supervisor, { bytes: pptx, filename: 'deck.pptx' }, LIMITS)).toEqual(await extractDocument({ bytes: pptx, filename: 'deck.pptx' }));
    expect(supervisor.size).toBe(0);
  });

  it('should bring back the reader errors with their class and retry flag', async () => {
    const error = await readDocumentInWorker(supervisor, { bytes: Buffer.from('not a pdf at all'), filename: 'a.pdf' }, LIMITS).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IngestError);
    expect(error).toMatchObject({ code: 'invalid', retryable: false, message: 'The file is not a valid PDF.' });
  });
});
