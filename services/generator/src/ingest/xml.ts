// A small event reader for the XML parts of Office files, over saxes (no DOM is built).
// Office never writes a DOCTYPE, so any DTD is treated as an attack (external entities, entity
// expansion bombs) and refused before a single element is seen.
import { SaxesParser, type SaxesAttributeNS, type SaxesTagNS } from 'saxes';
import { IngestError } from './errors.js';
import { decodeUnicode } from './unicode.js';

export interface XmlElement {
  /**
   * Qualified name with the usual Office prefix for known namespaces whatever prefix the file
   * declares ('w:p', 'a:t', 'p:sp'); other namespaces give '{uri}local', no namespace 'local'.
   */
  readonly name: string;
  /** Attributes named the same way: 'w:val', 'r:id', 'type'. */
  readonly attributes: Readonly<Record<string, string>>;
}

export interface XmlHandlers {
  /** `path` holds the open elements from the root down to and including `element`. */
  open?(element: XmlElement, path: readonly XmlElement[]): void;
  close?(element: XmlElement, path: readonly XmlElement[]): void;
  /** `path` ends with the element that contains the text. */
  text?(text: string, path: readonly XmlElement[]): void;
}

// Transitional and Strict OOXML use different URIs for the same vocabularies.
const PREFIX_BY_NAMESPACE: Record<string, string> = {
  'http://schemas.openxmlformats.org/wordprocessingml/2006/main': 'w',
  'http://purl.oclc.org/ooxml/wordprocessingml/main': 'w',
  'http://schemas.openxmlformats.org/drawingml/2006/main': 'a',
  'http://purl.oclc.org/ooxml/drawingml/main': 'a',
  'http://schemas.openxmlformats.org/presentationml/2006/main': 'p',
  'http://purl.oclc.org/ooxml/presentationml/main': 'p',
  'http://schemas.openxmlformats.org/officeDocument/2006/relationships': 'r',
  'http://purl.oclc.org/ooxml/officeDocument/relationships': 'r',
  'http://schemas.openxmlformats.org/package/2006/relationships': 'rel',
  'http://schemas.openxmlformats.org/markup-compatibility/2006': 'mc',
  'http://schemas.openxmlformats.org/package/2006/metadata/core-properties': 'cp',
  'http://purl.org/dc/elements/1.1/': 'dc',
};

function canonicalName(uri: string | undefined, local: string): string {
  if (!uri) return local;
  const prefix = PREFIX_BY_NAMESPACE[uri];
  return prefix ? `${prefix}:${local}` : `{${uri}}${local}`;
}

/**
 * Parses one XML part and reports its elements and text in document order. The alternative
 * content Office writes twice (mc:AlternateContent) is reported once: mc:Fallback is skipped.
 * Malformed XML is reported as an invalid `formatName` file.
 */
export function readOfficeXml(bytes: Uint8Array, formatName: string, handlers: XmlHandlers): void {
  const xml = decodeUnicode(bytes);
  if (xml === null) throw IngestError.invalid(formatName);

  const parser = new SaxesParser({ xmlns: true, position: false });
  const path: XmlElement[] = [];
  // Depth of the mc:Fallback element being skipped; 0 when reporting.
  let skipUntilDepth = 0;

  parser.on('doctype', () => {
    throw IngestError.dtdRefused();
  });
  parser.on('opentag', (tag: SaxesTagNS) => {
    const attributes: Record<string, string> = {};
    for (const attribute of Object.values(tag.attributes) as SaxesAttributeNS[]) {
      // Namespace declarations are not data.
      if (attribute.prefix === 'xmlns' || attribute.name === 'xmlns') continue;
      attributes[canonicalName(attribute.uri, attribute.local)] = attribute.value;
    }
    const element: XmlElement = { name: canonicalName(tag.uri, tag.local), attributes };
    path.push(element);
    if (skipUntilDepth === 0 && element.name === 'mc:Fallback') skipUntilDepth = path.length;
    if (skipUntilDepth === 0) handlers.open?.(element, path);
  });
  parser.on('closetag', () => {
    const element = path[path.length - 1];
    if (element && skipUntilDepth === 0) handlers.close?.(element, path);
    if (skipUntilDepth === path.length) skipUntilDepth = 0;
    path.pop();
  });
  const onText = (text: string): void => {
    if (skipUntilDepth === 0 && path.length > 0) handlers.text?.(text, path);
  };
  parser.on('text', onText);
  parser.on('cdata', onText);

  try {
    parser.write(xml).close();
  } catch (error) {
    if (error instanceof IngestError) throw error;
    throw IngestError.invalid(formatName);
  }
}

/** True when `path` ends with `names` (outermost first), e.g. ['w:p', 'w:pPr', 'w:pStyle']. */
export function pathEndsWith(path: readonly XmlElement[], names: readonly string[]): boolean {
  const offset = path.length - names.length;
  return offset >= 0 && names.every((name, i) => path[offset + i]?.name === name);
}
