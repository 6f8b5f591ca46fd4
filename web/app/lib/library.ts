// The company library (docs/library.md): the company's own documents kept as searchable passages,
// which topics and learning paths are built from, each point citing its source. The shapes, the
// browser's calls, the writes of the library page's action and the pure rules of the screens
// (highlighted passages, excerpts, citations). No React here, so the unit tests run it directly.
import type { TFunction } from 'i18next';
import { LIBRARY_LIMITS, LIBRARY_MESSAGES, UPLOAD_KINDS, type LibraryKind } from '@trainwright/catalogue';
import type { Citation } from '@trainwright/formats';
import { ApiError, get } from './api';
import { errorText, serverErrorText } from './errors';
import { sendMultipart, type MultipartHandle } from './uploads';
import type { User } from './types';
import { mayAct } from './roles';

export { LIBRARY_LIMITS };

export interface LibraryDocument {
  id: string;
  company_id: string;
  title: string;
  kind: LibraryKind;
  /** The file name, the page's URL, or '' for pasted text. */
  source: string;
  /** Bytes of the file, or of the text kept. */
  size: number;
  /** How many passages were indexed. */
  passages: number;
  language: string;
  created_at: string;
  /** The project whose generation read this material (it goes with the project); null for a document added here. */
  project_id: string | null;
}

/** GET /api/library/documents: newest first. */
/** A page of the library's documents, newest first; the total and its bytes are the whole library's. */
export interface LibraryList {
  documents: LibraryDocument[];
  total: number;
  total_size: number;
  page: number;
  page_size: number;
}

/** A character range [start, end) of a passage. */
export type TextRange = readonly [number, number];

export interface SearchResult {
  document_id: string;
  title: string;
  passage_id: string;
  /** The passage's section heading ('' when none). */
  heading: string;
  passage: string;
  /** 0..1, higher is better. */
  score: number;
  highlights: TextRange[];
}

/** One entry of a project's generated_content.citations: a slide point drawn from the library
 * (slide_index: 0-based, into the generated slides, the deck the preview shows). */
export type LibraryCitation = Citation;

// ---------------------------------------------------------------------------------------------
// Rules the screens share

/** The file types the library reads (the document reader's), and their size limit. */
export const LIBRARY_UPLOAD_RULE = UPLOAD_KINDS.library;

/** The search's bounds (the API refuses a query outside them). */
export const SEARCH_MIN_CHARS = LIBRARY_LIMITS.queryMin;
export const SEARCH_MAX_CHARS = LIBRARY_LIMITS.query;
/** The create form shows the library's passages once the topic has this many characters. */
export const TOPIC_MIN_CHARS = 3;
/** How many passages the create form shows. */
export const TOPIC_PREVIEW_LIMIT = 5;

/** The generator methods that can draw on the library (request_data.use_library). */
export const LIBRARY_METHODS = ['topic_to_content', 'learning_path'] as const;

export function usesLibrary(method: string): method is (typeof LIBRARY_METHODS)[number] {
  return (LIBRARY_METHODS as readonly string[]).includes(method);
}

/** Owners and editors add and remove documents; other roles read and search (without a known role the server decides). */
export function canEditLibrary(user: Pick<User, 'role'>): boolean {
  return mayAct(user.role, 'library.update');
}

/** A passage's text cut into plain and highlighted parts, in order. */
export interface TextSegment {
  text: string;
  highlighted: boolean;
}

/**
 * Cuts `text` at the `ranges` ([start, end) character offsets). Ranges out of the text are clipped,
 * empty or malformed ones dropped, overlapping or touching ones merged, so each character is in
 * exactly one segment and the segments joined are the text.
 */
export function highlightSegments(text: string, ranges: readonly (readonly unknown[])[] | null | undefined): TextSegment[] {
  const clean = (ranges ?? [])
    .filter((r): r is [number, number] => Array.isArray(r) && r.length === 2 && Number.isInteger(r[0]) && Number.isInteger(r[1]))
    .map(([start, end]) => [Math.max(0, start), Math.min(text.length, end)] as [number, number])
    .filter(([start, end]) => start < end)
    .sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const range of clean) {
    const last = merged[merged.length - 1];
    if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else merged.push([...range]);
  }
  const segments: TextSegment[] = [];
  let at = 0;
  for (const [start, end] of merged) {
    if (start > at) segments.push({ text: text.slice(at, start), highlighted: false });
    segments.push({ text: text.slice(start, end), highlighted: true });
    at = end;
  }
  if (at < text.length || segments.length === 0) segments.push({ text: text.slice(at), highlighted: false });
  return segments;
}

const ELLIPSIS = '…';

/** The first `max` characters of a text, cut at a word where one is near, with an ellipsis when cut. */
export function excerpt(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}${ELLIPSIS}`;
}

/**
 * About `max` characters of a passage around its first highlight (some context before it), with
 * the highlights moved to the excerpt's offsets and an ellipsis where the passage was cut.
 */
export function passageExcerpt(passage: string, highlights: readonly TextRange[], max = 240): { text: string; highlights: TextRange[] } {
  if (passage.length <= max) return { text: passage, highlights: [...highlights] };
  const first = highlights.reduce((min, [start]) => (Number.isInteger(start) && start >= 0 && start < min ? start : min), passage.length);
  // Start a little before the first match, at a word, so the match reads in its sentence.
  let start = first >= passage.length ? 0 : Math.max(0, Math.min(first - Math.floor(max / 4), passage.length - max));
  if (start > 0) {
    const space = passage.indexOf(' ', start);
    if (space >= 0 && space < first) start = space + 1;
  }
  let end = Math.min(passage.length, start + max);
  if (end < passage.length) {
    const space = passage.lastIndexOf(' ', end);
    if (space > start + max * 0.6) end = space;
  }
  const before = start > 0 ? ELLIPSIS : '';
  const text = `${before}${passage.slice(start, end)}${end < passage.length ? ELLIPSIS : ''}`;
  const shift = before.length - start;
  const moved = highlights
    .map(([s, e]) => [Math.max(s, start) + shift, Math.min(e, end) + shift] as const)
    .filter(([s, e]) => s < e);
  return { text, highlights: moved };
}

/** What the create form searches the library for: the topic and its subtopics, within the API's bound. */
export function topicQuery(topic: string, subtopics = ''): string {
  const text = [topic, ...subtopics.split(/\r?\n/)].join(' ').replace(/\s+/g, ' ').trim();
  if (text.length <= SEARCH_MAX_CHARS) return text;
  const cut = text.slice(0, SEARCH_MAX_CHARS);
  const space = cut.lastIndexOf(' ');
  return space > 0 ? cut.slice(0, space) : cut;
}

/** The citations a project's generated_content lists (absent or malformed entries left out). */
export function citationsOf(content: unknown): LibraryCitation[] {
  const list = content && typeof content === 'object' ? (content as { citations?: unknown }).citations : undefined;
  if (!Array.isArray(list)) return [];
  return list.filter(
    (c): c is LibraryCitation =>
      !!c &&
      typeof c === 'object' &&
      Number.isInteger((c as LibraryCitation).slide_index) &&
      (c as LibraryCitation).slide_index >= 0 &&
      typeof (c as LibraryCitation).document_id === 'string' &&
      typeof (c as LibraryCitation).document_title === 'string' &&
      typeof (c as LibraryCitation).passage === 'string',
  );
}

/** The offline engine's notice that the library held nothing about the topic (the preview offers the library beside it). */
export function isNoMaterialNotice(notice: string): boolean {
  return notice === LIBRARY_MESSAGES.noMaterial;
}

/** The citations by slide index, each slide's in the order listed. */
export function citationsBySlide(citations: readonly LibraryCitation[]): Map<number, LibraryCitation[]> {
  const bySlide = new Map<number, LibraryCitation[]>();
  for (const citation of citations) bySlide.set(citation.slide_index, [...(bySlide.get(citation.slide_index) ?? []), citation]);
  return bySlide;
}

/**
 * A refusal as the library screens show it: the screen's own failure, then what the API said (a
 * 4xx's message: the plan's storage, a file type it does not read, a page without text), else the
 * usual text of the error (no connection, a server error).
 */
export function libraryErrorText(error: unknown, t: TFunction, failureKey: string): string {
  const said = error instanceof ApiError && error.status >= 400 && error.status < 500 ? serverErrorText(error, t) : undefined;
  return t('translation.failureWithReason', { failure: t(failureKey), reason: said ?? errorText(error, t) });
}

// ---------------------------------------------------------------------------------------------
// Calls

const companyQuery = (companyId: string | null | undefined) => (companyId ? `company_id=${encodeURIComponent(companyId)}` : '');

export function libraryDocumentsPath(companyId?: string | null, paging: { page?: number; pageSize?: number } = {}): string {
  const params = new URLSearchParams(companyQuery(companyId));
  if (paging.page && paging.page > 1) params.set('page', String(paging.page));
  if (paging.pageSize) params.set('page_size', String(paging.pageSize));
  const query = params.toString();
  return `/library/documents${query ? `?${query}` : ''}`;
}

/** The page a /library address asks for (1 unless ?page= holds a whole number from 1). */
export function libraryPageOf(url: string): number {
  const page = Number(new URL(url, 'http://local').searchParams.get('page'));
  return Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1;
}

export function librarySearchPath(query: string, options: { companyId?: string | null; limit?: number } = {}): string {
  const params = new URLSearchParams({ q: query });
  if (options.companyId) params.set('company_id', options.companyId);
  if (options.limit !== undefined) params.set('limit', String(options.limit));
  return `/library/search?${params.toString()}`;
}

/** The first document only: the form needs the library's count (`total`), not its documents. */
export function fetchLibraryDocuments(companyId: string | null | undefined, signal?: AbortSignal): Promise<LibraryList> {
  return get<LibraryList>(libraryDocumentsPath(companyId, { pageSize: 1 }), signal);
}

export async function searchLibrary(query: string, options: { companyId?: string | null; limit?: number }, signal?: AbortSignal): Promise<SearchResult[]> {
  const answer = await get<{ results: SearchResult[] }>(librarySearchPath(query, options), signal);
  return answer.results;
}

/** The upload gives up after this long without progress (reading a large file takes a while). */
export const LIBRARY_UPLOAD_IDLE_MS = 60_000;
/** A page is fetched and read before the answer: the action waits this long. */
export const LIBRARY_WRITE_TIMEOUT_MS = 60_000;

/** Sends a file to the library from the browser, with the bytes sent (`onProgress`). */
export function uploadLibraryFile(
  file: File,
  options: { title?: string; companyId?: string | null },
  onProgress: (sent: number, total: number) => void,
): MultipartHandle<LibraryDocument> {
  return sendMultipart<LibraryDocument>(
    '/library/documents',
    () => {
      const form = new FormData();
      if (options.companyId) form.append('company_id', options.companyId);
      const title = options.title?.trim();
      if (title) form.append('title', title);
      form.append('file', file, file.name);
      return form;
    },
    onProgress,
    { totalBytes: file.size, idleTimeoutMs: LIBRARY_UPLOAD_IDLE_MS },
  );
}

/** What the library page's action is asked (routes/library.tsx): one intent per change. A file is
 * sent by the browser itself (uploadLibraryFile), with its progress. */
export type LibraryRequest =
  | { intent: 'addUrl'; companyId: string; url: string }
  | { intent: 'addText'; companyId: string; title: string; text: string }
  | { intent: 'delete'; companyId: string; documentId: string };

/** A library change as the gateway takes it (the action sends it). */
export function libraryWrite(request: LibraryRequest): { method: 'POST' | 'DELETE'; path: string; body?: object } {
  switch (request.intent) {
    case 'addUrl':
      return { method: 'POST', path: '/library/documents', body: { company_id: request.companyId, url: request.url.trim() } };
    case 'addText':
      return { method: 'POST', path: '/library/documents', body: { company_id: request.companyId, title: request.title.trim(), text: request.text } };
    case 'delete':
      // The document names its company: the server checks the caller's role there.
      return { method: 'DELETE', path: `/library/documents/${encodeURIComponent(request.documentId)}` };
  }
}

const isText = (v: unknown): v is string => typeof v === 'string' && v.length > 0;

export function isLibraryRequest(value: unknown): value is LibraryRequest {
  const r = value as Partial<Record<string, unknown>> | null;
  if (!r || !isText(r.companyId)) return false;
  switch (r.intent) {
    case 'addUrl':
      return typeof r.url === 'string';
    case 'addText':
      return typeof r.title === 'string' && typeof r.text === 'string';
    case 'delete':
      return isText(r.documentId);
    default:
      return false;
  }
}
