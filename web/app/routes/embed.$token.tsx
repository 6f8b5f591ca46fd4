// A published interactive video for an <iframe> on another site (public): only the player. This is
// the one path the web app lets other sites frame (entry.server.tsx: `frame-ancestors *` and no
// X-Frame-Options for /embed/*; every other page stays unframeable). Same loader as /watch.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData, useParams } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { PublicPlayer } from '~/components/interactive/PublicPlayer';
import { RouteErrorBoundary } from '~/components/RouteErrorBoundary';
import { Spinner } from '~/components/ui';
import { publishedVideoLoader } from '~/lib/interactive-loader.server';
import { usePublishedVideo } from '~/lib/useInteractiveVideo';

export const loader = (args: LoaderFunctionArgs) => publishedVideoLoader(args);

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.video?.title ? `${data.video.title} · Trainwright` : 'Interactive video · Trainwright' },
  { name: 'robots', content: 'noindex' },
];

function EmbedPage({ token }: { token: string }) {
  const { t } = useTranslation();
  const initial = useLoaderData<typeof loader>();
  const { video, gone, error, retry } = usePublishedVideo(token, initial);
  const notice = 'flex min-h-full items-center justify-center px-4 text-center text-sm text-slate-200';

  return (
    <main className="min-h-full bg-black" data-testid="iv-embed">
      {gone ? (
        <div className={notice} data-testid="iv-gone">
          <h1>{t('interactiveVideo.watch.gone')}</h1>
        </div>
      ) : error != null ? (
        <div className={notice} role="alert">
          <p>
            {t('interactiveVideo.watch.loadFailed')}{' '}
            <button type="button" onClick={retry} className="font-semibold underline">
              {t('common.retry')}
            </button>
          </p>
        </div>
      ) : !video ? (
        <p className={notice} role="status">
          <Spinner className="mr-2 h-4 w-4" /> {t('common.loading')}
        </p>
      ) : (
        <>
          <h1 className="sr-only">{video.title}</h1>
          <PublicPlayer token={token} video={video} mode="embed" />
        </>
      )}
    </main>
  );
}

export default function EmbedRoute() {
  const { token = '' } = useParams();
  return <EmbedPage key={token} token={token} />;
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
