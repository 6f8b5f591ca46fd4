// Billing: the current plan, the plans and add-ons from the catalogue. Online payment arrives
// later; until then plan changes are made by support, and the page says so.
import { useEffect, useState } from 'react';
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { ADD_ON_IDS, ADD_ONS, TIER_IDS, TIERS, type AddOnId } from '@trainwright/catalogue';
import { RouteErrorBoundary } from '~/components/RouteErrorBoundary';
import { TierCard } from '~/components/TierCard';
import { TrialBanner } from '~/components/TrialBanner';
import { Badge, ButtonLink, Card, PageHeader } from '~/components/ui';
import { gateway } from '~/gateway.server';
import { get } from '~/lib/api';
import { useSignedInUser } from '~/lib/auth';
import { formatList, formatPrice, planName, tierOf } from '~/lib/format';
import { useServerData, useSkipFirstLoad } from '~/lib/server-data';
import type { TrialStatusResponse } from '~/lib/types';

export const meta: MetaFunction = () => [{ title: 'Billing · Trainwright' }];

export const loader = (args: LoaderFunctionArgs) => gateway.load<{ trial: TrialStatusResponse }>(args, { trial: '/api/trial-status' });

function isAddOnId(value: string): value is AddOnId {
  return (ADD_ON_IDS as readonly string[]).includes(value);
}

export default function Billing() {
  const { t, i18n } = useTranslation();
  const { user } = useSignedInUser();
  const initialTrial = useServerData(useLoaderData<typeof loader>().trial);
  const [trial, setTrial] = useState<TrialStatusResponse | null>(initialTrial);
  const skipFirstLoad = useSkipFirstLoad(initialTrial !== null);
  const tier = tierOf(user.subscription?.tier);
  const activeAddOns = (user.subscription?.addOns ?? []).filter(isAddOnId);
  const chosen = user.subscription?.selectedTier ? tierOf(user.subscription.selectedTier) : null;

  useEffect(() => {
    if (skipFirstLoad()) return;
    const controller = new AbortController();
    get<TrialStatusResponse>('/trial-status', controller.signal)
      .then(setTrial)
      .catch(() => undefined);
    return () => controller.abort();
  }, [skipFirstLoad]);

  return (
    <>
      <PageHeader title={t('billing.title')} subtitle={t('billing.subtitle')} />

      <TrialBanner status={trial} />

      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="p-6 lg:col-span-1">
          <h2 className="text-sm font-medium text-slate-600">{t('billing.currentPlan')}</h2>
          <p className="mt-1 text-2xl font-semibold text-slate-900" data-testid="current-plan">
            {planName(t, tier.id)}
          </p>
          {tier.period === 'trial' && chosen && chosen.id !== tier.id && (
            <p className="mt-2 text-sm text-slate-600">{t('billing.chosenAtSignUp', { plan: chosen.name })}</p>
          )}
          <p className="mt-2 text-sm text-slate-600">
            {activeAddOns.length > 0
              ? t('billing.activeAddOns', { names: formatList(activeAddOns.map((id) => t(`addOns.${id}`)), i18n.language) })
              : t('billing.noAddOns')}
          </p>
        </Card>
        <div className="rounded-xl border border-indigo-200 bg-indigo-50 p-6 text-sm text-indigo-900 lg:col-span-2">
          <p>{t('billing.paymentNotice')}</p>
          <ButtonLink to="/support" className="mt-4">
            {t('billing.contactSupport')}
          </ButtonLink>
        </div>
      </div>

      <section className="mt-10" aria-labelledby="plans-heading">
        <h2 id="plans-heading" className="mb-4 text-lg font-semibold text-slate-900">
          {t('billing.plansTitle')}
        </h2>
        <div className="grid gap-6 md:grid-cols-2 xl:grid-cols-4">
          {TIER_IDS.map((id) => (
            <TierCard
              key={id}
              tier={TIERS[id]}
              current={id === tier.id}
              highlight={id === tier.id ? undefined : TIERS[id].popular ? 'popular' : undefined}
              action={
                id === tier.id || TIERS[id].period === 'trial' ? undefined : (
                  <Link to="/support" className="block text-center text-sm font-semibold text-indigo-600 hover:text-indigo-500">
                    {t('billing.askSupport')}
                  </Link>
                )
              }
            />
          ))}
        </div>
      </section>

      <section className="mt-10" aria-labelledby="addons-heading">
        <h2 id="addons-heading" className="text-lg font-semibold text-slate-900">
          {t('billing.addOnsTitle')}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t('billing.addOnsText')}</p>
        <div className="mt-4 grid gap-4 md:grid-cols-3">
          {ADD_ON_IDS.map((id) => {
            const addOn = ADD_ONS[id];
            const plans = TIER_IDS.filter((tid) => TIERS[tid].addOns.includes(id)).map((tid) => planName(t, tid));
            return (
              <Card key={id} className="p-5">
                <div className="flex items-start justify-between gap-2">
                  <h3 className="font-semibold text-slate-900">{t(`addOns.${id}`)}</h3>
                  {activeAddOns.includes(id) && <Badge tone="green">{t('billing.addOnActive')}</Badge>}
                </div>
                <p className="mt-2 text-xl font-semibold text-slate-900">
                  {t('billing.addOnPrice', { price: formatPrice(addOn.pricePerMonth, i18n.language) })}
                </p>
                <p className="mt-2 text-sm text-slate-600">{t('billing.addOnGrants', { capability: t(`capabilities.${addOn.grants}`) })}</p>
                <p className="mt-1 text-xs text-slate-500">{t('billing.addOnAvailable', { plans: formatList(plans, i18n.language) })}</p>
              </Card>
            );
          })}
        </div>
      </section>
    </>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
