// The dialog's left side (part 2 section 2): the video upload (only a file whose type starts with
// video/, then the server's extension and size rules; the bytes sent shown, Cancel), the preview
// player of the chosen video with its file name, size in MB and type (and its length, picture size
// and sound), and the company's videos to pick from (GET /api/video/files, newest first; a tool's
// outputs are marked Processed).
import { useId, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoment } from '~/lib/format';
import {
  inlineUrl,
  precheckVideo,
  sizeInMb,
  videoErrorMessage,
  videoUploadMaxBytes,
  videoUploadRule,
  type VideoFile,
} from '~/lib/video-processing';
import { DropZone, UploadProgress } from '../projects/FileUpload';
import { useVideoUpload } from './useVideoUpload';
import { Badge, ErrorBox, LoadingLine, cx } from '../ui';


export function VideoSource({
  files,
  loading,
  loadError,
  onRetry,
  chosen,
  onChoose,
  onUploaded,
  previewRef,
  onPreviewReady,
  planLimitMB,
  canProcess,
  onDelete,
}: {
  files: VideoFile[];
  loading: boolean;
  loadError: unknown;
  onRetry: () => void;
  chosen: VideoFile | null;
  onChoose: (id: string) => void;
  onUploaded: (file: VideoFile) => void;
  previewRef: RefObject<HTMLVideoElement>;
  onPreviewReady: () => void;
  planLimitMB: number | null | undefined;
  canProcess: boolean;
  /** Deletes a file (asked to confirm first); absent when the caller may not. */
  onDelete?: (file: VideoFile) => void;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const { upload, error, take: takeFile } = useVideoUpload((file) => precheckVideo(file, planLimitMB), onUploaded);
  const k = 'videoProcessing.source';
  const videos = files.filter((f) => f.kind === 'video');

  const take = (list: File[]) => {
    if (list[0]) takeFile(list[0]);
  };

  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-4" data-testid="video-source">
      <h3 id={`${id}-heading`} className="text-base font-semibold text-slate-900">
        {t(`${k}.heading`)}
      </h3>
      <div>
        <DropZone id={`${id}-upload`} label={t(`${k}.upload`)} extensions={videoUploadRule.extensions} maxBytes={videoUploadMaxBytes(planLimitMB)} error={error ?? undefined} disabled={!canProcess || upload !== null} onFiles={take} />
        {upload && (
          <div className="mt-2 rounded-md border border-slate-200 px-3 py-2 text-sm" data-testid="video-upload">
            <div className="flex items-center justify-between gap-2">
              <span className="min-w-0 truncate font-medium text-slate-800">{upload.name}</span>
              <button type="button" onClick={upload.cancel} className="shrink-0 rounded px-1.5 py-0.5 text-xs font-medium text-slate-600 hover:bg-slate-100" aria-label={t('upload.cancelNamed', { name: upload.name })}>
                {t('upload.cancel')}
              </button>
            </div>
            <UploadProgress label={t('upload.progressLabel', { name: upload.name })} sent={upload.sent} total={upload.total} />
          </div>
        )}
      </div>

      {chosen ? (
        <div data-testid="video-preview">
          <video
            key={chosen.video_path}
            ref={previewRef}
            controls
            preload="metadata"
            src={inlineUrl(chosen.download_url)}
            onLoadedMetadata={onPreviewReady}
            aria-label={t(`${k}.preview`, { name: chosen.filename })}
            className="aspect-video w-full rounded-md bg-slate-900"
            data-testid="preview-player"
          />
          <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm" data-testid="video-info">
            <dt className="text-slate-600">{t(`${k}.name`)}</dt>
            <dd className="truncate font-medium text-slate-900" data-testid="video-info-name" title={chosen.filename}>
              {chosen.filename}
            </dd>
            <dt className="text-slate-600">{t(`${k}.size`)}</dt>
            <dd className="text-slate-900" data-testid="video-info-size">
              {sizeInMb(chosen.size, i18n.language)}
            </dd>
            <dt className="text-slate-600">{t(`${k}.type`)}</dt>
            <dd className="text-slate-900" data-testid="video-info-type">
              {chosen.content_type}
            </dd>
            <dt className="text-slate-600">{t(`${k}.duration`)}</dt>
            <dd className="text-slate-900">{formatMoment(chosen.duration)}</dd>
            <dt className="text-slate-600">{t(`${k}.resolution`)}</dt>
            <dd className="text-slate-900">{t(`${k}.pixels`, { width: chosen.width, height: chosen.height })}</dd>
            <dt className="text-slate-600">{t(`${k}.sound`)}</dt>
            <dd className="text-slate-900">{chosen.has_audio ? t(`${k}.hasSound`) : t(`${k}.noSound`)}</dd>
          </dl>
        </div>
      ) : (
        <p className="rounded-md border border-dashed border-slate-300 px-3 py-6 text-center text-sm text-slate-600" data-testid="no-video">
          {t(`${k}.none`)}
        </p>
      )}

      <fieldset>
        <legend className="text-sm font-semibold text-slate-900">{t(`${k}.files`)}</legend>
        {loading ? (
          <div className="mt-2">
            <LoadingLine />
          </div>
        ) : loadError ? (
          <div className="mt-2">
            <ErrorBox onRetry={onRetry} retryLabel={t('common.retry')}>
              {t(`${k}.filesFailed`)} {videoErrorMessage(loadError, t)}
            </ErrorBox>
          </div>
        ) : videos.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">{t(`${k}.filesEmpty`)}</p>
        ) : (
          <ul className="mt-2 max-h-64 space-y-1 overflow-y-auto rounded-md border border-slate-200 p-1" data-testid="video-files">
            {videos.map((f) => {
              const selected = chosen?.video_path === f.video_path;
              return (
                <li key={f.video_path}>
                  <label className={cx('flex cursor-pointer items-start gap-2 rounded px-2 py-1.5 text-sm', selected ? 'bg-indigo-50' : 'hover:bg-slate-50')} data-testid="video-file" data-video-path={f.video_path}>
                    <input type="radio" name={`${id}-file`} checked={selected} onChange={() => onChoose(f.video_path)} className="mt-0.5 h-4 w-4 border-slate-300 text-indigo-600 focus:ring-indigo-600" />
                    <span className="min-w-0 flex-1">
                      <span className="block truncate font-medium text-slate-900">{f.filename}</span>
                      <span className="block text-xs text-slate-600">
                        {formatMoment(f.duration)} · {sizeInMb(f.size, i18n.language)}
                      </span>
                    </span>
                    {f.origin === 'output' && <Badge tone="green">{t(`${k}.processed`)}</Badge>}
                  </label>
                  {onDelete && (
                    <button
                      type="button"
                      onClick={() => {
                        if (window.confirm(t(`${k}.deleteConfirm`, { name: f.filename }))) onDelete(f);
                      }}
                      className="ml-8 rounded px-1.5 py-0.5 text-xs font-medium text-red-700 hover:bg-red-50"
                      aria-label={t(`${k}.deleteNamed`, { name: f.filename })}
                      data-testid="video-file-delete"
                    >
                      {t(`${k}.delete`)}
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </fieldset>
    </section>
  );
}
