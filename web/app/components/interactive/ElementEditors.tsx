// The Interactive Video editor's element forms (part 2 sections 2-3, 5): a hotspot (title,
// description, start and end, position and size in percent, action and its data), a quiz (question,
// options with one correct chosen by a radio, per-option and overall feedback, time, points,
// auto-advance, required), a call to action (text, a url-type URL, time, duration, position) and a
// chapter (title, description, start, skippable); each removable. The validation issue being shown
// marks its field (its path, as validateInteractiveVideo names it) with the message.
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CTA_POSITIONS,
  HOTSPOT_ACTIONS,
  INTERACTIVE_VIDEO_LIMITS as L,
  type CallToAction,
  type Chapter,
  type Hotspot,
  type HotspotAction,
  type Quiz,
} from '@trainwright/catalogue';
import { actionDataFor, issueMessage, withCorrectOption, type EditorIssue } from '~/lib/interactive-video';
import { PlusIcon } from '../icons';
import { selectClass } from '../projects/ProjectFormFields';
import { Button, Field, cx, describedBy, inputClass } from '../ui';

export const checkboxClass = 'h-4 w-4 rounded border-slate-300 text-indigo-600 focus:ring-indigo-600';

/** What every editor gets: where its issue would point, and whether anything may change. */
interface EditorBase {
  index: number;
  /** 'hotspots[2]': the prefix of this element's issue paths. */
  path: string;
  issue: EditorIssue | null;
  disabled: boolean;
  onRemove: () => void;
}

/** The issue's message for the field at `path`, in the interface language when it is the catalogue's. */
function useFieldError(issue: EditorIssue | null) {
  const { t } = useTranslation();
  return (path: string): string | undefined => (issue && issue.path === path ? issueMessage(issue, t) : undefined);
}

const parseNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));
const numberText = (value: number) => (Number.isFinite(value) ? String(value) : '');
const sameNumber = (a: number, b: number) => a === b || (Number.isNaN(a) && Number.isNaN(b));

/** A number input that keeps what is typed (an empty field is NaN, which the validation names) and
 * follows the value when it changes elsewhere (the timeline). */
export function NumberField({
  id,
  label,
  value,
  onChange,
  min,
  max,
  step = 1,
  disabled,
  error,
  hint,
}: {
  id: string;
  label: string;
  value: number;
  onChange: (value: number) => void;
  min?: number;
  max?: number;
  step?: number;
  disabled: boolean;
  error?: string | undefined;
  hint?: ReactNode;
}) {
  const [text, setText] = useState(numberText(value));
  useEffect(() => {
    setText((typed) => (sameNumber(parseNumber(typed), value) ? typed : numberText(value)));
  }, [value]);
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <input
        id={id}
        type="number"
        inputMode="decimal"
        min={min}
        max={max}
        step={step}
        value={text}
        disabled={disabled}
        onChange={(e) => {
          setText(e.target.value);
          onChange(parseNumber(e.target.value));
        }}
        className={inputClass}
        {...describedBy(id, hint, error)}
      />
    </Field>
  );
}

function TextField({
  id,
  label,
  value,
  onChange,
  maxLength,
  disabled,
  error,
  type = 'text',
  multiline = false,
  required = false,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  disabled: boolean;
  error?: string | undefined;
  type?: 'text' | 'url';
  multiline?: boolean;
  required?: boolean;
}) {
  const common = {
    id,
    value,
    maxLength,
    disabled,
    'aria-required': required || undefined,
    className: inputClass,
    ...describedBy(id, undefined, error),
  };
  return (
    <Field id={id} label={label} error={error}>
      {multiline ? (
        <textarea {...common} rows={2} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input {...common} type={type} onChange={(e) => onChange(e.target.value)} {...(type === 'url' ? { inputMode: 'url' as const, placeholder: 'https://' } : {})} />
      )}
    </Field>
  );
}

function CheckField({ id, label, checked, onChange, disabled }: { id: string; label: string; checked: boolean; onChange: (checked: boolean) => void; disabled: boolean }) {
  return (
    <div className="flex items-center gap-2">
      <input id={id} type="checkbox" className={checkboxClass} checked={checked} disabled={disabled} onChange={(e) => onChange(e.target.checked)} />
      <label htmlFor={id} className="text-sm text-slate-800">
        {label}
      </label>
    </div>
  );
}

/** One element's fieldset: its legend ('Hotspot 2'), Remove, and its fields in two columns. */
function ElementFieldset({ kind, base, elementId, children }: { kind: 'hotspot' | 'quiz' | 'cta' | 'chapter'; base: EditorBase; elementId: string; children: ReactNode }) {
  const { t } = useTranslation();
  const number = base.index + 1;
  const legend = t(`interactiveVideo.${kind}.legend`, { number });
  const removeLabel = t(`interactiveVideo.${kind}.remove`, { number });
  const { disabled, onRemove, issue, path } = base;
  const invalid = !!issue && (issue.path === path || issue.path.startsWith(`${path}.`));
  return (
    <fieldset
      className={cx('relative rounded-md border p-3', invalid ? 'border-red-300' : 'border-slate-200')}
      data-testid="iv-element"
      data-element-id={elementId}
    >
      <legend className="float-left mb-2 text-xs font-medium uppercase tracking-wide text-slate-500">{legend}</legend>
      <Button variant="ghost" size="sm" className="absolute right-2 top-2" disabled={disabled} onClick={onRemove} aria-label={removeLabel}>
        {t('interactiveVideo.remove')}
      </Button>
      <div className="clear-both grid gap-3 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

const full = 'sm:col-span-2';

export function HotspotEditor({ hotspot, update, ...base }: EditorBase & { hotspot: Hotspot; update: (change: Partial<Hotspot>) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const error = useFieldError(base.issue);
  const p = base.path;
  const data = hotspot.action_data ?? {};
  return (
    <ElementFieldset kind="hotspot" base={base} elementId={hotspot.id}>
      <div className={full}>
        <TextField id={`${id}-title`} label={t('interactiveVideo.fields.title')} value={hotspot.title} maxLength={L.titleMax} required disabled={base.disabled} error={error(`${p}.title`)} onChange={(title) => update({ title })} />
      </div>
      <div className={full}>
        <TextField id={`${id}-description`} label={t('interactiveVideo.fields.description')} value={hotspot.description} maxLength={L.textMax} multiline disabled={base.disabled} error={error(`${p}.description`)} onChange={(description) => update({ description })} />
      </div>
      <NumberField id={`${id}-start`} label={t('interactiveVideo.fields.start')} value={hotspot.start_time} min={0} step={0.1} disabled={base.disabled} error={error(`${p}.start_time`)} onChange={(start_time) => update({ start_time })} />
      <NumberField id={`${id}-end`} label={t('interactiveVideo.fields.end')} value={hotspot.end_time} min={0} step={0.1} disabled={base.disabled} error={error(`${p}.end_time`)} onChange={(end_time) => update({ end_time })} />
      <NumberField id={`${id}-x`} label={t('interactiveVideo.hotspot.x')} value={hotspot.x_position} min={0} max={100} disabled={base.disabled} error={error(`${p}.x_position`)} onChange={(x_position) => update({ x_position })} />
      <NumberField id={`${id}-y`} label={t('interactiveVideo.hotspot.y')} value={hotspot.y_position} min={0} max={100} disabled={base.disabled} error={error(`${p}.y_position`)} onChange={(y_position) => update({ y_position })} />
      <NumberField id={`${id}-width`} label={t('interactiveVideo.hotspot.width')} value={hotspot.width} min={1} max={100} disabled={base.disabled} error={error(`${p}.width`)} onChange={(width) => update({ width })} />
      <NumberField id={`${id}-height`} label={t('interactiveVideo.hotspot.height')} value={hotspot.height} min={1} max={100} disabled={base.disabled} error={error(`${p}.height`)} onChange={(height) => update({ height })} />
      <div className={full}>
        <Field id={`${id}-action`} label={t('interactiveVideo.hotspot.action')} error={error(`${p}.action`)}>
          <select
            id={`${id}-action`}
            value={hotspot.action}
            disabled={base.disabled}
            onChange={(e) => {
              const action = e.target.value as HotspotAction;
              update({ action, action_data: actionDataFor(action, data, hotspot.start_time) });
            }}
            className={selectClass}
          >
            {HOTSPOT_ACTIONS.map((action) => (
              <option key={action} value={action}>
                {t(`interactiveVideo.hotspot.actions.${action}`)}
              </option>
            ))}
          </select>
        </Field>
      </div>
      {hotspot.action === 'show_info' && (
        <div className={full}>
          <TextField
            id={`${id}-info`}
            label={t('interactiveVideo.hotspot.infoText')}
            value={data.info_text ?? ''}
            maxLength={L.textMax}
            multiline
            required
            disabled={base.disabled}
            error={error(`${p}.action_data.info_text`)}
            onChange={(info_text) => update({ action_data: { info_text } })}
          />
        </div>
      )}
      {hotspot.action === 'jump_to_time' && (
        <NumberField
          id={`${id}-jump`}
          label={t('interactiveVideo.hotspot.jumpTime')}
          value={typeof data.time === 'number' ? data.time : Number.NaN}
          min={0}
          step={0.1}
          disabled={base.disabled}
          error={error(`${p}.action_data.time`)}
          onChange={(time) => update({ action_data: { time } })}
        />
      )}
      {hotspot.action === 'external_link' && (
        <div className={full}>
          <TextField
            id={`${id}-url`}
            type="url"
            label={t('interactiveVideo.hotspot.url')}
            value={data.url ?? ''}
            maxLength={L.urlMax}
            required
            disabled={base.disabled}
            error={error(`${p}.action_data.url`)}
            onChange={(url) => update({ action_data: { url } })}
          />
        </div>
      )}
    </ElementFieldset>
  );
}

export function QuizEditor({
  quiz,
  update,
  onAddOption,
  ...base
}: EditorBase & { quiz: Quiz; update: (change: Partial<Quiz>) => void; onAddOption: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const error = useFieldError(base.issue);
  const p = base.path;
  const setOption = (optionId: string, change: Partial<Quiz['options'][number]>) =>
    update({ options: quiz.options.map((o) => (o.id === optionId ? { ...o, ...change } : o)) });
  const optionsError = error(`${p}.options`);
  return (
    <ElementFieldset kind="quiz" base={base} elementId={quiz.id}>
      <div className={full}>
        <TextField id={`${id}-question`} label={t('interactiveVideo.quiz.question')} value={quiz.question} maxLength={L.questionMax} multiline required disabled={base.disabled} error={error(`${p}.question`)} onChange={(question) => update({ question })} />
      </div>
      <fieldset className={cx(full, 'space-y-2')} aria-describedby={optionsError ? `${id}-options-error` : undefined}>
        <legend className="text-sm font-medium text-slate-700">{t('interactiveVideo.quiz.options')}</legend>
        <p className="text-xs text-slate-500">{t('interactiveVideo.quiz.optionsHint')}</p>
        {quiz.options.map((option, j) => {
          const n = j + 1;
          const textError = error(`${p}.options[${j}].text`);
          const feedbackError = error(`${p}.options[${j}].feedback`);
          return (
            <div key={option.id} className="grid grid-cols-[auto_minmax(0,1fr)_auto] items-start gap-2" data-option-id={option.id}>
              <input
                type="radio"
                name={`${id}-correct`}
                className="mt-2.5 h-4 w-4 border-slate-300 text-indigo-600 focus:ring-indigo-600"
                checked={option.is_correct}
                disabled={base.disabled}
                aria-label={t('interactiveVideo.quiz.correctOption', { number: n })}
                onChange={() => update({ options: withCorrectOption(quiz.options, option.id) })}
              />
              <div className="grid gap-1 sm:grid-cols-2">
                <input
                  value={option.text}
                  maxLength={L.optionTextMax}
                  disabled={base.disabled}
                  aria-label={t('interactiveVideo.quiz.option', { number: n })}
                  aria-invalid={textError ? true : undefined}
                  title={textError}
                  onChange={(e) => setOption(option.id, { text: e.target.value })}
                  className={inputClass}
                />
                <input
                  value={option.feedback ?? ''}
                  maxLength={L.textMax}
                  disabled={base.disabled}
                  placeholder={t('interactiveVideo.quiz.optionFeedbackPlaceholder')}
                  aria-label={t('interactiveVideo.quiz.optionFeedback', { number: n })}
                  aria-invalid={feedbackError ? true : undefined}
                  title={feedbackError}
                  onChange={(e) => setOption(option.id, { feedback: e.target.value })}
                  className={inputClass}
                />
                {(textError || feedbackError) && <p className="text-xs text-red-600 sm:col-span-2">{textError ?? feedbackError}</p>}
              </div>
              <Button
                variant="ghost"
                size="sm"
                disabled={base.disabled || quiz.options.length <= L.optionsMin}
                aria-label={t('interactiveVideo.quiz.removeOption', { number: n })}
                onClick={() => {
                  const rest = quiz.options.filter((o) => o.id !== option.id);
                  // The correct answer removed: the first remaining option becomes the correct one.
                  update({ options: option.is_correct && rest[0] ? withCorrectOption(rest, rest[0].id) : rest });
                }}
              >
                ×
              </Button>
            </div>
          );
        })}
        {optionsError && (
          <p id={`${id}-options-error`} className="text-xs text-red-600">
            {optionsError}
          </p>
        )}
        <Button variant="secondary" size="sm" disabled={base.disabled || quiz.options.length >= L.optionsMax} onClick={onAddOption}>
          <PlusIcon className="h-4 w-4" />
          {t('interactiveVideo.quiz.addOption')}
        </Button>
      </fieldset>
      <TextField id={`${id}-correct-feedback`} label={t('interactiveVideo.quiz.correctFeedback')} value={quiz.correct_feedback} maxLength={L.textMax} disabled={base.disabled} error={error(`${p}.correct_feedback`)} onChange={(correct_feedback) => update({ correct_feedback })} />
      <TextField id={`${id}-incorrect-feedback`} label={t('interactiveVideo.quiz.incorrectFeedback')} value={quiz.incorrect_feedback} maxLength={L.textMax} disabled={base.disabled} error={error(`${p}.incorrect_feedback`)} onChange={(incorrect_feedback) => update({ incorrect_feedback })} />
      <NumberField id={`${id}-time`} label={t('interactiveVideo.fields.showTime')} value={quiz.show_time} min={0} step={0.1} disabled={base.disabled} error={error(`${p}.show_time`)} onChange={(show_time) => update({ show_time })} />
      <NumberField id={`${id}-points`} label={t('interactiveVideo.quiz.points')} value={quiz.points} min={0} max={L.pointsMax} disabled={base.disabled} error={error(`${p}.points`)} onChange={(points) => update({ points })} />
      <CheckField id={`${id}-auto`} label={t('interactiveVideo.quiz.autoAdvance')} checked={quiz.auto_advance} disabled={base.disabled} onChange={(auto_advance) => update({ auto_advance })} />
      <CheckField id={`${id}-required`} label={t('interactiveVideo.quiz.required')} checked={quiz.required} disabled={base.disabled} onChange={(required) => update({ required })} />
    </ElementFieldset>
  );
}

export function CtaEditor({ cta, update, ...base }: EditorBase & { cta: CallToAction; update: (change: Partial<CallToAction>) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const error = useFieldError(base.issue);
  const p = base.path;
  return (
    <ElementFieldset kind="cta" base={base} elementId={cta.id}>
      <TextField id={`${id}-text`} label={t('interactiveVideo.cta.text')} value={cta.text} maxLength={L.ctaTextMax} required disabled={base.disabled} error={error(`${p}.text`)} onChange={(text) => update({ text })} />
      <TextField id={`${id}-url`} type="url" label={t('interactiveVideo.cta.url')} value={cta.url} maxLength={L.urlMax} required disabled={base.disabled} error={error(`${p}.url`)} onChange={(url) => update({ url })} />
      <NumberField id={`${id}-time`} label={t('interactiveVideo.fields.showTime')} value={cta.show_time} min={0} step={0.1} disabled={base.disabled} error={error(`${p}.show_time`)} onChange={(show_time) => update({ show_time })} />
      <NumberField id={`${id}-duration`} label={t('interactiveVideo.cta.duration')} value={cta.duration} min={1} max={L.ctaDurationMax} disabled={base.disabled} error={error(`${p}.duration`)} onChange={(duration) => update({ duration })} />
      <div className={full}>
        <Field id={`${id}-position`} label={t('interactiveVideo.cta.position')} error={error(`${p}.position`)}>
          <select id={`${id}-position`} value={cta.position} disabled={base.disabled} onChange={(e) => update({ position: e.target.value as CallToAction['position'] })} className={selectClass}>
            {CTA_POSITIONS.map((position) => (
              <option key={position} value={position}>
                {t(`interactiveVideo.cta.positions.${position}`)}
              </option>
            ))}
          </select>
        </Field>
      </div>
    </ElementFieldset>
  );
}

export function ChapterEditor({ chapter, update, ...base }: EditorBase & { chapter: Chapter; update: (change: Partial<Chapter>) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const error = useFieldError(base.issue);
  const p = base.path;
  return (
    <ElementFieldset kind="chapter" base={base} elementId={chapter.id}>
      <TextField id={`${id}-title`} label={t('interactiveVideo.fields.title')} value={chapter.title} maxLength={L.titleMax} required disabled={base.disabled} error={error(`${p}.title`)} onChange={(title) => update({ title })} />
      <NumberField id={`${id}-start`} label={t('interactiveVideo.fields.start')} value={chapter.start_time} min={0} step={0.1} disabled={base.disabled} error={error(`${p}.start_time`)} onChange={(start_time) => update({ start_time })} />
      <div className={full}>
        <TextField id={`${id}-description`} label={t('interactiveVideo.fields.description')} value={chapter.description} maxLength={L.textMax} multiline disabled={base.disabled} error={error(`${p}.description`)} onChange={(description) => update({ description })} />
      </div>
      <CheckField id={`${id}-skippable`} label={t('interactiveVideo.chapter.skippable')} checked={chapter.is_skippable} disabled={base.disabled} onChange={(is_skippable) => update({ is_skippable })} />
    </ElementFieldset>
  );
}
