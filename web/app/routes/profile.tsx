// Profile settings: view mode, 'Edit Profile' -> edit mode (name, company name, bio, notification
// preferences), Cancel restores, Save posts the action's `save` (PATCH /api/profile). The account
// summary comes from GET /api/profile (the loader, read again after a save); 'Manage Billing' is
// the action's `portal` (POST /api/billing/portal), then the app goes to the billing provider's
// portal (the local provider's is /billing itself). The email is read-only.
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useFetcher, useLoaderData, useNavigate, type ShouldRevalidateFunction } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { RouteErrorBoundary } from '~/components/RouteErrorBoundary';
import { Button, Card, ErrorBox, Field, FormActions, PageHeader, Spinner, SuccessBox, buttonClass, describedBy, inputClass } from '~/components/ui';
import { actionCalls, failureOf } from '~/action-calls.server';
import { gateway } from '~/gateway.server';
import { failureError, type ActionFailure } from '~/lib/action-failure';
import { ApiError } from '~/lib/api';
import { useSignedInUser } from '~/lib/auth';
import { billingWrites, goTo, originUrl } from '~/lib/billing';
import { errorText } from '~/lib/errors';
import { formatDate, usageText } from '~/lib/format';
import { useActionAnswer, useDisplayTimeZone, useLoaderState } from '~/lib/server-data';
import type { Notifications, Profile, ProfilePatch } from '~/lib/types';

export const meta: MetaFunction = () => [{ title: 'Profile Settings · Trainwright' }];

export const loader = (args: LoaderFunctionArgs) => gateway.load<{ profile: Profile }>(args, { profile: '/api/profile' });

type ProfileRequest = { intent: 'save'; patch: ProfilePatch } | { intent: 'portal'; origin_url?: string };
type ProfileAnswer =
  | { intent: 'save'; ok: true }
  | { intent: 'portal'; ok: true; url: string }
  /** `nameRequired`: the action's own check (nothing was sent). */
  | { intent: ProfileRequest['intent']; ok: false; failure?: ActionFailure; nameRequired?: true };

export async function action(args: ActionFunctionArgs) {
  const request = (await args.request.json().catch(() => null)) as ProfileRequest | null;
  const calls = actionCalls(args, { timeoutMs: 30_000 });
  if (request?.intent === 'save' && !request.patch?.name?.trim()) return data<ProfileAnswer>({ intent: 'save', ok: false, nameRequired: true }, { status: 400 });
  try {
    if (request?.intent === 'save') {
      await calls.call<Profile>({ method: 'PATCH', path: '/profile', body: request.patch });
      return data<ProfileAnswer>({ intent: 'save', ok: true }, { headers: calls.headers() });
    }
    if (request?.intent === 'portal') {
      const { url } = await calls.call<{ url: string }>(billingWrites.portal(request.origin_url));
      return data<ProfileAnswer>({ intent: 'portal', ok: true, url }, { headers: calls.headers() });
    }
  } catch (err) {
    return data<ProfileAnswer>({ intent: request?.intent ?? 'save', ok: false, failure: failureOf(err) }, { headers: calls.headers() });
  }
  return data<ProfileAnswer>({ intent: 'save', ok: false, failure: { status: 400, body: { code: 'INVALID_INTENT', message: 'Unknown intent' } } }, { status: 400 });
}

// Only a save changes what the page shows.
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  (actionResult as ProfileAnswer | undefined)?.intent === 'portal' ? false : defaultShouldRevalidate;

/** What the page shows when the loader could not read the profile. */
const NOT_LOADED = new ApiError(503, 'UNAVAILABLE');

interface Draft {
  name: string;
  company_name: string;
  bio: string;
  notifications: Notifications;
}

const NOTIFICATION_KEYS = ['projectUpdates', 'marketingEmails', 'systemAlerts'] as const;

function draftOf(profile: Profile): Draft {
  return {
    name: profile.name ?? '',
    company_name: profile.company_name ?? '',
    bio: profile.bio ?? '',
    notifications: { ...profile.notifications },
  };
}

export default function ProfilePage() {
  const { t, i18n } = useTranslation();
  const { user, refreshUser } = useSignedInUser();
  const navigate = useNavigate();
  const formId = useId();
  const { data: loaded, settled, reload } = useLoaderState(useLoaderData<typeof loader>());
  const profile = loaded.profile;
  const loadError = settled && profile === null ? NOT_LOADED : null;
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<Draft | null>(() => (profile ? draftOf(profile) : null));
  // The form follows the profile the loader read (first, and after a save) while not editing.
  useEffect(() => {
    if (profile && !editing) setDraft(draftOf(profile));
  }, [profile, editing]);
  const timeZone = useDisplayTimeZone();
  const [nameError, setNameError] = useState<string | undefined>();
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const [billingError, setBillingError] = useState<string | null>(null);
  const fetcher = useFetcher<ProfileAnswer>();
  const running = fetcher.state !== 'idle' ? (fetcher.json as ProfileRequest | undefined)?.intent : undefined;
  const saving = running === 'save';
  const openingBilling = running === 'portal' || leaving;
  const send = (request: ProfileRequest) => fetcher.submit(request as never, { method: 'post', encType: 'application/json' });

  useActionAnswer(fetcher, (answer) => {
    if (answer.intent === 'save') {
      if (answer.ok) {
        setEditing(false);
        setSaved(true);
        void refreshUser().catch(() => undefined); // the top bar shows the name and company
      } else if (answer.nameRequired) {
        setNameError('profile.nameRequired');
        document.getElementById(`${formId}-name`)?.focus();
      } else if (answer.failure) setSaveError(errorText(failureError(answer.failure), t, 'profile.saveFailed'));
      return;
    }
    if (!answer.ok) {
      if (answer.failure) setBillingError(errorText(failureError(answer.failure), t, 'profile.portalFailed'));
      return;
    }
    if (!('url' in answer)) return;
    const target = new URL(answer.url, window.location.href);
    if (target.origin === window.location.origin) navigate(`${target.pathname}${target.search}${target.hash}`);
    else {
      setLeaving(true); // stays busy until the browser has left
      goTo(target.href);
    }
  });

  const canRenameCompany = !user.role || user.role === 'owner';

  const startEditing = () => {
    if (!profile) return;
    setDraft(draftOf(profile));
    setSaved(false);
    setSaveError(null);
    setNameError(undefined);
    setEditing(true);
  };

  const cancel = () => {
    if (profile) setDraft(draftOf(profile));
    setSaveError(null);
    setNameError(undefined);
    setEditing(false);
  };

  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!profile || !draft || saving) return;
    const name = draft.name.trim();
    if (!name) {
      setNameError('profile.nameRequired');
      document.getElementById(`${formId}-name`)?.focus();
      return;
    }
    setNameError(undefined);
    const body: ProfilePatch = { name, bio: draft.bio, notifications: draft.notifications };
    const companyName = draft.company_name.trim();
    if (canRenameCompany && companyName && companyName !== profile.company_name) body.company_name = companyName;
    setSaveError(null);
    send({ intent: 'save', patch: body });
  };

  const manageBilling = () => {
    if (openingBilling || fetcher.state !== 'idle') return;
    setBillingError(null);
    send({ intent: 'portal', origin_url: originUrl() });
  };

  const links = (
    <nav aria-label={t('profile.quickLinks')} className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
      <Link to="/" className="font-medium text-indigo-600 hover:text-indigo-500">
        ← {t('profile.backToDashboard')}
      </Link>
      <Link to="/support" className="font-medium text-indigo-600 hover:text-indigo-500">
        {t('profile.contactSupport')}
      </Link>
    </nav>
  );

  if (!profile || !draft) {
    return (
      <>
        <div className="mb-4">{links}</div>
        <PageHeader title={t('profile.title')} subtitle={t('profile.subtitle')} />
        {loadError != null ? (
          <ErrorBox onRetry={reload} retryLabel={t('common.retry')}>
            {t('profile.loadFailed')} {errorText(loadError, t)}
          </ErrorBox>
        ) : (
          <p className="flex items-center gap-2 text-sm text-slate-600" role="status">
            <Spinner /> {t('common.loading')}
          </p>
        )}
      </>
    );
  }

  const field = (name: 'name' | 'company_name', label: string, hint?: string, disabled = false) => {
    const id = `${formId}-${name}`;
    const error = name === 'name' && nameError ? t(nameError) : undefined;
    return (
      <Field id={id} label={label} hint={hint} error={error}>
        <input
          id={id}
          name={name}
          type="text"
          value={draft[name]}
          disabled={disabled}
          autoComplete={name === 'name' ? 'name' : 'organization'}
          onChange={(e) => setDraft((d) => (d ? { ...d, [name]: e.target.value } : d))}
          className={inputClass}
          {...describedBy(id, hint, error)}
        />
      </Field>
    );
  };

  const account = profile.account;

  return (
    <>
      <div className="mb-4">{links}</div>
      <PageHeader title={t('profile.title')} subtitle={t('profile.subtitle')} />

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          {saved && <SuccessBox>{t('profile.saved')}</SuccessBox>}

          <Card className="p-6">
            <div className="flex items-center justify-between gap-4">
              <h2 className="text-base font-semibold text-slate-900">{t('profile.personalInfo')}</h2>
              {!editing && (
                <Button variant="secondary" onClick={startEditing}>
                  {t('profile.editProfile')}
                </Button>
              )}
            </div>

            {editing ? (
              <form className="mt-5 space-y-5" noValidate onSubmit={save} aria-busy={saving}>
                {saveError && <ErrorBox takeFocus>{saveError}</ErrorBox>}
                {field('name', t('profile.fullName'))}
                <Field id={`${formId}-email`} label={t('profile.email')} hint={t('profile.emailReadOnly')}>
                  <input
                    id={`${formId}-email`}
                    type="email"
                    value={profile.email}
                    readOnly
                    className={inputClass}
                    aria-describedby={`${formId}-email-hint`}
                  />
                </Field>
                {field(
                  'company_name',
                  t('profile.companyName'),
                  canRenameCompany ? t('profile.companyHint') : t('profile.companyOwnerOnly'),
                  !canRenameCompany,
                )}
                <Field id={`${formId}-bio`} label={t('profile.bio')} hint={`(${t('common.optional')})`}>
                  <textarea
                    id={`${formId}-bio`}
                    name="bio"
                    rows={4}
                    value={draft.bio}
                    onChange={(e) => setDraft((d) => (d ? { ...d, bio: e.target.value } : d))}
                    className={inputClass}
                    aria-describedby={`${formId}-bio-hint`}
                  />
                </Field>
                <fieldset>
                  <legend className="text-sm font-medium text-slate-700">{t('profile.notifications')}</legend>
                  <div className="mt-2 space-y-3">
                    {NOTIFICATION_KEYS.map((key) => (
                      <div key={key} className="flex items-start gap-3">
                        <input
                          id={`${formId}-${key}`}
                          type="checkbox"
                          checked={draft.notifications[key]}
                          onChange={(e) =>
                            setDraft((d) => (d ? { ...d, notifications: { ...d.notifications, [key]: e.target.checked } } : d))
                          }
                          className="mt-0.5 h-4 w-4 rounded border-slate-300 text-indigo-600 focus:ring-indigo-600"
                          aria-describedby={`${formId}-${key}-hint`}
                        />
                        <div className="text-sm">
                          <label htmlFor={`${formId}-${key}`} className="font-medium text-slate-900">
                            {t(`profile.${key}`)}
                          </label>
                          <p id={`${formId}-${key}-hint`} className="text-slate-500">
                            {t(`profile.${key}Hint`)}
                          </p>
                        </div>
                      </div>
                    ))}
                  </div>
                </fieldset>
                <FormActions saving={saving} onCancel={cancel} />
              </form>
            ) : (
              <dl className="mt-5 divide-y divide-slate-100 text-sm">
                <Row label={t('profile.fullName')} testId="profile-name">
                  {profile.name}
                </Row>
                <Row label={t('profile.email')}>{profile.email}</Row>
                <Row label={t('profile.companyName')}>
                  {profile.company_name}
                  <span className="block text-xs text-slate-500">{t('profile.companyHint')}</span>
                </Row>
                <Row label={t('profile.bio')} testId="profile-bio">
                  {profile.bio ? <span className="whitespace-pre-wrap">{profile.bio}</span> : <span className="text-slate-500">{t('profile.noBio')}</span>}
                </Row>
                <Row label={t('profile.notifications')}>
                  <ul className="space-y-1">
                    {NOTIFICATION_KEYS.map((key) => (
                      <li key={key} className="flex justify-between gap-4">
                        <span>{t(`profile.${key}`)}</span>
                        <span className={profile.notifications[key] ? 'font-medium text-green-700' : 'text-slate-500'}>
                          {profile.notifications[key] ? t('profile.on') : t('profile.off')}
                        </span>
                      </li>
                    ))}
                  </ul>
                </Row>
              </dl>
            )}
          </Card>
        </div>

        <div className="space-y-6">
          <Card className="p-6">
            <h2 className="text-base font-semibold text-slate-900">{t('profile.accountSummary')}</h2>
            <dl className="mt-4 space-y-3 text-sm">
              <div className="flex justify-between gap-4">
                <dt className="text-slate-600">{t('profile.subscription')}</dt>
                <dd className="font-medium text-slate-900">{account.plan}</dd>
              </div>
              {/* The dashboard's totals include the sample; the plan's count never does. The note is a
                  second dd of the group: a dl holds only dt/dd groups. */}
              <div className="flex flex-wrap justify-between gap-x-4 gap-y-1">
                <dt className="text-slate-600">{t('profile.projectsUsed')}</dt>
                <dd className="font-medium text-slate-900">{usageText(t, account.projects_used, account.project_limit)}</dd>
                <dd className="w-full text-xs text-slate-500" data-testid="sample-not-counted">
                  {t('profile.sampleNotCounted')}
                </dd>
              </div>
              <div className="flex justify-between gap-4">
                <dt className="text-slate-600">{t('profile.memberSince')}</dt>
                <dd className="font-medium text-slate-900">{formatDate(account.member_since, i18n.language, timeZone)}</dd>
              </div>
            </dl>
            {billingError && (
              <div className="mt-4">
                <ErrorBox takeFocus>{billingError}</ErrorBox>
              </div>
            )}
            <Button className="mt-5 w-full" onClick={manageBilling} disabled={openingBilling}>
              {openingBilling && <Spinner />}
              {t('profile.manageBilling')}
            </Button>
          </Card>

          <Card className="p-6">
            <h2 className="text-base font-semibold text-slate-900">{t('profile.quickLinks')}</h2>
            <ul className="mt-3 space-y-2 text-sm">
              <li>
                <Link to="/" className={buttonClass('ghost', 'sm')}>
                  {t('profile.dashboard')}
                </Link>
              </li>
              <li>
                <Link to="/projects" className={buttonClass('ghost', 'sm')}>
                  {t('profile.myProjects')}
                </Link>
              </li>
            </ul>
          </Card>
        </div>
      </div>
    </>
  );
}

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="grid gap-1 py-3 sm:grid-cols-3 sm:gap-4">
      <dt className="font-medium text-slate-600">{label}</dt>
      <dd className="text-slate-900 sm:col-span-2" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
