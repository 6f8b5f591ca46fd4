// File uploads (POST /api/uploads, and the AI generator's multipart create): the client-side
// pre-check with the server's own rules (the catalogue's) and the multipart POST with
// XMLHttpRequest, whose upload events give the real bytes sent.
import { extensionOf, maxUploadBytes, UPLOAD_KINDS, type UploadRule } from '@trainwright/catalogue';
import { ApiError, NETWORK_ERROR, refreshSession, TimeoutError, toError } from './api';

/** The kinds POST /api/uploads takes; their rules (and the generator's) are the catalogue's. */
export type UploadKind = 'script' | 'slides';
export type GeneratorUploadKind = 'document' | 'refresh';

export const MB = 1024 * 1024;

/** Files a drop brings along from the operating system, silently left out. */
const IGNORED_NAMES = new Set(['.ds_store', 'thumbs.db']);

export function isIgnoredFile(name: string): boolean {
  const base = name.split(/[\\/]/).pop() ?? name;
  return IGNORED_NAMES.has(base.toLowerCase());
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
  return precheckFile(file, UPLOAD_KINDS[kind], planLimitMB);
}


/** precheckUpload for any rule (the generator's document uploads use their own). */
export function precheckFile(file: { name: string; size: number }, rule: UploadRule, planLimitMB?: number | null): PrecheckError | null {
  if (!rule.extensions.includes(extensionOf(file.name))) return { code: 'type', accepted: rule.extensions.join(', ') };
  const max = maxUploadBytes(rule, planLimitMB);
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

export type UploadHandle = MultipartHandle<UploadedFile>;

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

export interface MultipartHandle<T> {
  promise: Promise<T>;
  cancel: () => void;
}

/**
 * POSTs a multipart form to `/api${path}` with XMLHttpRequest, whose upload events give the real
 * bytes sent (`onProgress(sent, total)`). An expired session is refreshed once and the request
 * sent again, as the JSON client does. `idleTimeoutMs`: give up (TimeoutError) when neither
 * progress nor an answer came for that long. Rejects with ApiError, UploadCancelled or TimeoutError.
 */
export function sendMultipart<T>(
  path: string,
  buildForm: () => FormData,
  onProgress: (sent: number, total: number) => void,
  options: { totalBytes?: number; idleTimeoutMs?: number } = {},
): MultipartHandle<T> {
  let xhr: XMLHttpRequest | null = null;
  let cancelled = false;
  let timedOut = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const total = options.totalBytes ?? 0;

  const stopTimer = () => {
    if (timer) clearTimeout(timer);
    timer = null;
  };
  const armTimer = () => {
    stopTimer();
    if (!options.idleTimeoutMs) return;
    timer = setTimeout(() => {
      timedOut = true;
      (xhr as XMLHttpRequest | null)?.abort();
    }, options.idleTimeoutMs);
  };

  const attempt = (): Promise<{ status: number; body: unknown }> =>
    new Promise((resolve, reject) => {
      const request = new XMLHttpRequest();
      xhr = request;
      request.open('POST', `/api${path}`);
      request.withCredentials = true;
      request.setRequestHeader('accept', 'application/json');
      request.upload.onprogress = (event) => {
        armTimer();
        onProgress(event.loaded, event.lengthComputable ? event.total : total);
      };
      request.onload = () => {
        stopTimer();
        resolve({ status: request.status, body: parseJson(request.responseText) });
      };
      request.onerror = () => {
        stopTimer();
        reject(new ApiError(0, NETWORK_ERROR));
      };
      request.onabort = () => {
        stopTimer();
        reject(timedOut ? new TimeoutError() : new UploadCancelled());
      };
      armTimer();
      request.send(buildForm());
    });

  const promise = (async () => {
    try {
      let result = await attempt();
      if (result.status === 401 && !cancelled) {
        const code = (result.body as { code?: string } | undefined)?.code;
        if ((code === 'TOKEN_EXPIRED' || code === 'UNAUTHENTICATED') && (await refreshSession()) && !cancelled) {
          onProgress(0, total);
          result = await attempt();
        }
      }
      if (cancelled) throw new UploadCancelled();
      if (result.status < 200 || result.status >= 300) throw toError(result.status, result.body);
      return result.body as T;
    } finally {
      stopTimer();
    }
  })();

  return {
    promise,
    cancel: () => {
      cancelled = true;
      (xhr as XMLHttpRequest | null)?.abort();
    },
  };
}

/**
 * Sends one file to POST /api/uploads. `onProgress` gets the bytes sent and the total as the
 * browser reports them.
 */
export function uploadFile(
  file: File,
  kind: UploadKind,
  onProgress: (sent: number, total: number) => void,
  companyId?: string | null,
): UploadHandle {
  return sendMultipart<UploadedFile>(
    '/uploads',
    () => {
      const form = new FormData();
      form.append('kind', kind);
      if (companyId) form.append('company_id', companyId);
      form.append('file', file, file.name);
      return form;
    },
    onProgress,
    { totalBytes: file.size },
  );
}
