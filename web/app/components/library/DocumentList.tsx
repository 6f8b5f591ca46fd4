// The library's documents (the route loader's page of the list, newest first): title and source,
// kind, size, passages and date, and the pages when there are more; owners and editors remove one after a confirmation, a post to the route's
// action, after which Remix reads the list again.
import { useState } from 'react';
import { useFetcher, useNavigate, useNavigation } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { failureError } from '~/lib/action-failure';
import { formatDate } from '~/lib/format';
import { libraryErrorText, type LibraryDocument, type LibraryList, type LibraryRequest } from '~/lib/library';
import { useActionAnswer, useDisplayTimeZone } from '~/lib/server-data';
import { formatBytes } from '~/lib/uploads';
import type { LibraryAnswer } from '~/routes/library';
import { BookIcon } from '../icons';
import { useWorkspace } from '../projects/workspace-context';
import { ConfirmDialog } from '../translation/ConfirmDialog';
import { Badge, Button, DataTable, EmptyState, ErrorBox, Pager } from '../ui';

export function DocumentList({ library, companyId, canEdit }: { library: LibraryList; companyId: string; canEdit: boolean }) {
  const { t, i18n } = useTranslation();
  const { notify } = useWorkspace();
  const timeZone = useDisplayTimeZone(); // the list is rendered on the server too
  const [confirmRemove, setConfirmRemove] = useState<LibraryDocument | null>(null);
  const [error, setError] = useState<string | null>(null);
  const fetcher = useFetcher<LibraryAnswer>();
  const removing = fetcher.state !== 'idle';
  // Pages are addresses (/library?page=2), so a page can be reloaded or shared.
  const navigate = useNavigate();
  const navigation = useNavigation();

  useActionAnswer(fetcher, (answer) => {
    const title = confirmRemove?.title ?? '';
    setConfirmRemove(null);
    if (!answer.ok) setError(libraryErrorText(failureError(answer.failure), t, 'library.errors.remove'));
    else notify(t('library.documents.removed', { title }));
  });

  const remove = (doc: LibraryDocument) => {
    setError(null);
    const request: LibraryRequest = { intent: 'delete', companyId, documentId: doc.id };
    fetcher.submit(request as never, { method: 'post', action: '/library', encType: 'application/json' });
  };

  const { documents } = library;
  if (library.total === 0) {
    return <EmptyState icon={<BookIcon className="h-10 w-10" />} title={t('library.documents.empty')} text={canEdit ? t('library.documents.emptyText') : undefined} />;
  }
  return (
    <section className="space-y-3" aria-labelledby="library-documents-heading">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="library-documents-heading" className="text-base font-semibold text-slate-900">
          {t('library.documents.heading')}
        </h2>
        <p className="text-sm text-slate-600" data-testid="library-total">
          {t('library.documents.total', { count: library.total, size: formatBytes(library.total_size, i18n.language) })}
        </p>
      </div>
      {error && <ErrorBox takeFocus>{error}</ErrorBox>}
      <DataTable
        caption={t('library.documents.tableLabel')}
        columns={[
          { label: t('library.documents.title') },
          { label: t('library.documents.kind') },
          { label: t('library.documents.size'), align: 'right' },
          { label: t('library.documents.passages'), align: 'right' },
          { label: t('library.documents.added') },
          ...(canEdit ? [{ label: t('library.documents.actions'), srOnly: true }] : []),
        ]}
      >
        {documents.map((doc) => (
          <tr key={doc.id} data-testid="library-document" data-document-id={doc.id}>
            <th scope="row" className="max-w-md px-3 py-2 text-left font-medium text-slate-900">
              <span className="block truncate">{doc.title}</span>
              {/* The file name or the page's address, as text: never followed from here. */}
              {doc.source && doc.source !== doc.title && <span className="block truncate text-xs font-normal text-slate-500">{doc.source}</span>}
            </th>
            <td className="px-3 py-2">
              <Badge tone={doc.kind === 'url' ? 'indigo' : 'slate'}>{t(`library.kinds.${doc.kind}`, { defaultValue: doc.kind })}</Badge>
              {doc.project_id && (
                <span className="ml-1" title={t('library.fromProjectHint')}>
                  <Badge tone="green">{t('library.fromProject')}</Badge>
                </span>
              )}
            </td>
            <td className="whitespace-nowrap px-3 py-2 text-right text-slate-700">{formatBytes(doc.size, i18n.language)}</td>
            <td className="whitespace-nowrap px-3 py-2 text-right text-slate-700" data-testid="library-passages">
              {t('library.documents.passageCount', { count: doc.passages })}
            </td>
            <td className="whitespace-nowrap px-3 py-2 text-slate-700">{formatDate(doc.created_at, i18n.language, timeZone)}</td>
            {canEdit && (
              <td className="whitespace-nowrap px-3 py-2 text-right">
                <Button size="sm" variant="ghost" className="text-red-700" onClick={() => setConfirmRemove(doc)} aria-label={t('library.documents.removeNamed', { title: doc.title })}>
                  {t('library.documents.remove')}
                </Button>
              </td>
            )}
          </tr>
        ))}
      </DataTable>
      <Pager
        label={t('library.documents.pagingLabel')}
        page={library.page}
        total={library.total}
        pageSize={library.page_size}
        busy={navigation.state !== 'idle'}
        onPage={(page) => navigate(`?page=${page}`)}
      />
      <ConfirmDialog
        open={confirmRemove !== null}
        title={t('library.documents.removeTitle')}
        question={t('library.documents.removeConfirm', { title: confirmRemove?.title ?? '' })}
        confirmLabel={t('library.documents.remove')}
        busy={removing}
        onConfirm={() => confirmRemove && remove(confirmRemove)}
        onClose={() => setConfirmRemove(null)}
      />
    </section>
  );
}
