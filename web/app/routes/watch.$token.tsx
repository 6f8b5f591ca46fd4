// A published interactive video, full page (public, works signed out): the title and the player
// (docs/web.md "Interactive video"). The loader reads GET /api/interactive/{token} for the first
// HTML; an unknown token, or one whose video has no ready version, is a 404 page.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData, useParams } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { PublicPlayer } from '~/components/interactive/PublicPlayer';
import { PublicHeader } from '~/components/PublicHeader';
import { RouteErrorBoundary } from '~/components/RouteErrorBoundary';
import { ErrorBox, Spinner } from '~/components/ui';
import { errorText } from '~/lib/errors';
import { publishedVideoLoader } from '~/lib/interactive-loader.server';
import { usePublishedVideo } from '~/lib/useInteractiveVideo';

export const loader = (args: LoaderFunctionArgs) => publishedVideoLoader(args);

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.video?.title ? `${data.video.title} · Trainwright` : 'Interactive video · Trainwright' },
  { name: 'robots', content: 'noindex' },
];

function WatchPage({ token }: { token: string }) {
  const { t } = useTranslation();
  const initial = useLoaderData<typeof loader>();
  const { video, gone, error, retry } = usePublishedVideo(token, initial);

  return (
    <div className="min-h-full bg-slate-50">
      <PublicHeader width="max-w-5xl" />
      <main className="mx-auto max-w-5xl px-4 py-8">
        {gone ? (
          <div className="rounded-xl border border-slate-200 bg-white px-6 py-12 text-center" data-testid="iv-gone">
            <h1 className="text-xl font-semibold text-slate-900">{t('interactiveVideo.watch.gone')}</h1>
            <p className="mt-2 text-sm text-slate-600">{t('interactiveVideo.watch.goneText')}</p>
          </div>
        ) : error != null ? (
          <ErrorBox onRetry={retry} retryLabel={t('common.retry')}>
            {t('interactiveVideo.watch.loadFailed')} {errorText(error, t)}
          </ErrorBox>
        ) : !video ? (
          <p className="flex items-center gap-2 text-sm text-slate-600" role="status">
            <Spinner className="h-4 w-4 text-indigo-600" /> {t('common.loading')}
          </p>
        ) : (
          <article className="space-y-4">
            <header>
              <p className="text-sm font-medium text-indigo-600">{t('interactiveVideo.watch.kicker')}</p>
              <h1 className="mt-1 text-2xl font-bold tracking-tight text-slate-900">{video.title}</h1>
            </header>
            <PublicPlayer token={token} video={video} mode="watch" />
            <p className="text-xs text-slate-500">{t('interactiveVideo.watch.hint')}</p>
          </article>
        )}
      </main>
    </div>
  );
}

export default function WatchRoute() {
  const { token = '' } = useParams();
  // A branch to another video changes the token: a fresh page, not the previous one's state.
  return <WatchPage key={token} token={token} />;
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
