// Support: how to reach us, and answers built from the plan catalogue (never hand-typed numbers).
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { ADD_ON_IDS, ADD_ONS, GRACE_PERIOD_DAYS, TIER_IDS, TIERS } from '@trainwright/catalogue';
import { MailIcon } from '~/components/icons';
import { RouteErrorBoundary } from '~/components/RouteErrorBoundary';
import { SupportForm } from '~/components/SupportForm';
import { Card, PageHeader } from '~/components/ui';
import { oneWriteAction, type WriteAnswer } from '~/action-calls.server';
import { cookieHeaders, gateway } from '~/gateway.server';
import { useLoaderState } from '~/lib/server-data';
import { isSupportRequest, supportWrite, type SupportTicket } from '~/lib/support';
import { formatList, formatPrice, planName } from '~/lib/format';

export const meta: MetaFunction = () => [{ title: 'Support · Trainwright' }];

/** The person's own tickets (GET /api/support/tickets). */
export async function loader(args: LoaderFunctionArgs) {
  const list = await gateway.json<{ tickets: SupportTicket[] }>(args, '/api/support/tickets');
  return data({ tickets: list.data?.tickets ?? null }, { headers: cookieHeaders(list.setCookie) });
}

/** The action's answer: the new ticket's reference, or the gateway's refusal. */
export type SupportAnswer = WriteAnswer<'submit', { reference: string }>;

export const action = (args: ActionFunctionArgs) =>
  oneWriteAction(args, { isRequest: isSupportRequest, write: supportWrite, done: (ticket: SupportTicket) => ({ reference: ticket.reference }), invalidIntent: 'submit' });

const SUPPORT_EMAIL = 'support@trainwright.local';

export default function Support() {
  const { t, i18n } = useTranslation();
  const { data: loaded } = useLoaderState(useLoaderData<typeof loader>());
  const addOnPlans = TIER_IDS.filter((id) => TIERS[id].addOns.length > 0).map((id) => planName(t, id));

  const faq = [
    { q: t('support.trialQ'), a: <p>{t('support.trialA', { days: TIERS['free-trial'].limits.trialDays })}</p> },
    { q: t('support.afterTrialQ'), a: <p>{t('support.afterTrialA', { grace: GRACE_PERIOD_DAYS })}</p> },
    {
      q: t('support.companiesQ'),
      a: (
        <ul className="list-disc space-y-1 pl-5">
          {TIER_IDS.map((id) => (
            <li key={id}>
              {t('support.companiesA', {
                plan: planName(t, id),
                companies: TIERS[id].limits.companyLimit,
                users: TIERS[id].limits.userLimit,
              })}
            </li>
          ))}
        </ul>
      ),
    },
    {
      q: t('support.addOnsQ'),
      a: (
        <>
          <ul className="list-disc space-y-1 pl-5">
            {ADD_ON_IDS.map((id) => (
              <li key={id}>
                {t('support.addOnsA', { name: t(`addOns.${id}`), price: formatPrice(ADD_ONS[id].pricePerMonth, i18n.language) })}
              </li>
            ))}
          </ul>
          <p className="mt-2">{t('support.addOnsNote', { plans: formatList(addOnPlans, i18n.language) })}</p>
        </>
      ),
    },
    { q: t('support.changePlanQ'), a: <p>{t('support.changePlanA', { email: SUPPORT_EMAIL })}</p> },
    { q: t('support.languagesQ'), a: <p>{t('support.languagesA')}</p> },
  ];

  return (
    <>
      <PageHeader title={t('support.title')} subtitle={t('support.subtitle')} />
      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="p-6">
          <div className="flex items-center gap-2 text-indigo-600">
            <MailIcon />
            <h2 className="text-base font-semibold text-slate-900">{t('support.contactTitle')}</h2>
          </div>
          <p className="mt-2 text-sm text-slate-600">{t('support.contactText')}</p>
          <p className="mt-4 text-sm">
            <span className="text-slate-600">{t('support.emailLabel')}: </span>
            <a href={`mailto:${SUPPORT_EMAIL}`} className="font-semibold text-indigo-600 hover:text-indigo-500">
              {SUPPORT_EMAIL}
            </a>
          </p>
        </Card>
        <section className="lg:col-span-2" aria-labelledby="faq-heading">
          <h2 id="faq-heading" className="mb-3 text-lg font-semibold text-slate-900">
            {t('support.faqTitle')}
          </h2>
          <div className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
            {faq.map(({ q, a }) => (
              <details key={q} className="group px-5 py-4">
                <summary className="cursor-pointer list-none font-medium text-slate-900 marker:hidden">
                  <span className="flex items-center justify-between gap-4">
                    {q}
                    <span className="text-slate-400 transition-transform group-open:rotate-45" aria-hidden="true">
                      +
                    </span>
                  </span>
                </summary>
                <div className="mt-2 text-sm text-slate-600">{a}</div>
              </details>
            ))}
          </div>
        </section>
        <div className="lg:col-span-3">
          <SupportForm tickets={loaded.tickets} />
        </div>
      </div>
    </>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
