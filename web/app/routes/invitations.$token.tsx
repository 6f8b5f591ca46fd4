// An invitation's link (docs/teams.md): what it offers (GET /api/invitations/{token}, no sign-in
// needed) and, signed out, the sign-up / sign-in form with the invited address filled in; signed in,
// 'Accept invitation' (the action: POST /api/invitations/{token}/accept), after which the company is
// the user's current one and the dashboard opens. A link that cannot be used says why (by id).
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useFetcher, useLoaderData, useNavigate } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { AuthScreen } from '~/components/AuthScreen';
import { RouteErrorBoundary } from '~/components/RouteErrorBoundary';
import { ButtonLink, Button, ErrorBox, Spinner } from '~/components/ui';
import { oneWriteAction, type WriteAnswer } from '~/action-calls.server';
import { cookieHeaders, gateway } from '~/gateway.server';
import { failureError, type ActionFailure } from '~/lib/action-failure';
import { useAuth } from '~/lib/auth';
import { errorText } from '~/lib/errors';
import { formatDate } from '~/lib/format';
import { useActionAnswer } from '~/lib/server-data';
import type { InvitationPreview } from '~/lib/team';

export const meta: MetaFunction = () => [{ title: 'Invitation · Trainwright' }];

export async function loader(args: LoaderFunctionArgs) {
  const token = args.params.token ?? '';
  // The link itself is the credential: read whether or not anyone is signed in.
  const read = await gateway.json<InvitationPreview>(args, `/api/invitations/${encodeURIComponent(token)}`, { anonymous: true });
  const failure: ActionFailure | null = read.data ? null : { status: read.status, body: read.error };
  return data({ token, preview: read.data, failure }, { headers: cookieHeaders(read.setCookie) });
}

type AcceptRequest = { intent: 'accept'; token: string };
const isAcceptRequest = (value: unknown): value is AcceptRequest => {
  const r = value as Partial<AcceptRequest> | null;
  return !!r && r.intent === 'accept' && typeof r.token === 'string' && r.token.length > 0 && r.token.length <= 100;
};

export type AcceptAnswer = WriteAnswer<'accept', { companyName: string }>;

export const action = (args: ActionFunctionArgs) =>
  oneWriteAction(args, {
    isRequest: isAcceptRequest,
    write: (r: AcceptRequest) => ({ method: 'POST', path: `/invitations/${encodeURIComponent(r.token)}/accept` }),
    done: (accepted: { company_name: string }) => ({ companyName: accepted.company_name }),
    invalidIntent: 'accept',
  });

function Offer({ preview }: { preview: InvitationPreview }) {
  const { t, i18n } = useTranslation();
  return (
    <div className="mb-4 rounded-2xl bg-indigo-50 p-5 text-sm text-indigo-950 ring-1 ring-indigo-200" data-testid="invitation-offer">
      <h2 className="text-lg font-semibold">{t('invitation.heading', { inviter: preview.invited_by_name, company: preview.company_name })}</h2>
      <p className="mt-1">{t('invitation.role', { role: t(`roles.${preview.role}`) })}</p>
      <p className="mt-1 text-indigo-900">{t('invitation.expires', { date: formatDate(preview.expires_at, i18n.language) })}</p>
    </div>
  );
}

export default function InvitationPage() {
  const { t } = useTranslation();
  const { token, preview, failure } = useLoaderData<typeof loader>();
  const auth = useAuth();
  const navigate = useNavigate();
  const fetcher = useFetcher<AcceptAnswer>();
  const answer = fetcher.data;

  useActionAnswer(fetcher, (a) => {
    if (a.ok) void auth.refreshUser().then(() => navigate('/'));
  });

  if (!preview) {
    return (
      <main className="mx-auto max-w-lg px-4 py-16">
        <h1 className="text-2xl font-bold text-slate-900">{t('invitation.title')}</h1>
        <div className="mt-4">
          <ErrorBox>{failure ? errorText(failureError(failure), t, 'invitation.loadFailed') : t('invitation.loadFailed')}</ErrorBox>
        </div>
        <ButtonLink to="/" variant="secondary" className="mt-6">
          {t('invitation.toDashboard')}
        </ButtonLink>
      </main>
    );
  }

  if (auth.status === 'signedOut') return <AuthScreen intro={<Offer preview={preview} />} initialView="signUp" initialEmail={preview.email} />;

  const signedInEmail = auth.user?.email ?? '';
  const otherEmail = signedInEmail && signedInEmail.toLowerCase() !== preview.email.toLowerCase();
  const busy = fetcher.state !== 'idle';
  return (
    <main className="mx-auto max-w-lg px-4 py-16">
      <Offer preview={preview} />
      {answer && !answer.ok && <ErrorBox takeFocus>{errorText(failureError(answer.failure), t, 'invitation.loadFailed')}</ErrorBox>}
      {otherEmail ? (
        <p className="mt-4 text-sm text-slate-700">{t('invitation.otherEmail', { email: signedInEmail })}</p>
      ) : (
        <Button className="mt-4" disabled={busy} onClick={() => fetcher.submit({ intent: 'accept', token } as never, { method: 'post', encType: 'application/json' })}>
          {busy && <Spinner />}
          {t('invitation.accept')}
        </Button>
      )}
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
