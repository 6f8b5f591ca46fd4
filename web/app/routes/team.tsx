import type { MetaFunction } from '@remix-run/node';
import { useTranslation } from 'react-i18next';
import { lowestTierWith } from '@trainwright/catalogue';
import { UsersIcon } from '~/components/icons';
import { hasCapability } from '~/components/RequireCapability';
import { RouteErrorBoundary } from '~/components/RouteErrorBoundary';
import { ButtonLink, EmptyState, PageHeader } from '~/components/ui';
import { useSignedInUser } from '~/lib/auth';

export const meta: MetaFunction = () => [{ title: 'Team Collaboration · Trainwright' }];

export default function Team() {
  const { t } = useTranslation();
  const { user } = useSignedInUser();
  const included = hasCapability(user, 'teamCollaboration');
  const lowest = lowestTierWith('teamCollaboration');
  return (
    <>
      <PageHeader title={t('pages.team.title')} />
      <EmptyState
        icon={<UsersIcon className="h-10 w-10" />}
        title={t('pages.team.emptyTitle')}
        text={t('pages.team.emptyText', { company: user.company })}
      >
        {!included && lowest && (
          <div className="flex flex-col items-center gap-3">
            <p className="text-sm text-slate-600">{t('pages.team.planNote', { plan: lowest.name })}</p>
            <ButtonLink to="/billing" variant="secondary">
              {t('guard.upgrade')}
            </ButtonLink>
          </div>
        )}
      </EmptyState>
    </>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
