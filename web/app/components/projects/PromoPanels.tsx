// The dashboard's feature panels (part 1, section 2). Each says whether the feature is included in
// the user's plan (user.capabilities: tier plus add-ons) or which plan or add-on brings it; the
// plan names and prices come from the catalogue. Enhanced AI Agents, when included, opens the
// Enhanced AI Dashboard; Integration Hub links to /integrations; SCORM Compliance the SCORM Export
// dialog (with a project picker); Advanced Video Processing its dialog.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ADD_ONS, ADD_ON_IDS, lowestTierWith, type Capability } from '@trainwright/catalogue';
import { useSignedInUser } from '~/lib/auth';
import { formatPrice, tierOf } from '~/lib/format';
import { hasCapability } from '../RequireCapability';
import { ChartIcon, CheckIcon, LockIcon, PlugIcon, SparkIcon, UsersIcon } from '../icons';
import { Button, ButtonLink, cx } from '../ui';
import { ScormExportDialog } from '../scorm/ScormExportDialog';
import { VideoProcessingDialog } from '../video-processing/VideoProcessingDialog';
import { AiDashboardDialog } from './AiDashboardDialog';

type Opens = 'aiDashboard' | 'scorm' | 'videoProcessing';

const PANELS: { key: string; capability: Capability; icon: typeof ChartIcon; link?: string; opens?: Opens }[] = [
  { key: 'analytics', capability: 'analytics', icon: ChartIcon, link: '/analytics' },
  { key: 'aiAgents', capability: 'aiAgents', icon: SparkIcon, opens: 'aiDashboard' },
  { key: 'videoProcessing', capability: 'advancedVideoProcessing', icon: SparkIcon, opens: 'videoProcessing' },
  { key: 'collaboration', capability: 'realtimeCollaboration', icon: UsersIcon },
  { key: 'integrationHub', capability: 'integrationHub', icon: PlugIcon, link: '/integrations' },
  { key: 'scorm', capability: 'scormCompliance', icon: CheckIcon, opens: 'scorm' },
];

export function PromoPanels() {
  const { t, i18n } = useTranslation();
  const { user } = useSignedInUser();
  const tier = tierOf(user.subscription?.tier);
  const [open, setOpen] = useState<Opens | null>(null);
  return (
    <section className="mt-10" aria-labelledby="promo-heading">
      <h2 id="promo-heading" className="mb-4 text-lg font-semibold text-slate-900">
        {t('promo.title')}
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {PANELS.map(({ key, capability, icon: Icon, link, opens }) => {
          const included = hasCapability(user, capability);
          const lowest = lowestTierWith(capability);
          const addOn = ADD_ON_IDS.map((id) => ADD_ONS[id]).find((a) => a.grants === capability);
          const addOnOnPlan = addOn && tier.addOns.includes(addOn.id);
          return (
            <li
              key={key}
              data-testid={`promo-${key}`}
              data-included={included}
              className={cx('flex flex-col rounded-xl border p-5', included ? 'border-green-200 bg-white' : 'border-slate-200 bg-white')}
            >
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="flex min-w-0 items-center gap-2">
                  <span className={cx('flex h-8 w-8 items-center justify-center rounded-lg', included ? 'bg-green-50 text-green-600' : 'bg-indigo-50 text-indigo-600')}>
                    <Icon className="h-5 w-5" />
                  </span>
                  <h3 className="font-semibold text-slate-900">{t(`promo.${key}.title`)}</h3>
                </div>
                {included ? (
                  <span className="inline-flex items-center gap-1 whitespace-nowrap rounded-full bg-green-50 px-2 py-0.5 text-xs font-medium text-green-700 ring-1 ring-inset ring-green-600/20">
                    <CheckIcon className="h-3 w-3" />
                    {t('promo.included')}
                  </span>
                ) : (
                  <span className="inline-flex items-center gap-1 whitespace-nowrap rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700 ring-1 ring-inset ring-slate-500/20">
                    <LockIcon className="h-3 w-3" />
                    {t('promo.notIncluded')}
                  </span>
                )}
              </div>
              <p className="mt-2 flex-1 text-sm text-slate-600">{t(`promo.${key}.text`)}</p>
              {included ? (
                link ? (
                  <ButtonLink to={link} variant="secondary" size="sm" className="mt-4 self-start">
                    {t(`promo.${key}.open`)}
                  </ButtonLink>
                ) : opens ? (
                  <Button variant="secondary" size="sm" className="mt-4 self-start" onClick={() => setOpen(opens)}>
                    {t(`promo.${key}.open`)}
                  </Button>
                ) : null
              ) : (
                <>
                  <p className="mt-3 text-xs text-slate-500">
                    {addOn && addOnOnPlan
                      ? t('promo.upgradeOrAddOn', {
                          plan: lowest?.name ?? '',
                          addOn: t(`addOns.${addOn.id}`),
                          price: formatPrice(addOn.pricePerMonth, i18n.language),
                        })
                      : t('promo.upgradeTo', { plan: lowest?.name ?? '' })}
                  </p>
                  <ButtonLink to="/billing" size="sm" className="mt-3 self-start">
                    {t('promo.upgrade')}
                  </ButtonLink>
                </>
              )}
            </li>
          );
        })}
      </ul>
      {open === 'aiDashboard' && <AiDashboardDialog project={null} onClose={() => setOpen(null)} />}
      {open === 'scorm' && <ScormExportDialog project={null} onClose={() => setOpen(null)} />}
      {open === 'videoProcessing' && <VideoProcessingDialog onClose={() => setOpen(null)} />}
    </section>
  );
}
