// AI Quality Scoring (part 2, sections 2-4, 7-9): Setup (atmosphere, target audience, focus areas,
// notes) -> POST /projects/{id}/quality-assessment -> Results (overall score and grade in its
// colour band, the six dimensions, priority areas, recommendations to select and adjust) ->
// POST /projects/{id}/apply-improvements, which makes an enhanced copy and keeps the original.
// A plan without AI agents gets premium_required: the notice says so and the dialog closes.
import { useEffect, useId, useReducer, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ATMOSPHERES, QUALITY_DIMENSIONS, type Atmosphere } from '@trainwright/catalogue';
import {
  applyImprovements,
  applyImprovementsBody,
  assessQuality,
  describeValue,
  engagementDifference,
  humanizeKey,
  initialQualityState,
  qualityReducer,
  scoreDisplay,
  type QualityAssessment,
} from '~/lib/ai';
import { isAbortError } from '~/lib/api';
import { clientErrorOr } from '~/lib/errors';
import { QUALITY_BAND_CLASSES, type Project } from '~/lib/projects';
import { notifyProjectsChanged } from '~/lib/useProjects';
import { Modal } from '../Modal';
import { Badge, Button, ErrorBox, Field, Spinner, cx, describedBy, inputClass } from '../ui';
import { InsightView } from './InsightView';
import { selectClass } from './ProjectFormFields';
import { ScoreBar, ScoreCircle } from './Score';
import { useWorkspace } from './workspace-context';

const PRIORITY_TONES: Record<string, 'amber' | 'indigo' | 'slate'> = { high: 'amber', medium: 'indigo', low: 'slate' };

function Results({
  assessment,
  storedEngagement,
  selected,
  modifications,
  improvementNotes,
  busy,
  onToggle,
  onModify,
  onNotes,
}: {
  assessment: QualityAssessment;
  /** The project card's figure, to explain a difference from the one measured now. */
  storedEngagement: number | string | null | undefined;
  selected: string[];
  modifications: Record<string, string>;
  improvementNotes: string;
  busy: boolean;
  onToggle: (id: string) => void;
  onModify: (id: string, text: string) => void;
  onNotes: (text: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const overall = scoreDisplay(assessment.overall_score, assessment.quality_grade);
  const dimension = (name: string) => t(`quality.dimensions.${name}`, { defaultValue: humanizeKey(name) });
  const dimensions = [
    ...QUALITY_DIMENSIONS.filter((d) => typeof assessment.dimension_scores?.[d] === 'number'),
    ...Object.keys(assessment.dimension_scores ?? {}).filter((d) => !(QUALITY_DIMENSIONS as readonly string[]).includes(d)),
  ];
  const scores = assessment.dimension_scores as Record<string, number | undefined>;
  const metrics = describeValue(assessment.metrics);
  const recommendations = assessment.recommendations ?? [];
  const engagement = engagementDifference(storedEngagement, assessment.engagement_prediction);

  return (
    <div className="space-y-6">
      <div className="grid gap-6 sm:grid-cols-[auto_1fr] sm:items-start">
        {overall && <ScoreCircle value={overall} label={t('quality.overall')} />}
        <section aria-labelledby={`${id}-dimensions`}>
          <h3 id={`${id}-dimensions`} className="text-sm font-semibold text-slate-900">
            {t('quality.dimensionScores')}
          </h3>
          <div className="mt-2 space-y-3" data-testid="dimension-scores">
            {dimensions.map((name) => {
              const value = scoreDisplay(scores[name]);
              return value ? <ScoreBar key={name} value={value} label={dimension(name)} /> : null;
            })}
          </div>
          {typeof assessment.engagement_prediction === 'number' && (
            <p className="mt-3 text-sm text-slate-600">{t('quality.engagement', { value: Math.round(assessment.engagement_prediction) })}</p>
          )}
          {engagement && (
            <p className="mt-1 text-xs text-slate-600" data-testid="engagement-differs">
              {t('quality.engagementDiffers', engagement)}
            </p>
          )}
        </section>
      </div>

      <section aria-labelledby={`${id}-priority`}>
        <h3 id={`${id}-priority`} className="text-sm font-semibold text-slate-900">
          {t('quality.priorityAreas')}
        </h3>
        {(assessment.priority_areas ?? []).length === 0 ? (
          <p className="mt-1 text-sm text-slate-600">{t('quality.noPriorityAreas')}</p>
        ) : (
          <ul className="mt-2 space-y-2" data-testid="priority-areas">
            {assessment.priority_areas.map((area) => {
              const value = scoreDisplay(area.score);
              return (
                <li key={area.name} className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-slate-200 px-3 py-2 text-sm">
                  <span className="font-medium text-slate-900">{dimension(area.name)}</span>
                  <span className="flex items-center gap-2">
                    {value && (
                      <span className={cx('rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset', QUALITY_BAND_CLASSES[value.band])}>
                        {t('quality.outOf', { score: value.score })}
                      </span>
                    )}
                    <Badge tone={PRIORITY_TONES[area.priority] ?? 'slate'}>
                      {t('quality.priority', { priority: t(`quality.priorities.${area.priority}`, { defaultValue: area.priority }) })}
                    </Badge>
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </section>

      <fieldset aria-describedby={`${id}-rec-hint`}>
        <legend className="text-sm font-semibold text-slate-900">{t('quality.recommendations')}</legend>
        {recommendations.length === 0 ? (
          <p className="mt-1 text-sm text-slate-600">{t('quality.noRecommendations')}</p>
        ) : (
          <>
            <p id={`${id}-rec-hint`} className="mt-1 text-xs text-slate-500">
              {t('quality.recommendationsHint')} {t('quality.selected', { count: selected.length })}
            </p>
            <ul className="mt-2 space-y-3" data-testid="recommendations">
              {recommendations.map((rec) => {
                const checked = selected.includes(rec.id);
                const boxId = `${id}-rec-${rec.id}`;
                return (
                  <li
                    key={rec.id}
                    data-recommendation-id={rec.id}
                    className={cx('rounded-lg border p-3', checked ? 'border-indigo-400 bg-indigo-50/50' : 'border-slate-200 bg-white')}
                  >
                    <div className="flex items-start gap-3">
                      <input
                        id={boxId}
                        type="checkbox"
                        checked={checked}
                        disabled={busy}
                        onChange={() => onToggle(rec.id)}
                        aria-describedby={`${boxId}-details`}
                        className="mt-0.5 h-4 w-4 rounded border-slate-300 text-indigo-600 focus:ring-indigo-600"
                      />
                      <div className="min-w-0 flex-1">
                        <label htmlFor={boxId} className="block cursor-pointer text-sm font-medium text-slate-900">
                          {rec.action}
                        </label>
                        <div id={`${boxId}-details`} className="mt-1 space-y-1 text-xs text-slate-600">
                          <p className="flex flex-wrap gap-1.5">
                            <Badge tone={PRIORITY_TONES[rec.priority] ?? 'slate'}>
                              {t('quality.priority', { priority: t(`quality.priorities.${rec.priority}`, { defaultValue: rec.priority }) })}
                            </Badge>
                            <Badge tone="slate">{t('quality.effort', { effort: t(`quality.efforts.${rec.effort}`, { defaultValue: rec.effort }) })}</Badge>
                          </p>
                          {rec.reason && <p>{t('quality.reason', { text: rec.reason })}</p>}
                          {rec.implementation && <p>{t('quality.implementation', { text: rec.implementation })}</p>}
                        </div>
                        {checked && (
                          <div className="mt-2">
                            <Field id={`${boxId}-mod`} label={t('quality.modification')}>
                              <textarea
                                id={`${boxId}-mod`}
                                rows={2}
                                value={modifications[rec.id] ?? ''}
                                disabled={busy}
                                onChange={(e) => onModify(rec.id, e.target.value)}
                                className={inputClass}
                              />
                            </Field>
                          </div>
                        )}
                      </div>
                    </div>
                  </li>
                );
              })}
            </ul>
          </>
        )}
      </fieldset>

      <Field id={`${id}-notes`} label={t('quality.improvementNotes')} hint={t('quality.improvementNotesHint')}>
        <textarea
          id={`${id}-notes`}
          rows={3}
          value={improvementNotes}
          disabled={busy}
          onChange={(e) => onNotes(e.target.value)}
          className={inputClass}
          {...describedBy(`${id}-notes`, true, undefined)}
        />
      </Field>

      {metrics.kind !== 'empty' && (
        <details className="rounded-md border border-slate-200 px-3 py-2 text-sm">
          <summary className="cursor-pointer font-medium text-slate-700">{t('quality.measurements')}</summary>
          <div className="mt-2 text-xs">
            <InsightView node={metrics} />
          </div>
        </details>
      )}
    </div>
  );
}

export function QualityScoringDialog({ project, onClose }: { project: Pick<Project, 'id' | 'title'> & { engagement_prediction?: number | string | null }; onClose: () => void }) {
  const { t } = useTranslation();
  const { notify } = useWorkspace();
  const id = useId();
  const [state, dispatch] = useReducer(qualityReducer, undefined, initialQualityState);
  const [busy, setBusy] = useState<'assessing' | 'applying' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  const firstSetupField = useRef<HTMLSelectElement>(null);
  const stepShown = useRef(state.step);

  // Opening (for this project) starts at Setup with nothing selected.
  useEffect(() => {
    dispatch({ type: 'reset' });
    setError(null);
    return () => controller.current?.abort();
  }, [project.id]);

  // The step's content replaces the button that was pressed: move focus to the new step.
  useEffect(() => {
    if (stepShown.current === state.step) return;
    stepShown.current = state.step;
    if (state.step === 'results') resultsHeading.current?.focus();
    else firstSetupField.current?.focus();
  }, [state.step]);

  const run = async <T,>(kind: 'assessing' | 'applying', call: (signal: AbortSignal) => Promise<T>): Promise<T | undefined> => {
    controller.current?.abort();
    const c = new AbortController();
    controller.current = c;
    setBusy(kind);
    setError(null);
    try {
      return await call(c.signal);
    } finally {
      if (!c.signal.aborted) setBusy(null);
    }
  };

  const analyze = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    try {
      const answer = await run('assessing', (signal) => assessQuality(project.id, state.setup, signal));
      if (!answer) return;
      if (answer.premium_required) {
        notify(t('quality.messages.premiumRequired'), 'error');
        onClose();
        return;
      }
      if (!answer.assessment) {
        setError(t('quality.assessmentFailed'));
        return;
      }
      dispatch({ type: 'assessed', assessment: answer.assessment });
    } catch (err) {
      if (isAbortError(err)) return;
      setError(clientErrorOr(err, t, 'quality.assessmentFailed'));
    }
  };

  const apply = async () => {
    if (busy) return;
    const request = applyImprovementsBody(state);
    if (!request.ok) {
      setError(t('quality.messages.selectRecommendation'));
      return;
    }
    try {
      await run('applying', (signal) => applyImprovements(project.id, request.body, signal));
      notify(t('quality.messages.applyStarted'));
      notifyProjectsChanged();
      onClose();
    } catch (err) {
      if (isAbortError(err)) return;
      setError(clientErrorOr(err, t, 'quality.applyFailed'));
    }
  };

  const setup = state.setup;

  return (
    <Modal open onClose={onClose} title={t('quality.title')} description={project.title} size="lg">
      <div data-testid="quality-dialog" data-step={state.step} aria-busy={busy !== null}>
        <p className="sr-only" role="status" aria-live="polite">
          {busy === 'assessing' ? t('quality.analyzing') : busy === 'applying' ? t('quality.applying') : ''}
        </p>
        {error && (
          <div className="mb-4">
            <ErrorBox takeFocus>{error}</ErrorBox>
          </div>
        )}

        {state.step === 'setup' || !state.assessment ? (
          <form noValidate onSubmit={analyze} className="space-y-5">
            <p className="text-sm text-slate-600">{t('quality.intro')}</p>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field id={`${id}-atmosphere`} label={t('quality.atmosphere')}>
                <select
                  ref={firstSetupField}
                  id={`${id}-atmosphere`}
                  value={setup.desired_atmosphere}
                  disabled={busy !== null}
                  onChange={(e) => dispatch({ type: 'setup', change: { desired_atmosphere: e.target.value as Atmosphere } })}
                  className={selectClass}
                >
                  {ATMOSPHERES.map((a) => (
                    <option key={a} value={a}>
                      {t(`quality.atmospheres.${a}`)}
                    </option>
                  ))}
                </select>
              </Field>
              <Field id={`${id}-audience`} label={t('quality.targetAudience')}>
                <input
                  id={`${id}-audience`}
                  value={setup.target_audience}
                  maxLength={200}
                  disabled={busy !== null}
                  onChange={(e) => dispatch({ type: 'setup', change: { target_audience: e.target.value } })}
                  className={inputClass}
                />
              </Field>
            </div>
            <fieldset aria-describedby={`${id}-focus-hint`}>
              <legend className="text-sm font-medium text-slate-700">{t('quality.focusAreas')}</legend>
              <p id={`${id}-focus-hint`} className="text-xs text-slate-500">
                {t('quality.focusHint')}
              </p>
              <div className="mt-2 grid gap-2 sm:grid-cols-2">
                {QUALITY_DIMENSIONS.map((d) => (
                  <label key={d} htmlFor={`${id}-focus-${d}`} className="flex items-center gap-2 text-sm text-slate-700">
                    <input
                      id={`${id}-focus-${d}`}
                      type="checkbox"
                      checked={setup.focus_areas.includes(d)}
                      disabled={busy !== null}
                      onChange={() => dispatch({ type: 'toggleFocus', area: d })}
                      className="h-4 w-4 rounded border-slate-300 text-indigo-600 focus:ring-indigo-600"
                    />
                    {t(`quality.dimensions.${d}`)}
                  </label>
                ))}
              </div>
            </fieldset>
            <Field id={`${id}-notes`} label={t('quality.notes')} hint={t('projectForm.optional')}>
              <textarea
                id={`${id}-notes`}
                rows={3}
                value={setup.notes}
                maxLength={5000}
                disabled={busy !== null}
                onChange={(e) => dispatch({ type: 'setup', change: { notes: e.target.value } })}
                className={inputClass}
                {...describedBy(`${id}-notes`, true, undefined)}
              />
            </Field>
            <div className="flex justify-end gap-2 border-t border-slate-200 pt-4">
              <Button variant="secondary" onClick={onClose}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" disabled={busy !== null}>
                {busy === 'assessing' && <Spinner />}
                {busy === 'assessing' ? t('quality.analyzing') : t('quality.analyze')}
              </Button>
            </div>
          </form>
        ) : (
          <div className="space-y-5">
            <h3 ref={resultsHeading} tabIndex={-1} className="text-base font-semibold text-slate-900 focus:outline-none">
              {t('quality.results')}
            </h3>
            <Results
              assessment={state.assessment}
              storedEngagement={project.engagement_prediction}
              selected={state.selected}
              modifications={state.modifications}
              improvementNotes={state.improvementNotes}
              busy={busy !== null}
              onToggle={(rid) => {
                dispatch({ type: 'toggle', id: rid });
                setError(null);
              }}
              onModify={(rid, text) => dispatch({ type: 'modify', id: rid, text })}
              onNotes={(text) => dispatch({ type: 'notes', text })}
            />
            <div className="flex flex-col-reverse gap-2 border-t border-slate-200 pt-4 sm:flex-row sm:justify-between">
              <Button
                variant="secondary"
                disabled={busy !== null}
                onClick={() => {
                  setError(null);
                  dispatch({ type: 'back' });
                }}
              >
                {t('quality.back')}
              </Button>
              <Button onClick={() => void apply()} disabled={busy !== null}>
                {busy === 'applying' && <Spinner />}
                {busy === 'applying' ? t('quality.applying') : t('quality.apply')}
              </Button>
            </div>
          </div>
        )}
      </div>
    </Modal>
  );
}
