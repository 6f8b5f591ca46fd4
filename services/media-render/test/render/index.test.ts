import { writeFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { DOCUMENT_FORMATS, RenderError, type RenderInput } from '../../src/domain/types.js';
import { renderDocument, renderTxt } from '../../src/render/index.js';
import { flat, pdfInfo, pdfText, tempDir } from './consumers.js';
import { fireSafetyInput } from './fixtures.js';

const MAGIC: Record<(typeof DOCUMENT_FORMATS)[number], string> = { pptx: 'PK', docx: 'PK', pdf: '%PDF-', txt: 'Fire Safety Training' };

describe('renderDocument', () => {
  it.each(DOCUMENT_FORMATS.map((f) => [f]))('should render %s', async (format) => {
    const bytes = await renderDocument(format, fireSafetyInput());
    expect(Buffer.isBuffer(bytes)).toBe(true);
    expect(bytes.subarray(0, MAGIC[format].length).toString()).toBe(MAGIC[format]);
  });

  it('should return the text export as UTF-8 bytes', async () => {
    const bytes = await renderDocument('txt', fireSafetyInput());
    expect(bytes.toString('utf8')).toBe(renderTxt(fireSafetyInput()));
    expect(bytes.toString('utf8')).toContain('Пожарная безопасность');
  });

  it('should refuse an unknown format with a RenderError', async () => {
    await expect(renderDocument('odt' as never, fireSafetyInput())).rejects.toThrow(
      new RenderError("Unknown document format 'odt'; expected one of pptx, pdf, docx, txt."),
    );
  });

  it.each(DOCUMENT_FORMATS.map((f) => [f]))(
    'should turn a failure inside the %s renderer into a RenderError naming the document',
    async (format) => {
      const input = fireSafetyInput();
      Object.defineProperty(input, 'objectives', {
        get() {
          throw new TypeError('objectives exploded');
        },
      });
      const names = { pptx: 'PowerPoint deck', pdf: 'PDF guide', docx: 'Word manual', txt: 'text export' };
      const failure = renderDocument(format, input);
      await expect(failure).rejects.toBeInstanceOf(RenderError);
      await expect(failure).rejects.toThrow(`Could not render the ${names[format]}: objectives exploded`);
      await expect(failure).rejects.toMatchObject({ retryable: false });
    },
  );

  it.each(DOCUMENT_FORMATS.map((f) => [f]))('should refuse missing input with a clear RenderError (%s)', async (format) => {
    await expect(renderDocument(format, null as unknown as RenderInput)).rejects.toThrow(
      new RenderError('Nothing to render: the render input is missing.'),
    );
    await expect(renderDocument(format, { ...fireSafetyInput(), deck: { title: 'x' } as never })).rejects.toThrow(
      'Nothing to render: the content has no slide deck.',
    );
  });
});

describe('a deck without slides', () => {
  it.each(DOCUMENT_FORMATS.map((f) => [f]))('should render %s with only the title', async (format) => {
    const bytes = await renderDocument(format, fireSafetyInput({ deck: { title: '', slides: [] } }));
    expect(bytes.subarray(0, MAGIC[format].length).toString()).toBe(MAGIC[format]);
  });
});

describe('malformed style and content', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await tempDir('malformed');
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  // Data from an old or hand-edited template: colours, fonts and layout that are not valid.
  const malformed = (): RenderInput =>
    fireSafetyInput({
      style: {
        ...fireSafetyInput().style,
        colors: { primary: 'red', secondary: '#12', accent: '', background: '#000000', text: '#000000' },
        fonts: { heading: 'Comic Sans' as never, body: undefined as never },
        layout: 'carousel' as never,
      },
      questions: [{ prompt: 'Broken question', options: [null, { text: 42 }] as never, explanation: undefined as never }],
      glossary: [
        { term: 'Kept', definition: undefined as never },
        { term: '', definition: 'dropped: no term' },
      ],
      objectives: ['Kept objective', 7 as never],
    });

  it.each(DOCUMENT_FORMATS.map((f) => [f]))('should still render %s with fallbacks', async (format) => {
    const bytes = await renderDocument(format, malformed());
    expect(bytes.subarray(0, MAGIC[format].length).toString()).toBe(MAGIC[format]);
  });

  it('should give readable PDF text in the fallback colours and fonts', async () => {
    const path = join(dir, 'malformed.pdf');
    await writeFile(path, await renderDocument('pdf', malformed()));
    expect((await pdfInfo(path)).Title).toBe('Fire Safety Training');
    const text = flat(await pdfText(path));
    expect(text).toContain('1. Broken question A. B.');
    expect(text).toContain('Kept objective');
    expect(text).not.toContain('dropped: no term');
  });
});
