// XLIFF 2.0 export and import of a translation's segments: one <unit> per segment, its source and
// target in one <segment>, placeholders as <ph id="N"/>. Built and read with fast-xml-parser
// (ordered mode, so mixed text and tags keep their order); the input is bounded and a DOCTYPE or
// entity declaration is refused before parsing, so an upload cannot expand or reach outside.
import { XMLBuilder, XMLParser, XMLValidator } from 'fast-xml-parser';
import { escapeXml, PH_TAG, unescapeXml } from './placeholders.js';

export const XLIFF_NAMESPACE = 'urn:oasis:names:tc:xliff:document:2.0';

export interface XliffUnit {
  id: string;
  /** Tagged text: XML-escaped, placeholders as <ph id="N"/>. */
  source: string;
  target: string;
}

export interface XliffDocumentInput {
  projectId: string;
  sourceLanguage: string;
  targetLanguage: string;
  segments: XliffUnit[];
}

export interface XliffLimits {
  maxBytes: number;
  maxUnits: number;
}

export interface XliffExpectation {
  sourceLanguage: string;
  targetLanguage: string;
  /** The ids the translation has; a unit with another id is refused. */
  unitIds: ReadonlySet<string>;
}

export const DEFAULT_XLIFF_LIMITS: XliffLimits = { maxBytes: 10 * 1024 * 1024, maxUnits: 20_000 };

export class XliffError extends Error {
  override readonly name = 'XliffError';
}

/** Element nesting an XLIFF document needs (xliff > file > groups > unit > segment > target > mrk) is far below this. */
const MAX_DEPTH = 100;

/**
 * Refuses a document nested deeper than MAX_DEPTH before any recursive reader sees it (a linear
 * scan: comments, CDATA and processing instructions are skipped; an over-count only refuses sooner).
 */
function checkDepth(xml: string): void {
  let depth = 0;
  for (const m of xml.matchAll(/<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<\?[\s\S]*?\?>|<(\/?)[^\s>\/!?][^>]*?(\/?)>/g)) {
    if (m[1] === undefined) continue; // comment, CDATA, processing instruction
    if (m[1] === '/') depth -= 1;
    else if (m[2] !== '/' && ++depth > MAX_DEPTH) throw new XliffError(`The XLIFF file is nested more than ${MAX_DEPTH} levels deep.`);
  }
}

/** A numeric character reference that names no character XML allows (&#0;, a surrogate, past U+10FFFF), or null. */
function badCharacterReference(raw: string): string | null {
  for (const m of raw.matchAll(/&#(x[0-9a-f]+|\d+);/gi)) {
    const code = m[1]![0]!.toLowerCase() === 'x' ? parseInt(m[1]!.slice(1), 16) : parseInt(m[1]!, 10);
    if (!(code > 0 && code <= 0x10ffff) || (code >= 0xd800 && code <= 0xdfff)) return m[0];
  }
  return null;
}

/** Placeholder ids as we write them (numbers) and as CAT tools may (names): no quotes or markup. */
const PH_ID = /^[\p{L}\p{N}_.:-]{1,64}$/u;

// Ordered nodes as fast-xml-parser reads and writes them: { tag: children, ':@': attributes }.
type XmlNode = Record<string, unknown>;

const ATTR = '@_';

function element(tag: string, children: XmlNode[], attributes?: Record<string, string>): XmlNode {
  const node: XmlNode = { [tag]: children };
  if (attributes) node[':@'] = Object.fromEntries(Object.entries(attributes).map(([k, v]) => [ATTR + k, v]));
  return node;
}

const text = (value: string): XmlNode => ({ '#text': value });

/** Tagged text -> ordered nodes: text (unescaped; the builder escapes it) and <ph/> elements. */
function inlineNodes(tagged: string): XmlNode[] {
  const nodes: XmlNode[] = [];
  let at = 0;
  for (const m of tagged.matchAll(PH_TAG)) {
    if (m.index > at) nodes.push(text(unescapeXml(tagged.slice(at, m.index))));
    nodes.push(element('ph', [], { id: m[1]! }));
    at = m.index + m[0].length;
  }
  if (at < tagged.length) nodes.push(text(unescapeXml(tagged.slice(at))));
  return nodes;
}

/** Block children on their own indented lines; whitespace between block elements means nothing. */
function indented(children: XmlNode[], depth: number): XmlNode[] {
  const pad = `\n${'  '.repeat(depth + 1)}`;
  return [...children.flatMap((c) => [text(pad), c]), text(`\n${'  '.repeat(depth)}`)];
}

const builder = new XMLBuilder({ preserveOrder: true, ignoreAttributes: false, attributeNamePrefix: ATTR, suppressEmptyNode: true, processEntities: true });

export function toXliff(input: XliffDocumentInput): string {
  const units = input.segments.map((s) => {
    const segmentChildren = [element('source', inlineNodes(s.source))];
    if (s.target !== '') segmentChildren.push(element('target', inlineNodes(s.target)));
    const segment = element('segment', indented(segmentChildren, 3), { state: s.target === '' ? 'initial' : 'translated' });
    return element('unit', indented([segment], 2), { id: s.id });
  });
  const file = element('file', indented(units, 1), { id: 'f1', original: `project-${input.projectId}` });
  const root = element('xliff', indented([file], 0), { xmlns: XLIFF_NAMESPACE, version: '2.0', srcLang: input.sourceLanguage, trgLang: input.targetLanguage, 'xml:space': 'preserve' });
  return `<?xml version="1.0" encoding="UTF-8"?>\n${builder.build([root])}\n`;
}

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: ATTR,
  trimValues: false,
  parseTagValue: false,
  parseAttributeValue: false,
  // Entities are decoded by us (the five of XML and character references), nothing else.
  processEntities: false,
  cdataPropName: '#cdata',
});

function tagOf(node: XmlNode): string {
  return Object.keys(node).find((k) => k !== ':@') ?? '';
}

function childrenOf(node: XmlNode): XmlNode[] {
  return (node[tagOf(node)] as XmlNode[] | undefined) ?? [];
}

function attr(node: XmlNode, name: string): string | undefined {
  const raw = (node[':@'] as Record<string, string> | undefined)?.[ATTR + name];
  if (raw === undefined) return undefined;
  const bad = badCharacterReference(raw);
  if (bad) throw new XliffError(`The attribute ${name}="${raw.slice(0, 80)}" holds "${bad}", which is not a character.`);
  return unescapeXml(raw);
}

/** Local name without a namespace prefix (<xlf:unit> is <unit>). */
function localName(tag: string): string {
  return tag.slice(tag.indexOf(':') + 1);
}

function elements(node: XmlNode, name: string): XmlNode[] {
  return childrenOf(node).filter((c) => localName(tagOf(c)) === name);
}

/** Mixed content -> tagged text. <mrk> and <pc> (review annotations) keep their text. */
function readInline(node: XmlNode, unitId: string): string {
  let out = '';
  for (const child of childrenOf(node)) {
    const tag = tagOf(child);
    if (tag === '#text') {
      const raw = String(child['#text']);
      const bad = badCharacterReference(raw);
      if (bad) throw new XliffError(`Unit ${unitId}: "${bad}" is not a character.`);
      out += escapeXml(unescapeXml(raw));
    } else if (tag === '#cdata') out += escapeXml(childrenOf(child).map((c) => String(c['#text'] ?? '')).join(''));
    else if (localName(tag) === 'ph') {
      const id = attr(child, 'id');
      if (!id) throw new XliffError(`Unit ${unitId}: a <ph/> without an id.`);
      if (!PH_ID.test(id)) throw new XliffError(`Unit ${unitId}: a <ph/> with the id "${id.slice(0, 64)}", which is not a placeholder id.`);
      out += `<ph id="${escapeXml(id)}"/>`;
    } else if (localName(tag) === 'mrk' || localName(tag) === 'pc') out += readInline(child, unitId);
    else throw new XliffError(`Unit ${unitId}: unsupported inline element <${tag}>.`);
  }
  return out;
}

export function fromXliff(xml: string, expected: XliffExpectation, limits: XliffLimits = DEFAULT_XLIFF_LIMITS): { sourceLanguage: string; targetLanguage: string; units: XliffUnit[] } {
  const bytes = Buffer.byteLength(xml, 'utf8');
  if (bytes > limits.maxBytes) throw new XliffError(`The XLIFF file is too large (${Math.ceil(bytes / 1024 / 1024)} MB; at most ${Math.floor(limits.maxBytes / 1024 / 1024)} MB).`);
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) throw new XliffError('The XLIFF file declares a DOCTYPE or entities, which are not accepted.');
  checkDepth(xml);
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new XliffError(`The XLIFF file is not well-formed XML: ${valid.err.msg} (line ${valid.err.line}, column ${valid.err.col}).`);

  const root = (parser.parse(xml) as XmlNode[]).find((n) => localName(tagOf(n)) === 'xliff');
  if (!root) throw new XliffError('The file is not XLIFF: its root element is not <xliff>.');
  const version = attr(root, 'version');
  if (version !== '2.0' && version !== '2.1' && version !== '2.2') throw new XliffError(`Only XLIFF 2.0 is accepted; this file is version ${version ?? 'unknown'}.`);
  const namespace = attr(root, 'xmlns') ?? Object.entries((root[':@'] as Record<string, string>) ?? {}).find(([k]) => k.startsWith(`${ATTR}xmlns:`))?.[1];
  if (namespace !== XLIFF_NAMESPACE) throw new XliffError(`The XLIFF namespace must be ${XLIFF_NAMESPACE}.`);
  const sourceLanguage = attr(root, 'srcLang') ?? '';
  const targetLanguage = attr(root, 'trgLang') ?? '';
  if (sourceLanguage.toLowerCase() !== expected.sourceLanguage.toLowerCase()) {
    throw new XliffError(`The XLIFF file translates from "${sourceLanguage}", but this translation is from "${expected.sourceLanguage}".`);
  }
  if (targetLanguage.toLowerCase() !== expected.targetLanguage.toLowerCase()) {
    throw new XliffError(`The XLIFF file translates into "${targetLanguage}", but this translation is into "${expected.targetLanguage}".`);
  }

  const units: XliffUnit[] = [];
  const seen = new Set<string>();
  const collect = (node: XmlNode): void => {
    for (const child of childrenOf(node)) {
      const name = localName(tagOf(child));
      if (name === 'group' || name === 'file') collect(child);
      if (name !== 'unit') continue;
      const id = attr(child, 'id') ?? '';
      if (id === '') throw new XliffError('A <unit> has no id.');
      if (!expected.unitIds.has(id)) throw new XliffError(`Unit "${id}" is not a segment of this translation.`);
      if (seen.has(id)) throw new XliffError(`Unit "${id}" appears more than once.`);
      seen.add(id);
      if (units.length >= limits.maxUnits) throw new XliffError(`The XLIFF file has more than ${limits.maxUnits} units.`);
      // CAT tools may split a unit into several segments (and <ignorable> spacing): joined in order.
      let source = '';
      let target = '';
      for (const part of childrenOf(child).filter((c) => ['segment', 'ignorable'].includes(localName(tagOf(c))))) {
        for (const s of elements(part, 'source')) source += readInline(s, id);
        for (const t of elements(part, 'target')) target += readInline(t, id);
      }
      units.push({ id, source, target });
    }
  };
  const files = elements(root, 'file');
  if (files.length === 0) throw new XliffError('The XLIFF file has no <file> element.');
  for (const f of files) collect(f);
  return { sourceLanguage, targetLanguage, units };
}
