// 'My Packages' (part 2 sections 3, 4 and 8): the project's packages, newest first: name, version,
// language, created date, downloads, the build's status with its live progress or failure reason, and
// Download for a ready one (the zip streamed through the session, saved under the server's name).
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { scormVersionLabel, type ScormVersion } from '@trainwright/catalogue';
import { isAbortError } from '~/lib/api';
import { downloadCompleteText, downloadFile, saveFile } from '~/lib/downloads';
import { formatDate } from '~/lib/format';
import { downloadFailureText, isBuilding, packageErrorText, scormPaths, type ScormPackage } from '~/lib/scorm';
import type { ScormPackagesState } from '~/lib/useScorm';
import { useLanguageNames } from '~/lib/useTranslations';
import { formatBytes } from '~/lib/uploads';
import { errorText } from '~/lib/errors';
import { DownloadIcon } from '../icons';
import { ProgressBar } from '../projects/ProjectCard';
import { useWorkspace } from '../projects/workspace-context';
import { Badge, Button, ErrorBox, LoadingLine, Spinner } from '../ui';

const STATUS_TONES: Record<string, 'slate' | 'indigo' | 'green' | 'red'> = { queued: 'slate', building: 'indigo', ready: 'green', failed: 'red' };

function PackageRow({ pkg, downloading, onDownload }: { pkg: ScormPackage; downloading: boolean; onDownload: () => void }) {
  const { t, i18n } = useTranslation();
  const names = useLanguageNames();
  const details = [
    scormVersionLabel(pkg.scorm_version as ScormVersion),
    ...(pkg.language ? [names(pkg.language).name] : []),
    t('scorm.list.created', { date: formatDate(pkg.created_at, i18n.language) }),
    t('scorm.list.downloads', { count: pkg.download_count }),
    ...(pkg.status === 'ready' && pkg.size > 0 ? [formatBytes(pkg.size, i18n.language)] : []),
    ...(pkg.has_video ? [t('scorm.list.withVideo')] : []),
  ];
  return (
    <li className="rounded-md border border-slate-200 bg-white p-3" data-testid="scorm-package" data-package-id={pkg.id} data-status={pkg.status}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="break-words font-medium text-slate-900">{pkg.package_name}</p>
          <p className="mt-0.5 text-xs text-slate-500">{details.join(' · ')}</p>
        </div>
        <div className="flex shrink-0 items-center gap-2">
          <Badge tone={STATUS_TONES[pkg.status] ?? 'slate'}>{t(`scorm.status.${pkg.status}`, { defaultValue: pkg.status })}</Badge>
          {pkg.status === 'ready' && (
            <Button size="sm" disabled={downloading} onClick={onDownload} aria-label={t('scorm.list.downloadNamed', { name: pkg.package_name })}>
              {downloading ? <Spinner className="h-3 w-3" /> : <DownloadIcon className="h-4 w-4" />}
              {downloading ? t('scorm.list.downloading') : t('scorm.list.download')}
            </Button>
          )}
        </div>
      </div>
      {isBuilding(pkg.status) && (
        <div className="mt-2">
          <ProgressBar label={t('scorm.list.building', { name: pkg.package_name })} percent={pkg.progress} testId="scorm-progress" />
        </div>
      )}
      {pkg.status === 'failed' && (
        <p className="mt-2 rounded bg-red-50 px-2 py-1 text-xs text-red-700" role="note">
          {t('scorm.list.failedReason', { reason: packageErrorText(pkg, t) })}
        </p>
      )}
    </li>
  );
}

export function ScormPackageList({ state }: { state: ScormPackagesState }) {
  const { t, i18n } = useTranslation();
  const { notify } = useWorkspace();
  const [downloading, setDownloading] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);
  const { packages, reload } = state;

  // Closing the dialog (or going Back) cancels a download still running.
  useEffect(() => () => controller.current?.abort(), []);

  const download = async (pkg: ScormPackage) => {
    if (downloading) return;
    const c = new AbortController();
    controller.current = c;
    setDownloading(pkg.id);
    setError(null);
    try {
      const file = await downloadFile(scormPaths.download(pkg.id), 'zip', { signal: c.signal });
      saveFile(file);
      notify(downloadCompleteText(file, t, i18n.language));
      void reload({ quiet: true }); // its download count
    } catch (err) {
      if (isAbortError(err) && c.signal.aborted) return;
      setError(downloadFailureText(err, t));
    } finally {
      if (!c.signal.aborted) setDownloading(null);
    }
  };

  if (state.error != null && !packages) {
    return (
      <ErrorBox onRetry={() => void reload()} retryLabel={t('common.retry')}>
        {t('scorm.list.loadFailed')} {errorText(state.error, t)}
      </ErrorBox>
    );
  }
  if (!packages) return <LoadingLine />;
  return (
    <div className="space-y-3">
      {error && <ErrorBox takeFocus>{error}</ErrorBox>}
      {packages.length === 0 ? (
        <p className="text-sm text-slate-600">{t('scorm.list.empty')}</p>
      ) : (
        <ul className="space-y-2" aria-label={t('scorm.myPackages')} data-testid="scorm-packages">
          {packages.map((pkg) => (
            <PackageRow key={pkg.id} pkg={pkg} downloading={downloading === pkg.id} onDownload={() => void download(pkg)} />
          ))}
        </ul>
      )}
    </div>
  );
}
