// The current company's glossary (the glossary route's loader reads it): the terms as a table;
// owners and editors add, edit (the same form, in place of 'Add term') and delete them (after a
// confirmation), each a post to the route's action. A translation of '' keeps the term as written
// (brand names); a target language of '' applies to every language. The server checks the fields
// and its messages are shown as sent.
import { useId, useState, type FormEvent } from 'react';
import { useFetcher } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { CONTENT_LANGUAGES } from '@trainwright/catalogue';
import { useSignedInUser } from '~/lib/auth';
import { ApiError } from '~/lib/api';
import { errorText } from '~/lib/errors';
import { failureError } from '~/lib/action-failure';
import { canEditGlossary, emptyGlossaryDraft, glossaryDraftOf, type GlossaryDraft, type GlossaryRequest, type GlossaryTerm } from '~/lib/glossary';
import type { GlossaryAnswer } from '~/routes/glossary';
import { useActionAnswer } from '~/lib/server-data';
import { failureText } from '~/lib/translations';
import { useLanguageNames } from '~/lib/useTranslations';
import { BookIcon } from '../icons';
import { selectClass } from '../projects/ProjectFormFields';
import { useWorkspace } from '../projects/workspace-context';
import { ConfirmDialog } from './ConfirmDialog';
import { Button, DataTable, EmptyState, ErrorBox, Field, FormActions, LoadingLine, Spinner, describedBy, inputClass } from '../ui';

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
  saving,
  onSubmit,
  onCancel,
}: {
  initial: GlossaryDraft;
  editing: boolean;
  saving: boolean;
  onSubmit: (draft: GlossaryDraft) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [draft, setDraft] = useState(initial);
  const set = <K extends keyof GlossaryDraft>(key: K, value: GlossaryDraft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!saving) onSubmit(draft);
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm" aria-label={editing ? t('glossary.editTitle') : t('glossary.addTitle')}>
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

/**
 * `terms`: the route loader's (null while it reads again after hydration, or when it could not);
 * `settled`: no such reading is under way, so null terms could not be read (`onRetry` reads again).
 */
export function Glossary({ terms, settled, onRetry }: { terms: GlossaryTerm[] | null; settled: boolean; onRetry: () => void }) {
  const { t } = useTranslation();
  const { user } = useSignedInUser();
  const { notify } = useWorkspace();
  const names = useLanguageNames();
  const companyId = user.currentCompanyId;
  const canEdit = canEditGlossary(user);
  const [error, setError] = useState<string | null>(null);
  const [form, setForm] = useState<{ key: number; term: GlossaryTerm | null } | null>(null);
  const [confirmDelete, setConfirmDelete] = useState<GlossaryTerm | null>(null);
  const fetcher = useFetcher<GlossaryAnswer>();
  const running = fetcher.state !== 'idle' ? (fetcher.json as GlossaryRequest | undefined)?.intent : undefined;
  const send = (request: GlossaryRequest) => {
    setError(null);
    fetcher.submit(request as never, { method: 'post', action: '/glossary', encType: 'application/json' });
  };

  useActionAnswer(fetcher, (answer) => {
    if (!answer.ok) {
      const fallback = answer.intent === 'delete' ? 'glossary.errors.delete' : answer.intent === 'update' ? 'glossary.errors.update' : 'glossary.errors.add';
      setError(failureText(failureError(answer.failure), t, fallback));
      if (answer.intent === 'delete') setConfirmDelete(null);
      return;
    }
    if (answer.intent === 'delete') {
      notify(t('glossary.deleted', { term: confirmDelete?.term ?? answer.term }));
      setConfirmDelete(null);
      return;
    }
    setForm(null);
    notify(answer.intent === 'update' ? t('glossary.updated', { term: answer.term }) : t('glossary.added', { term: answer.term }));
  });

  if (!companyId) return <EmptyState icon={<BookIcon className="h-10 w-10" />} title={t('glossary.noCompany')} />;

  const save = (draft: GlossaryDraft) => {
    const editing = form?.term ?? null;
    send(editing ? { intent: 'update', companyId, termId: editing.id, draft } : { intent: 'create', companyId, draft });
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
          <TermForm
            key={form.key}
            initial={form.term ? glossaryDraftOf(form.term) : emptyGlossaryDraft()}
            editing={form.term !== null}
            saving={running === 'create' || running === 'update'}
            onSubmit={save}
            onCancel={() => setForm(null)}
          />
        ) : (
          <Button onClick={() => openForm(null)}>{t('glossary.add')}</Button>
        )
      ) : (
        <p className="text-sm text-slate-600">{t('glossary.readOnly', { role: t(`roles.${user.role}`, { defaultValue: user.role ?? '' }) })}</p>
      )}
      {!terms && settled ? (
        <ErrorBox onRetry={onRetry} retryLabel={t('common.retry')}>
          {t('glossary.loadFailed')} {errorText(new ApiError(503, 'UNAVAILABLE'), t)}
        </ErrorBox>
      ) : !terms ? (
        <LoadingLine />
      ) : terms.length === 0 ? (
        <EmptyState icon={<BookIcon className="h-10 w-10" />} title={t('glossary.empty')} text={t('glossary.emptyText')} />
      ) : (
        <DataTable
          caption={t('glossary.tableLabel')}
          columns={[
            { label: t('glossary.term') },
            { label: t('glossary.translation') },
            { label: t('glossary.sourceLanguage') },
            { label: t('glossary.targetLanguage') },
            { label: t('glossary.caseSensitiveShort') },
            ...(canEdit ? [{ label: t('glossary.actions'), srOnly: true }] : []),
          ]}
        >
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
        </DataTable>
      )}
      <ConfirmDialog
        open={confirmDelete !== null}
        title={t('glossary.deleteTitle')}
        question={t('glossary.deleteConfirm', { term: confirmDelete?.term ?? '' })}
        confirmLabel={t('glossary.delete')}
        busy={running === 'delete'}
        onConfirm={() => confirmDelete && companyId && send({ intent: 'delete', companyId, termId: confirmDelete.id })}
        onClose={() => setConfirmDelete(null)}
      />
    </div>
  );
}
