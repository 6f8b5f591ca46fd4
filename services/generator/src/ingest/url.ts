// URL ingestion: fetch a web page through the platform's safe fetcher (public addresses only,
// size, time and type caps), keep the article and drop the site around it, and turn it into a
// SourceDocument the engines read like any uploaded document.
import { GENERATION_FAILURES, catalogueMessage } from '@trainwright/catalogue';
import { TextDecoder } from 'node:util';
import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import { SafeFetchError, UnsafeUrlError, safeFetch, type HostResolver, type SafeFetchResult } from '@trainwright/platform';
import { emptySection } from '../domain/source.js';
import { GenerationError, type SourceDocument, type SourceSection } from '../domain/types.js';

export interface FetchArticleOptions {
  /** Origins that skip the public-address check (an operator's intranet, tests). */
  allowOrigins?: string[];
  timeoutMs?: number;
  maxBytes?: number;
  resolve?: HostResolver;
  userAgent?: string;
}

export const NO_ARTICLE = GENERATION_FAILURES.noArticle;

// The generator is compiled without the DOM library, so the few DOM members used here are typed
// structurally; linkedom provides them at run time.
interface DomNode {
  nodeType: number;
  textContent: string | null;
  childNodes: ArrayLike<DomNode>;
}

interface DomElement extends DomNode {
  tagName: string;
  parentElement: DomElement | null;
  getAttribute(name: string): string | null;
  querySelectorAll(selectors: string): ArrayLike<DomElement>;
  closest(selectors: string): DomElement | null;
  remove(): void;
}

interface DomDocument {
  title: string;
  body: DomElement | null;
  querySelectorAll(selectors: string): ArrayLike<DomElement>;
}

const ELEMENT_NODE = 1;
const TEXT_NODE = 3;

/** Fetches a page and extracts its article. Refusals and fetch failures become GenerationErrors with the fetcher's message. */
export async function fetchArticle(url: string, options: FetchArticleOptions = {}): Promise<SourceDocument> {
  let page: SafeFetchResult;
  try {
    page = await safeFetch(url, {
      allowOrigins: options.allowOrigins,
      timeoutMs: options.timeoutMs,
      maxBytes: options.maxBytes,
      resolve: options.resolve,
      userAgent: options.userAgent,
    });
  } catch (error) {
    if (error instanceof UnsafeUrlError) throw new GenerationError(error.message, false);
    if (error instanceof SafeFetchError) throw new GenerationError(error.message, error.retryable);
    throw new GenerationError(catalogueMessage(GENERATION_FAILURES, 'pageNotFetched'), true);
  }
  const type = (page.contentType.split(';')[0] ?? '').trim().toLowerCase();
  if (type === 'text/plain') return textToSource(decodeBody(page.body, page.contentType, false), page.url);
  return htmlToSource(decodeBody(page.body, page.contentType, true), page.url);
}

// --- decoding ---------------------------------------------------------------------------------

function charsetParam(contentType: string): string | null {
  return /charset\s*=\s*["']?([^;"'\s]+)/i.exec(contentType)?.[1] ?? null;
}

/** <meta charset> or <meta http-equiv="Content-Type" content="...; charset=...">, in the first 4 KB as browsers do. */
function metaCharset(body: Buffer): string | null {
  const head = body.subarray(0, 4096).toString('latin1');
  return /<meta[^>]*?charset\s*=\s*["']?\s*([a-z0-9_:.-]+)/i.exec(head)?.[1] ?? null;
}

function decoderFor(label: string | null): TextDecoder | null {
  if (!label) return null;
  try {
    return new TextDecoder(label);
  } catch {
    return null; // an unknown label falls back to UTF-8, as browsers do
  }
}

// WHATWG index-windows-1252 for bytes 0x80-0x9F; every other byte is its Latin-1 code point.
// Done by hand because Node's TextDecoder has decoded windows-1252 (and so latin1, iso-8859-1 and
// ascii, which the Encoding Standard maps to it) as ISO-8859-1 since 20.18.3 (nodejs/node#56542).
const CP1252_C1 =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

function decodeWindows1252(body: Buffer): string {
  return body.toString('latin1').replace(/[\u0080-\u009f]/g, (c) => CP1252_C1[c.charCodeAt(0) - 0x80]!);
}

/** Bytes to text: a byte order mark wins, then the header's charset, then (HTML) the meta tag, then UTF-8. */
export function decodeBody(body: Buffer, contentType: string, html: boolean): string {
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) return new TextDecoder('utf-8').decode(body);
  if (body[0] === 0xfe && body[1] === 0xff) return (decoderFor('utf-16be') ?? new TextDecoder()).decode(body);
  if (body[0] === 0xff && body[1] === 0xfe) return new TextDecoder('utf-16le').decode(body);
  let decoder = decoderFor(charsetParam(contentType));
  if (!decoder && html) {
    decoder = decoderFor(metaCharset(body));
    // A meta tag readable as ASCII cannot really be UTF-16; the HTML standard reads it as UTF-8.
    if (decoder?.encoding.startsWith('utf-16')) decoder = null;
  }
  if (decoder?.encoding === 'windows-1252') return decodeWindows1252(body);
  return (decoder ?? new TextDecoder('utf-8')).decode(body);
}

// --- text -------------------------------------------------------------------------------------

function clean(text: string): string {
  return text
    .replace(/[\u200b-\u200d\u2060\ufeff\u00ad]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

function titleFromUrl(url: string): string {
  const parsed = new URL(url);
  const last = parsed.pathname.split('/').filter(Boolean).pop();
  if (!last) return parsed.hostname;
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

function textToSource(text: string, origin: string): SourceDocument {
  const section = emptySection('', 0);
  section.paragraphs = text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map(clean)
    .filter(Boolean);
  if (section.paragraphs.length === 0) throw new GenerationError(catalogueMessage(GENERATION_FAILURES, 'noArticle'), false);
  return { title: titleFromUrl(origin), format: 'txt', origin, sections: [section] };
}

// --- HTML -------------------------------------------------------------------------------------

// Page furniture removed before Readability runs: for short articles Readability retries without
// its own "unlikely candidate" filter and would then keep cookie banners and ad slots.
const FURNITURE =
  'script, style, noscript, template, iframe, object, embed, svg, canvas, button, select, input, textarea, nav, aside, footer, dialog, ' +
  '[role="navigation"], [role="banner"], [role="contentinfo"], [role="complementary"], [role="dialog"], [role="alertdialog"], ' +
  '[aria-modal="true"], [hidden], [aria-hidden="true"]';
const FURNITURE_NAMES =
  /cookie|consent|gdpr|\bads?\b|advert|adsbygoogle|sponsor|promo|newsletter|subscribe|paywall|share|social|breadcrumb|popup|modal|related|comments?\b/i;
const CONTENT_ROOTS = 'article, main, [role="main"]';

function removeFurniture(document: DomDocument): void {
  const all = (selectors: string): DomElement[] => Array.from(document.querySelectorAll(selectors));
  const total = clean(document.body?.textContent ?? '').length;
  const holdsContent = (el: DomElement): boolean => el.querySelectorAll(CONTENT_ROOTS).length > 0;
  // Guessed furniture (a form, a class name) is kept when it holds most of the page's text:
  // whole-page <form> wrappers exist, and so do classes like "article-body ad-free".
  const isBulk = (el: DomElement): boolean => clean(el.textContent ?? '').length > total / 2;

  for (const el of all(FURNITURE)) if (!holdsContent(el)) el.remove();
  // A site header is furniture; a header inside the article usually holds its title.
  for (const el of all('header')) if (!el.parentElement?.closest(CONTENT_ROOTS) && !holdsContent(el)) el.remove();
  for (const el of all('form')) if (!holdsContent(el) && !isBulk(el)) el.remove();
  for (const el of all('[class], [id]')) {
    const tag = el.tagName.toLowerCase();
    if (tag === 'html' || tag === 'body' || tag === 'article' || tag === 'main') continue;
    const names = `${el.getAttribute('class') ?? ''} ${el.getAttribute('id') ?? ''}`;
    if (FURNITURE_NAMES.test(names) && !holdsContent(el) && !isBulk(el)) el.remove();
  }
}

const INLINE = new Set([
  'a', 'abbr', 'b', 'bdi', 'bdo', 'cite', 'code', 'data', 'del', 'dfn', 'em', 'font', 'i', 'ins', 'kbd', 'label', 'mark', 'q',
  's', 'samp', 'small', 'span', 'strong', 'sub', 'sup', 'time', 'u', 'var', 'wbr', 'br',
]);
const PARAGRAPHS = new Set(['p', 'h5', 'h6', 'pre', 'figcaption', 'dt', 'dd', 'caption', 'summary', 'address']);
const LISTS = new Set(['ul', 'ol', 'menu']);
const SKIP = new Set(['img', 'picture', 'video', 'audio', 'source', 'track', 'map', 'area', 'math', 'hr', 'head', 'title', 'meta', 'link']);
const HEADING = /^h([1-4])$/;

function tagOf(el: DomElement): string {
  return el.tagName.toLowerCase();
}

/** Text of a node with a space at each block boundary (textContent would glue "<p>a</p><p>b</p>" into "ab"). */
function textOf(node: DomNode, skip?: (el: DomElement) => boolean): string {
  if (node.nodeType === TEXT_NODE) return node.textContent ?? '';
  if (node.nodeType !== ELEMENT_NODE) return '';
  const el = node as DomElement;
  const tag = tagOf(el);
  if (SKIP.has(tag) || skip?.(el)) return '';
  if (tag === 'br') return ' ';
  let text = '';
  for (const child of Array.from(el.childNodes)) text += textOf(child, skip);
  return INLINE.has(tag) ? text : ` ${text} `;
}

class SectionBuilder {
  readonly sections: SourceSection[] = [emptySection('', 0)];
  private inline = '';

  private get current(): SourceSection {
    return this.sections[this.sections.length - 1]!;
  }

  /** Loose text and inline elements between blocks form a paragraph of their own. */
  flush(): void {
    const text = clean(this.inline);
    this.inline = '';
    if (text) this.current.paragraphs.push(text);
  }

  walk(node: DomNode): void {
    if (node.nodeType === TEXT_NODE) {
      this.inline += node.textContent ?? '';
      return;
    }
    if (node.nodeType !== ELEMENT_NODE) return;
    const el = node as DomElement;
    const tag = tagOf(el);
    if (SKIP.has(tag)) return;
    if (INLINE.has(tag)) {
      this.inline += textOf(el);
      return;
    }
    this.flush();
    const heading = HEADING.exec(tag);
    if (heading) {
      const text = clean(textOf(el));
      if (text) this.sections.push(emptySection(text, Number(heading[1])));
    } else if (PARAGRAPHS.has(tag)) {
      const text = clean(textOf(el));
      if (text) this.current.paragraphs.push(text);
    } else if (LISTS.has(tag)) {
      this.list(el);
    } else if (tag === 'table') {
      const rows = tableRows(el);
      if (rows.length > 0) this.current.tables.push(rows);
    } else {
      for (const child of Array.from(el.childNodes)) this.walk(child);
      this.flush();
    }
  }

  /** Each item is a bullet; a nested list's items follow their parent item. */
  private list(el: DomElement): void {
    for (const item of Array.from(el.childNodes)) {
      if (item.nodeType !== ELEMENT_NODE) continue;
      const li = item as DomElement;
      if (tagOf(li) !== 'li') {
        this.list(li); // wrappers some sites put between <ul> and <li>
        continue;
      }
      const text = clean(textOf(li, (child) => LISTS.has(tagOf(child))));
      if (text) this.current.bullets.push(text);
      for (const nested of Array.from(li.querySelectorAll('ul, ol, menu'))) {
        // Only the lists directly under this item; deeper ones are reached through them.
        if (nested.parentElement?.closest('li') === li) this.list(nested);
      }
    }
  }
}

function tableRows(table: DomElement): string[][] {
  const rows: string[][] = [];
  for (const tr of Array.from(table.querySelectorAll('tr'))) {
    if (tr.closest('table') !== table) continue; // a nested table's rows belong to its own cell text
    const cells = Array.from(tr.childNodes)
      .filter((c): c is DomElement => c.nodeType === ELEMENT_NODE && ['td', 'th'].includes(tagOf(c as DomElement)))
      .map((cell) => clean(textOf(cell)));
    if (cells.some(Boolean)) rows.push(cells);
  }
  return rows;
}

function hasText(section: SourceSection): boolean {
  return section.paragraphs.length > 0 || section.bullets.length > 0 || section.tables.length > 0;
}

/** Readability's article as sections: h1-h4 open a section, p paragraphs, li bullets, tables rows of cells. */
export function htmlToSource(html: string, origin: string): SourceDocument {
  const { document } = parseHTML(html) as unknown as { document: DomDocument };
  const pageTitle = clean(document.title ?? '');
  removeFurniture(document);
  const h1s = Array.from(document.querySelectorAll('h1'), (h) => clean(textOf(h))).filter(Boolean);
  let article: { title?: string | null; content?: DomElement | null } | null;
  try {
    article = new Readability<DomElement>(document as never, { serializer: (node) => node as unknown as DomElement }).parse();
  } catch {
    article = null; // a page Readability cannot handle has no article we can use
  }
  if (!article?.content) throw new GenerationError(catalogueMessage(GENERATION_FAILURES, 'noArticle'), false);

  const builder = new SectionBuilder();
  builder.walk(article.content);
  builder.flush();
  const sections = builder.sections.filter((s, i) => i > 0 || hasText(s));
  if (!sections.some(hasText)) throw new GenerationError(catalogueMessage(GENERATION_FAILURES, 'noArticle'), false);

  let title = clean(article.title ?? '') || pageTitle;
  // "Safe lifting | Acme Blog": the page's single h1 is the article's own title without the site name.
  const h1 = h1s.length === 1 ? h1s[0]! : '';
  if (h1 && (!title || title.toLowerCase().includes(h1.toLowerCase()))) title = h1;
  title ||= sections.find((s) => s.heading)?.heading || titleFromUrl(origin);
  return { title, format: 'html', origin, sections };
}
