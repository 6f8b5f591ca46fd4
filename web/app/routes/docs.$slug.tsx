// One documentation article (/docs/{slug}) in the reader's language, with its contents.
import type { MetaFunction } from '@remix-run/node';
import { Link, useParams } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { DocsHelpLinks } from '~/components/DocsHelpLinks';
import { BookIcon } from '~/components/icons';
import { RouteErrorBoundary } from '~/components/RouteErrorBoundary';
import { ButtonLink, Card, EmptyState, PageHeader } from '~/components/ui';
import { docArticle } from '~/i18n/docs';

export const meta: MetaFunction = ({ params }) => {
  const article = docArticle('en', params.slug ?? '');
  return [{ title: `${article?.title ?? 'Documentation'} · Trainwright` }];
};

export default function DocPage() {
  const { t, i18n } = useTranslation();
  const { slug = '' } = useParams();
  const article = docArticle(i18n.language, slug);
  if (!article) {
    return (
      <EmptyState icon={<BookIcon className="h-10 w-10" />} title={t('docs.notFoundTitle')} text={t('docs.notFoundText')}>
        <ButtonLink to="/docs" variant="secondary">
          {t('docs.back')}
        </ButtonLink>
      </EmptyState>
    );
  }
  const sectionId = (i: number) => `section-${i + 1}`;
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/docs" className="font-medium text-indigo-700 hover:underline">
          ← {t('docs.back')}
        </Link>
      </p>
      <PageHeader title={article.title} subtitle={article.summary} />
      <div className="grid gap-6 lg:grid-cols-4">
        <article className="space-y-6 lg:col-span-3" data-testid="doc-article">
          {article.sections.map((section, i) => (
            <section key={section.heading} id={sectionId(i)} aria-labelledby={`${sectionId(i)}-heading`} className="scroll-mt-4">
              <h2 id={`${sectionId(i)}-heading`} className="text-lg font-semibold text-slate-900">
                {section.heading}
              </h2>
              <div className="mt-2 space-y-2 text-sm leading-6 text-slate-700">
                {section.paragraphs.map((paragraph) => (
                  <p key={paragraph}>{paragraph}</p>
                ))}
                {section.points && (
                  <ul className="list-disc space-y-1 pl-5">
                    {section.points.map((point) => (
                      <li key={point}>{point}</li>
                    ))}
                  </ul>
                )}
              </div>
            </section>
          ))}
        </article>
        <aside className="space-y-4">
          <Card className="p-4">
            <nav aria-label={t('docs.contents')}>
              <h2 className="text-sm font-semibold text-slate-900">{t('docs.contents')}</h2>
              <ol className="mt-2 space-y-1 text-sm">
                {article.sections.map((section, i) => (
                  <li key={section.heading}>
                    <a href={`#${sectionId(i)}`} className="text-indigo-700 hover:underline">
                      {section.heading}
                    </a>
                  </li>
                ))}
              </ol>
            </nav>
          </Card>
          <Card className="p-4">
            <DocsHelpLinks />
          </Card>
        </aside>
      </div>
    </>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
