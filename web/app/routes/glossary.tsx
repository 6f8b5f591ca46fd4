// Glossary: the current company's terms that translations keep as written or always translate the
// same way (docs/translation.md). Read in the browser (the page has no loader).
import type { MetaFunction } from '@remix-run/node';
import { useTranslation } from 'react-i18next';
import { RouteErrorBoundary } from '~/components/RouteErrorBoundary';
import { Glossary } from '~/components/translation/Glossary';
import { PageHeader } from '~/components/ui';
import { useSignedInUser } from '~/lib/auth';

export const meta: MetaFunction = () => [{ title: 'Glossary · Trainwright' }];

export default function GlossaryPage() {
  const { t } = useTranslation();
  const { user } = useSignedInUser();
  return (
    <>
      <PageHeader title={t('glossary.title')} subtitle={t('glossary.subtitle', { company: user.company })} />
      <Glossary />
    </>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
