import { beforeAll, describe, expect, test } from '@jest/globals';
import { extractDocument, IngestError } from '../../src/ingest/index.js';
import { findLibreOffice } from '../../src/ingest/legacy.js';
import { DECK, DOCX_TEXT, convertWithSoffice, makeDocx, makePptx } from './fixtures.js';

const COMPOUND_FILE_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
/** Enough of a compound file for the format check; only LibreOffice would look further. */
const compoundFile = Buffer.concat([COMPOUND_FILE_SIGNATURE, Buffer.alloc(504)]);

const soffice = await findLibreOffice();
const withLibreOffice = soffice ? test : test.skip;
if (!soffice) console.log('LibreOffice (soffice) is not installed: the .doc/.ppt conversion tests are skipped.');

describe('legacy .doc and .ppt', () => {
  // Legacy fixtures are made from the modern ones by LibreOffice itself, both at once.
  let legacyDoc: Buffer;
  let legacyPpt: Buffer;
  beforeAll(async () => {
    if (!soffice) return;
    [legacyDoc, legacyPpt] = await Promise.all([
      makeDocx().then((bytes) => convertWithSoffice(soffice, bytes, 'docx', 'doc')),
      makePptx().then((bytes) => convertWithSoffice(soffice, bytes, 'pptx', 'ppt')),
    ]);
  }, 60_000);

  test('without LibreOffice the user is told what to upload instead', async () => {
    const missing = { libreOfficePath: '/nonexistent/libreoffice/soffice' };
    const doc = await extractDocument({ bytes: compoundFile, filename: 'old.doc' }, missing).catch((e: unknown) => e);
    expect(doc).toBeInstanceOf(IngestError);
    expect((doc as IngestError).code).toBe('converter_missing');
    expect((doc as IngestError).message).toBe(
      'Legacy .doc files need LibreOffice, which is not installed on this server. Please upload a .docx or .pdf file.'
    );
    await expect(extractDocument({ bytes: compoundFile, filename: 'old.ppt' }, missing)).rejects.toThrow(
      'Legacy .ppt files need LibreOffice, which is not installed on this server. Please upload a .pptx or .pdf file.'
    );
    expect(await findLibreOffice('no-such-office-binary')).toBeNull();
    // Disabled by configuration reads the same to the user.
    await expect(
      extractDocument({ bytes: compoundFile, filename: 'old.doc' }, { libreOfficePath: null })
    ).rejects.toThrow(/^Legacy \.doc files need LibreOffice/);
  });

  test('a .doc that is not a compound file, zip or RTF is invalid; an encrypted .docx says so', async () => {
    await expect(extractDocument({ bytes: Buffer.from('plain words'), filename: 'x.doc' })).rejects.toThrow(
      'The file is not a valid Word document (.doc).'
    );
    const encrypted = Buffer.concat([compoundFile, Buffer.from('EncryptedPackage', 'utf16le'), Buffer.alloc(64)]);
    await expect(extractDocument({ bytes: encrypted, filename: 'locked.docx' })).rejects.toThrow(
      'The document is password-protected. Please remove the password and upload it again.'
    );
  });

  withLibreOffice('a real .doc is converted and read like a .docx', async () => {
    expect(legacyDoc.subarray(0, 8).equals(COMPOUND_FILE_SIGNATURE)).toBe(true);
    const result = await extractDocument(
      { bytes: legacyDoc, filename: 'legacy.doc' },
      { libreOfficePath: soffice, timeoutMs: 60_000 }
    );
    expect(result.format).toBe('doc');
    expect(result.title).toBe(DOCX_TEXT.title);
    expect(result.sections.map((s) => [s.heading, s.level])).toEqual([
      ['', 0],
      ...DOCX_TEXT.headings.map((h) => [h.text, h.level]),
    ]);
    expect(result.sections.find((s) => s.heading === 'Accounts')!.paragraphs).toEqual([DOCX_TEXT.international]);
    expect(result.sections.find((s) => s.heading === 'Reference')!.tables).toEqual([DOCX_TEXT.table]);
  });

  withLibreOffice('a real .ppt is converted and read like a .pptx', async () => {
    expect(legacyPpt.subarray(0, 8).equals(COMPOUND_FILE_SIGNATURE)).toBe(true);
    // Found on PATH when no path is configured.
    const result = await extractDocument({ bytes: legacyPpt, filename: 'legacy.ppt' });
    expect(result.format).toBe('ppt');
    expect(result.pageCount).toBe(DECK.length);
    expect(result.sections.map((s) => s.heading)).toEqual(DECK.map((slide) => slide.title));
    expect(result.sections[1]!.notes).toEqual([DECK[1]!.notes]);
  });

  withLibreOffice('a damaged .doc fails conversion with a clear message, and a stuck one times out', async () => {
    const damaged = Buffer.concat([compoundFile, Buffer.alloc(4096, 0x5a)]);
    const error = await extractDocument({ bytes: damaged, filename: 'broken.doc' }, { libreOfficePath: soffice }).catch(
      (e: unknown) => e
    );
    expect(error).toBeInstanceOf(IngestError);
    expect((error as IngestError).code).toBe('conversion_failed');
    expect((error as IngestError).message).toMatch(/^The \.doc file could not be converted/);

    const slow = await extractDocument(
      { bytes: damaged, filename: 'slow.doc' },
      { libreOfficePath: soffice, timeoutMs: 1 }
    ).catch((e: unknown) => e);
    expect((slow as IngestError).message).toMatch(/^Converting the \.doc file took longer than 1 second\./);
  });
});
