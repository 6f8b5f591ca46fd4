// XML documents (manifests, the cmi5 course structure) built as objects and serialised by
// fast-xml-parser, which escapes text and attribute values: key order is element order,
// '@_name' an attribute, '#text' text content, an array repeated elements, undefined an element left out.
import { XMLBuilder } from 'fast-xml-parser';

export type XmlElement = { [name: string]: XmlValue };
export type XmlValue = string | number | XmlElement | (XmlElement | string)[] | undefined;

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  format: true,
  indentBy: '  ',
  suppressEmptyNode: true,
  // 'true' stays isvisible="true": XML has no attributes without a value.
  suppressBooleanAttributes: false,
  processEntities: true,
});

export function xmlDocument(root: XmlElement): string {
  return builder.build({ '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' }, ...root }) as string;
}
