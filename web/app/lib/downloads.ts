// Downloads of a completed project's files (docs/api.md, "Downloads and voices"; part 1 sections
// 5, 7, 8, 9): the six format choices and which of them the project has, the checks before a
// download, the file name from Content-Disposition, the streamed GET with real progress and a
// time limit, the language of a translated project's files (?language=), and the error texts.
// downloadFile serves any attachment (a translation's XLIFF too). Only saveFile touches the page.
import type { TFunction } from 'i18next';
import { CONTENT_LANGUAGES, lowestTierWith, type TierId } from '@trainwright/catalogue';
import { ApiError, fetchWithSession, NETWORK_ERROR, readBody, TimeoutError, toError } from './api';
import { formatBytes } from './uploads';
import type { Project, ProjectSummary } from './projects';
import type { User } from './types';

/** The download choices in the specification's order: choice n is DOWNLOAD_FORMATS[n - 1]. */
export const DOWNLOAD_FORMATS = ['pptx', 'mp4', 'mov', 'pdf', 'docx', 'txt'] as const;
export type DownloadFormat = (typeof DOWNLOAD_FORMATS)[number];

export const VIDEO_DOWNLOAD_FORMATS: readonly DownloadFormat[] = ['mp4', 'mov'];

/** Part 1 section 7: a download gives up after 120 s (here: 120 s without a byte arriving). */
export const DOWNLOAD_TIMEOUT_MS = 120_000;

/** The format of a choice '1' to '6' (or 1 to 6); anything else is ignored (null). */
export function downloadFormatForChoice(choice: unknown): DownloadFormat | null {
  const text = typeof choice === 'number' ? String(choice) : typeof choice === 'string' ? choice.trim() : '';
  if (!/^[1-6]$/.test(text)) return null;
  return DOWNLOAD_FORMATS[Number(text) - 1] ?? null;
}

export function isVideoFormat(format: string): boolean {
  return format === 'mp4' || format === 'mov';
}

/** Why a choice cannot be downloaded: the plan has no video (with the cheapest plan that has it),
 * or the project was made without video. */
export type DownloadUnavailable = { reason: 'planNoVideo'; plan: TierId | null } | { reason: 'noVideo' };

export interface DownloadChoice {
  /** 1 to 6. */
  choice: number;
  format: DownloadFormat;
  unavailable: DownloadUnavailable | null;
}

/**
 * The six choices with the ones the project cannot give disabled, in the server's order of checks:
 * video needs a plan with video generation (judged only for a project of the user's current
 * company, whose plan `user.capabilities` describes; for another company's the server decides),
 * then a project whose visual format is MP4 or MOV. Slides, documents and text always exist.
 */
export function downloadChoices(
  project: Pick<Project, 'visual_format' | 'company_id'>,
  user: Pick<User, 'capabilities' | 'currentCompanyId'>,
): DownloadChoice[] {
  const ownCompany = !project.company_id || !user.currentCompanyId || project.company_id === user.currentCompanyId;
  const planHasVideo = !ownCompany || user.capabilities?.videoGeneration === true;
  const projectHasVideo = isVideoFormat(project.visual_format);
  return DOWNLOAD_FORMATS.map((format, index) => {
    let unavailable: DownloadUnavailable | null = null;
    if (isVideoFormat(format)) {
      if (!planHasVideo) unavailable = { reason: 'planNoVideo', plan: lowestTierWith('videoGeneration')?.id ?? null };
      else if (!projectHasVideo) unavailable = { reason: 'noVideo' };
    }
    return { choice: index + 1, format, unavailable };
  });
}

/** Why nothing can be downloaded yet: the project is not completed, or it has no content. */
export type DownloadBlock = { reason: 'notReady'; status: string } | { reason: 'noContent' };

/** Projects whose files were rendered once have files, also while an edit renders the next version
 * (the server serves the last complete set); others only once completed with content. */
export function downloadBlock(project: Pick<ProjectSummary, 'status' | 'has_content' | 'files_version'>): DownloadBlock | null {
  if (typeof project.files_version === 'number') return null;
  if (project.status !== 'completed') return { reason: 'notReady', status: project.status };
  return project.has_content ? null : { reason: 'noContent' };
}

// ---------------------------------------------------------------------------------------------
// The file name

/** The parameters of a Content-Disposition header (names lower-cased, quoted strings unescaped). */
function dispositionParams(header: string): Map<string, string> {
  const params = new Map<string, string>();
  let i = header.indexOf(';');
  if (i === -1) return params;
  while (i < header.length) {
    while (i < header.length && (header[i] === ';' || header[i] === ' ' || header[i] === '\t')) i++;
    const eq = header.indexOf('=', i);
    if (eq === -1) break;
    const name = header.slice(i, eq).trim().toLowerCase();
    i = eq + 1;
    while (header[i] === ' ' || header[i] === '\t') i++;
    let value = '';
    if (header[i] === '"') {
      i++;
      while (i < header.length && header[i] !== '"') {
        if (header[i] === '\\' && i + 1 < header.length) i++;
        value += header[i];
        i++;
      }
      i++; // the closing quote
      const next = header.indexOf(';', i);
      i = next === -1 ? header.length : next;
    } else {
      const next = header.indexOf(';', i);
      value = header.slice(i, next === -1 ? header.length : next).trim();
      i = next === -1 ? header.length : next;
    }
    if (name && !params.has(name)) params.set(name, value);
  }
  return params;
}

/** An RFC 8187 value `charset'language'percent-encoded`, decoded (UTF-8 or ISO-8859-1); null when malformed. */
function decodeExtValue(value: string): string | null {
  const m = /^([A-Za-z0-9!#$%&+^_`{}~-]+)'[^']*'(.*)$/.exec(value.trim());
  if (!m) return null;
  const charset = m[1]!.toLowerCase();
  const encoded = m[2]!;
  try {
    if (charset === 'utf-8') return decodeURIComponent(encoded);
    if (charset === 'iso-8859-1') return encoded.replace(/%([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  } catch {
    return null;
  }
  return null;
}

/** A name safe to offer the browser: no folders, no control characters, not empty or dots only. */
function safeFileName(name: string): string | null {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return clean && !/^\.+$/.test(clean) ? clean : null;
}

/** The file name a Content-Disposition header gives: filename* (UTF-8) first, else filename; null when neither. */
export function fileNameFromContentDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  const params = dispositionParams(header);
  const extended = params.get('filename*');
  if (extended !== undefined) {
    const decoded = decodeExtValue(extended);
    const name = decoded === null ? null : safeFileName(decoded);
    if (name) return name;
  }
  const plain = params.get('filename');
  return plain === undefined ? null : safeFileName(plain);
}

/** The name to save under: the header's, else download_{timestamp}.{format}. */
export function downloadFileName(header: string | null | undefined, format: string, now: Date = new Date()): string {
  return fileNameFromContentDisposition(header) ?? `download_${now.getTime()}.${format}`;
}

// ---------------------------------------------------------------------------------------------
// The download

export interface DownloadProgress {
  received: number;
  /** From Content-Length; null when the server did not say. */
  total: number | null;
}

export interface DownloadedFile {
  blob: Blob;
  filename: string;
  size: number;
}

export interface DownloadOptions {
  onProgress?: (progress: DownloadProgress) => void;
  signal?: AbortSignal;
  timeoutMs?: number;
  now?: () => Date;
}

/** The languages a project's files can be downloaded in: the primary first, then the others once each. */
export function orderedLanguages(primary: string, available: readonly string[]): string[] {
  // The primary first, then the others in the plans' order (not the order translations finished).
  const rank = (code: string) => (CONTENT_LANGUAGES.includes(code) ? CONTENT_LANGUAGES.indexOf(code) : CONTENT_LANGUAGES.length);
  const others = [...new Set(available)].filter((code) => code && code !== primary).sort((a, b) => rank(a) - rank(b));
  return primary ? [primary, ...others] : others;
}

/** GET /api/projects/{id}/download/{format}; a language other than the primary as `?language=`. */
export function projectDownloadPath(projectId: string, format: DownloadFormat, choice?: { language: string; primary: string }): string {
  const path = `/projects/${encodeURIComponent(projectId)}/download/${format}`;
  return choice && choice.language && choice.language !== choice.primary ? `${path}?language=${encodeURIComponent(choice.language)}` : path;
}

/** A project's file in a format (and a language: see projectDownloadPath), as downloadFile reads it. */
export function downloadProjectFile(
  projectId: string,
  format: DownloadFormat,
  options: DownloadOptions & { language?: { language: string; primary: string } } = {},
): Promise<DownloadedFile> {
  return downloadFile(projectDownloadPath(projectId, format, options.language), format, options);
}

/**
 * GET `/api${path}`, read as a stream so `onProgress` gets the bytes received (against
 * Content-Length when it is known). The call gives up with TimeoutError when no answer or no byte
 * came for DOWNLOAD_TIMEOUT_MS; `signal` cancels it (AbortError). Failed answers reject with
 * ApiError, the server's code and message included. `extension` names the file when the answer
 * does not (download_{timestamp}.{extension}).
 */
export async function downloadFile(path: string, extension: string, options: DownloadOptions = {}): Promise<DownloadedFile> {
  const controller = new AbortController();
  const limit = options.timeoutMs ?? DOWNLOAD_TIMEOUT_MS;
  let timedOut = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, limit);
  };
  const onOuterAbort = () => controller.abort();
  if (options.signal?.aborted) controller.abort();
  options.signal?.addEventListener('abort', onOuterAbort);
  arm();
  try {
    const res = await fetchWithSession(path, {
      method: 'GET',
      credentials: 'same-origin',
      headers: { accept: '*/*' },
      signal: controller.signal,
    });
    if (!res.ok) throw toError(res.status, await readBody(res));
    const length = Number(res.headers.get('content-length'));
    const total = res.headers.has('content-length') && Number.isFinite(length) && length >= 0 ? length : null;
    const type = res.headers.get('content-type') ?? 'application/octet-stream';
    const chunks: Uint8Array[] = [];
    let received = 0;
    options.onProgress?.({ received, total });
    if (res.body) {
      const reader = res.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        arm();
        chunks.push(value);
        received += value.byteLength;
        options.onProgress?.({ received, total });
      }
    } else {
      const bytes = new Uint8Array(await res.arrayBuffer());
      chunks.push(bytes);
      received = bytes.byteLength;
      options.onProgress?.({ received, total });
    }
    const blob = new Blob(chunks as BlobPart[], { type });
    return { blob, filename: downloadFileName(res.headers.get('content-disposition'), extension, (options.now ?? (() => new Date()))()), size: blob.size };
  } catch (error) {
    if (timedOut) throw new TimeoutError();
    throw error;
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onOuterAbort);
  }
}

/** Saves a downloaded file: a blob URL clicked through an <a download>, released afterwards. */
export function saveFile(file: Pick<DownloadedFile, 'blob' | 'filename'>): void {
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Some browsers start reading the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

// ---------------------------------------------------------------------------------------------
// Texts

/** What went wrong (part 1 section 8), the part after 'Failed to download {name}: '. */
export function downloadErrorReason(error: unknown, t: TFunction): string {
  if (error instanceof TimeoutError) return t('downloads.errors.timeout');
  if (error instanceof ApiError) {
    if (error.code === NETWORK_ERROR) return t('errors.network');
    if (error.status === 400) return error.serverMessage ?? t('downloads.errors.invalid');
    if (error.status === 404) return t('downloads.errors.notFound');
    if (error.status >= 500) return t('downloads.errors.server');
    // 403 (no video in the plan, the plan's download limit), 409 (not ready, no video, files
    // still being prepared), 416: the server's own words.
    if (error.serverMessage) return error.serverMessage;
    return t('downloads.errors.failed');
  }
  return error instanceof Error && error.message ? error.message : t('downloads.errors.failed');
}

export function downloadErrorText(error: unknown, title: string, t: TFunction): string {
  return t('downloads.failed', { name: title, message: downloadErrorReason(error, t) });
}

/** 'Download complete: {file} ({size})', the size with Intl units in the interface language. */
export function downloadCompleteText(file: Pick<DownloadedFile, 'filename' | 'size'>, t: TFunction, language: string): string {
  return t('downloads.complete', { name: file.filename, size: formatBytes(file.size, language) });
}
