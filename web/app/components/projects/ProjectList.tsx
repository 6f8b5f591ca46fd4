// The Training Projects list shared by the dashboard and My Projects: actions, search and filters
// (sent to the server), the statistics row, projects grouped by company, paging, the card dialogs
// and the live events that update cards in place (the project's status, its pay-per-use video's,
// and its translations': a bar per running language, a notice when one completes or fails).
// A video to pay for (the card's 'Pay for video', or a video download) opens the Payment Required
// dialog; a payment confirmed there reloads the list. SCORM package builds (scorm.*) go to an open
// SCORM Export dialog, and say so in a notice when one is ready or failed; so do interactive videos
// (interactive_video.*) for an open Interactive Video dialog.
import { useCallback, useEffect, useId, useReducer, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { projectAnalyticsPage } from '~/lib/analytics';
import { api, get, post } from '~/lib/api';
import { useSignedInUser } from '~/lib/auth';
import { errorText } from '~/lib/errors';
import { ALL_PROJECT_TYPES, groupProjects, STATUS_FILTERS, titleCaseStatus, type Project, type ProjectSummary } from '~/lib/projects';
import { emitInteractiveEvent, type InteractiveVideoEvent } from '~/lib/interactive-video';
import { emitScormEvent, type ScormEvent } from '~/lib/scorm';
import { applyTranslationJob, emitTranslationEvent, jobEventsOf, languageName, projectJobs, type TranslationEvent, type TranslationJobs } from '~/lib/translations';
import { useProjectEvents, type ProjectListState } from '~/lib/useProjects';
import { DEFAULT_ESTIMATED_DURATION_MINUTES, VIDEO_BILLING_TYPE, videoFormatOf, type VideoFormat } from '~/lib/video-payment';
import { BookIcon, FolderIcon, MicIcon, TemplateIcon } from '../icons';
import { Button, ButtonLink, EmptyState, ErrorBox, Pager, Spinner, cx, inputClass } from '../ui';
import { AiDashboardDialog } from './AiDashboardDialog';
import { DownloadDialog } from './DownloadDialog';
import { ProjectCard, type ProjectAction } from './ProjectCard';
import { DeleteDialog, EditDialog, PreviewDialog } from './ProjectDialogs';
import { selectClass } from './ProjectFormFields';
import { PaymentRequiredDialog } from './PaymentRequiredDialog';
import { QualityScoringDialog } from './QualityScoringDialog';
import { ScormExportDialog } from '../scorm/ScormExportDialog';
import { MultiLanguageDialog } from '../translation/MultiLanguageDialog';
import { InteractiveVideoDialog } from '../interactive/InteractiveVideoDialog';
import { CreateProjectLink } from './CreateProjectLink';
import { useWorkspace } from './workspace-context';

type Dialog =
  | { kind: 'edit' | 'preview' | 'download' | 'multiLanguage' | 'delete' | 'quality' | 'interactiveVideo' | 'aiDashboard' | 'scorm'; project: ProjectSummary }
  | { kind: 'payment'; project: ProjectSummary; format: VideoFormat; language?: string }
  | null;

export function ListActions() {
  const { t } = useTranslation();
  const { openMarketplace, openVoices } = useWorkspace();
  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="secondary" onClick={openMarketplace}>
        <TemplateIcon className="h-4 w-4" />
        {t('dashboard.browseTemplates')}
      </Button>
      <ButtonLink to="/education" variant="secondary">
        <BookIcon className="h-4 w-4" />
        {t('education.open')}
      </ButtonLink>
      <Button variant="secondary" onClick={openVoices}>
        <MicIcon className="h-4 w-4" />
        {t('voices.open')}
      </Button>
      <CreateProjectLink />
    </div>
  );
}

function StatsRow({ list }: { list: ProjectListState }) {
  const { t, i18n } = useTranslation();
  const stats = list.data?.stats;
  if (!stats) return null;
  const n = (value: number) => new Intl.NumberFormat(i18n.language).format(value);
  const items = [
    { key: 'total', label: t('projects.stats.total'), value: stats.total, tone: 'text-slate-900' },
    { key: 'completed', label: t('projects.stats.completed'), value: stats.completed, tone: 'text-green-700' },
    { key: 'in_progress', label: t('projects.stats.inProgress'), value: stats.in_progress, tone: 'text-blue-700' },
    { key: 'failed', label: t('projects.stats.failed'), value: stats.failed, tone: 'text-red-700' },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="project-stats">
      {items.map((item) => (
        <div key={item.key} className="rounded-lg border border-slate-200 bg-white px-4 py-3">
          <dt className="text-xs font-medium text-slate-500">{item.label}</dt>
          <dd className={cx('mt-1 text-xl font-semibold', item.tone)} data-testid={`stat-${item.key}`}>
            {n(item.value)}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function Filters({ list }: { list: ProjectListState }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="grid gap-3 sm:grid-cols-[2fr_1fr_1fr]" role="search" aria-label={t('projects.filters.label')}>
      <div>
        <label htmlFor={`${id}-search`} className="block text-sm font-medium text-slate-700">
          {t('projects.filters.search')}
        </label>
        <input
          id={`${id}-search`}
          type="search"
          value={list.searchInput}
          placeholder={t('projects.filters.searchPlaceholder')}
          onChange={(e) => list.setSearchInput(e.target.value)}
          className={cx(inputClass, 'mt-1')}
        />
      </div>
      <div>
        <label htmlFor={`${id}-status`} className="block text-sm font-medium text-slate-700">
          {t('projects.filters.status')}
        </label>
        <select id={`${id}-status`} value={list.query.status} onChange={(e) => list.setStatus(e.target.value)} className={cx(selectClass, 'mt-1')}>
          <option value="">{t('projects.filters.allStatuses')}</option>
          {STATUS_FILTERS.map((s) => (
            <option key={s} value={s}>
              {t(`projects.status.${s}`, { defaultValue: titleCaseStatus(s) })}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-type`} className="block text-sm font-medium text-slate-700">
          {t('projects.filters.type')}
        </label>
        <select id={`${id}-type`} value={list.query.project_type} onChange={(e) => list.setProjectType(e.target.value)} className={cx(selectClass, 'mt-1')}>
          <option value="">{t('projects.filters.allTypes')}</option>
          {ALL_PROJECT_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`options.projectType.${type}`)}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

/** The list's pages, as the gateway answered them. */
function ProjectPager({ list }: { list: ProjectListState }) {
  const { t } = useTranslation();
  const data = list.data;
  if (!data) return null;
  return (
    <Pager
      label={t('projects.paging.label')}
      page={data.page || list.query.page}
      total={data.total}
      pageSize={data.page_size || list.query.page_size}
      busy={list.loading}
      onPage={list.setPage}
    />
  );
}

export function ProjectList({ list, headingLevel = 2, title }: { list: ProjectListState; headingLevel?: 2 | 3; title?: string }) {
  const { t, i18n } = useTranslation();
  const { refreshUser } = useSignedInUser();
  const { notify } = useWorkspace();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [translationJobs, applyJob] = useReducer(applyTranslationJob, {} as TranslationJobs);
  const headingId = useId();
  const { reload, applyChange, applyVideoChange, replaceProject } = list;
  const navigate = useNavigate();

  // A mention email's link (/projects?comments={id}) opens that project's preview, where its
  // comments are, once; closing the preview takes the link out of the address.
  const [searchParams, setSearchParams] = useSearchParams();
  const linkedProject = searchParams.get('comments');
  const openedLink = useRef<string | null>(null);
  useEffect(() => {
    if (!linkedProject || openedLink.current === linkedProject) return;
    openedLink.current = linkedProject;
    get<Project>(`/projects/${encodeURIComponent(linkedProject)}`).then(
      (project) => setDialog({ kind: 'preview', project }),
      (error: unknown) => notify(errorText(error, t), 'error'),
    );
  }, [linkedProject, notify, t]);
  const closePreview = () => {
    setDialog(null);
    if (linkedProject) setSearchParams((params) => (params.delete('comments'), params), { replace: true, preventScrollReset: true });
  };

  const live = useProjectEvents({
    onStatusChanged: useCallback(
      (change) => {
        applyChange(change);
        // The statistics count finished and failed projects.
        if (change.status === 'completed' || change.status === 'failed') void reload({ quiet: true });
      },
      [applyChange, reload],
    ),
    onListChanged: useCallback(() => void reload({ quiet: true }), [reload]),
    onVideoStatusChanged: applyVideoChange,
    onTranslationChanged: (event: TranslationEvent) => {
      applyJob(event);
      emitTranslationEvent(event); // an open Multi-Language dialog follows it too
      const title = list.data?.projects.find((p) => p.id === event.project_id)?.title ?? '';
      const language = languageName(event.language, i18n.language);
      if (event.status === 'completed') notify(t('translation.completed', { title, language }));
      if (event.status === 'failed') notify(t('translation.failedToast', { title, language }), 'error');
      // The card's language count follows the languages the project is in.
      if (event.status === 'completed' || event.status === 'deleted') void reload({ quiet: true });
    },
    onScormChanged: (event: ScormEvent) => {
      emitScormEvent(event);
      const title = list.data?.projects.find((p) => p.id === event.project_id)?.title;
      if (title && event.status === 'ready') notify(t('scorm.readyToast', { title }));
      if (title && event.status === 'failed') notify(t('scorm.failedToast', { title }), 'error');
    },
    onInteractiveVideoChanged: (event: InteractiveVideoEvent) => {
      emitInteractiveEvent(event);
      const title = list.data?.projects.find((p) => p.id === event.project_id)?.title;
      if (title && event.status === 'ready') notify(t('interactiveVideo.readyToast', { title }));
      if (title && event.status === 'failed') notify(t('interactiveVideo.failedToast', { title }), 'error');
    },
  }, { resync: list.fromServer });

  const onAction = async (project: ProjectSummary, action: ProjectAction) => {
    if (
      action === 'edit' ||
      action === 'preview' ||
      action === 'download' ||
      action === 'multiLanguage' ||
      action === 'delete' ||
      action === 'quality' ||
      action === 'interactiveVideo' ||
      action === 'aiDashboard' ||
      action === 'scorm'
    ) {
      setDialog({ kind: action, project });
      return;
    }
    if (action === 'analytics') {
      navigate(projectAnalyticsPage(project.id));
      return;
    }
    if (action === 'payVideo') {
      setDialog({ kind: 'payment', project, format: videoFormatOf(null, project) });
      return;
    }
    if (action === 'copyLink') {
      try {
        const share = await post<{ token: string; url: string }>(`/projects/${encodeURIComponent(project.id)}/share`, {});
        const url = new URL(share.url || `/shared/${share.token}`, window.location.origin).href;
        try {
          await navigator.clipboard.writeText(url);
          notify(t('projects.share.copied'));
        } catch {
          // No clipboard access (permissions, insecure context): show the address to copy by hand.
          notify(t('projects.share.copyManually', { url }));
        }
      } catch (err) {
        notify(t('projects.share.failed', { message: errorText(err, t) }), 'error');
      }
      return;
    }
    if (action === 'revokeLink') {
      try {
        await api<void>(`/projects/${encodeURIComponent(project.id)}/share`, { method: 'DELETE' });
        notify(t('projects.share.revoked'));
      } catch (err) {
        notify(t('projects.share.revokeFailed', { message: errorText(err, t) }), 'error');
      }
    }
  };

  const data = list.data;
  const hasAny = (data?.stats?.total ?? data?.total ?? 0) > 0;
  const groups = data ? groupProjects(data.projects, t('projects.noCompany')) : [];
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const GroupHeading = headingLevel === 2 ? 'h3' : 'h4';

  return (
    <section aria-labelledby={headingId} className="space-y-4" data-testid="project-list" data-live={live ? 'on' : 'off'}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <Heading id={headingId} className="text-lg font-semibold text-slate-900">
          {title ?? t('dashboard.projectsTitle')}
        </Heading>
        <ListActions />
      </div>

      {list.error != null && !list.loading && (
        <ErrorBox onRetry={() => void reload()} retryLabel={t('common.retry')}>
          {t('projects.loadFailed')} {errorText(list.error, t)}
        </ErrorBox>
      )}

      {!data && list.loading && (
        <p className="flex items-center gap-2 text-sm text-slate-600" role="status">
          <Spinner className="h-4 w-4 text-indigo-600" /> {t('common.loading')}
        </p>
      )}

      {data && !list.error && !hasAny && (
        <EmptyState icon={<FolderIcon className="h-10 w-10" />} title={t('dashboard.noProjects')} text={t('projects.emptyText')}>
          <ListActions />
        </EmptyState>
      )}

      {data && hasAny && (
        <>
          <StatsRow list={list} />
          <Filters list={list} />
          {list.error == null && data.projects.length === 0 && (
            <EmptyState icon={<FolderIcon className="h-10 w-10" />} title={t('projects.noMatches')} text={t('projects.noMatchesText')}>
              <Button variant="secondary" onClick={list.clearFilters}>
                {t('projects.filters.clear')}
              </Button>
            </EmptyState>
          )}
          <div className={cx('space-y-6', list.loading && 'opacity-60')} aria-busy={list.loading}>
            {groups.map((group) => (
              <section key={group.key || 'none'} aria-label={group.label} data-testid="project-group">
                <GroupHeading className="mb-2 text-sm font-semibold uppercase tracking-wide text-slate-500">
                  {group.label} <span className="font-normal normal-case">({group.projects.length})</span>
                </GroupHeading>
                <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
                  {group.projects.map((project) => (
                    <ProjectCard key={project.id} project={project} translations={projectJobs(translationJobs, project.id)} onAction={(p, a) => void onAction(p, a)} />
                  ))}
                </ul>
              </section>
            ))}
          </div>
          <ProjectPager list={list} />
        </>
      )}

      {dialog?.kind === 'preview' && <PreviewDialog project={dialog.project} onClose={closePreview} />}
      {dialog?.kind === 'download' && (
        // The live copy from the list: a project that completes while the dialog is open becomes downloadable.
        <DownloadDialog
          project={data?.projects.find((p) => p.id === dialog.project.id) ?? dialog.project}
          onClose={() => setDialog(null)}
          onPaymentRequired={(format, language) => setDialog({ kind: 'payment', project: dialog.project, format, language })}
        />
      )}
      {dialog?.kind === 'payment' && (
        <PaymentRequiredDialog
          project={dialog.project}
          format={dialog.format}
          language={dialog.language}
          billingType={VIDEO_BILLING_TYPE}
          estimatedDuration={DEFAULT_ESTIMATED_DURATION_MINUTES}
          onClose={() => setDialog(null)}
          onSuccess={() => {
            notify(t('payment.paid'));
            void reload({ quiet: true });
          }}
        />
      )}
      {dialog?.kind === 'multiLanguage' && (
        <MultiLanguageDialog
          project={data?.projects.find((p) => p.id === dialog.project.id) ?? dialog.project}
          onClose={() => setDialog(null)}
          onStarted={(answer) => {
            setDialog(null);
            for (const event of jobEventsOf(answer, dialog.project.id)) applyJob(event);
            notify(t('translation.started'));
          }}
          onChanged={() => void reload({ quiet: true })}
        />
      )}
      {dialog?.kind === 'quality' && <QualityScoringDialog project={dialog.project} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'interactiveVideo' && (
        <InteractiveVideoDialog
          project={data?.projects.find((p) => p.id === dialog.project.id) ?? dialog.project}
          onClose={() => setDialog(null)}
          onCreated={() => {
            setDialog(null);
            notify(t('interactiveVideo.messages.created'));
          }}
        />
      )}
      {dialog?.kind === 'aiDashboard' && <AiDashboardDialog project={dialog.project} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'scorm' && <ScormExportDialog project={dialog.project} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'edit' && (
        <EditDialog
          project={dialog.project}
          onClose={() => setDialog(null)}
          onSaved={(updated) => {
            setDialog(null);
            replaceProject(updated);
            notify(updated.needs_regeneration ? t('editDialog.savedRegenerate') : t('editDialog.saved'));
            void reload({ quiet: true });
          }}
        />
      )}
      {dialog?.kind === 'delete' && (
        <DeleteDialog
          project={dialog.project}
          onClose={() => setDialog(null)}
          onDeleted={() => {
            setDialog(null);
            notify(t('deleteDialog.deleted'));
            void reload({ quiet: true });
            void refreshUser().catch(() => undefined);
          }}
        />
      )}
    </section>
  );
}
