// /video: the Advanced Video Processing dialog's own address (the navigation's 'Video Processing';
// the dashboard's Advanced Video Processing panel opens the same dialog in place). Behind
// RequireCapability('advancedVideoProcessing'): the plan (Business, Enterprise) or the add-on. The
// dialog opens once the page's script runs (it reads and uploads from the browser) and can be
// opened again from the page after it is closed.
import { useEffect, useState } from 'react';
import type { MetaFunction } from '@remix-run/node';
import { useTranslation } from 'react-i18next';
import { SparkIcon } from '~/components/icons';
import { RequireCapability } from '~/components/RequireCapability';
import { RouteErrorBoundary } from '~/components/RouteErrorBoundary';
import { Button, Card, PageHeader } from '~/components/ui';
import { VideoProcessingDialog } from '~/components/video-processing/VideoProcessingDialog';
import { useHydrated } from '~/lib/server-data';

export const meta: MetaFunction = () => [{ title: 'Video Processing · Trainwright' }];

export default function VideoProcessingPage() {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (hydrated) setOpen(true);
  }, [hydrated]);
  return (
    <RequireCapability capability="advancedVideoProcessing">
      <PageHeader
        title={t('videoProcessing.title')}
        subtitle={t('videoProcessing.description')}
        actions={
          <Button onClick={() => setOpen(true)} disabled={!hydrated}>
            <SparkIcon className="h-4 w-4" />
            {t('videoProcessing.open')}
          </Button>
        }
      />
      <Card className="p-6">
        <ul className="grid gap-4 text-sm text-slate-700 sm:grid-cols-2">
          {(['effects', 'enhancement', 'analytics', 'batch'] as const).map((tool) => (
            <li key={tool}>
              <h2 className="font-semibold text-slate-900">{t(`videoProcessing.tabs.${tool}`)}</h2>
              <p className="mt-1">{t(`videoProcessing.page.${tool}`)}</p>
            </li>
          ))}
        </ul>
      </Card>
      {open && <VideoProcessingDialog onClose={() => setOpen(false)} />}
    </RequireCapability>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
