// File uploads (POST /api/uploads): the client-side pre-check that mirrors the server's rules and
// the upload itself with XMLHttpRequest, whose upload events give the real bytes sent.
import { ApiError, NETWORK_ERROR, refreshSession } from './api';

export type UploadKind = 'script' | 'slides';

export const MB = 1024 * 1024;

/** Accepted extensions and the largest size per kind (part 1, section 5). */
export const UPLOAD_RULES: Record<UploadKind, { extensions: readonly string[]; maxBytes: number }> = {
  script: { extensions: ['.txt', '.docx', '.pdf'], maxBytes: 104_857_600 },
  slides: { extensions: ['.pptx', '.pdf', '.png', '.jpg', '.jpeg'], maxBytes: 209_715_200 },
};

/** Files a drop brings along from the operating system, silently left out. */
const IGNORED_NAMES = new Set(['.ds_store', 'thumbs.db']);

export function isIgnoredFile(name: string): boolean {
  const base = name.split(/[\\/]/).pop() ?? name;
  return IGNORED_NAMES.has(base.toLowerCase());
}

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot === -1 ? '' : name.slice(dot).toLowerCase();
}

export type PrecheckError =
  | { code: 'type'; accepted: string }
  | { code: 'size'; size: number; max: number }
  | { code: 'empty' };

/**
 * The server's checks, in its order: the extension, then the size against the smaller of the kind's
 * maximum and the plan's fileUploadLimitMB. Null when the file may be sent. (The server also checks
 * that the content matches the extension; that needs the bytes and stays on the server.)
 */
export function precheckUpload(
  file: { name: string; size: number },
  kind: UploadKind,
  planLimitMB?: number | null,
): PrecheckError | null {
  const rule = UPLOAD_RULES[kind];
  if (!rule.extensions.includes(extensionOf(file.name))) return { code: 'type', accepted: rule.extensions.join(', ') };
  const planMax = typeof planLimitMB === 'number' && planLimitMB > 0 ? planLimitMB * MB : Infinity;
  const max = Math.min(rule.maxBytes, planMax);
  if (file.size > max) return { code: 'size', size: file.size, max };
  if (file.size === 0) return { code: 'empty' };
  return null;
}

/** '12.5 MB', '900 kB', '42 bytes' ('12,5 Mo', '42 octets' in French): Intl's units in the interface language. */
export function formatBytes(bytes: number, language = 'en'): string {
  const format = (value: number, unit: 'byte' | 'kilobyte' | 'megabyte', digits: number) =>
    new Intl.NumberFormat(language, {
      style: 'unit',
      unit,
      unitDisplay: unit === 'byte' ? 'long' : 'short',
      maximumFractionDigits: digits,
    }).format(value);
  if (bytes >= MB) return format(bytes / MB, 'megabyte', 1);
  if (bytes >= 1024) return format(bytes / 1024, 'kilobyte', 0);
  return format(bytes, 'byte', 0);
}

export interface UploadedFile {
  id: string;
  kind: UploadKind;
  filename: string;
  size: number;
  content_type: string;
}

export interface UploadHandle {
  promise: Promise<UploadedFile>;
  cancel: () => void;
}

export class UploadCancelled extends Error {
  constructor() {
    super('Upload cancelled');
    this.name = 'UploadCancelled';
  }
}

function parseJson(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

function errorFrom(status: number, body: unknown): ApiError {
  if (body && typeof body === 'object') {
    const b = body as { code?: unknown; message?: unknown; detail?: unknown };
    return new ApiError(
      status,
      typeof b.code === 'string' ? b.code : `HTTP_${status}`,
      typeof b.message === 'string' && b.message ? b.message : undefined,
      b.detail,
    );
  }
  return new ApiError(status, `HTTP_${status}`);
}

/**
 * Sends one file. `onProgress` gets the bytes sent and the total as the browser reports them. An
 * expired session is refreshed once and the upload restarted, as the JSON client does.
 */
export function uploadFile(
  file: File,
  kind: UploadKind,
  onProgress: (sent: number, total: number) => void,
  companyId?: string | null,
): UploadHandle {
  let xhr: XMLHttpRequest | null = null;
  let cancelled = false;

  const attempt = (): Promise<{ status: number; body: unknown }> =>
    new Promise((resolve, reject) => {
      const request = new XMLHttpRequest();
      xhr = request;
      request.open('POST', '/api/uploads');
      request.withCredentials = true;
      request.setRequestHeader('accept', 'application/json');
      request.upload.onprogress = (event) => onProgress(event.loaded, event.lengthComputable ? event.total : file.size);
      request.onload = () => resolve({ status: request.status, body: parseJson(request.responseText) });
      request.onerror = () => reject(new ApiError(0, NETWORK_ERROR));
      request.onabort = () => reject(new UploadCancelled());
      const form = new FormData();
      form.append('kind', kind);
      if (companyId) form.append('company_id', companyId);
      form.append('file', file, file.name);
      request.send(form);
    });

  const promise = (async () => {
    let result = await attempt();
    if (result.status === 401 && !cancelled) {
      const code = (result.body as { code?: string } | undefined)?.code;
      if ((code === 'TOKEN_EXPIRED' || code === 'UNAUTHENTICATED') && (await refreshSession()) && !cancelled) {
        onProgress(0, file.size);
        result = await attempt();
      }
    }
    if (cancelled) throw new UploadCancelled();
    if (result.status < 200 || result.status >= 300) throw errorFrom(result.status, result.body);
    return result.body as UploadedFile;
  })();

  return {
    promise,
    cancel: () => {
      cancelled = true;
      (xhr as XMLHttpRequest | null)?.abort();
    },
  };
}
