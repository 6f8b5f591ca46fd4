// Company Management: the user's companies (role, users n of max, the current one marked), switch
// (closes the dialog) and a create form toggle (name required; website and logo URL optional),
// posted to the dashboard route's action (`create-company`), whose loader then reads the
// companies again.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useFetcher } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { formatUsage } from '@trainwright/catalogue';
import { failureError } from '~/lib/action-failure';
import { ApiError } from '~/lib/api';
import { useSignedInUser } from '~/lib/auth';
import type { CompaniesState, CompanyRequest } from '~/lib/companies';
import { errorText } from '~/lib/errors';
import { useActionAnswer } from '~/lib/server-data';
import type { CompanyAnswer } from '~/routes/_index';
import { planName, tierOf } from '~/lib/format';
import { BuildingIcon, PlusIcon } from './icons';
import { Modal } from './Modal';
import { Badge, Button, ButtonLink, ErrorBox, Field, Spinner, describedBy, inputClass } from './ui';

type FormField = 'name' | 'website' | 'logo_url';
const EMPTY: Record<FormField, string> = { name: '', website: '', logo_url: '' };

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

export function CompanyDialog({
  open,
  onClose,
  companies,
  startWithCreate = false,
}: {
  open: boolean;
  onClose: () => void;
  companies: CompaniesState;
  startWithCreate?: boolean;
}) {
  const { t } = useTranslation();
  const { user, refreshUser } = useSignedInUser();
  const formId = useId();
  const [creating, setCreating] = useState(false);
  const [form, setForm] = useState(EMPTY);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<FormField, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [switching, setSwitching] = useState<string | null>(null);
  const fetcher = useFetcher<CompanyAnswer>();
  const busy: 'create' | string | null = fetcher.state !== 'idle' ? 'create' : switching;

  useEffect(() => {
    if (open) {
      setCreating(startWithCreate);
      setForm(EMPTY);
      setFieldErrors({});
      setError(null);
      setSwitching(null);
    }
  }, [open, startWithCreate]);

  const cancelCreate = () => {
    setCreating(false);
    setForm(EMPTY);
    setFieldErrors({});
    setError(null);
  };

  const limitMessage = () => {
    const tier = tierOf(user.subscription?.tier);
    return t('companies.limitReached', { plan: planName(t, tier.id), limit: companies.data?.company_limit ?? tier.limits.companyLimit });
  };

  const onCreate = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setError(null);
    const name = form.name.trim();
    const website = form.website.trim();
    const logoUrl = form.logo_url.trim();
    const errors: Partial<Record<FormField, string>> = {};
    if (!name) errors.name = 'companies.nameRequired';
    if (website && !isHttpUrl(website)) errors.website = 'companies.invalidUrl';
    if (logoUrl && !isHttpUrl(logoUrl)) errors.logo_url = 'companies.invalidUrl';
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0) return;
    const request: CompanyRequest = { intent: 'create-company', company: { name, ...(website ? { website } : {}), ...(logoUrl ? { logo_url: logoUrl } : {}) } };
    fetcher.submit(request as never, { method: 'post', action: '/?index', encType: 'application/json' });
  };

  // The loader has read the companies again by then.
  useActionAnswer(fetcher, (answer) => {
    if (answer.ok) {
      cancelCreate();
      void refreshUser().catch(() => undefined); // the top bar's company count
      return;
    }
    const err = failureError(answer.failure);
    if (err instanceof ApiError && err.code === 'PLAN_LIMIT_REACHED') setError(limitMessage());
    else setError(errorText(err, t, 'companies.createFailed'));
  });

  const onSwitch = async (id: string) => {
    if (busy) return;
    setError(null);
    setSwitching(id);
    try {
      await companies.switchTo(id);
      onClose();
    } catch (err) {
      setError(errorText(err, t, 'companies.switchFailed'));
    } finally {
      setSwitching(null);
    }
  };

  const data = companies.data;
  const field = (name: FormField, label: string, type: string, placeholder?: string, optional = false) => {
    const id = `${formId}-${name}`;
    const hint = optional ? `(${t('common.optional')})` : undefined;
    const errorKey = fieldErrors[name];
    const error = errorKey ? t(errorKey) : undefined;
    return (
      <Field id={id} label={label} hint={hint} error={error}>
        <input
          id={id}
          name={name}
          type={type}
          value={form[name]}
          placeholder={placeholder}
          autoFocus={name === 'name'}
          onChange={(e) => setForm((f) => ({ ...f, [name]: e.target.value }))}
          className={inputClass}
          {...describedBy(id, hint, error)}
        />
      </Field>
    );
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('companies.title')}
      description={data ? t('companies.usage', { current: data.owned_count, limit: data.company_limit === -1 ? t('common.unlimited') : data.company_limit }) : undefined}
      size="lg"
    >
      <div className="space-y-5">
        {error && <ErrorBox takeFocus>{error}</ErrorBox>}

        {companies.loading && !data && (
          <p className="flex items-center gap-2 text-sm text-slate-600">
            <Spinner /> {t('common.loading')}
          </p>
        )}
        {companies.error != null && !data && (
          <ErrorBox onRetry={() => void companies.reload()} retryLabel={t('common.retry')}>
            {errorText(companies.error, t)}
          </ErrorBox>
        )}

        {data && (
          <section aria-label={t('companies.listLabel')}>
            {data.companies.length === 0 ? (
              <p className="text-sm text-slate-600">{t('companies.empty')}</p>
            ) : (
              <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200">
                {data.companies.map((company) => {
                  const current = company.id === data.current_company_id;
                  return (
                    <li key={company.id} className="flex items-center justify-between gap-3 px-4 py-3">
                      <div className="flex min-w-0 items-start gap-3">
                        <BuildingIcon className="mt-0.5 h-5 w-5 shrink-0 text-slate-400" />
                        <div className="min-w-0">
                          <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                            <span className="truncate">{company.name}</span>
                            <Badge tone="slate">{t(`roles.${company.role}`, { defaultValue: company.role })}</Badge>
                            {current && <Badge tone="green">{t('companies.current')}</Badge>}
                          </p>
                          <p className="mt-0.5 text-xs text-slate-500">
                            {t('companies.users', { usage: formatUsage(company.current_users, company.max_users) })} ·{' '}
                            {t('companies.plan', { plan: tierOf(company.subscription_tier).name })}
                          </p>
                        </div>
                      </div>
                      {current && (
                        <ButtonLink to="/team" variant="secondary" size="sm" onClick={onClose} aria-label={t('companies.teamOf', { name: company.name })}>
                          {t('companies.team')}
                        </ButtonLink>
                      )}
                      {!current && (
                        <Button
                          variant="secondary"
                          size="sm"
                          disabled={busy !== null}
                          onClick={() => void onSwitch(company.id)}
                          aria-label={t('companies.switchTo', { name: company.name })}
                        >
                          {busy === company.id && <Spinner className="h-3 w-3" />}
                          {t('companies.switch')}
                        </Button>
                      )}
                    </li>
                  );
                })}
              </ul>
            )}
          </section>
        )}

        {creating ? (
          <form noValidate onSubmit={onCreate} className="space-y-4 rounded-lg border border-slate-200 bg-slate-50 p-4">
            {field('name', t('companies.name'), 'text')}
            {field('website', t('companies.website'), 'url', 'https://', true)}
            {field('logo_url', t('companies.logoUrl'), 'url', 'https://', true)}
            <div className="flex justify-end gap-2">
              <Button variant="secondary" onClick={cancelCreate} disabled={busy === 'create'}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" disabled={busy !== null}>
                {busy === 'create' && <Spinner />}
                {busy === 'create' ? t('companies.creating') : t('companies.create')}
              </Button>
            </div>
          </form>
        ) : (
          <Button variant="secondary" onClick={() => setCreating(true)}>
            <PlusIcon className="h-4 w-4" />
            {t('companies.add')}
          </Button>
        )}
      </div>
    </Modal>
  );
}
