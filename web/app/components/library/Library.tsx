// The library page's content: adding documents (owners and editors), the search, and the list the
// route loader read. Commenters and viewers read and search only (the API refuses them the rest).
import { useTranslation } from 'react-i18next';
import { ApiError } from '~/lib/api';
import { useSignedInUser } from '~/lib/auth';
import { errorText } from '~/lib/errors';
import { canEditLibrary, type LibraryList } from '~/lib/library';
import { BookIcon } from '../icons';
import { EmptyState, ErrorBox, LoadingLine } from '../ui';
import { AddDocument } from './AddDocument';
import { DocumentList } from './DocumentList';
import { LibrarySearch } from './LibrarySearch';

/**
 * `library`: the route loader's (null while it reads again after hydration, or when it could not);
 * `settled`: no such reading is under way, so a null list could not be read (`onRetry` reads again).
 */
export function Library({ library, settled, onRetry }: { library: LibraryList | null; settled: boolean; onRetry: () => void }) {
  const { t } = useTranslation();
  const { user } = useSignedInUser();
  const companyId = user.currentCompanyId;
  const canEdit = canEditLibrary(user);

  if (!companyId) return <EmptyState icon={<BookIcon className="h-10 w-10" />} title={t('library.noCompany')} />;

  return (
    <div className="space-y-6" data-testid="library">
      {canEdit ? (
        <AddDocument companyId={companyId} />
      ) : (
        <p className="text-sm text-slate-600">{t('library.readOnly', { role: t(`roles.${user.role}`, { defaultValue: user.role ?? '' }) })}</p>
      )}
      <LibrarySearch companyId={companyId} />
      {!library && settled ? (
        <ErrorBox onRetry={onRetry} retryLabel={t('common.retry')}>
          {t('library.loadFailed')} {errorText(new ApiError(503, 'UNAVAILABLE'), t)}
        </ErrorBox>
      ) : !library ? (
        <LoadingLine />
      ) : (
        <DocumentList library={library} companyId={companyId} canEdit={canEdit} />
      )}
    </div>
  );
}
