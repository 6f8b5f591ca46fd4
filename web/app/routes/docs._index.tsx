// The documentation (the navigation's Documentation entry): the articles in the reader's language
// (web/app/i18n/docs, the same addresses in every language) and where else to find help.
import type { MetaFunction } from '@remix-run/node';
import { Link } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { DocsHelpLinks } from '~/components/DocsHelpLinks';
import { BookIcon } from '~/components/icons';
import { RouteErrorBoundary } from '~/components/RouteErrorBoundary';
import { Card, PageHeader } from '~/components/ui';
import { docsTexts } from '~/i18n/docs';

export const meta: MetaFunction = () => [{ title: 'Documentation · Trainwright' }];

export default function Docs() {
  const { t, i18n } = useTranslation();
  const { articles } = docsTexts(i18n.language);
  return (
    <>
      <PageHeader title={t('docs.title')} subtitle={t('docs.subtitle')} />
      <div className="grid gap-6 lg:grid-cols-3">
        <section aria-labelledby="docs-articles" className="lg:col-span-2">
          <h2 id="docs-articles" className="sr-only">
            {t('docs.articles')}
          </h2>
          <ul className="grid gap-3 sm:grid-cols-2" data-testid="docs-articles">
            {articles.map((article) => (
              <li key={article.slug}>
                <Link to={`/docs/${article.slug}`} className="block h-full rounded-lg border border-slate-200 bg-white p-4 hover:border-indigo-300 hover:shadow-sm">
                  <span className="flex items-center gap-2 text-base font-semibold text-slate-900">
                    <BookIcon className="h-4 w-4 text-indigo-600" />
                    {article.title}
                  </span>
                  <span className="mt-1 block text-sm text-slate-600">{article.summary}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
        <Card className="h-fit p-4">
          <DocsHelpLinks />
        </Card>
      </div>
    </>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
