// What a route shows when it fails: 'Page not found' for a 404, otherwise a crash notice.
import { isRouteErrorResponse, Link, useRouteError } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from './ui';

export function RouteErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound) console.error(error);
  return (
    <div className="mx-auto max-w-lg px-4 py-16 text-center">
      <p className="text-sm font-semibold text-indigo-600">{notFound ? '404' : isRouteErrorResponse(error) ? error.status : ''}</p>
      <h1 className="mt-2 text-2xl font-bold tracking-tight text-slate-900">{notFound ? t('notFound.title') : t('crash.title')}</h1>
      <p className="mt-2 text-sm text-slate-600">{notFound ? t('notFound.text') : t('crash.text')}</p>
      <div className="mt-6 flex justify-center gap-3">
        {notFound ? (
          <Link to="/" className={buttonClass('primary')}>
            {t('notFound.back')}
          </Link>
        ) : (
          <>
            <button type="button" className={buttonClass('primary')} onClick={() => window.location.reload()}>
              {t('crash.reload')}
            </button>
            <Link to="/" className={buttonClass('secondary')}>
              {t('notFound.back')}
            </Link>
          </>
        )}
      </div>
    </div>
  );
}
