// The current company's glossary (GET /api/companies/{id}/glossary): the terms as a table; owners
// and editors add, edit (the same form, in place of 'Add term') and delete them (after a
// confirmation). A translation of '' keeps the term as written (brand names); a target language of
// '' applies to every language. The server checks the fields and its messages are shown as sent.
import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CONTENT_LANGUAGES } from '@trainwright/catalogue';
import { useSignedInUser } from '~/lib/auth';
import { errorText } from '~/lib/errors';
import {
  canEditGlossary,
  createGlossaryTerm,
  deleteGlossaryTerm,
  emptyGlossaryDraft,
  glossaryDraftOf,
  listGlossary,
  updateGlossaryTerm,
  withTerm,
  withoutTerm,
  type GlossaryDraft,
  type GlossaryTerm,
} from '~/lib/glossary';
import { failureText } from '~/lib/translations';
import { useLanguageNames } from '~/lib/useTranslations';
import { BookIcon } from '../icons';
import { selectClass } from '../projects/ProjectFormFields';
import { useWorkspace } from '../projects/workspace-context';
import { ConfirmDialog } from './ConfirmDialog';
import { Button, EmptyState, ErrorBox, Field, FormActions, LoadingLine, Spinner, describedBy, inputClass } from '../ui';

function LanguageSelect({ id, value, onChange, allLabel }: { id: string; value: string; onChange: (code: string) => void; allLabel?: string }) {
  const names = useLanguageNames();
  return (
    <select id={id} value={value} onChange={(e) => onChange(e.target.value)} className={selectClass}>
      {allLabel !== undefined && <option value="">{allLabel}</option>}
      {CONTENT_LANGUAGES.map((code) => (
        <option key={code} value={code}>
          {names(code).name}
        </option>
      ))}
    </select>
  );
}

function TermForm({
  initial,
  editing,
  onSubmit,
  onCancel,
}: {
  initial: GlossaryDraft;
  editing: boolean;
  onSubmit: (draft: GlossaryDraft) => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [draft, setDraft] = useState(initial);
  const [saving, setSaving] = useState(false);
  const set = <K extends keyof GlossaryDraft>(key: K, value: GlossaryDraft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    try {
      await onSubmit(draft);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm" aria-label={editing ? t('glossary.editTitle') : t('glossary.addTitle')}>
      <h2 className="text-base font-semibold text-slate-900">{editing ? t('glossary.editTitle') : t('glossary.addTitle')}</h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={`${id}-term`} label={t('glossary.term')}>
          <input id={`${id}-term`} value={draft.term} onChange={(e) => set('term', e.target.value)} className={inputClass} />
        </Field>
        <Field id={`${id}-translation`} label={t('glossary.translation')} hint={t('glossary.translationHint')}>
          <input id={`${id}-translation`} value={draft.translation} placeholder={t('glossary.keepAsWritten')} onChange={(e) => set('translation', e.target.value)} className={inputClass} {...describedBy(`${id}-translation`, true, undefined)} />
        </Field>
        <Field id={`${id}-source`} label={t('glossary.sourceLanguage')}>
          <LanguageSelect id={`${id}-source`} value={draft.source_language} onChange={(v) => set('source_language', v)} />
        </Field>
        <Field id={`${id}-target`} label={t('glossary.targetLanguage')}>
          <LanguageSelect id={`${id}-target`} value={draft.target_language} onChange={(v) => set('target_language', v)} allLabel={t('glossary.allLanguages')} />
        </Field>
      </div>
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input type="checkbox" className="h-4 w-4 rounded border-slate-300 text-indigo-600" checked={draft.case_sensitive} onChange={(e) => set('case_sensitive', e.target.checked)} />
        {t('glossary.caseSensitive')}
      </label>
      <FormActions saving={saving} onCancel={onCancel} />
    </form>
  );
}

export function Glossary() {
  const { t } = useTranslation();
  const { user } = useSignedInUser();
  const { notify } = useWorkspace();
  const names = useLanguageNames();
  const companyId = user.currentCompanyId;
  const canEdit = canEditGlossary(user);
  const [terms, setTerms] = useState<GlossaryTerm[] | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [error, setError] = useState<string | null>(null);
  const [form, setForm] = useState<{ key: number; term: GlossaryTerm | null } | null>(null);
  const [confirmDelete, setConfirmDelete] = useState<GlossaryTerm | null>(null);
  const [deleting, setDeleting] = useState(false);

  const load = useCallback(
    async (signal?: AbortSignal) => {
      if (!companyId) return;
      setLoadError(null);
      try {
        setTerms((await listGlossary(companyId, signal)).terms);
      } catch (err) {
        if (!signal?.aborted) setLoadError(err);
      }
    },
    [companyId],
  );

  useEffect(() => {
    const controller = new AbortController();
    setTerms(null);
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  if (!companyId) return <EmptyState icon={<BookIcon className="h-10 w-10" />} title={t('glossary.noCompany')} />;

  const save = async (draft: GlossaryDraft) => {
    const editing = form?.term ?? null;
    setError(null);
    try {
      const saved = editing ? await updateGlossaryTerm(companyId, editing.id, draft) : await createGlossaryTerm(companyId, draft);
      setTerms((list) => withTerm(list ?? [], saved));
      setForm(null);
      notify(editing ? t('glossary.updated', { term: saved.term }) : t('glossary.added', { term: saved.term }));
    } catch (err) {
      setError(failureText(err, t, editing ? 'glossary.errors.update' : 'glossary.errors.add'));
    }
  };

  const remove = async (term: GlossaryTerm) => {
    setDeleting(true);
    setError(null);
    try {
      await deleteGlossaryTerm(companyId, term.id);
      setTerms((list) => withoutTerm(list ?? [], term.id));
      notify(t('glossary.deleted', { term: term.term }));
    } catch (err) {
      setError(failureText(err, t, 'glossary.errors.delete'));
    } finally {
      setDeleting(false);
      setConfirmDelete(null);
    }
  };

  const openForm = (term: GlossaryTerm | null) => {
    setError(null);
    setForm((f) => ({ key: (f?.key ?? 0) + 1, term }));
  };

  return (
    <div className="space-y-4" data-testid="glossary">
      {error && <ErrorBox takeFocus>{error}</ErrorBox>}
      {canEdit ? (
        form ? (
          <TermForm key={form.key} initial={form.term ? glossaryDraftOf(form.term) : emptyGlossaryDraft()} editing={form.term !== null} onSubmit={save} onCancel={() => setForm(null)} />
        ) : (
          <Button onClick={() => openForm(null)}>{t('glossary.add')}</Button>
        )
      ) : (
        <p className="text-sm text-slate-600">{t('glossary.readOnly', { role: t(`roles.${user.role}`, { defaultValue: user.role ?? '' }) })}</p>
      )}
      {loadError != null ? (
        <ErrorBox onRetry={() => void load()} retryLabel={t('common.retry')}>
          {t('glossary.loadFailed')} {errorText(loadError, t)}
        </ErrorBox>
      ) : !terms ? (
        <LoadingLine />
      ) : terms.length === 0 ? (
        <EmptyState icon={<BookIcon className="h-10 w-10" />} title={t('glossary.empty')} text={t('glossary.emptyText')} />
      ) : (
        <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
          <table className="min-w-full divide-y divide-slate-200 text-sm">
            <caption className="sr-only">{t('glossary.tableLabel')}</caption>
            <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-500">
              <tr>
                <th scope="col" className="px-3 py-2">{t('glossary.term')}</th>
                <th scope="col" className="px-3 py-2">{t('glossary.translation')}</th>
                <th scope="col" className="px-3 py-2">{t('glossary.sourceLanguage')}</th>
                <th scope="col" className="px-3 py-2">{t('glossary.targetLanguage')}</th>
                <th scope="col" className="px-3 py-2">{t('glossary.caseSensitiveShort')}</th>
                {canEdit && <th scope="col" className="px-3 py-2"><span className="sr-only">{t('glossary.actions')}</span></th>}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {terms.map((term) => (
                <tr key={term.id} data-testid="glossary-term">
                  <th scope="row" className="px-3 py-2 text-left font-medium text-slate-900">{term.term}</th>
                  <td className="px-3 py-2 text-slate-700">{term.translation || <span className="italic text-slate-500">{t('glossary.keepAsWritten')}</span>}</td>
                  <td className="px-3 py-2 text-slate-700">{names(term.source_language).name}</td>
                  <td className="px-3 py-2 text-slate-700">{term.target_language ? names(term.target_language).name : t('glossary.allLanguages')}</td>
                  <td className="px-3 py-2 text-slate-700">{term.case_sensitive ? t('glossary.yes') : t('glossary.no')}</td>
                  {canEdit && (
                    <td className="whitespace-nowrap px-3 py-2 text-right">
                      <Button size="sm" variant="ghost" onClick={() => openForm(term)} aria-label={t('glossary.editNamed', { term: term.term })}>
                        {t('glossary.edit')}
                      </Button>
                      <Button size="sm" variant="ghost" className="text-red-700" onClick={() => setConfirmDelete(term)} aria-label={t('glossary.deleteNamed', { term: term.term })}>
                        {t('glossary.delete')}
                      </Button>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ConfirmDialog
        open={confirmDelete !== null}
        title={t('glossary.deleteTitle')}
        question={t('glossary.deleteConfirm', { term: confirmDelete?.term ?? '' })}
        confirmLabel={t('glossary.delete')}
        busy={deleting}
        onConfirm={() => confirmDelete && void remove(confirmDelete)}
        onClose={() => setConfirmDelete(null)}
      />
    </div>
  );
}
