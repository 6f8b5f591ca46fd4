// The video tools' form controls: a slider bounded by its catalogue range (min, max and step from
// VIDEO_RANGES, its value shown and announced in the interface language), a checkbox with an
// optional hint, a select, and a step: a checkbox that chooses it and a group of its options,
// disabled while the step is not chosen.
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { NumberRange } from '@trainwright/catalogue';
import { inRange, rangeValueText } from '~/lib/video-processing';
import { selectClass } from '../projects/ProjectFormFields';
import { cx } from '../ui';

export function RangeField({
  label,
  range,
  value,
  onChange,
  unit,
  testId,
}: {
  label: string;
  range: NumberRange;
  value: number;
  onChange: (value: number) => void;
  /** Shown after the value ('s', '°'). */
  unit?: string;
  testId?: string;
}) {
  const { i18n } = useTranslation();
  const id = useId();
  const text = `${rangeValueText(value, range, i18n.language)}${unit ?? ''}`;
  return (
    <div data-testid={testId}>
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium text-slate-700">
          {label}
        </label>
        <output htmlFor={id} className="text-sm tabular-nums text-slate-700">
          {text}
        </output>
      </div>
      <input
        id={id}
        type="range"
        min={range.min}
        max={range.max}
        step={range.step ?? 'any'}
        value={value}
        aria-valuetext={text}
        onChange={(e) => onChange(inRange(Number(e.target.value), range))}
        className="mt-1 w-full accent-indigo-600 disabled:opacity-50"
      />
      <div className="flex justify-between text-xs text-slate-600" aria-hidden="true">
        <span>{rangeValueText(range.min, range, i18n.language)}</span>
        <span>{rangeValueText(range.max, range, i18n.language)}</span>
      </div>
    </div>
  );
}

export function CheckField({ label, hint, checked, onChange, disabled = false }: { label: ReactNode; hint?: ReactNode; checked: boolean; onChange: (value: boolean) => void; disabled?: boolean }) {
  const id = useId();
  return (
    <div className="flex items-start gap-2">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className="mt-0.5 h-4 w-4 shrink-0 rounded border-slate-300 text-indigo-600 focus:ring-indigo-600 disabled:opacity-50"
      />
      <div className="text-sm">
        <label htmlFor={id} className="font-medium text-slate-700">
          {label}
        </label>
        {hint && (
          <p id={`${id}-hint`} className="text-xs text-slate-500">
            {hint}
          </p>
        )}
      </div>
    </div>
  );
}

export function SelectField<V extends string>({ label, value, options, onChange }: { label: string; value: V; options: readonly { value: V; label: string }[]; onChange: (value: V) => void }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value as V)} className={cx(selectClass, 'mt-1')}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A step of a tool: chosen with its checkbox; its options apply (and can be changed) only then. */
export function StepSection({
  label,
  hint,
  enabled,
  onToggle,
  children,
  testId,
}: {
  label: string;
  hint?: string;
  enabled: boolean;
  onToggle: (value: boolean) => void;
  children?: ReactNode;
  testId?: string;
}) {
  return (
    <section className={cx('rounded-lg border p-3', enabled ? 'border-indigo-300' : 'border-slate-200')} data-testid={testId} data-enabled={enabled}>
      <CheckField label={<span className="font-semibold text-slate-900">{label}</span>} hint={hint} checked={enabled} onChange={onToggle} />
      {children && (
        <fieldset disabled={!enabled} className="mt-3 grid gap-4 sm:grid-cols-2">
          <legend className="sr-only">{label}</legend>
          {children}
        </fieldset>
      )}
    </section>
  );
}
