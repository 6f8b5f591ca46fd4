// 'Manage Languages' (part 1 sections 2 and 4): one row per language the project is in or being
// translated into, the primary marked 'Primary'; each translation's status and progress (live), a
// failure's reason, 'Needs review' with the words the engine did not know (UnknownWordsReview);
// 'Set as primary', 'Edit' (one translated slide at a time), the XLIFF download and the upload of
// a reviewed one, and 'Delete' after a confirmation. The name takes the row's whole width and the
// actions wrap below it, so no name is cut off whatever the language or the dialog's width.
import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile, saveFile } from '~/lib/downloads';
import {
  deleteTranslation,
  failureText,
  isRunning,
  languageRows,
  rowActions,
  setPrimaryLanguage,
  translationPaths,
  uploadXliff,
  type LanguageRow,
  type TranslationList,
} from '~/lib/translations';
import { useLanguageNames } from '~/lib/useTranslations';
import { ProgressBar } from '../projects/ProjectCard';
import { useWorkspace } from '../projects/workspace-context';
import { Badge, Button, ErrorBox, Spinner } from '../ui';
import { ConfirmDialog } from './ConfirmDialog';
import { UnknownWordsReview } from './UnknownWordsReview';
import { storedFailureText } from '~/lib/errors';

const STATUS_TONES: Record<string, 'green' | 'amber' | 'indigo' | 'slate'> = { completed: 'green', failed: 'amber', queued: 'slate', translating: 'indigo' };

function RowStatus({ row, projectId, canEdit, onChanged }: { row: LanguageRow; projectId: string; canEdit: boolean; onChanged: () => void }) {
  const { t } = useTranslation();
  const translation = row.translation;
  if (!translation) return row.primary ? null : <Badge tone="green">{t('translation.status.completed')}</Badge>;
  const label = t(`translation.status.${translation.status}`, { defaultValue: translation.status });
  return (
    <div className="space-y-1">
      <span className="flex flex-wrap gap-1.5">
        <Badge tone={STATUS_TONES[translation.status] ?? 'slate'}>{label}</Badge>
        {translation.status === 'completed' && translation.needs_review && (
          <span data-testid="needs-review">
            <Badge tone="amber">{t('translation.needsReview')}</Badge>
          </span>
        )}
      </span>
      {isRunning(translation.status) && <ProgressBar label={t('translation.progressLabel')} percent={translation.progress} testId="translation-progress" />}
      {translation.status === 'failed' && (
        <p className="text-xs text-red-700" role="note">
          {t('translation.failedReason', { reason: storedFailureText(translation, t) ?? t('translation.errors.failed') })}
        </p>
      )}
      {translation.status === 'completed' && translation.stale && <p className="text-xs text-amber-800">{t('translation.outdated')}</p>}
      {translation.warnings?.length > 0 && (
        <ul className="list-inside list-disc text-xs text-amber-800">
          {translation.warnings.map((warning) => (
            <li key={warning}>{warning}</li>
          ))}
        </ul>
      )}
      {translation.status === 'completed' && <UnknownWordsReview projectId={projectId} translation={translation} canEdit={canEdit} onChanged={onChanged} />}
    </div>
  );
}

export function ManageLanguagesTab({
  projectId,
  projectTitle,
  list,
  canEdit,
  onChanged,
  onEdit,
}: {
  projectId: string;
  projectTitle: string;
  list: TranslationList;
  canEdit: boolean;
  /** After a change: reload the dialog's list and the project cards. */
  onChanged: () => void;
  onEdit: (language: string) => void;
}) {
  const { t } = useTranslation();
  const { notify } = useWorkspace();
  const names = useLanguageNames();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const uploadFor = useRef<string | null>(null);

  /** Runs one row action: busy while it runs, the success notice, or the failure in the dialog. */
  const run = async (key: string, action: () => Promise<string>, failureKey: string) => {
    setBusy(key);
    setError(null);
    try {
      notify(await action());
      onChanged();
    } catch (err) {
      setError(failureText(err, t, failureKey));
    } finally {
      setBusy(null);
    }
  };

  const setPrimary = (language: string) => {
    const name = names(language).name;
    return run(
      `primary-${language}`,
      async () => {
        await setPrimaryLanguage(projectId, language);
        return t('translation.primarySet', { language: name });
      },
      'translation.errors.setPrimary',
    );
  };

  const remove = (language: string) => {
    const name = names(language).name;
    setConfirmDelete(null);
    return run(
      `delete-${language}`,
      async () => {
        await deleteTranslation(projectId, language);
        return t('translation.deleted', { language: name });
      },
      'translation.errors.delete',
    );
  };

  const downloadXliff = (language: string) =>
    run(
      `xliff-${language}`,
      async () => {
        saveFile(await downloadFile(translationPaths.xliff(projectId, language), 'xlf'));
        return t('translation.xliffDownloaded', { language: names(language).name });
      },
      'translation.errors.xliffDownload',
    );

  const chooseUpload = (language: string) => {
    uploadFor.current = language;
    fileInput.current?.click();
  };

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    const language = uploadFor.current;
    event.target.value = ''; // the same file may be chosen again
    if (!file || !language) return;
    void run(
      `upload-${language}`,
      async () => {
        await uploadXliff(projectId, language, await file.text());
        return t('translation.xliffImported', { language: names(language).name });
      },
      'translation.errors.xliffUpload',
    );
  };

  const rows = languageRows(list);
  const deleting = confirmDelete ? names(confirmDelete).name : '';

  return (
    <div className="space-y-4" data-testid="manage-tab">
      {error && <ErrorBox takeFocus>{error}</ErrorBox>}
      <input ref={fileInput} type="file" accept=".xlf,.xliff,application/xliff+xml,application/xml,text/xml" className="hidden" onChange={onFile} tabIndex={-1} aria-hidden="true" />
      <ul className="divide-y divide-slate-200 rounded-md border border-slate-200" aria-label={t('translation.languagesLabel')}>
        {rows.map((row) => {
          const { name, native } = names(row.language);
          const allowed = rowActions(row);
          const actions = canEdit ? allowed : { setPrimary: false, edit: false, xliff: false, delete: false };
          const rowBusy = busy?.endsWith(`-${row.language}`) ?? false;
          return (
            <li key={row.language} data-testid="language-row" data-language={row.language} data-status={row.translation?.status ?? 'completed'} className="flex flex-col gap-2 px-3 py-3">
              <div className="space-y-1">
                <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900">
                  <span className="break-words" data-testid="language-name">
                    {name}
                    {native && <span className="ml-1 font-normal text-slate-500">({native})</span>}
                  </span>
                  {row.primary && <Badge tone="indigo">{t('translation.primary')}</Badge>}
                  {rowBusy && <Spinner className="h-3 w-3 text-indigo-600" />}
                </p>
                <RowStatus row={row} projectId={projectId} canEdit={canEdit} onChanged={onChanged} />
              </div>
              <div className="flex flex-wrap gap-1.5">
                {actions.setPrimary && (
                  <Button size="sm" variant="secondary" disabled={busy !== null} onClick={() => void setPrimary(row.language)}>
                    {t('translation.setPrimary')}
                  </Button>
                )}
                {actions.edit && (
                  <Button size="sm" variant="secondary" disabled={busy !== null} onClick={() => onEdit(row.language)} aria-label={t('translation.editNamed', { language: name })}>
                    {t('translation.edit')}
                  </Button>
                )}
                {allowed.xliff && (
                  <Button size="sm" variant="secondary" disabled={busy !== null} onClick={() => void downloadXliff(row.language)} aria-label={t('translation.xliffDownloadNamed', { language: name })}>
                    {t('translation.xliffDownload')}
                  </Button>
                )}
                {actions.xliff && (
                  <Button size="sm" variant="secondary" disabled={busy !== null} onClick={() => chooseUpload(row.language)} aria-label={t('translation.xliffUploadNamed', { language: name })}>
                    {t('translation.xliffUpload')}
                  </Button>
                )}
                {actions.delete && (
                  <Button size="sm" variant="secondary" className="text-red-700" disabled={busy !== null} onClick={() => setConfirmDelete(row.language)} aria-label={t('translation.deleteNamed', { language: name })}>
                    {t('translation.delete')}
                  </Button>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      {!canEdit && <p className="text-xs text-slate-500">{t('translation.readOnly')}</p>}
      <ConfirmDialog
        open={confirmDelete !== null}
        title={t('translation.deleteTitle')}
        description={projectTitle}
        question={t('translation.deleteConfirm', { language: deleting })}
        confirmLabel={t('translation.delete')}
        onConfirm={() => confirmDelete && void remove(confirmDelete)}
        onClose={() => setConfirmDelete(null)}
      />
    </div>
  );
}
