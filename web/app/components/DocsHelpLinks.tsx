// Where else the documentation sends a reader: the education centre, its FAQ, the API reference
// (the gateway's own OpenAPI document, for Enterprise's API access) and support.
import { Link } from '@remix-run/react';
import { useTranslation } from 'react-i18next';

export function DocsHelpLinks() {
  const { t } = useTranslation();
  const link = 'font-medium text-indigo-700 hover:underline';
  return (
    <>
      <h2 className="text-sm font-semibold text-slate-900">{t('docs.more')}</h2>
      <ul className="mt-2 space-y-2 text-sm">
        <li>
          <Link to="/education" className={link}>
            {t('docs.educationLink')}
          </Link>
        </li>
        <li>
          <Link to="/education?tab=faq" className={link}>
            {t('docs.faqLink')}
          </Link>
        </li>
        <li>
          <a href="/api/docs" className={link}>
            {t('docs.apiLink')}
          </a>
        </li>
        <li>
          <Link to="/support" className={link}>
            {t('docs.supportLink')}
          </Link>
        </li>
      </ul>
    </>
  );
}
