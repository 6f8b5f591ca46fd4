import type { ReactNode } from 'react';
import type { LinksFunction, MetaFunction } from '@remix-run/node';
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import '~/i18n';
import stylesheet from '~/tailwind.css?url';
import { AppLayout } from '~/components/AppLayout';
import { AuthScreen } from '~/components/AuthScreen';
import { RouteErrorBoundary } from '~/components/RouteErrorBoundary';
import { Spinner } from '~/components/ui';
import { AuthProvider, useAuth } from '~/lib/auth';
import { useRestoreLanguage } from '~/lib/language';

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

export const meta: MetaFunction = () => [
  { title: 'Trainwright' },
  { name: 'description', content: 'Turn a topic, script, document or slide deck into finished training material.' },
];

export function Layout({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return (
    <html lang={i18n.language || 'en'} className="h-full bg-slate-50">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="h-full font-sans text-slate-900">
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

function Loading() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-full items-center justify-center gap-3 text-slate-600" role="status">
      <Spinner className="h-5 w-5 text-indigo-600" />
      <span>{t('common.loading')}</span>
    </div>
  );
}

/** Pages anyone may open, signed in or not: a shared project link. */
export function isPublicPath(pathname: string): boolean {
  return pathname.startsWith('/shared/');
}

/** The route guard: loading, then the sign-in / pricing screen or the signed-in app. */
function AuthGate({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  const { pathname } = useLocation();
  if (isPublicPath(pathname)) return <>{children}</>;
  if (status === 'loading') return <Loading />;
  if (status === 'signedOut') return <AuthScreen />;
  return <AppLayout>{children}</AppLayout>;
}

export default function App() {
  useRestoreLanguage();
  return (
    <AuthProvider>
      <AuthGate>
        <Outlet />
      </AuthGate>
    </AuthProvider>
  );
}

/** Unknown URLs and failures above the routes. */
export function ErrorBoundary() {
  useRestoreLanguage();
  return (
    <div className="min-h-full bg-slate-50">
      <RouteErrorBoundary />
    </div>
  );
}
