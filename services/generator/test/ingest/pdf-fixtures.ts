// Shared by pdf.test.ts and pdf.timed.test.ts: a 20-page text PDF, one chapter a page.
import { makePdf, prose } from './fixtures.js';

export function twentyPageManual(): Promise<{ bytes: Buffer; pageCount: number }> {
  return makePdf({
    title: 'Operations Manual',
    sections: Array.from({ length: 20 }, (_, i) => ({
      heading: `Chapter ${i + 1}`,
      paragraphs: Array.from({ length: 5 }, (_, p) => prose(i + 1, p + 1, 5)),
    })),
    pagePerSection: true,
  });
}
