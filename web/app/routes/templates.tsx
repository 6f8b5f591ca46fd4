import type { MetaFunction } from '@remix-run/node';
import { useTranslation } from 'react-i18next';
import { TemplateIcon } from '~/components/icons';
import { RouteErrorBoundary } from '~/components/RouteErrorBoundary';
import { EmptyState, PageHeader } from '~/components/ui';
import { useSignedInUser } from '~/lib/auth';
import { planName, tierOf } from '~/lib/format';

export const meta: MetaFunction = () => [{ title: 'Templates · Trainwright' }];

export default function Templates() {
  const { t } = useTranslation();
  const { user } = useSignedInUser();
  const tier = tierOf(user.subscription?.tier);
  const count = user.subscription?.limits?.templateCount ?? tier.limits.templateCount;
  return (
    <>
      <PageHeader title={t('pages.templates.title')} />
      <EmptyState
        icon={<TemplateIcon className="h-10 w-10" />}
        title={t('pages.templates.emptyTitle')}
        text={t('pages.templates.emptyText', { plan: planName(t, tier.id), count })}
      />
    </>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
