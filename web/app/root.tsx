import type { ReactNode } from 'react';
import { data, type HeadersFunction, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLoaderData, useLocation } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import '~/i18n';
import stylesheet from '~/tailwind.css?url';
import { AppLayout } from '~/components/AppLayout';
import { AuthScreen } from '~/components/AuthScreen';
import { RouteErrorBoundary } from '~/components/RouteErrorBoundary';
import { cookieHeaders, gateway } from '~/gateway.server';
import { COLLAB_URL } from '~/config.server';
import { AuthProvider, useAuth } from '~/lib/auth';
import { useNonce } from '~/lib/csp';
import { useRestoreLanguage } from '~/lib/language';

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

/** Who is signed in, checked on the server so the first HTML is the sign-in screen or the app. */
export async function loader(args: LoaderFunctionArgs) {
  const { session, setCookie } = await gateway.session(args);
  return data({ session, collabUrl: COLLAB_URL }, { headers: cookieHeaders(setCookie) });
}

// After hydration the session is client state (sign-in, sign-out): no need to ask the server again.
export const shouldRevalidate = () => false;

// Pages carry the user's data: browsers may keep them, shared caches may not.
export const headers: HeadersFunction = () => ({ 'Cache-Control': 'private, no-cache' });

export const meta: MetaFunction = () => [
  { title: 'Trainwright' },
  { name: 'description', content: 'Turn a topic, script, document or slide deck into finished training material.' },
];

export function Layout({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const nonce = useNonce();
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
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/** Pages anyone may open, signed in or not: a shared project link, a published interactive video,
 * an invitation's link (which offers signing up or in itself). */
export function isPublicPath(pathname: string): boolean {
  return pathname.startsWith('/shared/') || pathname.startsWith('/watch/') || pathname.startsWith('/embed/') || pathname.startsWith('/invitations/');
}

/** The route guard: the sign-in / pricing screen or the signed-in app. */
function AuthGate({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  const { pathname } = useLocation();
  if (isPublicPath(pathname)) return <>{children}</>;
  if (status === 'signedOut') return <AuthScreen />;
  return <AppLayout>{children}</AppLayout>;
}

export default function App() {
  useRestoreLanguage();
  const { session } = useLoaderData<typeof loader>();
  return (
    <AuthProvider initial={session}>
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
