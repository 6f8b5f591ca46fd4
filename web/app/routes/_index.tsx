// The dashboard: header actions, the trial banner, six stat cards (projects and completed from
// GET /api/projects stats; users, companies, current company, subscription), the promo panels
// (included or upgrade, from the user's capabilities) and the Training Projects list. The loader
// reads the list, the companies and the trial status for the first HTML; the page keeps them
// current in the browser afterwards.
import { useCallback, useId, useState, type ReactNode } from 'react';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { isBelowLimit } from '@trainwright/catalogue';
import { CreateProjectLink } from '~/components/projects/CreateProjectLink';
import { CompanyDialog } from '~/components/CompanyDialog';
import { BuildingIcon, CardIcon, CheckIcon, FolderIcon, PlusIcon, TemplateIcon, UsersIcon } from '~/components/icons';
import { ProjectList } from '~/components/projects/ProjectList';
import { PromoPanels } from '~/components/projects/PromoPanels';
import { useWorkspace } from '~/components/projects/workspace-context';
import { RouteErrorBoundary } from '~/components/RouteErrorBoundary';
import { TrialBanner } from '~/components/TrialBanner';
import { Button, ButtonLink, ErrorBox, PageHeader, Spinner } from '~/components/ui';
import { oneWriteAction, type WriteAnswer } from '~/action-calls.server';
import { gateway } from '~/gateway.server';
import { get } from '~/lib/api';
import { useSignedInUser } from '~/lib/auth';
import { isCompanyRequest, useCompanies } from '~/lib/companies';
import { errorText } from '~/lib/errors';
import { planName, tierOf, usageText } from '~/lib/format';
import { projectQueryString, type ProjectListResponse } from '~/lib/projects';
import { useSeededLoad, useServerData } from '~/lib/server-data';
import type { CompaniesResponse, Company, TrialStatusResponse } from '~/lib/types';
import { INITIAL_PROJECT_QUERY, useProjectList } from '~/lib/useProjects';

export const meta: MetaFunction = () => [{ title: 'Dashboard · Trainwright' }];

export const loader = (args: LoaderFunctionArgs) =>
  gateway.load<{ projects: ProjectListResponse; companies: CompaniesResponse; trial: TrialStatusResponse }>(args, {
    projects: `/api/projects?${projectQueryString(INITIAL_PROJECT_QUERY)}`,
    companies: '/api/companies',
    trial: '/api/trial-status',
  });

/** The action's answer (Company Management's create): the company made, or the gateway's refusal. */
export type CompanyAnswer = WriteAnswer<'create-company', { company: Company }>;

export const action = (args: ActionFunctionArgs) =>
  oneWriteAction(args, {
    isRequest: isCompanyRequest,
    write: (request) => ({ method: 'POST', path: '/companies', body: request.company }),
    done: (company: Company) => ({ company }),
    invalidIntent: 'create-company',
  });

function StatCard({
  title,
  icon,
  children,
  footer,
  testId,
}: {
  title: string;
  icon: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  testId: string;
}) {
  return (
    <section data-testid={testId} className="flex flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex items-center justify-between">
        <h2 className="text-sm font-medium text-slate-600">{title}</h2>
        <span className="text-slate-400">{icon}</span>
      </div>
      <div className="mt-2 flex-1">{children}</div>
      {footer && <div className="mt-3">{footer}</div>}
    </section>
  );
}

function Placeholder() {
  return <div className="h-8 w-24 animate-pulse rounded bg-slate-100" aria-hidden="true" />;
}

/** Shown in a project stat card while the list cannot be loaded: no number rather than a wrong one. */
function Unavailable() {
  const { t } = useTranslation();
  return <p className="text-sm text-slate-500">{t('dashboard.statsUnavailable')}</p>;
}

const warnTrialUnavailable = (err: unknown) => console.warn('trial status unavailable', err);

export default function Dashboard() {
  const { t, i18n } = useTranslation();
  const { user } = useSignedInUser();
  const loaded = useLoaderData<typeof loader>();
  const initialTrial = useServerData(loaded.trial);
  const companies = useCompanies(useServerData(loaded.companies));
  const projects = useProjectList(undefined, useServerData(loaded.projects));
  const { openMarketplace } = useWorkspace();
  const selectId = useId();
  const [trial, setTrial] = useState<TrialStatusResponse | null>(initialTrial);
  const [dialog, setDialog] = useState<{ open: boolean; create: boolean }>({ open: false, create: false });
  const [switching, setSwitching] = useState(false);
  const [switchError, setSwitchError] = useState<string | null>(null);
  // The server's trial status is current for the plan it was read with; a plan change reloads it.
  const plan = user.subscription?.tier;
  const fetchTrial = useCallback((signal: AbortSignal) => get<TrialStatusResponse>('/trial-status', signal), [plan]);
  useSeededLoad(fetchTrial, setTrial, { seeded: initialTrial !== null, onError: warnTrialUnavailable });

  const data = companies.data;
  const current = companies.current;
  const tier = tierOf(user.subscription?.tier);
  const canAdd = data ? isBelowLimit(data.owned_count, data.company_limit) : false;

  const onSelectCompany = async (id: string) => {
    if (!id || id === data?.current_company_id) return;
    setSwitching(true);
    setSwitchError(null);
    try {
      await companies.switchTo(id);
    } catch (err) {
      setSwitchError(errorText(err, t, 'companies.switchFailed'));
    } finally {
      setSwitching(false);
    }
  };

  const stats = projects.data?.stats;
  const number = (n: number) => new Intl.NumberFormat(i18n.language).format(n);

  return (
    <>
      <PageHeader
        title={t('dashboard.welcome', { name: user.name })}
        subtitle={t('dashboard.subtitle')}
        actions={
          <>
            <CreateProjectLink />
            <Button variant="secondary" onClick={openMarketplace}>
              <TemplateIcon className="h-4 w-4" />
              {t('dashboard.browseTemplates')}
            </Button>
            <Button variant="secondary" onClick={() => setDialog({ open: true, create: false })}>
              <BuildingIcon className="h-4 w-4" />
              {t('dashboard.manageCompanies')}
            </Button>
          </>
        }
      />

      <TrialBanner status={trial} />

      {companies.error != null && (
        <div className="mb-4">
          <ErrorBox onRetry={() => void companies.reload()} retryLabel={t('common.retry')}>
            {t('dashboard.loadFailed')} {errorText(companies.error, t)}
          </ErrorBox>
        </div>
      )}

      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        <StatCard title={t('dashboard.totalProjects')} icon={<FolderIcon />} testId="total-projects-card">
          {stats ? (
            <>
              <p className="text-2xl font-semibold text-slate-900">{number(stats.total)}</p>
              <p className="mt-1 text-sm text-slate-500">{t('dashboard.thisMonth', { count: stats.this_month })}</p>
            </>
          ) : projects.error != null ? (
            <Unavailable />
          ) : (
            <Placeholder />
          )}
        </StatCard>

        <StatCard title={t('dashboard.completedProjects')} icon={<CheckIcon />} testId="completed-projects-card">
          {stats ? (
            <>
              <p className="text-2xl font-semibold text-slate-900">{number(stats.completed)}</p>
              <p className="mt-1 text-sm text-slate-500">
                {t('dashboard.successRate', {
                  rate: new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 0 }).format((stats.success_rate ?? 0) / 100),
                })}
              </p>
            </>
          ) : projects.error != null ? (
            <Unavailable />
          ) : (
            <Placeholder />
          )}
        </StatCard>

        <StatCard title={t('dashboard.usersTitle')} icon={<UsersIcon />} testId="users-card">
          {current ? (
            <>
              <p className="text-2xl font-semibold text-slate-900">{usageText(t, current.current_users, current.max_users)}</p>
              <p className="mt-1 truncate text-sm text-slate-500">{t('dashboard.usersHint', { company: current.name })}</p>
            </>
          ) : (
            <Placeholder />
          )}
        </StatCard>

        <StatCard
          title={t('dashboard.companiesTitle')}
          icon={<BuildingIcon />}
          testId="companies-card"
          footer={
            canAdd ? (
              <Button variant="secondary" size="sm" onClick={() => setDialog({ open: true, create: true })} aria-label={t('dashboard.addCompany')}>
                <PlusIcon className="h-3.5 w-3.5" />
                {t('dashboard.add')}
              </Button>
            ) : undefined
          }
        >
          {data ? (
            <>
              <p className="text-2xl font-semibold text-slate-900">{usageText(t, data.owned_count, data.company_limit)}</p>
              <p className="mt-1 text-sm text-slate-500">{t('dashboard.companiesHint')}</p>
            </>
          ) : (
            <Placeholder />
          )}
        </StatCard>

        <StatCard title={t('dashboard.currentCompany')} icon={<BuildingIcon />} testId="current-company-card">
          {data ? (
            <div>
              <label htmlFor={selectId} className="sr-only">
                {t('dashboard.currentCompany')}
              </label>
              <div className="flex items-center gap-2">
                <select
                  id={selectId}
                  value={data.current_company_id ?? ''}
                  disabled={switching || data.companies.length < 2}
                  onChange={(e) => void onSelectCompany(e.target.value)}
                  className="block w-full rounded-md border-0 bg-white py-1.5 pl-3 pr-8 text-sm text-slate-900 ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-indigo-600 disabled:bg-slate-50 disabled:text-slate-500"
                >
                  {data.current_company_id === null && <option value="">—</option>}
                  {data.companies.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.name}
                    </option>
                  ))}
                </select>
                {switching && <Spinner className="h-4 w-4 text-indigo-600" />}
              </div>
              {switching && <p className="mt-1 text-xs text-slate-500">{t('dashboard.switching')}</p>}
              {switchError && <p className="mt-1 text-xs text-red-600" role="alert">{switchError}</p>}
            </div>
          ) : (
            <Placeholder />
          )}
        </StatCard>

        <StatCard
          title={t('dashboard.subscriptionTitle')}
          icon={<CardIcon />}
          testId="subscription-card"
          footer={
            <ButtonLink to="/billing" size="sm" variant={tier.id === 'enterprise' ? 'secondary' : 'primary'}>
              {tier.id === 'enterprise' ? t('dashboard.viewPlan') : t('dashboard.upgradePlan')}
            </ButtonLink>
          }
        >
          <p className="text-2xl font-semibold text-slate-900">{planName(t, user.subscription?.tier)}</p>
        </StatCard>
      </div>

      <PromoPanels />

      <div className="mt-10">
        <ProjectList list={projects} />
      </div>

      <CompanyDialog
        open={dialog.open}
        startWithCreate={dialog.create}
        onClose={() => setDialog({ open: false, create: false })}
        companies={companies}
      />
    </>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
