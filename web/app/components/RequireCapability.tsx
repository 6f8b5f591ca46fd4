// The route guard's feature check: without the capability the screen says so and offers the
// upgrade (part 1, section 2). Capabilities come from the server (tier plus active add-ons).
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Capability } from '@trainwright/catalogue';
import { useSignedInUser } from '~/lib/auth';
import type { User } from '~/lib/types';
import { LockIcon } from './icons';
import { ButtonLink } from './ui';

export function hasCapability(user: User, capability: Capability): boolean {
  return Boolean(user.subscription) && user.capabilities?.[capability] === true;
}

export function FeatureNotAvailable() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto mt-8 max-w-lg rounded-2xl border border-slate-200 bg-white px-8 py-10 text-center shadow-sm">
      <div className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-amber-50 text-amber-600">
        <LockIcon className="h-6 w-6" />
      </div>
      <h1 className="mt-4 text-xl font-semibold text-slate-900">{t('guard.title')}</h1>
      <p className="mt-2 text-sm text-slate-600">{t('guard.text')}</p>
      <ButtonLink to="/billing" className="mt-6">
        {t('guard.upgrade')}
      </ButtonLink>
    </div>
  );
}

export function RequireCapability({ capability, children }: { capability: Capability; children: ReactNode }) {
  const { user } = useSignedInUser();
  if (!hasCapability(user, capability)) return <FeatureNotAvailable />;
  return <>{children}</>;
}
