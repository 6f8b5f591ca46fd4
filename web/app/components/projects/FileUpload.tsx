// A file field with a drop zone: each file is checked like the server does, then sent to
// POST /api/uploads with a progress bar of the real bytes sent, a cancel button and the server's
// messages. Files the operating system adds to a drop (.DS_Store, Thumbs.db) are ignored. The drop
// zone and the progress bar are shared with the AI generator's file picker (GeneratorFields).
import { useEffect, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { maxUploadBytes, UPLOAD_KINDS } from '@trainwright/catalogue';
import { ApiError } from '~/lib/api';
import { errorText } from '~/lib/errors';
import {
  formatBytes,
  isIgnoredFile,
  precheckUpload,
  UploadCancelled,
  uploadFile,
  type PrecheckError,
  type UploadedFile,
  type UploadKind,
} from '~/lib/uploads';
import { CheckIcon, CloseIcon } from '../icons';
import { cx } from '../ui';

interface Item {
  key: number;
  name: string;
  size: number;
  status: 'uploading' | 'done' | 'error';
  sent: number;
  total: number;
  error?: string;
  result?: UploadedFile;
  cancel?: () => void;
}

export interface UploadState {
  files: UploadedFile[];
  busy: boolean;
}

/** The translated text of a failed pre-check. */
export function usePrecheckText(): (error: PrecheckError) => string {
  const { t, i18n } = useTranslation();
  return (e) => {
    const size = (bytes: number) => formatBytes(bytes, i18n.language);
    if (e.code === 'type') return t('upload.typeError', { accepted: e.accepted });
    if (e.code === 'size') return t('upload.sizeError', { size: size(e.size), max: size(e.max) });
    return t('upload.emptyFile');
  };
}

/**
 * The labelled file input with a drop zone, the accepted types and the size limit. Files the
 * operating system adds to a drop (.DS_Store, Thumbs.db) are left out before `onFiles`.
 */
export function DropZone({
  id,
  label,
  extensions,
  maxBytes,
  multiple = false,
  error,
  disabled = false,
  onFiles,
}: {
  id: string;
  label: string;
  extensions: readonly string[];
  maxBytes: number;
  multiple?: boolean;
  error?: string | undefined;
  disabled?: boolean;
  onFiles: (files: File[]) => void;
}) {
  const { t, i18n } = useTranslation();
  const [dragging, setDragging] = useState(false);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const take = (list: FileList) => {
    const files = Array.from(list).filter((f) => !isIgnoredFile(f.name));
    if (files.length > 0) onFiles(files);
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled && event.dataTransfer.files.length > 0) take(event.dataTransfer.files);
  };
  return (
    <>
      <span className="block text-sm font-medium text-slate-700" id={`${id}-label`}>
        {label}
      </span>
      <div
        onDragOver={(e) => {
          e.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cx(
          'mt-1 flex flex-col items-center gap-2 rounded-md border-2 border-dashed px-4 py-5 text-center',
          dragging ? 'border-indigo-400 bg-indigo-50' : error ? 'border-red-300' : 'border-slate-300',
          disabled && 'opacity-60',
        )}
      >
        <label htmlFor={id} className={cx('text-sm font-semibold text-indigo-600', disabled ? 'cursor-not-allowed' : 'cursor-pointer hover:text-indigo-500')}>
          {multiple ? t('upload.chooseFiles') : t('upload.chooseFile')}
          <span className="sr-only"> ({label})</span>
        </label>
        <input
          id={id}
          type="file"
          className="sr-only"
          accept={extensions.join(',')}
          multiple={multiple}
          disabled={disabled}
          aria-describedby={error ? errorId : hintId}
          aria-invalid={error ? true : undefined}
          onChange={(e) => {
            if (e.target.files) take(e.target.files);
            e.target.value = '';
          }}
        />
        <p className="text-xs text-slate-500">{t('upload.orDrop')}</p>
        <p id={hintId} className="text-xs text-slate-500">
          {t('upload.hint', { types: extensions.join(', '), max: formatBytes(maxBytes, i18n.language) })}
        </p>
      </div>
      {error && (
        <p id={errorId} className="mt-1 text-xs text-red-600">
          {error}
        </p>
      )}
    </>
  );
}

/** A progress bar of bytes sent (or received), announced politely to screen readers. A null
 * total (a download without Content-Length) shows the bytes so far on an indeterminate bar. */
export function UploadProgress({ label, sent, total }: { label: string; sent: number; total: number | null }) {
  const { t, i18n } = useTranslation();
  const known = total !== null;
  const percent = known && total > 0 ? Math.min(100, Math.round((sent / total) * 100)) : 0;
  const size = (bytes: number) => formatBytes(bytes, i18n.language);
  return (
    <div className="mt-2">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={known ? 0 : undefined}
        aria-valuemax={known ? 100 : undefined}
        aria-valuenow={known ? percent : undefined}
        aria-valuetext={known ? undefined : t('upload.received', { received: size(sent) })}
        className="h-1.5 w-full overflow-hidden rounded-full bg-slate-100"
      >
        <div className={cx('h-full rounded-full bg-indigo-500', known ? 'transition-[width]' : 'animate-pulse')} style={{ width: known ? `${percent}%` : '100%' }} />
      </div>
      <p className="mt-1 text-xs text-slate-500" aria-live="polite">
        {known ? t('upload.progress', { sent: size(sent), total: size(total), percent }) : t('upload.received', { received: size(sent) })}
      </p>
    </div>
  );
}

let nextKey = 1;

export function FileUpload({
  id,
  label,
  kind,
  planLimitMB,
  companyId,
  multiple = false,
  onChange,
  error,
}: {
  id: string;
  label: string;
  kind: UploadKind;
  planLimitMB?: number | null;
  companyId?: string | null;
  multiple?: boolean;
  onChange: (state: UploadState) => void;
  error?: string | undefined;
}) {
  const { t, i18n } = useTranslation();
  const [items, setItems] = useState<Item[]>([]);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const itemsRef = useRef(items);
  itemsRef.current = items;

  useEffect(() => {
    onChangeRef.current({
      files: items.flatMap((i) => (i.status === 'done' && i.result ? [i.result] : [])),
      busy: items.some((i) => i.status === 'uploading'),
    });
  }, [items]);

  // Uploads still running when the form closes are cancelled.
  useEffect(() => () => itemsRef.current.forEach((i) => i.cancel?.()), []);

  const rule = UPLOAD_KINDS[kind];
  const maxBytes = maxUploadBytes(rule, planLimitMB);
  const size = (bytes: number) => formatBytes(bytes, i18n.language);
  const precheckText = usePrecheckText();

  const update = (key: number, change: Partial<Item>) =>
    setItems((list) => list.map((i) => (i.key === key ? { ...i, ...change } : i)));

  const start = (file: File) => {
    const key = nextKey++;
    const problem = precheckUpload(file, kind, planLimitMB);
    const base: Item = { key, name: file.name, size: file.size, status: 'uploading', sent: 0, total: file.size };
    if (problem) {
      return { ...base, status: 'error' as const, error: precheckText(problem) };
    }
    const handle = uploadFile(file, kind, (sent, total) => update(key, { sent, total }), companyId);
    handle.promise.then(
      (result) => update(key, { status: 'done', result, sent: file.size, total: file.size, cancel: undefined }),
      (err: unknown) => {
        if (err instanceof UploadCancelled) {
          setItems((list) => list.filter((i) => i.key !== key));
          return;
        }
        const reason = err instanceof ApiError && err.serverMessage ? err.serverMessage : errorText(err, t);
        update(key, { status: 'error', error: t('upload.failed', { reason }), cancel: undefined });
      },
    );
    return { ...base, cancel: handle.cancel };
  };

  const addFiles = (list: File[]) => {
    const chosen = multiple ? list : list.slice(0, 1);
    if (!multiple) itemsRef.current.forEach((i) => i.cancel?.());
    const started = chosen.map(start);
    setItems((current) => (multiple ? [...current, ...started] : started));
  };

  const remove = (item: Item) => {
    item.cancel?.();
    setItems((list) => list.filter((i) => i.key !== item.key));
  };

  return (
    <div>
      <DropZone id={id} label={label} extensions={rule.extensions} maxBytes={maxBytes} multiple={multiple} error={error} onFiles={addFiles} />
      {items.length > 0 && (
        <ul className="mt-2 space-y-2" aria-label={t('upload.listLabel')}>
          {items.map((item) => (
            <li key={item.key} className="rounded-md border border-slate-200 px-3 py-2 text-sm" data-testid="upload-item">
              <div className="flex items-center justify-between gap-2">
                <span className="flex min-w-0 items-center gap-2">
                  {item.status === 'done' && <CheckIcon className="h-4 w-4 shrink-0 text-green-600" />}
                  <span className="truncate font-medium text-slate-800">{item.name}</span>
                  <span className="shrink-0 text-xs text-slate-500">{size(item.size)}</span>
                </span>
                <button
                  type="button"
                  onClick={() => remove(item)}
                  className="shrink-0 rounded px-1.5 py-0.5 text-xs font-medium text-slate-600 hover:bg-slate-100"
                  aria-label={item.status === 'uploading' ? t('upload.cancelNamed', { name: item.name }) : t('upload.removeNamed', { name: item.name })}
                >
                  {item.status === 'uploading' ? t('upload.cancel') : <CloseIcon className="h-4 w-4" />}
                </button>
              </div>
              {item.status === 'uploading' && <UploadProgress label={t('upload.progressLabel', { name: item.name })} sent={item.sent} total={item.total} />}
              {item.status === 'done' && <p className="mt-1 text-xs text-green-700">{t('upload.complete')}</p>}
              {item.status === 'error' && (
                <p className="mt-1 text-xs text-red-600" role="alert">
                  {item.error}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * The file a form holds before it is sent: its name and size, a button to drop it (not while it
 * is being sent), and what happens next (`children`: the upload's progress, or a hint).
 */
export function ChosenFile({ testId, text, removeLabel, busy, onRemove, children }: { testId: string; text: string; removeLabel: string; busy: boolean; onRemove: () => void; children?: ReactNode }) {
  return (
    <div className="mt-2 rounded-md border border-slate-200 px-3 py-2 text-sm" data-testid={testId}>
      <div className="flex items-center justify-between gap-2">
        <span className="min-w-0 truncate font-medium text-slate-800">{text}</span>
        {!busy && (
          <button type="button" onClick={onRemove} className="shrink-0 rounded p-0.5 text-slate-600 hover:bg-slate-100" aria-label={removeLabel}>
            <CloseIcon className="h-4 w-4" />
          </button>
        )}
      </div>
      {children}
    </div>
  );
}
