// The SCORM Export settings form (part 2 sections 3, 5 and 9): package name (required), version,
// tracking (on by default: completion rule, threshold, passing score, the status pair reported),
// offering only the rules and status pairs the project can meet (no quiz: completion only),
// and the learning objectives and activities editors (rows added and removed; rows left without a
// title are dropped from the request). The dialog owns the draft, so it survives 'My Packages'.
import { useId, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ACTIVITY_TYPES, OBJECTIVE_TYPES, SCORM_LIMITS, SCORM_VERSIONS, scormTrackingChoices, scormVersionLabel, type ScormContent } from '@trainwright/catalogue';
import { newActivity, newObjective, type ActivityDraft, type ObjectiveDraft, type ScormDraft } from '~/lib/scorm';
import { PlusIcon } from '../icons';
import { selectClass } from '../projects/ProjectFormFields';
import { Button, Field, describedBy, inputClass } from '../ui';

type Update = (change: (draft: ScormDraft) => ScormDraft) => void;

const checkboxClass = 'h-4 w-4 rounded border-slate-300 text-indigo-600 focus:ring-indigo-600';

/** One editable list (objectives or activities): a fieldset per row, Remove, '+ Add'. */
function RowsEditor<R extends { id: string }>({
  legend,
  rows,
  max,
  addLabel,
  emptyText,
  rowLabel,
  removeLabel,
  removeText,
  disabled,
  onAdd,
  onRemove,
  children,
  testId,
}: {
  legend: string;
  rows: readonly R[];
  max: number;
  addLabel: string;
  emptyText: string;
  rowLabel: (number: number) => string;
  removeLabel: (number: number) => string;
  removeText: string;
  disabled: boolean;
  onAdd: () => void;
  onRemove: (id: string) => void;
  children: (row: R) => ReactNode;
  testId: string;
}) {
  return (
    <fieldset className="space-y-3" data-testid={testId}>
      <legend className="text-sm font-semibold text-slate-900">{legend}</legend>
      {rows.length === 0 && <p className="text-xs text-slate-500">{emptyText}</p>}
      {rows.map((row, index) => (
        <fieldset key={row.id} className="relative rounded-md border border-slate-200 p-3" data-row-id={row.id}>
          <legend className="float-left mb-2 text-xs font-medium uppercase tracking-wide text-slate-500">{rowLabel(index + 1)}</legend>
          <Button variant="ghost" size="sm" className="absolute right-2 top-2" disabled={disabled} onClick={() => onRemove(row.id)} aria-label={removeLabel(index + 1)}>
            {removeText}
          </Button>
          <div className="clear-both grid gap-3 sm:grid-cols-2">{children(row)}</div>
        </fieldset>
      ))}
      <Button variant="secondary" size="sm" disabled={disabled || rows.length >= max} onClick={onAdd}>
        <PlusIcon className="h-4 w-4" />
        {addLabel}
      </Button>
    </fieldset>
  );
}

export function ScormSettingsForm({
  draft,
  update,
  disabled,
  onSubmit,
  children,
  content,
}: {
  draft: ScormDraft;
  /** What the project contains (null while it loads): the rules and status pairs offered. */
  content: ScormContent | null;
  update: Update;
  /** Exporting, or no project chosen: nothing can change. */
  disabled: boolean;
  onSubmit: () => void;
  /** The result box and the footer with the submit button. */
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const id = useId();
  const noQuiz = content !== null && !content.hasQuestions;
  const choices = scormTrackingChoices(content ?? { hasQuestions: true });
  const set = <K extends keyof ScormDraft>(key: K, value: ScormDraft[K]) => update((d) => ({ ...d, [key]: value }));
  const setObjective = (rowId: string, change: Partial<ObjectiveDraft>) =>
    update((d) => ({ ...d, objectives: d.objectives.map((o) => (o.id === rowId ? { ...o, ...change } : o)) }));
  const setActivity = (rowId: string, change: Partial<ActivityDraft>) =>
    update((d) => ({ ...d, activities: d.activities.map((a) => (a.id === rowId ? { ...a, ...change } : a)) }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit();
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-5" data-testid="scorm-settings">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={`${id}-name`} label={t('scorm.packageName')} hint={t('scorm.packageNameHint')}>
          <input
            id={`${id}-name`}
            value={draft.package_name}
            required
            aria-required="true"
            maxLength={SCORM_LIMITS.packageName}
            disabled={disabled}
            onChange={(e) => set('package_name', e.target.value)}
            className={inputClass}
            {...describedBy(`${id}-name`, true, undefined)}
          />
        </Field>
        <Field id={`${id}-version`} label={t('scorm.version')}>
          <select
            id={`${id}-version`}
            value={draft.scorm_version}
            disabled={disabled}
            onChange={(e) => set('scorm_version', e.target.value as ScormDraft['scorm_version'])}
            className={selectClass}
          >
            {SCORM_VERSIONS.map((version) => (
              <option key={version} value={version}>
                {scormVersionLabel(version)}
              </option>
            ))}
          </select>
        </Field>
      </div>

      <div>
        <div className="flex items-center gap-2">
          <input
            id={`${id}-tracking`}
            type="checkbox"
            className={checkboxClass}
            checked={draft.include_tracking}
            disabled={disabled}
            aria-describedby={`${id}-tracking-hint`}
            onChange={(e) => set('include_tracking', e.target.checked)}
          />
          <label htmlFor={`${id}-tracking`} className="text-sm font-medium text-slate-900">
            {t('scorm.includeTracking')}
          </label>
        </div>
        <p id={`${id}-tracking-hint`} className="mt-1 pl-6 text-xs text-slate-500">
          {t('scorm.includeTrackingHint')}
        </p>
      </div>

      {draft.include_tracking && (
        <fieldset className="grid gap-4 rounded-md border border-slate-200 p-3 sm:grid-cols-2" data-testid="scorm-tracking">
          <legend className="px-1 text-sm font-semibold text-slate-900">{t('scorm.tracking.legend')}</legend>
          {noQuiz && (
            <p className="text-xs text-slate-600 sm:col-span-2" data-testid="scorm-no-quiz">
              {t('scorm.tracking.noQuiz')}
            </p>
          )}
          <Field id={`${id}-rule`} label={t('scorm.tracking.completionRule')}>
            <select
              id={`${id}-rule`}
              value={draft.completion_rule}
              disabled={disabled}
              onChange={(e) => set('completion_rule', e.target.value as ScormDraft['completion_rule'])}
              className={selectClass}
            >
              {choices.rules.map((rule) => (
                <option key={rule} value={rule}>
                  {t(`scorm.tracking.rules.${rule}`)}
                </option>
              ))}
            </select>
          </Field>
          <Field id={`${id}-pair`} label={t('scorm.tracking.statusPair')}>
            <select
              id={`${id}-pair`}
              value={draft.status_pair}
              disabled={disabled}
              onChange={(e) => set('status_pair', e.target.value as ScormDraft['status_pair'])}
              className={selectClass}
            >
              {choices.statusPairs.map((pair) => (
                <option key={pair} value={pair}>
                  {t(`scorm.tracking.pairs.${pair}`)}
                </option>
              ))}
            </select>
          </Field>
          <Field id={`${id}-threshold`} label={t('scorm.tracking.completionThreshold')} hint={t('scorm.tracking.completionThresholdHint')}>
            <input
              id={`${id}-threshold`}
              type="number"
              inputMode="numeric"
              min={1}
              max={100}
              step={1}
              value={draft.completion_threshold}
              disabled={disabled}
              onChange={(e) => set('completion_threshold', e.target.value)}
              className={inputClass}
              {...describedBy(`${id}-threshold`, true, undefined)}
            />
          </Field>
          <Field id={`${id}-passing`} label={t('scorm.tracking.passingScore')} hint={t('scorm.tracking.passingScoreHint')}>
            <input
              id={`${id}-passing`}
              type="number"
              inputMode="numeric"
              min={0}
              max={100}
              step={1}
              value={draft.passing_score}
              disabled={disabled}
              onChange={(e) => set('passing_score', e.target.value)}
              className={inputClass}
              {...describedBy(`${id}-passing`, true, undefined)}
            />
          </Field>
        </fieldset>
      )}

      <RowsEditor
        testId="scorm-objectives"
        legend={t('scorm.objectives.legend')}
        rows={draft.objectives}
        max={SCORM_LIMITS.objectives}
        addLabel={t('scorm.objectives.add')}
        emptyText={t('scorm.objectives.none')}
        rowLabel={(number) => t('scorm.objectives.row', { number })}
        removeLabel={(number) => t('scorm.objectives.remove', { number })}
        removeText={t('scorm.remove')}
        disabled={disabled}
        onAdd={() => update((d) => ({ ...d, objectives: [...d.objectives, newObjective(d.objectives)] }))}
        onRemove={(rowId) => update((d) => ({ ...d, objectives: d.objectives.filter((o) => o.id !== rowId) }))}
      >
        {(row) => (
          <>
            <Field id={`${id}-${row.id}-title`} label={t('scorm.rowTitle')}>
              <input
                id={`${id}-${row.id}-title`}
                value={row.title}
                maxLength={SCORM_LIMITS.objectiveTitle}
                disabled={disabled}
                onChange={(e) => setObjective(row.id, { title: e.target.value })}
                className={inputClass}
              />
            </Field>
            <Field id={`${id}-${row.id}-type`} label={t('scorm.rowType')}>
              <select
                id={`${id}-${row.id}-type`}
                value={row.type}
                disabled={disabled}
                onChange={(e) => setObjective(row.id, { type: e.target.value as ObjectiveDraft['type'] })}
                className={selectClass}
              >
                {OBJECTIVE_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {t(`scorm.objectives.types.${type}`)}
                  </option>
                ))}
              </select>
            </Field>
            <div className="sm:col-span-2">
              <Field id={`${id}-${row.id}-description`} label={t('scorm.objectives.description')}>
                <textarea
                  id={`${id}-${row.id}-description`}
                  rows={2}
                  value={row.description}
                  maxLength={SCORM_LIMITS.objectiveDescription}
                  disabled={disabled}
                  onChange={(e) => setObjective(row.id, { description: e.target.value })}
                  className={inputClass}
                />
              </Field>
            </div>
          </>
        )}
      </RowsEditor>

      <RowsEditor
        testId="scorm-activities"
        legend={t('scorm.activities.legend')}
        rows={draft.activities}
        max={SCORM_LIMITS.activities}
        addLabel={t('scorm.activities.add')}
        emptyText={t('scorm.activities.none')}
        rowLabel={(number) => t('scorm.activities.row', { number })}
        removeLabel={(number) => t('scorm.activities.remove', { number })}
        removeText={t('scorm.remove')}
        disabled={disabled}
        onAdd={() => update((d) => ({ ...d, activities: [...d.activities, newActivity(d.activities)] }))}
        onRemove={(rowId) => update((d) => ({ ...d, activities: d.activities.filter((a) => a.id !== rowId) }))}
      >
        {(row) => (
          <>
            <Field id={`${id}-${row.id}-title`} label={t('scorm.rowTitle')}>
              <input
                id={`${id}-${row.id}-title`}
                value={row.title}
                maxLength={SCORM_LIMITS.activityTitle}
                disabled={disabled}
                onChange={(e) => setActivity(row.id, { title: e.target.value })}
                className={inputClass}
              />
            </Field>
            <Field id={`${id}-${row.id}-type`} label={t('scorm.rowType')}>
              <select
                id={`${id}-${row.id}-type`}
                value={row.type}
                disabled={disabled}
                onChange={(e) => setActivity(row.id, { type: e.target.value as ActivityDraft['type'] })}
                className={selectClass}
              >
                {ACTIVITY_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {t(`scorm.activities.types.${type}`)}
                  </option>
                ))}
              </select>
            </Field>
            <Field id={`${id}-${row.id}-duration`} label={t('scorm.activities.duration')}>
              <input
                id={`${id}-${row.id}-duration`}
                type="number"
                inputMode="numeric"
                min={1}
                max={SCORM_LIMITS.activityDurationMax}
                step={1}
                value={row.estimated_duration}
                disabled={disabled}
                onChange={(e) => setActivity(row.id, { estimated_duration: e.target.value })}
                className={inputClass}
              />
            </Field>
          </>
        )}
      </RowsEditor>

      <p className="text-xs text-slate-500">{t('scorm.untitledDropped')}</p>
      {children}
    </form>
  );
}
