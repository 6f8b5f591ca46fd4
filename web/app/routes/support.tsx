// Support: how to reach us, a ticket form, and the most asked questions of the FAQ (its figures
// from the plan catalogue, never hand-typed numbers).
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { MailIcon } from '~/components/icons';
import { FaqList } from '~/components/FaqList';
import { RouteErrorBoundary } from '~/components/RouteErrorBoundary';
import { SupportForm } from '~/components/SupportForm';
import { Card, PageHeader } from '~/components/ui';
import { oneWriteAction, type WriteAnswer } from '~/action-calls.server';
import { cookieHeaders, gateway } from '~/gateway.server';
import { useLoaderState } from '~/lib/server-data';
import { isSupportRequest, supportWrite, type SupportTicket } from '~/lib/support';

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

/** The questions people ask support most; the rest are in the education centre's FAQ. */
const SUPPORT_FAQ = ['free-trial', 'plans-and-prices', 'users-and-companies', 'add-ons', 'annual-billing-and-plan-changes', 'getting-help'] as const;

export default function Support() {
  const { t } = useTranslation();
  const { data: loaded } = useLoaderState(useLoaderData<typeof loader>());

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
          <FaqList ids={SUPPORT_FAQ} />
          <p className="mt-3 text-sm">
            <Link to="/education?tab=faq" className="font-medium text-indigo-700 hover:underline">
              {t('support.allQuestions')}
            </Link>
          </p>
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
