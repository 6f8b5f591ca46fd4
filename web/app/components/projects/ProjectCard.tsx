// One project in the list: title, quality score (colour band), engagement, description, status
// badge, type, visual format, created date, languages, progress per stage, collaborative badge;
// actions Edit, Preview and a menu (Download files, Multi-language, Copy link, Revoke link, AI
// Quality Scoring (premium), Interactive Video (premium), Enhanced AI Dashboard, Analytics (the
// project's learner analytics, when the plan has them), SCORM Export (premium), Delete project). Translations running show a
// bar per language; a failed one its reason. A pay-per-use video shows its state: awaiting
// payment (with 'Pay for video'), queued or rendering with its progress, ready, or failed (the
// payment refunded), followed live from video.status_changed. Content built from the company
// library says so; a topic the library held nothing about says that, with a link to add documents.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '~/lib/format';
import { useAuth } from '~/lib/auth';
import { useDisplayTimeZone } from '~/lib/server-data';
import { QUALITY_BAND_CLASSES, qualityBand, stagesWithProgress, titleCaseStatus, type ProjectSummary } from '~/lib/projects';
import { languageName, type TranslationJob } from '~/lib/translations';
import { videoCardState, videoFailureOf } from '~/lib/video-payment';
import { hasCapability } from '../RequireCapability';
import { Badge, Button, cx } from '../ui';
import { storedFailureText } from '~/lib/errors';

const STATUS_TONES: Record<string, string> = {
  completed: 'bg-green-50 text-green-700 ring-green-600/20',
  failed: 'bg-red-50 text-red-700 ring-red-600/20',
  pending: 'bg-slate-100 text-slate-700 ring-slate-500/20',
  review: 'bg-purple-50 text-purple-700 ring-purple-600/20',
};

export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <span
      data-testid="project-status"
      className={cx(
        'inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset',
        STATUS_TONES[status] ?? 'bg-blue-50 text-blue-700 ring-blue-600/20',
      )}
    >
      {t(`projects.status.${status}`, { defaultValue: titleCaseStatus(status) })}
    </span>
  );
}

export type ProjectAction =
  | 'edit'
  | 'preview'
  | 'download'
  | 'multiLanguage'
  | 'copyLink'
  | 'revokeLink'
  | 'quality'
  | 'interactiveVideo'
  | 'aiDashboard'
  | 'analytics'
  | 'scorm'
  | 'delete'
  | 'payVideo';

/** One labelled bar of a card: a pipeline stage, the paid video's render, a translation. */
export function ProgressBar({ label, percent, testId }: { label: string; percent: number; testId: string }) {
  return (
    <>
      <div className="flex justify-between text-xs text-slate-600">
        <span>{label}</span>
        <span data-testid={testId}>{percent}%</span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="mt-1 h-1.5 w-full overflow-hidden rounded-full bg-slate-100"
      >
        <div className="h-full rounded-full bg-indigo-500 transition-[width] duration-500" style={{ width: `${percent}%` }} />
      </div>
    </>
  );
}

/** The pay-per-use video's state on a card: awaiting payment, queued or rendering with its progress, ready, failed (nothing for none). */
export function VideoState({ project, onPay }: { project: ProjectSummary; onPay: () => void }) {
  const { t } = useTranslation();
  const video = videoCardState(project);
  if (!video) return null;
  const reason = video.kind === 'failed' ? storedFailureText(videoFailureOf(project), t) : null;
  if (video.kind === 'awaitingPayment') {
    return (
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2 rounded-md border border-amber-200 bg-amber-50 px-3 py-2" data-testid="video-state" data-video-status="payment_required">
        <span className="text-xs font-medium text-amber-900">{t('projects.video.awaitingPayment')}</span>
        <Button size="sm" onClick={onPay}>
          {t('projects.video.pay')}
        </Button>
      </div>
    );
  }
  if (video.kind === 'rendering') {
    const label = t(video.status === 'queued' ? 'projects.video.queued' : 'projects.video.rendering');
    return (
      <div className="mt-3" data-testid="video-state" data-video-status={video.status}>
        <ProgressBar label={label} percent={video.progress} testId="video-progress" />
      </div>
    );
  }
  if (video.kind === 'ready') {
    return (
      <p className="mt-3 rounded bg-emerald-50 px-2 py-1 text-xs font-medium text-emerald-800" role="status" data-testid="video-state" data-video-status="ready">
        {t('projects.video.ready')}
      </p>
    );
  }
  return (
    <p className="mt-3 rounded bg-red-50 px-2 py-1 text-xs text-red-700" role="note" data-testid="video-state" data-video-status="failed">
      {t('projects.video.failed')}
      {reason && <span className="block" data-testid="video-failure">{reason}</span>}
    </p>
  );
}

/** What the content drew from the company library: 'From your library', or that it held nothing about the topic with a link to add documents (nothing for null). */
export function LibraryMaterialLine({ material }: { material: ProjectSummary['library_material'] }) {
  const { t } = useTranslation();
  if (material === 'cited') {
    return (
      <p className="mt-2" data-testid="library-material" data-material="cited">
        <Badge tone="indigo">{t('projects.card.fromLibrary')}</Badge>
      </p>
    );
  }
  if (material !== 'none') return null;
  return (
    <p className="mt-2 rounded bg-amber-50 px-2 py-1 text-xs text-amber-900" role="note" data-testid="library-material" data-material="none">
      {t('projects.card.noLibraryMaterial')}{' '}
      <Link to="/library" className="font-medium text-indigo-700 underline hover:text-indigo-600">
        {t('projects.card.addDocuments')}
      </Link>
    </p>
  );
}

/** The card's translations: a bar per language while it runs, the reason of a failed one. */
export function TranslationLines({ jobs }: { jobs: readonly TranslationJob[] }) {
  const { t, i18n } = useTranslation();
  if (jobs.length === 0) return null;
  return (
    <div className="mt-3 space-y-2" data-testid="translation-jobs">
      {jobs.map((job) => {
        const language = languageName(job.language, i18n.language);
        return (
          <div key={job.language} data-language={job.language} data-status={job.status}>
            {job.status === 'failed' ? (
              <p className="rounded bg-red-50 px-2 py-1 text-xs text-red-700" role="note">
                {t('translation.cardFailed', { language, reason: storedFailureText(job, t) ?? t('translation.errors.failed') })}
              </p>
            ) : (
              <ProgressBar label={t('translation.cardTranslating', { language })} percent={job.progress} testId={`translation-progress-${job.language}`} />
            )}
          </div>
        );
      })}
    </div>
  );
}

function ActionsMenu({ project, onAction }: { project: ProjectSummary; onAction: (action: ProjectAction) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const { user } = useAuth();

  const items: { action: ProjectAction; label: string; danger?: boolean; premium?: boolean }[] = [
    { action: 'download', label: t('projects.actions.download') },
    { action: 'multiLanguage', label: t('projects.actions.multiLanguage') },
    { action: 'copyLink', label: t('projects.actions.copyLink') },
    { action: 'revokeLink', label: t('projects.actions.revokeLink') },
    { action: 'quality', label: t('projects.actions.quality'), premium: true },
    { action: 'interactiveVideo', label: t('projects.actions.interactiveVideo'), premium: true },
    { action: 'aiDashboard', label: t('projects.actions.aiDashboard') },
    // The analytics pages sit behind the analytics capability: offered only where they would open.
    ...(user && hasCapability(user, 'analytics') ? [{ action: 'analytics' as const, label: t('projects.actions.analytics') }] : []),
    { action: 'scorm', label: t('projects.actions.scorm'), premium: true },
  ];
  if (project.can_delete !== false) items.push({ action: 'delete', label: t('projects.actions.delete'), danger: true });

  useEffect(() => {
    if (!open) return;
    menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const onPointer = (event: MouseEvent) => {
      if (!menuRef.current?.contains(event.target as Node) && !buttonRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointer);
    return () => document.removeEventListener('mousedown', onPointer);
  }, [open]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const entries = Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
    const index = entries.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape') {
      event.stopPropagation();
      setOpen(false);
      buttonRef.current?.focus();
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      entries[(index + 1) % entries.length]?.focus();
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      entries[(index - 1 + entries.length) % entries.length]?.focus();
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };

  return (
    <div className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={t('projects.actions.more', { title: project.title })}
        onClick={() => setOpen((o) => !o)}
        className="rounded-md px-2 py-1 text-lg leading-none text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-indigo-600"
      >
        <span aria-hidden="true">⋯</span>
      </button>
      {open && (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label={t('projects.actions.menu')}
          onKeyDown={onKeyDown}
          className="absolute right-0 z-20 mt-1 w-60 rounded-md border border-slate-200 bg-white py-1 shadow-lg"
        >
          {items.map((item) => (
            <button
              key={item.action}
              type="button"
              role="menuitem"
              tabIndex={-1}
              onClick={() => {
                setOpen(false);
                onAction(item.action);
              }}
              className={cx(
                'flex w-full items-center justify-between gap-2 px-3 py-2 text-left text-sm focus:bg-slate-100 focus:outline-none',
                item.danger ? 'text-red-700 hover:bg-red-50' : 'text-slate-700 hover:bg-slate-50',
              )}
            >
              {item.label}
              {item.premium && <Badge tone="amber">{t('projects.actions.premium')}</Badge>}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

function engagementText(value: number | string): string {
  return typeof value === 'number' ? `${Math.round(value)}%` : value;
}

export function ProjectCard({
  project,
  onAction,
  translations = [],
}: {
  project: ProjectSummary;
  onAction: (project: ProjectSummary, action: ProjectAction) => void;
  /** Translations running or failed (live events). */
  translations?: readonly TranslationJob[];
}) {
  const { t, i18n } = useTranslation();
  const timeZone = useDisplayTimeZone(); // the list is rendered on the server too
  const band = qualityBand(project.quality_score);
  const stages = stagesWithProgress(project.progress);
  const languages = project.available_languages?.length ?? 0;
  const act = (action: ProjectAction) => onAction(project, action);
  const titleId = useId();

  return (
    <li
      data-testid="project-card"
      data-project-id={project.id}
      data-status={project.status}
      data-video-status={project.video_status || undefined}
      aria-labelledby={titleId}
      className="flex flex-col rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="flex items-start justify-between gap-2">
        <h4 id={titleId} className="min-w-0 break-words font-semibold text-slate-900">
          {project.title}
        </h4>
        <div className="flex shrink-0 items-center gap-1">
          {band && project.quality_score !== null && (
            <span
              data-testid="quality-score"
              data-band={band}
              title={t('projects.card.quality')}
              className={cx('rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset', QUALITY_BAND_CLASSES[band])}
            >
              <span className="sr-only">{t('projects.card.quality')}: </span>
              {Math.round(project.quality_score)}
            </span>
          )}
          <ActionsMenu project={project} onAction={act} />
        </div>
      </div>

      {project.engagement_prediction !== null && project.engagement_prediction !== undefined && (
        <p className="mt-0.5 text-xs text-slate-500">{t('projects.card.engagement', { value: engagementText(project.engagement_prediction) })}</p>
      )}
      {project.description && <p className="mt-2 line-clamp-3 whitespace-pre-line text-sm text-slate-600">{project.description}</p>}

      <div className="mt-3 flex flex-wrap items-center gap-1.5">
        <StatusBadge status={project.status} />
        <Badge tone="slate">{t(`options.projectType.${project.project_type}`, { defaultValue: titleCaseStatus(project.project_type) })}</Badge>
        {project.visual_format && (
          <Badge tone="slate">{t(`options.visualFormat.${project.visual_format}`, { defaultValue: project.visual_format })}</Badge>
        )}
        {project.is_collaborative && (
          <Badge tone="indigo">{t('projects.card.collaborative', { count: project.members ?? 1 })}</Badge>
        )}
      </div>

      <dl className="mt-3 grid grid-cols-2 gap-x-3 gap-y-1 text-xs text-slate-500">
        <div>
          <dt className="sr-only">{t('projects.card.created')}</dt>
          <dd>{t('projects.card.createdOn', { date: formatDate(project.created_at, i18n.language, timeZone) })}</dd>
        </div>
        <div className="text-right">
          <dt className="sr-only">{t('projects.card.languagesLabel')}</dt>
          <dd data-testid="language-count">{t('projects.card.languages', { count: languages })}</dd>
        </div>
      </dl>

      {typeof project.files_version === 'number' && (
        <p className="mt-2 text-xs text-slate-500" data-testid="files-version">
          {project.content_version && project.content_version > project.files_version
            ? t('projects.card.filesUpdating', { files: project.files_version, version: project.content_version })
            : t('projects.card.filesVersion', { version: project.files_version })}
        </p>
      )}

      <LibraryMaterialLine material={project.library_material} />

      {project.status === 'failed' && project.error && (
        <p className="mt-2 rounded bg-red-50 px-2 py-1 text-xs text-red-700" role="note">
          {storedFailureText(project, t)}
        </p>
      )}

      {stages.length > 0 && (
        <div className="mt-3 space-y-2" data-testid="project-progress">
          {stages.map(({ stage, percent }) => {
            const label = t(`projects.stages.${stage}`, { defaultValue: titleCaseStatus(stage) });
            return (
              <div key={stage}>
                <ProgressBar label={label} percent={percent} testId={`progress-${stage}`} />
              </div>
            );
          })}
        </div>
      )}

      <TranslationLines jobs={translations} />

      <VideoState project={project} onPay={() => act('payVideo')} />

      <div className="mt-auto flex gap-2 pt-4">
        {project.can_edit !== false && (
          <Button variant="secondary" size="sm" onClick={() => act('edit')} aria-label={t('projects.actions.editNamed', { title: project.title })}>
            {t('projects.actions.edit')}
          </Button>
        )}
        <Button variant="secondary" size="sm" onClick={() => act('preview')} aria-label={t('projects.actions.previewNamed', { title: project.title })}>
          {t('projects.actions.preview')}
        </Button>
      </div>
    </li>
  );
}
