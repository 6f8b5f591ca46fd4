import { describe, expect, test } from '@jest/globals';
import JSZip from 'jszip';
import { extractDocument, IngestError } from '../../src/ingest/index.js';
import { DOCX_TEXT, MB, docxParts, hugeWordXml, makeDocx, makeZip, wordXml } from './fixtures.js';

const docx = await makeDocx();

async function expectIngestError(promise: Promise<unknown>, message: string): Promise<IngestError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught
  );
  expect(error).toBeInstanceOf(IngestError);
  expect((error as IngestError).message).toBe(message);
  expect((error as IngestError).retryable).toBe(false);
  return error as IngestError;
}

describe('docx', () => {
  test('sections follow the headings, in order and with their levels', async () => {
    const doc = await extractDocument({ bytes: docx, filename: 'onboarding.docx' });
    expect(doc.format).toBe('docx');
    expect(doc.origin).toBe('onboarding.docx');
    // The visible Title paragraph names the document, not the stale core property.
    expect(doc.title).toBe(DOCX_TEXT.title);
    expect(doc.sections.map((s) => [s.heading, s.level])).toEqual([
      ['', 0],
      ...DOCX_TEXT.headings.map((h) => [h.text, h.level]),
    ]);
    expect(doc.sections[0]!.paragraphs).toEqual([DOCX_TEXT.intro]);
  });

  test('bullets and numbered items become bullets, numbered ones with their numbers', async () => {
    const doc = await extractDocument({ bytes: docx, filename: 'onboarding.docx' });
    const started = doc.sections.find((s) => s.heading === 'Getting Started')!;
    expect(started.bullets).toEqual([
      ...DOCX_TEXT.bullets,
      ...DOCX_TEXT.numbered.map((text, i) => `${i + 1}. ${text}`),
    ]);
    expect(started.paragraphs).toEqual([]);
  });

  test('tables keep rows of cell text in the section they appear in', async () => {
    const doc = await extractDocument({ bytes: docx, filename: 'onboarding.docx' });
    const reference = doc.sections.find((s) => s.heading === 'Reference')!;
    expect(reference.tables).toEqual([DOCX_TEXT.table]);
    // Cell text is not repeated as paragraphs.
    expect(reference.paragraphs).toEqual([]);
  });

  test('accents, Cyrillic and CJK survive; comments become notes of their section', async () => {
    const doc = await extractDocument({ bytes: docx, filename: 'onboarding.docx' });
    const accounts = doc.sections.find((s) => s.heading === 'Accounts')!;
    expect(accounts.paragraphs).toEqual([DOCX_TEXT.international]);
    expect(accounts.notes).toEqual([DOCX_TEXT.comment]);
  });

  test('core title without a Title paragraph; outline levels, tabs, breaks, tracked changes, text boxes', async () => {
    const zip = await JSZip.loadAsync(docx);
    const body = wordXml(
      '<w:p><w:pPr><w:outlineLvl w:val="2"/></w:pPr><w:r><w:t>Custom outline heading</w:t></w:r></w:p>' +
        '<w:p><w:r><w:t xml:space="preserve">Text </w:t></w:r><w:r><w:tab/><w:t>after tab</w:t><w:br/><w:t>next line</w:t></w:r></w:p>' +
        '<w:p><w:pPr><w:pStyle w:val="Heading1"/><w:pPrChange><w:pPr><w:pStyle w:val="Heading2"/></w:pPr></w:pPrChange></w:pPr>' +
        '<w:r><w:t>Changed heading</w:t></w:r><w:del><w:r><w:delText>deleted words</w:delText></w:r></w:del></w:p>' +
        // A text box: Office writes it twice, as DrawingML (Choice) and as VML (Fallback).
        '<w:p><w:r><mc:AlternateContent xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006">' +
        '<mc:Choice Requires="wps"><w:drawing><w:txbxContent><w:p><w:r><w:t>once</w:t></w:r></w:p></w:txbxContent></w:drawing></mc:Choice>' +
        '<mc:Fallback><w:pict><w:txbxContent><w:p><w:r><w:t>twice</w:t></w:r></w:p></w:txbxContent></w:pict></mc:Fallback>' +
        '</mc:AlternateContent></w:r></w:p>'
    );
    zip.file('word/document.xml', body);
    const bytes = await zip.generateAsync({ type: 'nodebuffer' });
    const doc = await extractDocument({ bytes, filename: 'x.docx' });
    expect(doc.title).toBe('Stale template title');
    expect(doc.sections.map((s) => [s.heading, s.level])).toEqual([
      ['Custom outline heading', 3],
      ['Changed heading', 1],
    ]);
    expect(doc.sections[0]!.paragraphs).toEqual(['Text after tab\nnext line']);
    expect(doc.sections[1]!.paragraphs).toEqual(['once']);
  });

  test('numbering formats, heading numbering from the style, restarts and nested tables', async () => {
    const W_NS = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
    const numbering =
      `<w:numbering ${W_NS}>` +
      '<w:abstractNum w:abstractNumId="0"><w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="decimal"/><w:lvlText w:val="%1"/></w:lvl></w:abstractNum>' +
      '<w:abstractNum w:abstractNumId="1">' +
      '<w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="lowerLetter"/><w:lvlText w:val="%1)"/></w:lvl>' +
      '<w:lvl w:ilvl="1"><w:start w:val="1"/><w:numFmt w:val="upperRoman"/><w:lvlText w:val="%1.%2."/></w:lvl>' +
      '</w:abstractNum>' +
      '<w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num>' +
      '<w:num w:numId="2"><w:abstractNumId w:val="1"/></w:num>' +
      '<w:num w:numId="3"><w:abstractNumId w:val="1"/><w:lvlOverride w:ilvl="0"><w:startOverride w:val="26"/></w:lvlOverride></w:num>' +
      '</w:numbering>';
    const styles =
      `<w:styles ${W_NS}>` +
      '<w:style w:type="paragraph" w:styleId="Normal"><w:name w:val="Normal"/></w:style>' +
      // A localised style id: the English built-in name is what identifies the heading.
      '<w:style w:type="paragraph" w:styleId="berschrift1"><w:name w:val="heading 1"/><w:basedOn w:val="Normal"/>' +
      '<w:pPr><w:numPr><w:numId w:val="1"/></w:numPr><w:outlineLvl w:val="0"/></w:pPr></w:style>' +
      '<w:style w:type="paragraph" w:styleId="MyChapter"><w:name w:val="My Chapter"/><w:basedOn w:val="berschrift1"/></w:style>' +
      '</w:styles>';
    const item = (numId: number, level: number, text: string): string =>
      `<w:p><w:pPr><w:numPr><w:ilvl w:val="${level}"/><w:numId w:val="${numId}"/></w:numPr></w:pPr><w:r><w:t>${text}</w:t></w:r></w:p>`;
    const heading = (style: string, text: string): string =>
      `<w:p><w:pPr><w:pStyle w:val="${style}"/></w:pPr><w:r><w:t>${text}</w:t></w:r></w:p>`;
    const cell = (content: string): string => `<w:tc>${content}</w:tc>`;
    const body =
      heading('berschrift1', 'Introduction') +
      item(2, 0, 'First') +
      item(2, 1, 'Detail') +
      item(2, 1, 'More detail') +
      item(2, 0, 'Second') +
      item(2, 1, 'Restarted detail') +
      heading('MyChapter', 'Scope') +
      item(3, 0, 'Zed') +
      item(3, 0, 'Beyond z') +
      '<w:tbl><w:tr>' +
      cell('<w:p><w:r><w:t>Outer</w:t></w:r></w:p>') +
      cell(
        '<w:tbl><w:tr><w:tc><w:p><w:r><w:t>Inner A</w:t></w:r></w:p></w:tc><w:tc><w:p><w:r><w:t>Inner B</w:t></w:r></w:p></w:tc></w:tr></w:tbl>'
      ) +
      '</w:tr></w:tbl>';
    const rels =
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="r1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/numbering" Target="numbering.xml"/>' +
      '<Relationship Id="r2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="/word/styles.xml"/>' +
      '</Relationships>';
    const bytes = makeZip([
      ...docxParts(wordXml(body)),
      { name: 'word/_rels/document.xml.rels', data: rels },
      { name: 'word/numbering.xml', data: numbering },
      { name: 'word/styles.xml', data: styles },
    ]);
    const doc = await extractDocument({ bytes, filename: 'numbered.docx' });
    expect(doc.sections.map((s) => [s.heading, s.level])).toEqual([
      ['1 Introduction', 1],
      ['2 Scope', 1],
    ]);
    expect(doc.sections[0]!.bullets).toEqual([
      'a) First',
      'a.I. Detail',
      'a.II. More detail',
      'b) Second',
      'b.I. Restarted detail',
    ]);
    expect(doc.sections[1]!.bullets).toEqual(['z) Zed', 'aa) Beyond z']);
    expect(doc.sections[1]!.tables).toEqual([[['Outer', 'Inner A Inner B']]]);
  });
});

describe('docx: hostile and broken files', () => {
  test('a DTD with an external entity is refused and the entity never resolved', async () => {
    const xxe =
      '<?xml version="1.0" encoding="UTF-8"?><!DOCTYPE w:document [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>' +
      `<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>&xxe;</w:t></w:r></w:p></w:body></w:document>`;
    const zip = new JSZip();
    for (const part of docxParts(xxe)) zip.file(part.name, part.data);
    const bytes = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    const error = await expectIngestError(
      extractDocument({ bytes, filename: 'evil.docx' }),
      'The document contains a DTD; external entities are not allowed.'
    );
    expect(error.code).toBe('unsafe');
    expect(JSON.stringify({ message: error.message, stack: error.stack })).not.toMatch(/root:|nologin|\/bin\/(ba)?sh/);
  });

  test('an entity-expansion DTD in the relationships part is refused too', async () => {
    const laughs =
      '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>' +
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">&b;</Relationships>';
    const parts = docxParts(wordXml('<w:p><w:r><w:t>hello</w:t></w:r></w:p>')).map((part) =>
      part.name === '_rels/.rels' ? { ...part, data: laughs } : part
    );
    await expectIngestError(
      extractDocument({ bytes: makeZip(parts), filename: 'laughs.docx' }),
      'The document contains a DTD; external entities are not allowed.'
    );
  });

  test('a document.xml that would inflate past the limit is refused before inflating', async () => {
    const bomb = makeZip(docxParts(hugeWordXml(70 * MB), { level: 1 }));
    expect(bomb.length).toBeLessThan(400_000);
    const before = process.memoryUsage().rss;
    const error = await expectIngestError(
      extractDocument({ bytes: bomb, filename: 'bomb.docx' }),
      'The document is too large to unpack safely.'
    );
    expect(error.code).toBe('too_large');
    expect(process.memoryUsage().rss - before).toBeLessThan(40 * MB);
  });

  test('a document.xml whose declared size lies is stopped while inflating', async () => {
    const liar = makeZip(docxParts(hugeWordXml(20 * MB), { declaredSize: 2000, level: 1 }));
    await expectIngestError(
      extractDocument({ bytes: liar, filename: 'liar.docx' }),
      'The document is too large to unpack safely.'
    );
  });

  test('an honest but extremely compressed entry is refused by its ratio', async () => {
    const dense = makeZip(docxParts(hugeWordXml(8 * MB)));
    await expectIngestError(
      extractDocument({ bytes: dense, filename: 'dense.docx' }),
      'The document is too large to unpack safely.'
    );
  });

  test('a truncated or corrupted archive is reported as not a valid Word document', async () => {
    const message = 'The file is not a valid Word document (.docx).';
    await expectIngestError(
      extractDocument({ bytes: docx.subarray(0, Math.floor(docx.length * 0.6)), filename: 'cut.docx' }),
      message
    );

    // Same directory, damaged data: found by the CRC check or by inflate itself.
    const stored = makeZip(
      docxParts(wordXml('<w:p><w:r><w:t>hello world</w:t></w:r></w:p>')).map((p) => ({ ...p, deflate: false }))
    );
    const damaged = Buffer.from(stored);
    const at = damaged.indexOf('hello world');
    damaged.write('HELLO', at);
    await expectIngestError(extractDocument({ bytes: damaged, filename: 'crc.docx' }), message);
  });

  test('malformed XML and a missing main part are invalid, not crashes', async () => {
    const message = 'The file is not a valid Word document (.docx).';
    const malformed = makeZip(docxParts('<w:document><w:body><w:p>'));
    await expectIngestError(extractDocument({ bytes: malformed, filename: 'bad.docx' }), message);
    const noMain = makeZip(docxParts('').filter((part) => part.name !== 'word/document.xml'));
    await expectIngestError(extractDocument({ bytes: noMain, filename: 'empty.docx' }), message);
  });

  test('a docx without any text is reported as empty', async () => {
    const blank = makeZip(docxParts(wordXml('<w:p/><w:p><w:r><w:t>  </w:t></w:r></w:p>')));
    await expectIngestError(
      extractDocument({ bytes: blank, filename: 'blank.docx' }),
      'The document is empty: no text was found.'
    );
  });
});
