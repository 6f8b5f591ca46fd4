// The SCORM Export dialog (part 2 sections 3-5, 7-9; docs/web.md "SCORM Export"): from a card's
// menu for that project, or from the SCORM Compliance promo panel with a picker of the user's
// projects ('Create a project first to export as SCORM package.' when there are none). A language
// picker for a project with completed translations, a settings form and 'My Packages' with a Back
// button. Export posts the request; the result box shows the
// server's message or 'Export failed: {detail or Unknown error}' / 'Error exporting SCORM
// package'; on success the list reloads and follows the build live. A plan without
// scormCompliance sees the upgrade message naming Enterprise instead of the form.
import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import type { ScormContent } from '@trainwright/catalogue';
import { ApiError, isAbortError } from '~/lib/api';
import { useSignedInUser } from '~/lib/auth';
import { errorText } from '~/lib/errors';
import { planName } from '~/lib/format';
import { newProjectPath, type ProjectSummary } from '~/lib/projects';
import {
  canExport,
  exportFailureText,
  exportPackage,
  exportRequestOf,
  fetchScormProject,
  fitDraftToContent,
  initialScormDraft,
  scormContentOf,
  scormLock,
  type ScormDraft,
} from '~/lib/scorm';
import { fetchPickerProjects } from '~/lib/useProjects';
import { useScormPackages } from '~/lib/useScorm';
import { LockIcon } from '../icons';
import { LanguagePicker } from '../translation/LanguagePicker';
import { Modal } from '../Modal';
import { selectClass } from '../projects/ProjectFormFields';
import { Button, ButtonLink, ErrorBox, LoadingLine, Spinner, SuccessBox } from '../ui';
import { ScormPackageList } from './ScormPackageList';
import { ScormSettingsForm } from './ScormSettingsForm';

type Result = { ok: true; text: string } | { ok: false; text: string; upgrade: boolean };

function Locked({ plan }: { plan: string }) {
  const { t } = useTranslation();
  return (
    <div className="rounded-md border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900" data-testid="scorm-locked">
      <p className="flex items-center gap-2 font-semibold">
        <LockIcon className="h-4 w-4" />
        {t('scorm.lockedTitle')}
      </p>
      <p className="mt-1">{t('scorm.locked', { plan })}</p>
      <ButtonLink to="/billing" size="sm" className="mt-3">
        {t('guard.upgrade')}
      </ButtonLink>
    </div>
  );
}

/** The promo panel's way in: the user's newest projects to choose from. */
function useProjectChoices(project: ProjectSummary | null) {
  const [choices, setChoices] = useState<ProjectSummary[] | null>(project ? [project] : null);
  const [error, setError] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (project) return;
    const c = new AbortController();
    setError(null);
    fetchPickerProjects(c.signal)
      .then(setChoices)
      .catch((err: unknown) => {
        if (!isAbortError(err)) setError(err);
      });
    return () => c.abort();
  }, [project, attempt]);
  return { choices, error, retry: () => setAttempt((a) => a + 1) };
}

/**
 * What the chosen project contains (its assessment's questions decide the tracking offered); null
 * while it loads. When it cannot be read the quiz rules stay offered: the server refuses one the
 * project cannot meet, with its message in the result box.
 */
function useScormContent(projectId: string | null): ScormContent | null {
  const [content, setContent] = useState<{ projectId: string; content: ScormContent } | null>(null);
  useEffect(() => {
    if (!projectId) return;
    const c = new AbortController();
    fetchScormProject(projectId, c.signal)
      .then((project) => setContent({ projectId, content: scormContentOf(project) }))
      .catch((err: unknown) => {
        if (!isAbortError(err)) setContent({ projectId, content: { hasQuestions: true } });
      });
    return () => c.abort();
  }, [projectId]);
  return content && content.projectId === projectId ? content.content : null;
}

export function ScormExportDialog({ project, onClose }: { project: ProjectSummary | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { user } = useSignedInUser();
  const navigate = useNavigate();
  const id = useId();
  const [view, setView] = useState<'settings' | 'packages'>('settings');
  const { choices, error: choicesError, retry } = useProjectChoices(project);
  const [chosenId, setChosenId] = useState(project?.id ?? '');
  const [draft, setDraft] = useState<ScormDraft>(initialScormDraft);
  // '' (the project's own language) or a completed translation's language.
  const [language, setLanguage] = useState('');
  const [exporting, setExporting] = useState(false);
  const [result, setResult] = useState<Result | null>(null);
  const packagesHeading = useRef<HTMLHeadingElement>(null);
  const packagesButton = useRef<HTMLButtonElement>(null);
  const viewShown = useRef(view);

  // The view replaces the button that was pressed: focus follows (the list's heading, or back to 'My Packages').
  useEffect(() => {
    if (viewShown.current === view) return;
    viewShown.current = view;
    (view === 'packages' ? packagesHeading.current : packagesButton.current)?.focus();
  }, [view]);

  const selected = project ?? choices?.find((p) => p.id === chosenId) ?? choices?.[0] ?? null;
  const lock = scormLock(user, selected);
  const packages = useScormPackages(lock ? null : (selected?.id ?? null));
  const content = useScormContent(lock ? null : (selected?.id ?? null));
  // The tracking offered follows what the project contains (no quiz: completion only).
  useEffect(() => {
    if (content) setDraft((d) => fitDraftToContent(d, content));
  }, [content]);
  const primary = selected?.primary_language || 'en';
  const translation = language && language !== primary ? language : '';

  const submit = async () => {
    if (!selected || exporting || !content || !canExport(draft)) return;
    setExporting(true);
    setResult(null);
    try {
      const answer = await exportPackage(exportRequestOf(selected.id, draft, translation));
      // A 202 always means the build started: the screen says so in its own words.
      setResult({ ok: true, text: t('scorm.messages.started') });
      if (answer.package) packages.added(answer.package);
      void packages.reload({ quiet: true });
    } catch (err) {
      setResult({ ok: false, text: exportFailureText(err, t), upgrade: err instanceof ApiError && err.code === 'FEATURE_NOT_AVAILABLE' });
    } finally {
      setExporting(false);
    }
  };

  const body = () => {
    if (lock) return <Locked plan={planName(t, lock.plan)} />;
    if (!choices) {
      return choicesError != null ? (
        <ErrorBox onRetry={retry} retryLabel={t('common.retry')}>
          {t('scorm.projectsLoadFailed')} {errorText(choicesError, t)}
        </ErrorBox>
      ) : (
        <LoadingLine />
      );
    }
    if (!selected) {
      return (
        <div className="space-y-3" data-testid="scorm-no-project">
          <p className="text-sm text-slate-700">{t('scorm.messages.noProject')}</p>
          <Button
            onClick={() => {
              onClose();
              navigate(newProjectPath());
            }}
          >
            {t('topbar.createProject')}
          </Button>
        </div>
      );
    }
    if (view === 'packages') {
      return (
        <section className="space-y-3" aria-labelledby={`${id}-packages`}>
          <div className="flex items-center justify-between gap-2">
            <h3 id={`${id}-packages`} ref={packagesHeading} tabIndex={-1} className="text-sm font-semibold text-slate-900 focus:outline-none">
              {t('scorm.myPackages')}
            </h3>
            <Button variant="secondary" size="sm" onClick={() => setView('settings')}>
              {t('scorm.back')}
            </Button>
          </div>
          <ScormPackageList state={packages} />
        </section>
      );
    }
    return (
      <>
        {!project && (
          <div>
            <label htmlFor={`${id}-project`} className="block text-sm font-medium text-slate-700">
              {t('scorm.project')}
            </label>
            <select
              id={`${id}-project`}
              value={selected.id}
              disabled={exporting}
              onChange={(e) => {
                setChosenId(e.target.value);
                setLanguage('');
                setResult(null);
              }}
              className={`${selectClass} mt-1`}
            >
              {choices.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.title}
                </option>
              ))}
            </select>
          </div>
        )}
        <LanguagePicker primary={primary} available={selected.available_languages ?? []} value={translation || primary} onChange={setLanguage} disabled={exporting} testId="scorm-language" />
        <ScormSettingsForm draft={draft} content={content} update={setDraft} disabled={exporting} onSubmit={() => void submit()}>
          <div aria-live="polite">
            {result?.ok && (
              <SuccessBox>
                <span data-testid="scorm-result" data-result="success">
                  {result.text}
                </span>
              </SuccessBox>
            )}
          </div>
          {result && !result.ok && (
            <ErrorBox takeFocus>
              <span data-testid="scorm-result" data-result="failure">
                {result.text}
              </span>
              {result.upgrade && (
                <ButtonLink to="/billing" size="sm" className="ml-2">
                  {t('guard.upgrade')}
                </ButtonLink>
              )}
            </ErrorBox>
          )}
          <div className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-200 pt-4">
            <Button ref={packagesButton} variant="secondary" onClick={() => setView('packages')}>
              {t('scorm.myPackages')}
            </Button>
            <div className="flex gap-2">
              <Button variant="secondary" onClick={onClose}>
                {t('common.close')}
              </Button>
              <Button type="submit" disabled={exporting || !content || !canExport(draft)}>
                {exporting && <Spinner />}
                {exporting ? t('scorm.exporting') : t('scorm.export')}
              </Button>
            </div>
          </div>
        </ScormSettingsForm>
      </>
    );
  };

  return (
    <Modal open onClose={onClose} title={t('scorm.title')} description={selected?.title} size="lg">
      <div className="space-y-4" data-testid="scorm-dialog" data-view={view} aria-busy={exporting}>
        {body()}
      </div>
    </Modal>
  );
}
