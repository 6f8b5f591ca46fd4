// The Enhanced AI Dashboard (part 2, sections 2, 3, 7 and 8): the four AI services with their
// description, features and quick actions (initialize the service, run its analyses), the seven
// analyses, a result box (score in its band, recommendations, insights laid out for reading) or
// an 'Analysis Error' box, and a footer naming the project analysed, with a picker of the user's
// projects, Close and Refresh Analysis (runs the last action again). Plans without AI agents get
// the server's 403 message in the error box, with the way to upgrade.
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AI_SERVICE_TYPES,
  ANALYSIS_TYPES,
  SERVICE_ANALYSES,
  describeValue,
  runAiAction,
  sameAiAction,
  scoreDisplay,
  type AiAction,
  type AiServiceResult,
  type AiServiceType,
} from '~/lib/ai';
import { ApiError, isAbortError } from '~/lib/api';
import { clientErrorOr, errorText } from '~/lib/errors';
import type { Project } from '~/lib/projects';
import { fetchPickerProjects } from '~/lib/useProjects';
import { Modal } from '../Modal';
import { CheckIcon, SparkIcon } from '../icons';
import { Button, ButtonLink, Spinner, cx } from '../ui';
import { InsightView } from './InsightView';
import { selectClass } from './ProjectFormFields';
import { ScoreCircle } from './Score';

type ProjectRef = Pick<Project, 'id' | 'title'>;

function ServiceCard({
  service,
  disabled,
  running,
  onRun,
}: {
  service: AiServiceType;
  disabled: boolean;
  running: AiAction | null;
  onRun: (action: AiAction) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const name = t(`aiDashboard.services.${service}.name`);
  const init: AiAction = { kind: 'initialize', service };
  return (
    <li className="flex flex-col rounded-xl border border-slate-200 bg-white p-4" data-testid={`ai-service-${service}`} aria-labelledby={`${id}-name`}>
      <div className="flex items-center gap-2">
        <span className="flex h-8 w-8 items-center justify-center rounded-lg bg-indigo-50 text-indigo-600">
          <SparkIcon className="h-5 w-5" />
        </span>
        <h3 id={`${id}-name`} className="font-semibold text-slate-900">
          {name}
        </h3>
      </div>
      <p className="mt-2 text-sm text-slate-600">{t(`aiDashboard.services.${service}.description`)}</p>
      <ul className="mt-2 space-y-1 text-xs text-slate-600" aria-label={t('aiDashboard.features')}>
        {(['first', 'second', 'third'] as const).map((f) => (
          <li key={f} className="flex items-start gap-1.5">
            <CheckIcon className="mt-0.5 h-3.5 w-3.5 shrink-0 text-green-600" />
            {t(`aiDashboard.services.${service}.features.${f}`)}
          </li>
        ))}
      </ul>
      <div className="mt-auto flex flex-wrap gap-2 pt-4" role="group" aria-label={t('aiDashboard.quickActions', { name })}>
        <Button size="sm" disabled={disabled} onClick={() => onRun(init)} aria-label={t('aiDashboard.initializeNamed', { name })}>
          {sameAiAction(running, init) && <Spinner className="h-3 w-3" />}
          {t('aiDashboard.initialize')}
        </Button>
        {SERVICE_ANALYSES[service].map((analysis) => {
          const action: AiAction = { kind: 'analyze', analysis };
          return (
            <Button key={analysis} size="sm" variant="secondary" disabled={disabled} onClick={() => onRun(action)}>
              {sameAiAction(running, action) && <Spinner className="h-3 w-3" />}
              {t(`aiDashboard.analyses.${analysis}`)}
            </Button>
          );
        })}
      </div>
    </li>
  );
}

export function AiDashboardDialog({ project, onClose }: { project: ProjectRef | null; onClose: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [projects, setProjects] = useState<ProjectRef[] | null>(null);
  const [projectsError, setProjectsError] = useState<unknown>(null);
  const [selectedId, setSelectedId] = useState(project?.id ?? '');
  const [running, setRunning] = useState<AiAction | null>(null);
  const [last, setLast] = useState<AiAction | null>(null);
  const [result, setResult] = useState<{ action: AiAction; data: AiServiceResult } | null>(null);
  const [failure, setFailure] = useState<{ message: string; upgrade: boolean } | null>(null);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => {
    const c = new AbortController();
    fetchPickerProjects(c.signal)
      .then((list) => setProjects(list.map((p) => ({ id: p.id, title: p.title }))))
      .catch((err: unknown) => {
        if (!c.signal.aborted) setProjectsError(err);
      });
    return () => {
      c.abort();
      controller.current?.abort();
    };
  }, []);

  const options = (() => {
    const list = projects ?? [];
    return project && !list.some((p) => p.id === project.id) ? [project, ...list] : list;
  })();
  const selected = options.find((p) => p.id === selectedId) ?? (project && project.id === selectedId ? project : null);

  const label = (action: AiAction) =>
    action.kind === 'initialize'
      ? t('aiDashboard.initializeNamed', { name: t(`aiDashboard.services.${action.service}.name`) })
      : t(`aiDashboard.analyses.${action.analysis}`);

  const run = async (action: AiAction) => {
    if (!selected) return;
    controller.current?.abort();
    const c = new AbortController();
    controller.current = c;
    setRunning(action);
    setLast(action);
    setFailure(null);
    setResult(null);
    try {
      const data = await runAiAction(action, selected.id, c.signal);
      setResult({ action, data });
    } catch (err) {
      if (isAbortError(err)) return;
      setFailure({
        message: clientErrorOr(err, t, action.kind === 'initialize' ? 'aiDashboard.initFailed' : 'aiDashboard.analysisFailed'),
        upgrade: err instanceof ApiError && err.code === 'FEATURE_NOT_AVAILABLE',
      });
    } finally {
      if (!c.signal.aborted) setRunning(null);
    }
  };

  const chooseProject = (value: string) => {
    controller.current?.abort();
    setRunning(null);
    setSelectedId(value);
    setResult(null);
    setFailure(null);
  };

  const disabled = !selected || running !== null;
  const score = result ? scoreDisplay(result.data.score) : null;
  const recommendations = result ? (result.data.recommendations ?? []).map((r) => describeValue(r)).filter((n) => n.kind !== 'empty') : [];
  const insights = result ? describeValue(result.data.insights) : null;

  return (
    <Modal open onClose={onClose} title={t('aiDashboard.title')} description={t('aiDashboard.intro')} size="xl">
      <div className="space-y-6" data-testid="ai-dashboard" aria-busy={running !== null}>
        {!selected && <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-800">{t('aiDashboard.needProject')}</p>}

        <ul className="grid gap-4 md:grid-cols-2">
          {AI_SERVICE_TYPES.map((service) => (
            <ServiceCard key={service} service={service} disabled={disabled} running={running} onRun={(a) => void run(a)} />
          ))}
        </ul>

        <section aria-labelledby={`${id}-analyses`}>
          <h3 id={`${id}-analyses`} className="text-sm font-semibold text-slate-900">
            {t('aiDashboard.analysesTitle')}
          </h3>
          <div className="mt-2 flex flex-wrap gap-2">
            {ANALYSIS_TYPES.map((analysis) => {
              const action: AiAction = { kind: 'analyze', analysis };
              return (
                <Button key={analysis} size="sm" variant="secondary" disabled={disabled} onClick={() => void run(action)}>
                  {sameAiAction(running, action) && <Spinner className="h-3 w-3" />}
                  {t(`aiDashboard.analyses.${analysis}`)}
                </Button>
              );
            })}
          </div>
        </section>

        <div aria-live="polite" data-testid="ai-result-area">
          {running && (
            <p className="flex items-center gap-2 rounded-md border border-indigo-200 bg-indigo-50 px-3 py-2 text-sm text-indigo-800" role="status">
              <Spinner className="h-4 w-4" /> {t('aiDashboard.running', { action: label(running) })}
            </p>
          )}
          {failure && !running && (
            <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-700" data-testid="ai-error">
              <p className="font-semibold">{t('aiDashboard.errorTitle')}</p>
              <p className="mt-1">{failure.message}</p>
              {failure.upgrade && (
                <ButtonLink to="/billing" size="sm" className="mt-3">
                  {t('promo.upgrade')}
                </ButtonLink>
              )}
            </div>
          )}
          {result && !running && (
            <section aria-labelledby={`${id}-result`} className="rounded-lg border border-slate-200 bg-slate-50 p-4" data-testid="ai-result">
              <h3 id={`${id}-result`} className="text-sm font-semibold text-slate-900">
                {t('aiDashboard.result', { action: label(result.action) })}
              </h3>
              <div className="mt-3 grid gap-6 md:grid-cols-[auto_1fr]">
                {score && <ScoreCircle value={score} label={t('aiDashboard.score')} showGrade={false} />}
                <div className="min-w-0 space-y-4 text-sm">
                  <div>
                    <h4 className="font-medium text-slate-900">{t('aiDashboard.recommendations')}</h4>
                    {recommendations.length === 0 ? (
                      <p className="mt-1 text-slate-600">{t('aiDashboard.noRecommendations')}</p>
                    ) : (
                      <ul className="mt-1 list-disc space-y-1 pl-5 text-slate-700">
                        {recommendations.map((node, i) => (
                          <li key={i}>
                            <InsightView node={node} />
                          </li>
                        ))}
                      </ul>
                    )}
                  </div>
                  {insights && insights.kind !== 'empty' && (
                    <div>
                      <h4 className="font-medium text-slate-900">{t('aiDashboard.insights')}</h4>
                      <div className="mt-1">
                        <InsightView node={insights} />
                      </div>
                    </div>
                  )}
                </div>
              </div>
            </section>
          )}
        </div>

        <div className="flex flex-col gap-3 border-t border-slate-200 pt-4 md:flex-row md:items-end md:justify-between">
          <div className="space-y-1">
            <p className="text-sm font-medium text-slate-900" data-testid="ai-project">
              {selected ? t('aiDashboard.analyzingProject', { title: selected.title }) : t('aiDashboard.noProjectSelected')}
            </p>
            <label htmlFor={`${id}-project`} className="sr-only">
              {t('aiDashboard.project')}
            </label>
            <select
              id={`${id}-project`}
              value={selectedId}
              onChange={(e) => chooseProject(e.target.value)}
              className={cx(selectClass, 'md:w-80')}
              aria-describedby={projectsError ? `${id}-projects-error` : undefined}
            >
              <option value="">{t('aiDashboard.chooseProject')}</option>
              {options.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.title}
                </option>
              ))}
            </select>
            {projectsError != null && (
              <p id={`${id}-projects-error`} className="text-xs text-red-600">
                {t('aiDashboard.projectsLoadFailed')} {errorText(projectsError, t)}
              </p>
            )}
          </div>
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={onClose}>
              {t('common.close')}
            </Button>
            <Button onClick={() => last && void run(last)} disabled={!last || disabled}>
              {t('aiDashboard.refresh')}
            </Button>
          </div>
        </div>
      </div>
    </Modal>
  );
}
